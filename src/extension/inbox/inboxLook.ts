/**
 * The inbox's reading of the store (loaded with the first look, not at activation): of the organization's open
 * activities, what waits for the current user's vote and where each stands; the activities submitted here that
 * ended are reported, and the new ones awaiting a vote notified once.
 */
import * as vscode from 'vscode';
import type { Services } from '../services';
import { t } from '../ui/l10n';
import {
  approvalProgressText,
  awaitingManyNotice,
  awaitingNotice,
  outcomeSentence,
  statusLabel,
} from '../wording/activityWords';
import {
  approvalProgress,
  awaitsVote,
  isOpen,
  liveVotes,
  nameLookup,
  rememberNotified,
  submitterName,
  toNotify,
  type InboxNotice,
  type NoticeAction,
  type InboxState,
  type OrganizationFacts,
} from './inboxRules';
import { CommandIds } from '../commandIds';
import { VOTABLE_STATUSES, type Activity } from '../../api';
import type { OpenSnapshot } from '../store/organizationStore';
import { showInformation, showWarning } from '../ui/notifications';

/** Where the ids of the activities already notified are kept (global state: they survive a window reload). */
const NOTIFIED_KEY = 'countersign.inbox.notifiedActivityIds';

/** The inbox as the store's open activities show it; 'stale' when they belong to another organization. */
export async function lookAtInbox(services: Services, snapshot: OpenSnapshot): Promise<InboxState | 'stale'> {
  const { organizationId, open, listedAll } = snapshot;
  const now = Date.now();
  // Who you are and the quorum matter only when something is open: nothing more is asked otherwise.
  const facts =
    open.length === 0
      ? undefined
      : await services.organizationFacts().catch((error: unknown) => {
          services.log.debug('Could not read who you are in the organization; the inbox counts nothing', {
            organizationId,
            error: error instanceof Error ? error.message : String(error),
          });
          return undefined;
        });
  if (services.profiles.active()?.organizationId !== organizationId) return 'stale';
  if (facts && facts.organizationId !== organizationId) return 'stale';
  const awaiting = facts ? open.filter((activity) => awaitsVote(activity, facts, now)) : [];
  const progress = new Map<string, string>();
  if (facts) {
    for (const activity of open)
      progress.set(activity.id, approvalProgressText(approvalProgress(activity, facts, now), t));
  }
  return { organizationId, facts, open, listedAll, awaiting, progress };
}

/** The ids of the activities that left the open list since the last look. */
export function endedSince(previous: InboxState | undefined, state: InboxState): string[] {
  if (previous?.organizationId !== state.organizationId) return [];
  const still = new Set(state.open.map((a) => a.id));
  return previous.open.filter((a) => !still.has(a.id)).map((a) => a.id);
}

/**
 * An activity that left the open list, as the store read it after: one submitted here that ended by someone
 * else's vote is reported (a vote cast here reported its own outcome already).
 */
export function reportEnded(services: Services, after: Activity, facts: OrganizationFacts | undefined): void {
  if (!services.isSubmittedHere(after.id)) return;
  services.log.info(`Followed activity ${after.id} ended: ${after.status}`);
  const votes = liveVotes(after, Date.now());
  if (votes.length > 0 && votes[votes.length - 1]?.userId === facts?.userId) return;
  const message = outcomeSentence(after, t);
  if (after.status === 'ACTIVITY_STATUS_COMPLETED') void showInformation(message);
  else if (!isOpen(after, Date.now()) && VOTABLE_STATUSES.includes(after.status))
    services.log.info(`Activity ${after.id}: its approvals expired`);
  else void showWarning(`${message} ${t('Status: {0}.', statusLabel(after.status, t))}`);
}

/** One notification for the activities that newly wait for a vote; their ids are remembered either way. */
export function notify(services: Services, state: InboxState): InboxNotice | undefined {
  const remembered = services.context.globalState.get<readonly string[]>(NOTIFIED_KEY, []);
  const fresh = toNotify(state.awaiting, new Set(remembered), (id) => services.isSubmittedHere(id));
  if (fresh.length === 0) return undefined;
  void services.context.globalState.update(NOTIFIED_KEY, rememberNotified(remembered, fresh));
  if (!services.settings().inboxNotifications) return undefined;
  const first = state.awaiting.find((a) => a.id === fresh[0]);
  const message =
    fresh.length === 1 && first
      ? awaitingNotice(
          first,
          submitterName(first, state.facts),
          state.facts ? approvalProgress(first, state.facts, Date.now()) : undefined,
          nameLookup(state.facts),
          t,
        )
      : awaitingManyNotice(fresh.length, t);
  // One activity can be reviewed at once (the page reads what it signs); several are shown in the inbox group.
  const single = fresh.length === 1 ? fresh[0] : undefined;
  const actions: NoticeAction[] = [
    ...(single ? [{ title: t('Review'), command: CommandIds.reviewActivity, argument: single }] : []),
    { title: t('Show'), command: CommandIds.revealActivity, argument: single },
  ];
  void showInformation(message, ...actions.map((action) => action.title)).then(
    async (choice) => {
      const action = actions.find((candidate) => candidate.title === choice);
      if (action) await vscode.commands.executeCommand(action.command, action.argument);
    },
    (error: unknown) => services.log.failure('Could not show the inbox notification', error),
  );
  return { activityIds: fresh, message, actions };
}
