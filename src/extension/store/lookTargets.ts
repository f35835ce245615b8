/**
 * Which activities a look of the poll reads one by one, and how much work is pending: pure choices over what the
 * store holds, so that the store keeps only the reading.
 */
import type { Activity } from '../../api';
import { isTerminal } from './activityChanges';
import type { Interest, OpenSnapshot } from './storeTypes';

/** At most this many activities are read one by one in a look (those the open listing does not cover). */
export const MAX_SINGLE_READS_PER_LOOK = 3;

export interface Held {
  readonly activities: ReadonlyMap<string, Activity>;
  readonly open: OpenSnapshot | undefined;
  /** Submitted or voted on here: read until they end, when the open listing does not show them. */
  readonly followed: ReadonlySet<string>;
  /** Left the open set since the last look: read once, to learn how they ended. */
  readonly leaving: ReadonlySet<string>;
  readonly interests: Iterable<Interest>;
}

function pagesShown(held: Held): string[] {
  const ids: string[] = [];
  for (const interest of held.interests) if (interest.kind === 'page') ids.push(interest.activityId);
  return ids;
}

/** How many activities the store still expects to change (the schedule looks sooner while any does). */
export function pendingCount(held: Held): number {
  const ids = new Set([...(held.open?.open.map((a) => a.id) ?? []), ...held.followed, ...held.leaving]);
  for (const id of pagesShown(held)) ids.add(id);
  let pending = 0;
  for (const id of ids) {
    const known = held.activities.get(id);
    if (!known || !isTerminal(known)) pending++;
  }
  return pending;
}

/** The activities to read one by one in the look numbered `turn`: in turns, at most a few. */
export function singleReads(held: Held, turn: number): string[] {
  const listed = new Set(held.open?.open.map((a) => a.id));
  const wanted = new Set([...held.leaving, ...held.followed, ...pagesShown(held)]);
  const candidates = [...wanted].filter((id) => {
    if (listed.has(id)) return false;
    const known = held.activities.get(id);
    return !known || !isTerminal(known) || held.leaving.has(id);
  });
  if (candidates.length <= MAX_SINGLE_READS_PER_LOOK) return candidates;
  const start = turn % candidates.length;
  return [...candidates.slice(start), ...candidates.slice(0, start)].slice(0, MAX_SINGLE_READS_PER_LOOK);
}
