/**
 * How an activity reads in words, in one place: its type, status, target, intent lines, votes and outcome, and the
 * App Proof lines. Tree rows, dialogs, the log and messages all take their words from here. Pure (no `vscode`),
 * so it is tested in plain Node; user strings go through @vscode/l10n. Where it stands while it waits for approvals is
 * approvalWords.ts's.
 */
import * as l10n from '@vscode/l10n';
import { shown } from '../ui/shownText';
import type { Activity, AppProof, AppProofCheck, Vote } from '../../api';
import {
  activityTypeLabel,
  hexSummary,
  signatureText,
  signingEnumText,
  statusLabel,
  structuredHashing,
} from './serviceNames';
import { voterByline, type VoteActivity } from './voterWords';
import { namedAddress, shortAddress, type NameOf } from './addressNames';

export { activityTypeLabel, statusLabel };

/** The word between a signing activity's type and its key: "Sign transaction with "Team signing key"". */
const SIGNS_WITH = 'with';

export { shortAddress, type NameOf };

/** The activity a vote names, found by its fingerprint, when the caller knows it (its votes tell who cast one). */
export type FindByFingerprint = (
  fingerprint: string,
) => (Pick<Activity, 'type' | 'intent'> & Partial<Pick<Activity, 'votes'>>) | undefined;

/** A private key's id (a UUID), as `signWith` may give it instead of an address: no address has a hyphen. */
const KEY_ID = /-/;

/**
 * The key a signing activity signs with: a private key given by id as its name; an address (a wallet account's,
 * a private key's) as its name with the address short (`Treasury cold · account 0 (0x5aAeb6…1BeAed)`); else the
 * address or id shortened.
 */
export function signerText(signWith: string, nameOf?: NameOf): string {
  const name = nameOf?.(signWith);
  if (name && KEY_ID.test(signWith)) return `"${shown(name)}"`;
  return namedAddress(signWith, name);
}

/** What an id names (an interface, an organization), quoted, when the caller knows it; else the id. */
function namedOrId(id: string, nameOf?: NameOf): string {
  const name = id ? nameOf?.(id) : undefined;
  return name ? `"${shown(name)}"` : shown(id);
}

/**
 * What an activity touched, in a few words: the interface's label and address, the tag's name, the interface or
 * organization deleted, or (for a vote) the activity voted on, by its type and target when it can be found.
 * Empty when the intent does not say.
 */
export function activityTarget(
  activity: Pick<Activity, 'type' | 'intent'> & Partial<Pick<Activity, 'organizationId'>> & VoteActivity,
  find?: FindByFingerprint,
  nameOf?: NameOf,
): string {
  const inner = unwrapSingleKey(activity.intent);
  const fields = typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {};
  const text = (key: string): string => {
    const value = fields[key];
    return typeof value === 'string' ? value : '';
  };
  switch (activity.type) {
    case 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE': {
      const label = text('label');
      const address = text('smartContractAddress');
      return [label ? `"${shown(label)}"` : '', address ? shown(shortAddress(address)) : '']
        .filter((p) => p !== '')
        .join(' · ');
    }
    case 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG':
      return text('privateKeyTagName') ? `"${shown(text('privateKeyTagName'))}"` : '';
    case 'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE':
      return namedOrId(text('smartContractInterfaceId'), nameOf);
    case 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION':
      return namedOrId(activity.organizationId ?? '', nameOf);
    case 'ACTIVITY_TYPE_APPROVE_ACTIVITY':
    case 'ACTIVITY_TYPE_REJECT_ACTIVITY': {
      const fingerprint = text('fingerprint');
      const voted = fingerprint ? find?.(fingerprint) : undefined;
      const what = voted
        ? activityTitle(voted, undefined, nameOf)
        : fingerprint
          ? shown(shortAddress(fingerprint))
          : '';
      const voter = voterByline(activity, nameOf);
      return [voter, what].filter((p) => p !== '').join(' · ');
    }
    case 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2':
    case 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2':
    case 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS':
      return text('signWith') ? `${SIGNS_WITH} ${signerText(text('signWith'), nameOf)}` : '';
    default:
      return shown(text('label') || text('name'));
  }
}

