/**
 * What the approve and reject dialogs say, in names rather than ids: the organization, the keys, tags and users
 * the intent names, an ABI as "N functions, M events", who submitted it, and where the vote leaves the activity
 * ("approval 2 of 2: it runs when you approve", standingCount.ts's words). Pure (no `vscode`), the wording through @vscode/l10n.
 */
import * as l10n from '@vscode/l10n';
import { abiArgumentNameProblems, type Activity, type OrganizationData } from '../../api';
import { interfaceNameWarning } from './argumentNameWords';
import { activityTypeLabel, signingIntentLines, unwrapSingleKey, voteText } from './activityWords';
import { shown } from '../ui/shownText';
import { organizationName, organizationNamer } from './addressNames';
import type { ActivitySummary } from './activitySummaryWords';
import { approveCountLine, rejectCountLine, type StandingView } from './standingCount';

/** Ids the organization lists, by name; and the root quorum. */
export interface OrganizationNames {
  readonly name: string;
  readonly threshold: number;
  /** The root quorum's users: only their approvals count toward `threshold`. */
  readonly rootUserIds?: readonly string[];
  readonly names: ReadonlyMap<string, string>;
}

export function organizationNames(data: OrganizationData): OrganizationNames {
  const names = new Map<string, string>();
  // Names are a teammate's text: shown as text, hidden characters visible, wherever the dialog puts them.
  for (const user of data.users) names.set(user.userId, shown(user.userName));
  for (const key of data.privateKeys) names.set(key.privateKeyId, shown(key.privateKeyName));
  for (const tag of data.tags) names.set(tag.tagId, shown(tag.tagName));
  return {
    name: shown(data.name),
    threshold: data.rootQuorum.threshold,
    rootUserIds: data.rootQuorum.userIds,
    names,
  };
}

/** An ABI's size in words, or undefined when the text is not an ABI array. */
export function abiSummary(abiJson: string): string | undefined {
  let entries: unknown;
  try {
    entries = JSON.parse(abiJson);
  } catch {
    return undefined;
  }
  if (!Array.isArray(entries)) return undefined;
  const count = (type: string) =>
    entries.filter((e) => typeof e === 'object' && e !== null && (e as { type?: unknown }).type === type).length;
  const functions = count('function');
  const events = count('event');
  if (functions === 1) return events === 1 ? l10n.t('1 function, 1 event') : l10n.t('1 function, {0} events', events);
  return events === 1
    ? l10n.t('{0} functions, 1 event', functions)
    : l10n.t('{0} functions, {1} events', functions, events);
}

/** `privateKeyTagName` → "Private key tag name". */
function fieldLabel(key: string): string {
  const words = key
    .replace(/Ids$/, 'IDs')
    .replace(/Id$/, 'ID')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bids\b/, 'IDs')
    .replace(/\bid\b/, 'ID')
    .replace(/\babi\b/, 'ABI');
  return shown(words.charAt(0).toUpperCase() + words.slice(1));
}

const MAX_VALUE = 100;

function named(id: string, names: OrganizationNames | undefined): string {
  const name = organizationName(id, names?.names);
  if (name) return `${shown(name)} (${shown(id.slice(0, 8))}…)`;
  return id.length <= MAX_VALUE ? shown(id) : `${shown(id.slice(0, MAX_VALUE - 1))}… (${id.length} characters)`;
}

/** `SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM` → "Ethereum": an enum value in words. */
function enumText(value: string): string | undefined {
  if (!/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(value)) return undefined;
  const tail = value.includes('_TYPE_') ? value.slice(value.lastIndexOf('_TYPE_') + 6) : value;
  const words = tail
    .replace(/^(CURVE|ADDRESS_FORMAT)_/, '')
    .toLowerCase()
    .replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown, names: OrganizationNames | undefined): string {
  if (typeof value === 'string') return enumText(value) ?? named(value, names);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return value.length === 0 ? '—' : value.map((v: string) => named(v, names)).join(', ');
  const text = JSON.stringify(value) ?? '';
  return shown(text.length <= MAX_VALUE ? text : `${text.slice(0, MAX_VALUE - 1)}…`);
}

/** The ABI text of an intent that registers one, for "Open ABI". */
export function intentAbi(activity: Pick<Activity, 'intent'>): string | undefined {
  const inner = unwrapSingleKey(activity.intent) as Record<string, unknown>;
  const abi = inner['smartContractInterface'];
  return typeof abi === 'string' ? abi : undefined;
}

