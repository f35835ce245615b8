/**
 * When to look at a pending activity again. Pure: the Activities view asks it for each delay.
 *
 * The first look comes after the configured interval (never under one second: the smallest plan of the
 * service allows one request per second). Each look that finds nothing new doubles the delay, up to a
 * ceiling; a 429 answer quadruples it and sets a floor of ten seconds, so a rate-limited key recovers.
 */
export const MIN_POLL_INTERVAL_MS = 1000;
export const MAX_POLL_DELAY_MS = 60_000;
export const RATE_LIMITED_FLOOR_MS = 10_000;

export interface PollState {
  /** Looks in a row that found the activity unchanged (or failed). */
  readonly quietPolls: number;
  /** Answers in a row that were 429. */
  readonly rateLimitedPolls: number;
}

export const freshPollState: PollState = { quietPolls: 0, rateLimitedPolls: 0 };

export type PollOutcome = 'changed' | 'unchanged' | 'rateLimited' | 'failed';

export function nextPollState(state: PollState, outcome: PollOutcome): PollState {
  switch (outcome) {
    case 'changed':
      return freshPollState;
    case 'unchanged':
    case 'failed':
      return { quietPolls: state.quietPolls + 1, rateLimitedPolls: 0 };
    case 'rateLimited':
      return { quietPolls: state.quietPolls + 1, rateLimitedPolls: state.rateLimitedPolls + 1 };
  }
}

export function pollDelayMs(intervalMs: number, state: PollState): number {
  const base = Math.max(MIN_POLL_INTERVAL_MS, Number.isFinite(intervalMs) ? intervalMs : MIN_POLL_INTERVAL_MS);
  const backedOff = base * 2 ** Math.min(state.quietPolls, 16);
  if (state.rateLimitedPolls > 0) {
    const limited = Math.max(RATE_LIMITED_FLOOR_MS, backedOff * 4 ** Math.min(state.rateLimitedPolls, 8));
    return Math.min(limited, MAX_POLL_DELAY_MS * 2);
  }
  return Math.min(backedOff, Math.max(MAX_POLL_DELAY_MS, base));
}
