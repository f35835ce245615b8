/** What the store compares when an activity is read again. */
import { TERMINAL_STATUSES, VOTABLE_STATUSES, type Activity } from '../../api';
import type { StoreChange } from './storeTypes';

export const NO_CHANGE: StoreChange = {
  activityIds: [],
  open: false,
  organization: false,
  interfaces: false,
  reset: false,
};

/** Whether it can still gather votes: the open set lists every such activity (inbox/openActivities.ts). */
export function gathering(activity: Activity): boolean {
  return VOTABLE_STATUSES.includes(activity.status);
}

export function isTerminal(activity: Activity): boolean {
  return TERMINAL_STATUSES.includes(activity.status);
}

/** What a reader sees change: the status, the votes, or the last update. */
export function differs(before: Activity | undefined, after: Activity): boolean {
  return (
    before === undefined ||
    before.status !== after.status ||
    before.votes.length !== after.votes.length ||
    JSON.stringify(before.updatedAt) !== JSON.stringify(after.updatedAt)
  );
}

/** Whether `incoming` is no older than `held`: an ended activity never opens again, and votes only accumulate. */
export function notOlder(incoming: Activity, held: Activity): boolean {
  if (isTerminal(held) && !isTerminal(incoming)) return false;
  return incoming.votes.length >= held.votes.length;
}
