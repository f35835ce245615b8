/**
 * How an activity looks in the Activities view, as plain data: status icon and colour, group, order and age.
 * Pure (no `vscode`), so it is tested in plain Node; activityItems.ts turns it into TreeItems. The words (type,
 * status, target, votes) come from wording/activityWords.ts.
 */
import * as l10n from '@vscode/l10n';
import { DECISION_STATUSES, TERMINAL_STATUSES, timestampToMs, type Activity } from '../../api';
import { SIGNATURE_KEYS, hexSummary, signatureText } from './serviceNames';
import {
  activityTarget,
  activityTypeLabel,
  statusLabel,
  signerText,
  unwrapSingleKey,
  type FindByFingerprint,
  type NameOf,
} from './activityWords';
import { shown } from '../ui/shownText';
import { ageText } from './timeWords';

export interface StatusPresentation {
  /** The status in words, e.g. "Completed". */
  readonly label: string;
  /** A codicon id for a ThemeIcon. */
  readonly iconId: string;
  /** A theme color id for the icon, when the status has one. */
  readonly colorId: string | undefined;
}

/** The status as a coloured icon: green check, red error, orange bell when it waits for a decision, and so on. */
export function statusPresentation(status: string, needsDecision = false): StatusPresentation {
  const label = statusLabel(status);
  switch (status) {
    case 'ACTIVITY_STATUS_COMPLETED':
      return { label, iconId: 'pass', colorId: 'testing.iconPassed' };
    case 'ACTIVITY_STATUS_FAILED':
      return { label, iconId: 'error', colorId: 'testing.iconFailed' };
    case 'ACTIVITY_STATUS_REJECTED':
      return { label, iconId: 'circle-slash', colorId: 'charts.red' };
    case 'ACTIVITY_STATUS_CONSENSUS_NEEDED':
      return needsDecision
        ? { label, iconId: 'bell-dot', colorId: 'charts.orange' }
        : { label, iconId: 'watch', colorId: 'charts.yellow' };
    case 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED':
      return { label, iconId: 'key', colorId: needsDecision ? 'charts.orange' : 'charts.yellow' };
    case 'ACTIVITY_STATUS_PENDING':
      return { label, iconId: 'clock', colorId: 'charts.blue' };
    case 'ACTIVITY_STATUS_CREATED':
      return { label, iconId: 'circle-outline', colorId: 'charts.blue' };
    default:
      return { label, iconId: 'question', colorId: undefined };
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

export { ageText };

export interface ActivityPresentation {
  readonly label: string;
  readonly status: StatusPresentation;
  readonly group: ActivityGroup;
  readonly needsDecision: boolean;
  readonly pending: boolean;
  /** The short text beside the label: what it touched, "Needs your decision" when it does, and the age. */
  readonly description: string;
  readonly age: string;
}

export function presentActivity(
  activity: Activity,
  nowMs: number,
  find?: FindByFingerprint,
  /**
   * Names for ids, the approval progress in words (which replaces the status while it gathers votes), and the
   * display language of the age.
   */
  extra: {
    readonly nameOf?: NameOf | undefined;
    readonly progress?: string | undefined;
    readonly locale?: string | undefined;
  } = {},
): ActivityPresentation {
  const decision = needsDecision(activity);
  const age = ageText(activityTimeMs(activity), nowMs, extra.locale);
  const status = statusPresentation(activity.status, decision);
  const state = extra.progress
    ? extra.progress
    : decision
      ? l10n.t('Needs your decision')
      : isTerminal(activity.status)
        ? ''
        : status.label;
  return {
    label: activityTypeLabel(activity.type),
    status,
    group: activityGroup(activity),
    needsDecision: decision,
    pending: !isTerminal(activity.status),
    description: [activityTarget(activity, find, extra.nameOf), state, age].filter((part) => part !== '').join(' · '),
    age,
  };
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
    // A signature reads as everywhere else (signatureText); the tooltip holds it whole.
    text: typeof value === 'string' && SIGNATURE_KEYS.has(key) ? signatureText(value) : shorten(full, MAX_INLINE),
    fullText: full.length > MAX_TOOLTIP ? `${full.slice(0, MAX_TOOLTIP - 1)}…` : full,
    children: undefined,
  };
}

/**
 * The rows of an activity's intent as a reader wants them: the key it signs with by its name (the id in the
 * hover), and the transaction by what it does and its size (the hex in the hover), when those are known.
 */
export function intentRows(
  activity: Pick<Activity, 'intent'>,
  known: { readonly nameOf?: NameOf | undefined; readonly transaction?: string | undefined } = {},
): FieldRow[] {
  return fieldRows(unwrapSingleKey(activity.intent)).map((row) => {
    if (row.key === 'signWith' && row.children === undefined) {
      const name = row.fullText ? known.nameOf?.(row.fullText) : undefined;
      return name
        ? {
            ...row,
            text: signerText(row.fullText, known.nameOf),
            fullText: l10n.t('"{0}" · {1}', shown(name), row.fullText),
          }
        : row;
    }
    if (row.key === 'unsignedTransaction' && row.children === undefined && row.fullText !== '') {
      const size = hexSummary(row.fullText);
      return { ...row, text: known.transaction ? `${known.transaction} · ${size}` : size };
    }
    return row;
  });
}
