/**
 * The sentences of a vote's outcome, each whole: the vote, the activity (named when it is known) and its status
 * after the vote, so that a translation never assembles them from fragments.
 */
import * as vscode from 'vscode';
import type { Vote } from './voteOptions';

/** The question of the vote's dialog. */
export function voteQuestion(vote: Vote, what: string | undefined): string {
  if (what === undefined) {
    return vote === 'approve' ? vscode.l10n.t('Approve this activity?') : vscode.l10n.t('Reject this activity?');
  }
  return vote === 'approve' ? vscode.l10n.t('Approve "{0}"?', what) : vscode.l10n.t('Reject "{0}"?', what);
}

/** What the vote did, from the activity's status read back after it. */
export function voteOutcome(vote: Vote, what: string | undefined, status: string): string {
  const approve = vote === 'approve';
  switch (status) {
    case 'ACTIVITY_STATUS_COMPLETED':
      if (what === undefined) {
        return approve
          ? vscode.l10n.t('Approved. The activity is now completed.')
          : vscode.l10n.t('Rejected. The activity is now completed.');
      }
      return approve
        ? vscode.l10n.t('Approved. {0} is now completed.', what)
        : vscode.l10n.t('Rejected. {0} is now completed.', what);
    case 'ACTIVITY_STATUS_REJECTED':
      if (what === undefined) {
        return approve
          ? vscode.l10n.t('Approved. The activity is now rejected.')
          : vscode.l10n.t('Rejected. The activity is now rejected.');
      }
      return approve
        ? vscode.l10n.t('Approved. {0} is now rejected.', what)
        : vscode.l10n.t('Rejected. {0} is now rejected.', what);
    case 'ACTIVITY_STATUS_CONSENSUS_NEEDED':
      if (what === undefined) {
        return approve
          ? vscode.l10n.t('Approved. The activity still waits for approvals.')
          : vscode.l10n.t('Rejected. The activity still waits for approvals.');
      }
      return approve
        ? vscode.l10n.t('Approved. {0} still waits for approvals.', what)
        : vscode.l10n.t('Rejected. {0} still waits for approvals.', what);
    default:
      // Another status is shown as the service names it.
      if (what === undefined) {
        return approve
          ? vscode.l10n.t('Approved. The activity is now {0}.', status)
          : vscode.l10n.t('Rejected. The activity is now {0}.', status);
      }
      return approve
        ? vscode.l10n.t('Approved. {0} is now {1}.', what, status)
        : vscode.l10n.t('Rejected. {0} is now {1}.', what, status);
  }
}

/** The vote was sent, and the activity could not be read back. */
export function voteRecorded(vote: Vote, what: string | undefined): string {
  if (what === undefined) {
    return vote === 'approve'
      ? vscode.l10n.t('Your approval of the activity was recorded.')
      : vscode.l10n.t('Your rejection of the activity was recorded.');
  }
  return vote === 'approve'
    ? vscode.l10n.t('Your approval of {0} was recorded.', what)
    : vscode.l10n.t('Your rejection of {0} was recorded.', what);
}
