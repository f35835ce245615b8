/**
 * How an activity looks in the Activities view, as plain data: label, status icon and colour, group and age.
 * Pure (no `vscode`), so it is tested in plain Node; treeItems.ts turns it into TreeItems.
 */
import { DECISION_STATUSES, TERMINAL_STATUSES, timestampToMs, type Activity, type Vote } from '../../api';

/**
 * Formats a user-facing string: `{0}`, `{1}`… are replaced by the arguments. The extension passes
 * `vscode.l10n.t`; the default fills the placeholders of the English text.
 */
export type Translate = (message: string, ...args: Array<string | number | boolean>) => string;

export const englishText: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });

/** Words that keep their own spelling when an enum name is turned into a phrase. */
const SPECIAL_WORDS: Readonly<Record<string, string>> = {
  API: 'API',
  ABI: 'ABI',
  ID: 'ID',
  IDS: 'IDs',
  OTP: 'OTP',
  OAUTH: 'OAuth',
  OAUTH2: 'OAuth2',
  URL: 'URL',
  EVM: 'EVM',
  JWT: 'JWT',
  SMS: 'SMS',
  TOS: 'terms of service',
  ETH: 'ETH',
};

/** Turns `CREATE_SUB_ORGANIZATION_V7`-style words into "create sub-organization" (no version suffix). */
function phraseOf(words: string): string {
  const parts = words
    .replace(/_V\d+$/, '')
    .replace(/SUB_ORGANIZATION/g, 'SUB-ORGANIZATION')
    .split('_')
    .filter((part) => part !== '');
  return parts.map((part) => SPECIAL_WORDS[part] ?? part.toLowerCase()).join(' ');
}