/** The type in words followed by what it touched: `Create private key tag "treasury"`. */
export function activityTitle(
  activity: Pick<Activity, 'type'> & Partial<Pick<Activity, 'intent' | 'organizationId'>> & VoteActivity,
  find?: FindByFingerprint,
  nameOf?: NameOf,
): string {
  const target = activity.intent ? activityTarget({ ...activity, intent: activity.intent }, find, nameOf) : '';
  return target ? `${activityTypeLabel(activity.type)} ${target}` : activityTypeLabel(activity.type);
}

/**
 * The interesting part of an intent or result record: the service wraps it in one key named after the
 * operation (`createSmartContractInterfaceIntent`); when there is exactly one such key, its content.
 */
export function unwrapSingleKey(record: Readonly<Record<string, unknown>>): unknown {
  const keys = Object.keys(record);
  if (keys.length === 1) {
    const only = record[keys[0] as string];
    if (typeof only === 'object' && only !== null && !Array.isArray(only)) return only;
  }
  return record;
}

const MAX_VALUE_TEXT = 100;
const MAX_DETAIL_LINES = 14;

function valueText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length <= MAX_VALUE_TEXT
    ? oneLine
    : `${oneLine.slice(0, MAX_VALUE_TEXT - 1)}… (${text.length} characters)`;
}

/** The intent's fields as "key: value" lines, long values shortened (an ABI is hundreds of characters). */
export function intentLines(activity: Pick<Activity, 'intent'>): string[] {
  const inner = unwrapSingleKey(activity.intent);
  if (typeof inner !== 'object' || inner === null) return [];
  const lines = Object.entries(inner as Record<string, unknown>).map(([key, value]) => `  ${key}: ${valueText(value)}`);
  return lines.length <= MAX_DETAIL_LINES
    ? lines
    : [...lines.slice(0, MAX_DETAIL_LINES), `  … (${lines.length - MAX_DETAIL_LINES} more)`];
}

/** A vote in words: who voted, and which way. */
export function voteText(vote: Vote): { readonly who: string; readonly selection: string; readonly approved: boolean } {
  const who = shown(vote.user?.userName ?? vote.user?.userId ?? vote.userId);
  const approved = vote.selection === 'VOTE_SELECTION_APPROVED';
  const selection = approved
    ? l10n.t('Approved')
    : vote.selection === 'VOTE_SELECTION_REJECTED'
      ? l10n.t('Rejected')
      : vote.selection;
  return { who, selection, approved };
}

/** What the submitter should take from the status. */
export type ActivityOutcome = 'completed' | 'waitsForApprovals' | 'failed' | 'rejected' | 'pending';

export function activityOutcome(status: string): ActivityOutcome {
  switch (status) {
    case 'ACTIVITY_STATUS_COMPLETED':
      return 'completed';
    case 'ACTIVITY_STATUS_CONSENSUS_NEEDED':
    case 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED':
      return 'waitsForApprovals';
    case 'ACTIVITY_STATUS_FAILED':
      return 'failed';
    case 'ACTIVITY_STATUS_REJECTED':
      return 'rejected';
    default:
      return 'pending';
  }
}

/** One line naming the activity: type in words, status in words, id, and the raw type and status. */
export function activityHeadline(activity: Pick<Activity, 'id' | 'type' | 'status'>): string {
  const status = statusLabel(activity.status);
  return l10n.t(
    '{0}: {1} (activity {2}, {3}, {4})',
    activityTypeLabel(activity.type),
    status,
    activity.id,
    activity.type,
    activity.status,
  );
}

/**
 * One line per App Proof with the outcome of its signature check (`checkProof` is the API's `checkAppProof`,
 * which loads with its remote part). When proofs were asked for and none came back, one line says so.
 */
