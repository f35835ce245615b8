/**
 * One look of the inbox (loaded with the first look, not at activation): the organization's open activities, page
 * after page (openActivities.ts), what of them waits for the current user's vote and where each stands; then the activities submitted
 * here that ended are reported, and the new ones awaiting a vote notified once.
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
  VOTABLE_STATUSES,
  type InboxNotice,
  type NoticeAction,
  type InboxState,
} from './inboxRules';
import { CommandIds } from '../commandIds';
import { listOpenActivities } from './openActivities';
import { showInformation, showWarning } from '../ui/notifications';

/** Where the ids of the activities already notified are kept (global state: they survive a window reload). */
const NOTIFIED_KEY = 'countersign.inbox.notifiedActivityIds';

/** The inbox now; undefined without a session, 'stale' when the profile changed during the look. */
export async function lookAtInbox(services: Services): Promise<InboxState | undefined | 'stale'> {
  const session = await services.session();
  if (!session) return undefined;
  const { organizationId } = session.profile;
  const now = Date.now();
  const { open, listedAll } = await listOpenActivities(
    (request) => session.client.listActivities(request),
    organizationId,
    now,
  );
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
  if (services.profiles.active()?.id !== session.profile.id) return 'stale';
  const awaiting = facts ? open.filter((activity) => awaitsVote(activity, facts, now)) : [];
  const progress = new Map<string, string>();
  if (facts) {
    for (const activity of open)
      progress.set(activity.id, approvalProgressText(approvalProgress(activity, facts, now), t));
  }
  return { organizationId, facts, open, listedAll, awaiting, progress };
}

/** After a look: report what ended, then notify what newly waits. Returns the notification raised, if any. */
export async function afterLook(
  services: Services,
  previous: InboxState | undefined,
  state: InboxState,
): Promise<InboxNotice | undefined> {
  if (previous?.organizationId === state.organizationId) await followEnded(services, previous, state);
  return notify(services, state);
}

/**
 * The activities that left the open list since the last look: the views are told, and one submitted here that
 * ended by someone else's vote is reported (a vote cast here reported its own outcome already).
 */
async function followEnded(services: Services, previous: InboxState, state: InboxState): Promise<void> {
  const still = new Set(state.open.map((a) => a.id));
  const ended = previous.open.filter((a) => !still.has(a.id));
  if (ended.length === 0) return;
  services.fireChange('activities');
  for (const before of ended) {
    if (!services.isSubmittedHere(before.id)) continue;
    const session = await services.session();
    if (!session) return;
    const after = await session.client
      .getActivity({ organizationId: before.organizationId, activityId: before.id })
      .catch(() => undefined);
    if (!after) continue;
    services.log.info(`Followed activity ${after.id} ended: ${after.status}`);
    if (after.status === 'ACTIVITY_STATUS_COMPLETED') services.fireChange('organization');
    const votes = liveVotes(after, Date.now());
    if (votes.length > 0 && votes[votes.length - 1]?.userId === state.facts?.userId) continue;
    const message = outcomeSentence(after, t);
    if (after.status === 'ACTIVITY_STATUS_COMPLETED') void showInformation(message);
    else if (!isOpen(after, Date.now()) && VOTABLE_STATUSES.includes(after.status))
      services.log.info(`Activity ${after.id}: its approvals expired`);
    else void showWarning(`${message} ${t('Status: {0}.', statusLabel(after.status, t))}`);
  }
}

/** One notification for the activities that newly wait for a vote; their ids are remembered either way. */
function notify(services: Services, state: InboxState): InboxNotice | undefined {
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
