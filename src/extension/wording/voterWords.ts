/**
 * Who cast a vote activity (an approve or a reject), in the words of its row: "by "Alice"". Pure (no `vscode`).
 */
import { timestampToMs, type Activity, type Vote } from '../../api';
import { shown } from '../ui/shownText';

/** The word before a vote's caster: "by "Alice Approver" · Sign transaction with …". */
const VOTED_BY = 'by';

/** How far apart a vote activity and the vote it cast may be dated and still be taken for each other. */
const SAME_VOTE_MS = 2000;

/** What a vote activity carries that tells who cast it: its own votes, or the time it was made. */
export type VoteActivity = Partial<Pick<Activity, 'votes' | 'createdAt' | 'timestampMs'>>;

/**
 * Who cast a vote activity: the vote it lists itself when the service lists one, else the vote of the same
 * selection on the voted activity made at the same moment (the local sandbox records the vote there only).
 */
function voterOf(vote: VoteActivity, approving: boolean, votedVotes: readonly Vote[] | undefined): Vote | undefined {
  const own = vote.votes?.[0];
  if (own) return own;
  const at = timestampToMs(vote.createdAt) ?? timestampToMs(vote.timestampMs);
  if (at === undefined || !votedVotes) return undefined;
  const selection = approving ? 'VOTE_SELECTION_APPROVED' : 'VOTE_SELECTION_REJECTED';
  let closest: Vote | undefined;
  let gap = SAME_VOTE_MS;
  for (const cast of votedVotes) {
    const castAt = timestampToMs(cast.createdAt);
    if (cast.selection !== selection || castAt === undefined || Math.abs(castAt - at) > gap) continue;
    closest = cast;
    gap = Math.abs(castAt - at);
  }
  return closest;
}

/**
 * "by "Alice"": the voter's user name, else the organization's name for their id, else the id shortened; empty
 * when the voter cannot be told.
 */
export function voterByline(
  vote: VoteActivity,
  approving: boolean,
  votedVotes: readonly Vote[] | undefined,
  nameOf?: (id: string) => string | undefined,
): string {
  const voter = voterOf(vote, approving, votedVotes);
  if (!voter) return '';
  const name = voter.user?.userName || nameOf?.(voter.userId);
  const id = voter.userId.length > 16 ? `${voter.userId.slice(0, 8)}…${voter.userId.slice(-6)}` : voter.userId;
  return `${VOTED_BY} ${name ? `"${shown(name)}"` : shown(id)}`;
}
