/**
 * When the organization store looks at the service next. Pure: the store asks it after every look and whenever
 * what it knows changes (focus, who is watching, pending work), and tests call it directly.
 *
 * Nothing is asked while nobody is watching, nor while the window is in the background. With pending work (an
 * activity that can still change) the looks come at the configured interval, backing off while nothing changes;
 * with nothing pending they start four times slower. After a 429 the pollSchedule back-off holds, and a
 * Retry-After the service sent is a floor.
 */
import { MAX_POLL_DELAY_MS, pollDelayMs, type PollState } from './pollSchedule';

/** Who wants the store current: the views shown, the review pages shown, and whether the inbox counts. */
export interface Watchers {
  /** Views drawn and visible (the Activities view, the Organization view, ABI lenses). */
  readonly views: number;
  /** Review pages visible, each on one activity. */
  readonly pages: number;
  /** The inbox (badge and status bar) follows the open activities. */
  readonly inbox: boolean;
}

export interface PlanInput {
  readonly intervalMs: number;
  readonly focused: boolean;
  readonly watchers: Watchers;
  /** Activities followed that are not terminal yet (open ones, ones submitted here, those a page shows). */
  readonly pending: number;
  readonly poll: PollState;
  /** What the last 429 asked for, when the service said. */
  readonly retryAfterMs?: number;
}

/** Without pending work the first look comes after this many quiet looks' worth of back-off (4× the interval). */
export const IDLE_QUIET_POLLS = 2;

export function isWatched(watchers: Watchers): boolean {
  return watchers.inbox || watchers.views > 0 || watchers.pages > 0;
}

/** The delay before the next look, or undefined: no look until something changes. */
export function nextLookDelayMs(input: PlanInput): number | undefined {
  if (!input.focused || !isWatched(input.watchers)) return undefined;
  const poll =
    input.pending > 0 || input.poll.rateLimitedPolls > 0
      ? input.poll
      : { ...input.poll, quietPolls: Math.max(input.poll.quietPolls, IDLE_QUIET_POLLS) };
  const delay = pollDelayMs(input.intervalMs, poll);
  const retryAfter = input.retryAfterMs;
  if (input.poll.rateLimitedPolls > 0 && retryAfter !== undefined && Number.isFinite(retryAfter))
    return Math.max(delay, Math.min(retryAfter, MAX_POLL_DELAY_MS * 2));
  return delay;
}