export function appProofLines(
  activity: Pick<Activity, 'appProofs'>,
  requested: boolean,
  checkProof: (proof: AppProof) => AppProofCheck,
): string[] {
  if (activity.appProofs.length === 0) {
    return requested ? [l10n.t('No App Proofs came back with this activity, although they were asked for.')] : [];
  }
  return activity.appProofs.map((proof, index) => {
    const check = checkProof(proof);
    return check.ok
      ? l10n.t(
          'App Proof {0}: signature valid (scheme {1}, signing key {2}).',
          index + 1,
          proof.scheme,
          signatureText(check.signingPublicKey),
        )
      : l10n.t('App Proof {0}: signature NOT valid: {1}.', index + 1, check.reason);
  });
}

/** The short sentence of the information message after a submission: what it touched first, then how it went. */
export function outcomeSentence(
  activity: Pick<Activity, 'id' | 'type' | 'status' | 'fingerprint'> & Partial<Pick<Activity, 'intent' | 'result'>>,
): string {
  const what = activityTitle(activity);
  switch (activityOutcome(activity.status)) {
    case 'completed': {
      const signed = activity.result ? signingOutcomeLine(activity as Pick<Activity, 'result'>) : undefined;
      return signed ? `${l10n.t('{0}: completed.', what)} ${signed}` : l10n.t('{0}: completed.', what);
    }
    case 'waitsForApprovals':
      return l10n.t(
        '{0}: waits for approvals by other users of the organization (fingerprint {1}).',
        what,
        activity.fingerprint || activity.id,
      );
    case 'failed':
      return l10n.t('{0}: failed.', what);
    case 'rejected':
      return l10n.t('{0}: rejected.', what);
    case 'pending':
      return l10n.t('{0}: submitted, status {1}.', what, statusLabel(activity.status));
  }
}

// ---- signing activities ----

/**
 * What a signing activity asks for, one line each: the key, then the transaction (its chain family and size) or
 * the payload (text quoted, hex shortened), its encoding and hashing. Undefined for other activity types.
 */
export function signingIntentLines(activity: Pick<Activity, 'type' | 'intent'>, nameOf?: NameOf): string[] | undefined {
  if (activity.type !== 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && activity.type !== 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')
    return undefined;
  const inner = unwrapSingleKey(activity.intent);
  const fields = typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {};
  const text = (key: string): string => (typeof fields[key] === 'string' ? fields[key] : '');
  const signWith = text('signWith');
  const name = signWith ? nameOf?.(signWith) : undefined;
  const key = name ? `${shown(name)} (${shown(signWith)})` : signWith ? shown(signWith) : l10n.t('not said');
  const lines = [`  ${l10n.t('Signs with: {0}', key)}`];
  if (activity.type === 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2') {
    lines.push(
      `  ${l10n.t('Transaction: {0}, {1}', signingEnumText(text('type')), hexSummary(text('unsignedTransaction')))}`,
    );
    return lines;
  }
  const encoding = text('encoding');
  const payload = text('payload');
  const payloadText =
    encoding === 'PAYLOAD_ENCODING_TEXT_UTF8'
      ? `"${shown(payload.length > 80 ? `${payload.slice(0, 79)}…` : payload)}"`
      : hexSummary(payload);
  lines.push(`  ${l10n.t('Payload: {0} ({1})', payloadText, signingEnumText(encoding))}`);
  const hashing = structuredHashing(text('hashFunction'), encoding) ?? signingEnumText(text('hashFunction'));
  lines.push(`  ${l10n.t('Hashed with: {0}', hashing)}`);
  return lines;
}

/** The signed transaction, or the signature, of a completed signing activity; undefined for anything else. */
export function signingOutcomeLine(activity: Pick<Activity, 'result'>): string | undefined {
  const transaction = activity.result['signTransactionResult'] as { signedTransaction?: unknown } | undefined;
  if (typeof transaction?.signedTransaction === 'string')
    return l10n.t('Signed transaction: {0}.', hexSummary(transaction.signedTransaction));
  const payload = activity.result['signRawPayloadResult'] as { r?: unknown; s?: unknown; v?: unknown } | undefined;
  if (typeof payload?.r === 'string' && typeof payload.s === 'string' && typeof payload.v === 'string')
    return l10n.t('Signature: r {0}, s {1}, v {2}.', signatureText(payload.r), signatureText(payload.s), payload.v);
  return undefined;
}
