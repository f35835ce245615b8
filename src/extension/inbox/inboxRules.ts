/**
 * What waits for the current user's vote (as the service says), and where each pending activity stands against the
 * root quorum. Pure (no `vscode`): the inbox and the Activities view take their decisions from here, and it is
 * tested in plain Node. Where policies decide, wording/standingText.ts says where it stands.
 */
import { timestampToMs, VOTABLE_STATUSES, type Activity, type Vote } from '../../api';
import type { NameOf } from '../wording/activityWords';
import type { ApprovalProgress } from '../wording/approvalWords';
import { organizationNamer } from '../wording/addressNames';
import type { ActivitySummary } from '../wording/activitySummaryWords';
import type { StandingWords } from '../wording/standingText';

/** Approvals count for 24 hours; an activity no one voted on for that long is no longer followed. */
export const APPROVAL_WINDOW_MS = 24 * 60 * 60 * 1000;

export { organizationFacts, type OrganizationFacts } from '../store/organizationFacts';
import type { OrganizationFacts } from '../store/organizationFacts';

export interface InboxState {
  readonly organizationId: string;
  /** Undefined when whoami or get_organization could not be read: then nothing is counted. */
  readonly facts: OrganizationFacts | undefined;
  /** The open activities (consensus needed or pending, within the approval window), as the service listed them. */
  readonly open: readonly Activity[];
  /** False when the listing stopped at its bound: more may wait than `open` holds, and counts read "at least". */
  readonly listedAll: boolean;
  /** Those of them that wait for the current user's vote. */
  readonly awaiting: readonly Activity[];
  /**
   * Where each open activity stands, in words, when the quorum is known: per waiting policy (`Policy "…": 1 of 2
   * approvals from finance (…)`), or against the root quorum ("1 of 2 approvals, waiting for …").
   */
  readonly progress: ReadonlyMap<string, string>;
  /** What each open activity does, when there is more to say than its type and target (a transaction's call). */
  readonly summaries?: ReadonlyMap<string, ActivitySummary>;
  /** For an activity policies decide: every way it can complete, one per line, and "the service may differ". */
  readonly standings: ReadonlyMap<string, StandingWords>;
}

/** A notification's button: its title and the command it runs with its argument. */
export interface NoticeAction {
  readonly title: string;
  readonly command: string;
  readonly argument: string | undefined;
}

/** A notification the inbox raised: the activities it names, its words and its buttons, first the primary one. */
export interface InboxNotice {
  readonly activityIds: readonly string[];
  readonly message: string;
  readonly actions: readonly NoticeAction[];
}

/** A lookup of names for the wording module. */
export function nameLookup(facts: OrganizationFacts | undefined): NameOf | undefined {
  return facts ? organizationNamer(facts.names) : undefined;
}

function voteTimeMs(vote: Vote): number | undefined {
  return vote.createdAt === undefined ? undefined : timestampToMs(vote.createdAt);
}

/**
 * When the current approval window opened: the submission opens the first one, and lasts 24 hours; a vote cast
 * after a window closed opens the next. Undefined when neither the activity nor a vote carries a time.
 */
function windowStartMs(activity: Pick<Activity, 'votes' | 'createdAt'>): number | undefined {
  const times = activity.votes.map(voteTimeMs).filter((at): at is number => at !== undefined);
  const created = activity.createdAt === undefined ? undefined : timestampToMs(activity.createdAt);
  if (created !== undefined) times.push(created);
  times.sort((a, b) => a - b);
  let start: number | undefined;
  for (const at of times) if (start === undefined || at >= start + APPROVAL_WINDOW_MS) start = at;
  return start;
}

/**
 * The votes still counted: those of the approval window still open. Every vote of a window expires with it,
 * even one cast just before it closed (a vote without a time counts).
 */
export function liveVotes(activity: Pick<Activity, 'votes' | 'createdAt'>, nowMs: number): Vote[] {
  const start = windowStartMs(activity);
  const closed = start !== undefined && nowMs >= start + APPROVAL_WINDOW_MS;
  return activity.votes.filter((vote) => {
    const at = voteTimeMs(vote);
    return at === undefined || (!closed && start !== undefined && at >= start);
  });
}

