/** What the store compares when an activity is read again. */
import { TERMINAL_STATUSES, VOTABLE_STATUSES, type Activity } from '../../api';
import type { OpenSnapshot, StoreChange } from './storeTypes';

export const NO_CHANGE: StoreChange = {
  activityIds: [],
  open: false,
  organization: false,
  interfaces: false,
  listing: false,
  profile: false,
  reset: false,
  registrations: false,
  completedRegistrations: [],
};

/** Whether it can still gather votes: the open set lists every such activity (inbox/openActivities.ts). */
export function gathering(activity: Activity): boolean {
  return VOTABLE_STATUSES.includes(activity.status);
}

export function isTerminal(activity: Activity): boolean {
  return TERMINAL_STATUSES.includes(activity.status);
}

/**
 * What a reader sees change: the status, the votes, the last update, or whether the reader may vote (an activity
 * another user read, such as a teammate's request as they submitted it, says what that user may do).
 */
export function differs(before: Activity | undefined, after: Activity): boolean {
  return (
    before === undefined ||
    before.status !== after.status ||
    before.votes.length !== after.votes.length ||
    before.canApprove !== after.canApprove ||
    before.canReject !== after.canReject ||
    JSON.stringify(before.updatedAt) !== JSON.stringify(after.updatedAt)
  );
}

/** Whether `incoming` is no older than `held`: an ended activity never opens again, and votes only accumulate. */
export function notOlder(incoming: Activity, held: Activity): boolean {
  if (isTerminal(held) && !isTerminal(incoming)) return false;
  return incoming.votes.length >= held.votes.length;
}

/**
 * What a new reading of the open set changes: the activities read with news, those to read once to learn how they
 * ended (left the set, or held as gathering votes yet missing from a complete set: they ended before a look saw them
 * leave), and whether the set is another.
 */
export function openChanges(
  previous: OpenSnapshot | undefined,
  found: OpenSnapshot,
  held: ReadonlyMap<string, Activity>,
): { readonly changed: string[]; readonly leaving: string[]; readonly setChanged: boolean } {
  const changed = found.open.filter((activity) => differs(held.get(activity.id), activity)).map((a) => a.id);
  const still = new Set(found.open.map((a) => a.id));
  const left = (previous?.open ?? []).filter((a) => !still.has(a.id)).map((a) => a.id);
  // One held already (submitted here) that joins the set is news of the set, though not of the activity.
  const before = new Set((previous?.open ?? []).map((a) => a.id));
  const joined = found.open.some((a) => !before.has(a.id));
  const unseen = found.listedAll ? [...held.values()].filter((a) => gathering(a) && !still.has(a.id)) : [];
  const setChanged =
    previous === undefined || left.length > 0 || joined || previous.listedAll !== found.listedAll || changed.length > 0;
  return { changed, leaving: [...unseen.map((a) => a.id), ...left], setChanged };
}

/** The open set with an activity as told by a submission or a vote: replaced, or taken out once it ended. */
export function withActivity(open: OpenSnapshot, activity: Activity): OpenSnapshot {
  const others = open.open.filter((a) => a.id !== activity.id);
  return {
    ...open,
    open: isTerminal(activity) ? others : open.open.map((a) => (a.id === activity.id ? activity : a)),
  };
}

/** What a read brought: the held activities a reader sees change, and whether one of them completed. */
export interface ActivityNews {
  readonly changed: readonly string[];
  readonly completed: boolean;
}

/**
 * Keeps what a read brought (a page of the Activities listing, or one activity read for a page), unless a newer
 * reading is held already; returns its news (readers hear it as they hear the poll's) and the activities that ended.
 */
export function keepNewer(
  held: Map<string, Activity>,
  activities: readonly Activity[],
): ActivityNews & { readonly ended: readonly string[] } {
  const changed: string[] = [];
  const ended: string[] = [];
  let completed = false;
  for (const activity of activities) {
    const before = held.get(activity.id);
    if (before && !notOlder(activity, before)) continue;
    held.set(activity.id, activity);
    if (!before || !differs(before, activity)) continue;
    changed.push(activity.id);
    if (isTerminal(activity)) ended.push(activity.id);
    if (activity.status === 'ACTIVITY_STATUS_COMPLETED') completed = true;
  }
  return { changed, ended, completed };
}
