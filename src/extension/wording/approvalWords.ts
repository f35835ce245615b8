/**
 * Where an activity stands against the root quorum, and what is said while it waits: the progress line, the message
 * after a submission that needs other approvals, the notifications of activities awaiting the user's vote, and why a
 * second vote is not sent. Pure (no `vscode`); user strings go through @vscode/l10n.
 */
import * as l10n from '@vscode/l10n';
import type { Activity } from '../../api';
import { activityTitle } from './activityWords';
import type { NameOf } from './addressNames';

/** Where an activity stands against the root quorum, as counted from its live votes. */
export interface ApprovalProgress {
  /** Distinct root users who approved (within the approval window). */
  readonly approvals: number;
  readonly threshold: number;
  /** Whether the current user's approval is among them. */
  readonly youApproved: boolean;
  /** The names of the root users who have not voted yet. */
  readonly waitingFor: readonly string[];
}

/** "1 of 2 approvals, waiting for Team root user 2"; "…, you approved, …" once the current user did. */
export function approvalProgressText(progress: ApprovalProgress): string {
  // A count at its threshold is met: never "3 of 2".
  const parts = [l10n.t('{0} of {1} approvals', Math.min(progress.approvals, progress.threshold), progress.threshold)];
  if (progress.youApproved) parts.push(l10n.t('you approved'));
  if (progress.approvals < progress.threshold && progress.waitingFor.length > 0)
    parts.push(l10n.t('waiting for {0}', progress.waitingFor.join(', ')));
  return parts.join(', ');
}

/** How many approvals are still missing, never below zero. */
export function approvalsMissing(progress: Pick<ApprovalProgress, 'approvals' | 'threshold'>): number {
  return Math.max(0, progress.threshold - progress.approvals);
}

/**
 * The message after a submission that needs other approvals: never an error. `progress` is undefined when the
 * root quorum could not be read, and words already where a policy waits.
 */
export function waitingSentence(
  activity: Pick<Activity, 'id' | 'type' | 'fingerprint'> & Partial<Pick<Activity, 'intent'>>,
  progress: ApprovalProgress | string | undefined,
  nameOf?: NameOf,
): string {
  const what = activityTitle(activity, undefined, nameOf);
  if (!progress) return l10n.t('{0}: waiting for approvals by other users of the organization.', what);
  // Where a policy waits, its words: "Policy "Large transfers": 1 of 2 approvals from finance (…)".
  if (typeof progress === 'string') return l10n.t('{0}: waiting for approvals. {1}.', what, progress);
  const missing = approvalsMissing(progress);
  const who = progress.waitingFor.length > 0 ? ` (${progress.waitingFor.join(', ')})` : '';
  return missing === 1
    ? l10n.t('{0}: waiting for 1 more approval{1}.', what, who)
    : l10n.t('{0}: waiting for {1} more approvals{2}.', what, missing, who);
}

/**
 * The notification of one new activity waiting for the user's vote: who asks, what, and where it stands (against
 * the root quorum, or already in words: where a policy waits).
 */
export function awaitingNotice(
  activity: Pick<Activity, 'type' | 'intent'>,
  submitterName: string | undefined,
  progress: ApprovalProgress | string | undefined,
  nameOf?: NameOf,
  /** What it does and its risks (activitySummaryWords.ts), when there is more to say than its type. */
  summary?: { readonly line: string; readonly risks: readonly string[] },
): string {
  const title = activityTitle(activity, undefined, nameOf);
  const what = summary ? `${title}: ${summary.line}` : title;
  const where =
    progress === undefined ? '' : ` (${typeof progress === 'string' ? progress : approvalProgressText(progress)})`;
  const risks = summary && summary.risks.length > 0 ? summary.risks.join(', ') : undefined;
  // A risk leads the sentence: a notification may be read no further than its first words.
  if (submitterName) {
    return risks
      ? l10n.t('⚠ {0}. {1} asks for your vote: {2}{3}.', risks, submitterName, what, where)
      : l10n.t('{0} asks for your vote: {1}{2}.', submitterName, what, where);
  }
  return risks
    ? l10n.t('⚠ {0}. Your vote is asked for: {1}{2}.', risks, what, where)
    : l10n.t('Your vote is asked for: {0}{1}.', what, where);
}

/** The one notification when several activities start waiting for the user's vote at once. */
export function awaitingManyNotice(count: number): string {
  return l10n.t('{0} activities wait for your vote.', count);
}

/** Why a second vote is not sent. */
export function alreadyVotedText(
  activity: Pick<Activity, 'type' | 'intent'>,
  selection: string,
  nameOf?: NameOf,
): string {
  const what = activityTitle(activity, undefined, nameOf);
  return selection === 'VOTE_SELECTION_REJECTED'
    ? l10n.t('You already rejected {0}: each user votes once, so nothing was sent.', what)
    : l10n.t('You already approved {0}: each user votes once, so nothing was sent.', what);
}
