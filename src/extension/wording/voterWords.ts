/**
 * Who cast a vote activity (an approve or a reject), in the words of its row: "by "Alice"". Pure (no `vscode`).
 */
import type { Activity, Vote } from '../../api';
import { shown } from '../ui/shownText';

/** The word before a vote's caster: "by "Alice Approver" · Sign transaction with …". */
const VOTED_BY = 'by';

/** What a vote activity carries that tells who cast it: its own votes, the caster's approval first. */
export type VoteActivity = Partial<Pick<Activity, 'votes'>>;

/**
 * Who cast a vote activity: the vote it lists itself (the caster's own approval, as every submission has). Never
 * guessed from the voted activity's votes: two votes cast close together would read as each other's.
 */
function voterOf(vote: VoteActivity): Vote | undefined {
  return vote.votes?.[0];
}

/**
 * "by "Alice"": the voter's user name, else the organization's name for their id, else the id shortened; empty
 * when the voter cannot be told.
 */
export function voterByline(vote: VoteActivity, nameOf?: (id: string) => string | undefined): string {
  const voter = voterOf(vote);
  if (!voter) return '';
  const name = voter.user?.userName || nameOf?.(voter.userId);
  const id = voter.userId.length > 16 ? `${voter.userId.slice(0, 8)}…${voter.userId.slice(-6)}` : voter.userId;
  return `${VOTED_BY} ${name ? `"${shown(name)}"` : shown(id)}`;
}