function sentenceCase(phrase: string): string {
  return phrase === '' ? phrase : phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/**
 * The activity type in words, in sentence case: `ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE` →
 * "Create smart contract interface". A value without the usual prefix is shown as it is.
 */
export function activityTypeLabel(type: string): string {
  const prefix = 'ACTIVITY_TYPE_';
  if (!type.startsWith(prefix) || type.length === prefix.length) return type;
  return sentenceCase(phraseOf(type.slice(prefix.length)));
}

export interface StatusPresentation {
  /** The status in words, e.g. "Completed". */
  readonly label: string;
  /** A codicon id for a ThemeIcon. */
  readonly iconId: string;
  /** A theme color id for the icon, when the status has one. */
  readonly colorId: string | undefined;
}

/** The status as a coloured icon: green check, red error, orange bell when it waits for a decision, and so on. */
export function statusPresentation(
  status: string,
  needsDecision = false,
  t: Translate = englishText,
): StatusPresentation {
  switch (status) {
    case 'ACTIVITY_STATUS_COMPLETED':
      return { label: t('Completed'), iconId: 'pass', colorId: 'testing.iconPassed' };
    case 'ACTIVITY_STATUS_FAILED':
      return { label: t('Failed'), iconId: 'error', colorId: 'testing.iconFailed' };
    case 'ACTIVITY_STATUS_REJECTED':
      return { label: t('Rejected'), iconId: 'circle-slash', colorId: 'charts.red' };
    case 'ACTIVITY_STATUS_CONSENSUS_NEEDED':
      return needsDecision
        ? { label: t('Consensus needed'), iconId: 'bell-dot', colorId: 'charts.orange' }
        : { label: t('Consensus needed'), iconId: 'watch', colorId: 'charts.yellow' };
    case 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED':
      return {
        label: t('Authenticators needed'),
        iconId: 'key',
        colorId: needsDecision ? 'charts.orange' : 'charts.yellow',
      };
    case 'ACTIVITY_STATUS_PENDING':
      return { label: t('Pending'), iconId: 'clock', colorId: 'charts.blue' };
    case 'ACTIVITY_STATUS_CREATED':
      return { label: t('Created'), iconId: 'circle-outline', colorId: 'charts.blue' };
    default: {
      const prefix = 'ACTIVITY_STATUS_';
      const words = status.startsWith(prefix) ? sentenceCase(phraseOf(status.slice(prefix.length))) : status;
      return { label: words, iconId: 'question', colorId: undefined };
    }
  }
}

/** Where an activity goes in the view: those waiting for this user's vote first, then all others. */
export type ActivityGroup = 'needsDecision' | 'other';

export function isTerminal(status: string): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** Waits for a decision this user can make: consensus (or authenticators) needed, and a vote is allowed. */
export function needsDecision(activity: Pick<Activity, 'status' | 'canApprove' | 'canReject'>): boolean {
  return DECISION_STATUSES.includes(activity.status) && (activity.canApprove || activity.canReject);
}

export function activityGroup(activity: Pick<Activity, 'status' | 'canApprove' | 'canReject'>): ActivityGroup {
  return needsDecision(activity) ? 'needsDecision' : 'other';
}

/** When the activity was created, in milliseconds since the epoch, if the service said. */
export function activityTimeMs(activity: Pick<Activity, 'createdAt' | 'timestampMs'>): number | undefined {
  const created = timestampToMs(activity.createdAt);
  if (created !== undefined) return created;
  if (activity.timestampMs !== undefined) {
    const ms = Number(activity.timestampMs);
    return Number.isFinite(ms) ? ms : undefined;
  }
  return undefined;
}

/**
 * The order of the view: the activities needing a decision first, then the others; newest first within a
 * group; activities without a time keep the order the service gave them. Returns a new array.
 */
export function sortForTree<
  A extends Pick<Activity, 'status' | 'canApprove' | 'canReject' | 'createdAt' | 'timestampMs'>,
>(activities: readonly A[]): A[] {
  const rank = (a: A): number => (activityGroup(a) === 'needsDecision' ? 0 : 1);
  return activities
    .map((activity, index) => ({ activity, index, time: activityTimeMs(activity) }))
    .sort((x, y) => {
      const byGroup = rank(x.activity) - rank(y.activity);
      if (byGroup !== 0) return byGroup;
      if (x.time !== undefined && y.time !== undefined && x.time !== y.time) return y.time - x.time;
      return x.index - y.index;
    })
    .map((entry) => entry.activity);
}

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date (YYYY-MM-DD) after a month. */
export function ageText(timeMs: number | undefined, nowMs: number, t: Translate = englishText): string {
  if (timeMs === undefined) return '';
  const seconds = Math.floor((nowMs - timeMs) / 1000);
  if (seconds < 45) return t('just now');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('{0} min ago', Math.max(1, minutes));
  const hours = Math.round(minutes / 60);
  if (hours < 24) return t('{0} h ago', hours);
  const days = Math.round(hours / 24);
  if (days === 1) return t('yesterday');
  if (days < 31) return t('{0} days ago', days);
  return new Date(timeMs).toISOString().slice(0, 10);
}

export interface ActivityPresentation {
  readonly label: string;
  readonly status: StatusPresentation;
  readonly group: ActivityGroup;
  readonly needsDecision: boolean;
  readonly pending: boolean;
  /** The short text beside the label: the age, after "Needs your decision" when it does. */
  readonly description: string;
  readonly age: string;
}

export function presentActivity(activity: Activity, nowMs: number, t: Translate = englishText): ActivityPresentation {
  const decision = needsDecision(activity);
  const age = ageText(activityTimeMs(activity), nowMs, t);
  const status = statusPresentation(activity.status, decision, t);
  const state = decision ? t('Needs your decision') : isTerminal(activity.status) ? '' : status.label;
  return {
    label: activityTypeLabel(activity.type),
    status,
    group: activityGroup(activity),
    needsDecision: decision,
    pending: !isTerminal(activity.status),
    description: [state, age].filter((part) => part !== '').join(' · '),
    age,
  };
}

/** A vote in words: who voted, and which way. */
export function voteText(
  vote: Vote,
  t: Translate = englishText,
): { readonly who: string; readonly selection: string; readonly approved: boolean } {
  const who = vote.user?.userName ?? vote.user?.userId ?? vote.userId;
  const approved = vote.selection === 'VOTE_SELECTION_APPROVED';
  const selection = approved
    ? t('Approved')
    : vote.selection === 'VOTE_SELECTION_REJECTED'
      ? t('Rejected')
      : vote.selection;
  return { who, selection, approved };
}

/** One row under an activity's intent or result: a key and a short value, or a key with rows under it. */
export interface FieldRow {
  readonly key: string;
  /** The value on one line, shortened; empty for an object or array (shown as children). */
  readonly text: string;
  /** The whole value as text, for the tooltip (bounded). */
  readonly fullText: string;
  readonly children: readonly FieldRow[] | undefined;
}

const MAX_INLINE = 120;
const MAX_TOOLTIP = 4000;

function shorten(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}

/** The rows of an object or array, one per key (or index); nested values become children. */
export function fieldRows(value: unknown): FieldRow[] {
  if (Array.isArray(value)) return value.map((item, index) => fieldRow(`[${index}]`, item));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value as Record<string, unknown>).map(([key, item]) => fieldRow(key, item));
  }
  return [];
}

export function fieldRow(key: string, value: unknown): FieldRow {
  if (typeof value === 'object' && value !== null) {
    const size = Array.isArray(value) ? value.length : Object.keys(value).length;
    const text = Array.isArray(value) ? `[${size}]` : size === 0 ? '{}' : '';
    return {
      key,
      text,
      fullText: shorten(JSON.stringify(value), MAX_TOOLTIP),
      children: size === 0 ? undefined : fieldRows(value),
    };
  }
  const full = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return {
    key,
    text: shorten(full, MAX_INLINE),
    fullText: full.length > MAX_TOOLTIP ? `${full.slice(0, MAX_TOOLTIP - 1)}…` : full,
    children: undefined,
  };
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