/** The current user's live vote on the activity, if any. */
export function voteOf(
  activity: Pick<Activity, 'votes' | 'createdAt'>,
  userId: string,
  nowMs: number,
): Vote | undefined {
  return liveVotes(activity, nowMs).find((vote) => vote.userId === userId);
}

/** Still able to gather votes: a votable status, and a vote (or its creation) within the approval window. */
export function isOpen(activity: Pick<Activity, 'status' | 'votes' | 'createdAt'>, nowMs: number): boolean {
  if (!VOTABLE_STATUSES.includes(activity.status)) return false;
  if (liveVotes(activity, nowMs).length > 0) return true;
  const created = activity.createdAt === undefined ? undefined : timestampToMs(activity.createdAt);
  return created === undefined || nowMs - created < APPROVAL_WINDOW_MS;
}

/**
 * Waits for this user's vote: open, the service says the user can approve it (`canApprove`, which it works out from
 * the root quorum and the policies waiting for a consensus), and the user has not voted yet. Where the service
 * left `canApprove` out, the root quorum decides: a root user may vote.
 */
export function awaitsVote(
  activity: Pick<Activity, 'status' | 'votes' | 'createdAt' | 'organizationId' | 'canApprove' | 'canApproveKnown'>,
  facts: OrganizationFacts,
  nowMs: number,
): boolean {
  const mayApprove = activity.canApproveKnown ? activity.canApprove : facts.rootUserIds.includes(facts.userId);
  return (
    activity.organizationId === facts.organizationId &&
    isOpen(activity, nowMs) &&
    mayApprove &&
    voteOf(activity, facts.userId, nowMs) === undefined
  );
}

/** Where the activity stands: distinct live approvals of root users, whether yours is one, who is left. */
export function approvalProgress(
  activity: Pick<Activity, 'votes' | 'createdAt'>,
  facts: OrganizationFacts,
  nowMs: number,
): ApprovalProgress {
  const live = liveVotes(activity, nowMs);
  const approvers = new Set(
    live
      .filter((v) => v.selection === 'VOTE_SELECTION_APPROVED' && facts.rootUserIds.includes(v.userId))
      .map((v) => v.userId),
  );
  const voted = new Set(live.map((v) => v.userId));
  const waitingFor = facts.rootUserIds
    .filter((userId) => !voted.has(userId))
    .map((userId) => facts.names.get(userId) ?? userId);
  return {
    approvals: approvers.size,
    threshold: facts.threshold,
    youApproved: approvers.has(facts.userId),
    waitingFor,
  };
}

/** The name of whoever submitted it: the first approval, which the service records for the submitter. */
export function submitterName(
  activity: Pick<Activity, 'votes'>,
  facts: OrganizationFacts | undefined,
): string | undefined {
  const first = activity.votes.find((v) => v.selection === 'VOTE_SELECTION_APPROVED');
  if (!first) return undefined;
  return facts?.names.get(first.userId) ?? first.user?.userName ?? first.userId;
}

/** How many notified activity ids are remembered: the oldest are forgotten first. */
export const NOTIFIED_MEMORY = 200;

/** The ids to notify now: waiting, never notified before, not submitted here. */
export function toNotify(
  awaiting: readonly Pick<Activity, 'id'>[],
  notified: ReadonlySet<string>,
  submittedHere: (activityId: string) => boolean,
): string[] {
  return awaiting.map((a) => a.id).filter((id) => !notified.has(id) && !submittedHere(id));
}

/** The remembered ids after adding `ids`, newest last, at most `limit`. */
export function rememberNotified(
  previous: readonly string[],
  ids: readonly string[],
  limit = NOTIFIED_MEMORY,
): string[] {
  const fresh = ids.filter((id) => !previous.includes(id));
  const all = [...previous, ...fresh];
  return all.length <= limit ? all : all.slice(all.length - limit);
}