/** The intent's fields, one line each, ids given with their names and an ABI summarised. */
export function readableIntentLines(
  activity: Pick<Activity, 'intent'> & Partial<Pick<Activity, 'type'>>,
  names: OrganizationNames | undefined,
): string[] {
  const signing = activity.type
    ? signingIntentLines({ type: activity.type, intent: activity.intent }, organizationNamer(names?.names))
    : undefined;
  if (signing) return signing;
  const inner = unwrapSingleKey(activity.intent);
  if (typeof inner !== 'object' || inner === null) return [];
  return Object.entries(inner as Record<string, unknown>).flatMap(([key, value]) => {
    if (key === 'smartContractInterface' && typeof value === 'string') {
      const summary = abiSummary(value);
      if (summary) {
        const warning = interfaceNameWarning(abiNameProblems(value));
        return [
          `  ${l10n.t('ABI')}: ${l10n.t('{0} (Open ABI shows it)', summary)}`,
          ...(warning ? [`  ${warning}`] : []),
        ];
      }
    }
    return [`  ${fieldLabel(key)}: ${valueText(value, names)}`];
  });
}

/** The argument name problems of an ABI held as text; none when it is not JSON. */
function abiNameProblems(abiJson: string) {
  try {
    return abiArgumentNameProblems(JSON.parse(abiJson));
  } catch {
    return [];
  }
}

/** Who submitted the activity: the first approval, which the service records for the submitter. */
export function submitter(activity: Pick<Activity, 'votes'>, names: OrganizationNames | undefined): string | undefined {
  const first = activity.votes.find((v) => v.selection === 'VOTE_SELECTION_APPROVED');
  if (!first) return undefined;
  return names?.names.get(first.userId) ?? voteText(first).who;
}

/**
 * Where this vote leaves the activity, from its one standing (the policies it waits for, or the root quorum
 * counting root users' approvals only); undefined when the standing could not be read: no count is guessed.
 */
export function countLine(vote: 'approve' | 'reject', standing: StandingView | undefined): string | undefined {
  if (!standing) return undefined;
  return vote === 'approve' ? approveCountLine(standing) : rejectCountLine(standing);
}

/** The whole detail of the dialog. Without the activity (only a fingerprint was given), what is known. */
export function readableVoteDetail(
  vote: 'approve' | 'reject',
  fingerprint: string,
  organizationId: string,
  activity: Pick<Activity, 'id' | 'type' | 'intent' | 'votes'> | undefined,
  names: OrganizationNames | undefined,
  /** What the activity does, in the words every place of decision uses; it replaces the intent's raw fields. */
  summary?: ActivitySummary,
  /** Where it stands, for the count line; without it the dialog gives no count. */
  standing?: StandingView,
): string {
  const organization = names?.name ? `${names.name} (${organizationId})` : organizationId;
  if (!activity) {
    return [
      l10n.t('Organization: {0}', organization),
      l10n.t('The activity was not found in the recent activities, so only its fingerprint can be shown.'),
      l10n.t('Fingerprint: {0}', fingerprint),
    ].join('\n');
  }
  const who = submitter(activity, names);
  const count = countLine(vote, standing);
  const fields = readableIntentLines(activity, names);
  // With a summary, of the intent's own fields only the key that signs stays (the summary says the rest), unless
  // the summary names it already (a wallet account).
  const signer =
    summary && !summary.signer && activity.type.startsWith('ACTIVITY_TYPE_SIGN_') ? fields.slice(0, 1) : [];
  const flags = summary ? summary.flags.map((flag) => `⚠ ${flag}`) : [];
  return [
    ...flags,
    ...(flags.length > 0 ? [''] : []),
    ...(count ? [count, ''] : []),
    l10n.t('Type: {0}', activityTypeLabel(activity.type)),
    l10n.t('Organization: {0}', organization),
    ...(who ? [l10n.t('Submitted by: {0}', who)] : []),
    ...(summary
      ? [
          l10n.t('What it does: {0}', summary.line),
          ...summary.details.map((d) => `  ${d.label}: ${d.value}`),
          ...signer,
        ]
      : fields.length > 0
        ? [l10n.t('What it does:'), ...fields]
        : []),
    l10n.t('Activity: {0}', activity.id),
    l10n.t('Fingerprint: {0}', fingerprint),
  ].join('\n');
}
