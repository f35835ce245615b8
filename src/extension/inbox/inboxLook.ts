/**
 * The inbox's reading of the store (loaded with the first look, not at activation): of the organization's open
 * activities, what waits for the current user's vote and where each stands; the activities submitted here that
 * ended are reported, and the new ones awaiting a vote notified once.
 */
import * as vscode from 'vscode';
import type { Services } from '../services';
import { outcomeSentence, statusLabel } from '../wording/activityWords';
import { approvalProgressText, awaitingManyNotice, awaitingNotice } from '../wording/approvalWords';
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
import { activitySummaries } from '../activitySummaries';
import type { ActivitySummary } from '../wording/activitySummaryWords';
import type { StandingWords } from '../wording/standingText';
import { errorText } from '../../api/core';

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
            error: errorText(error),
          });
          return undefined;
        });
  if (services.profiles.active()?.organizationId !== organizationId) return 'stale';
  if (facts && facts.organizationId !== organizationId) return 'stale';
  const awaiting = facts ? open.filter((activity) => awaitsVote(activity, facts, now)) : [];
  const progress = new Map<string, string>();
  const standings = facts ? await standingsOf(services, open, now) : new Map<string, StandingWords>();
  if (services.profiles.active()?.organizationId !== organizationId) return 'stale';
  if (facts) {
    for (const activity of open) {
      const words = standings.get(activity.id);
      progress.set(activity.id, words?.summary ?? approvalProgressText(approvalProgress(activity, facts, now)));
    }
  }
  // What each open activity does (a transaction decoded): the decoder loads only when a transaction is open.
  const summaries = await activitySummaries(services, open, nameLookup(facts)).catch((error: unknown) => {
    services.log.debug('Could not summarise the open activities', {
      organizationId,
      error: errorText(error),
    });
    return new Map<string, ActivitySummary>();
  });
  if (services.profiles.active()?.organizationId !== organizationId) return 'stale';
  return { organizationId, facts, open, listedAll, awaiting, progress, summaries, standings };
}

/**
 * Where each open activity stands with the organization's policies, for those a policy waits for: kept by the store
 * while their votes and the policies stay the same; the others read and worked out a few per turn of the event loop.
 * A read that fails leaves the activity to the root quorum's words.
 */
async function standingsOf(
  services: Services,
  open: readonly Activity[],
  nowMs: number,
): Promise<Map<string, StandingWords>> {
  const waiting = open.filter((a) => a.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
  if (waiting.length === 0) return new Map();
  try {
    const store = await services.store();
    return await store.standings(waiting.map((activity) => ({ activity, votes: liveVotes(activity, nowMs) })));
  } catch (error) {
    services.log.debug('Could not read the policies of the organization; the inbox counts the root quorum', {
      error: errorText(error),
    });
    return new Map();
  }
}

/** The ids of the activities that left the open list since the last look. */
export function endedSince(previous: InboxState | undefined, state: InboxState): string[] {
  if (previous?.organizationId !== state.organizationId) return [];
  const still = new Set(state.open.map((a) => a.id));
  return previous.open.filter((a) => !still.has(a.id)).map((a) => a.id);
}

/**
 * An activity that left the open list, as the store read it after: one submitted here that ended by someone
 * else's vote is reported (a vote cast here reported its own outcome already: one notification per vote). Who
 * the user is comes from the store when the look had no reason to ask (nothing was open any more). Returns the
 * message shown, if any.
 */
export async function reportEnded(
  services: Services,
  after: Activity,
  facts: OrganizationFacts | undefined,
): Promise<string | undefined> {
  if (!(await services.store()).isSubmittedHere(after.id)) return undefined;
  services.log.info(`Followed activity ${after.id} ended: ${after.status}`);
  const known = facts ?? (await services.organizationFacts().catch(() => undefined));
  const votes = liveVotes(after, Date.now());
  if (votes.length > 0 && votes[votes.length - 1]?.userId === known?.userId) return undefined;
  const message = outcomeSentence(after);
  if (after.status === 'ACTIVITY_STATUS_COMPLETED') {
    void showInformation(message);
    return message;
  }
  if (!isOpen(after, Date.now()) && VOTABLE_STATUSES.includes(after.status)) {
    services.log.info(`Activity ${after.id}: its approvals expired`);
    return undefined;
  }
  const warning = `${message} ${vscode.l10n.t('Status: {0}.', statusLabel(after.status))}`;
  void showWarning(warning);
  return warning;
}

/** One notification for the activities that newly wait for a vote; their ids are remembered either way. */
export function notify(
  services: Services,
  state: InboxState,
  submittedHere: (activityId: string) => boolean,
): InboxNotice | undefined {
  const remembered = services.context.globalState.get<readonly string[]>(NOTIFIED_KEY, []);
  const fresh = toNotify(state.awaiting, new Set(remembered), submittedHere);
  if (fresh.length === 0) return undefined;
  void services.context.globalState.update(NOTIFIED_KEY, rememberNotified(remembered, fresh));
  if (!services.settings().inboxNotifications) return undefined;
  const first = state.awaiting.find((a) => a.id === fresh[0]);
  const message =
    fresh.length === 1 && first
      ? awaitingNotice(
          first,
          submitterName(first, state.facts),
          state.standings.get(first.id)?.summary ??
            (state.facts ? approvalProgress(first, state.facts, Date.now()) : undefined),
          nameLookup(state.facts),
          state.summaries?.get(first.id),
        )
      : awaitingManyNotice(fresh.length);
  // One activity can be reviewed at once (the page reads what it signs); several are shown in the inbox group.
  const single = fresh.length === 1 ? fresh[0] : undefined;
  const actions: NoticeAction[] = [
    ...(single ? [{ title: vscode.l10n.t('Review'), command: CommandIds.reviewActivity, argument: single }] : []),
    { title: vscode.l10n.t('Show'), command: CommandIds.revealActivity, argument: single },
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
