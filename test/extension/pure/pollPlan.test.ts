/** The organization store's schedule: when the one poll looks next, from focus, watchers, pending work and 429s. */
import * as assert from 'node:assert/strict';
import { IDLE_QUIET_POLLS, nextLookDelayMs, type PlanInput } from '../../../src/extension/store/pollPlan';
import {
  freshPollState,
  MAX_POLL_DELAY_MS,
  nextPollState,
  RATE_LIMITED_FLOOR_MS,
  type PollState,
} from '../../../src/extension/store/pollSchedule';

const base: PlanInput = {
  intervalMs: 2000,
  focused: true,
  watchers: { views: 1, pages: 0, inbox: true },
  pending: 1,
  poll: freshPollState,
};

function after(...outcomes: Parameters<typeof nextPollState>[1][]): PollState {
  return outcomes.reduce(nextPollState, freshPollState);
}

describe('the store poll plan', () => {
  it('looks after the configured interval when something is pending and someone watches', () => {
    assert.equal(nextLookDelayMs(base), 2000);
  });

  it('plans no look while nobody watches, whatever is pending', () => {
    assert.equal(nextLookDelayMs({ ...base, watchers: { views: 0, pages: 0, inbox: false }, pending: 5 }), undefined);
  });

  it('any one watcher is enough: a view, a page or the inbox', () => {
    for (const watchers of [
      { views: 1, pages: 0, inbox: false },
      { views: 0, pages: 1, inbox: false },
      { views: 0, pages: 0, inbox: true },
    ])
      assert.equal(nextLookDelayMs({ ...base, watchers }), 2000, JSON.stringify(watchers));
  });

  it('plans no look while the window is in the background', () => {
    assert.equal(nextLookDelayMs({ ...base, focused: false }), undefined);
  });

  it('with nothing pending, starts four times slower than the interval', () => {
    assert.equal(IDLE_QUIET_POLLS, 2);
    assert.equal(nextLookDelayMs({ ...base, pending: 0 }), 8000);
    // Quiet looks keep backing off from there, up to the ceiling.
    assert.equal(nextLookDelayMs({ ...base, pending: 0, poll: after('unchanged', 'unchanged', 'unchanged') }), 16_000);
  });

  it('backs off while nothing changes and comes back to the interval when something does', () => {
    const quiet = after('unchanged', 'unchanged');
    assert.equal(nextLookDelayMs({ ...base, poll: quiet }), 8000);
    assert.equal(nextLookDelayMs({ ...base, poll: nextPollState(quiet, 'changed') }), 2000);
    const long = after(...Array<'unchanged'>(20).fill('unchanged'));
    assert.equal(nextLookDelayMs({ ...base, poll: long }), MAX_POLL_DELAY_MS);
  });

  it('after a 429 slows down to at least the rate-limited floor, even with work pending', () => {
    const limited = after('rateLimited');
    const delay = nextLookDelayMs({ ...base, poll: limited });
    assert.ok(delay !== undefined && delay >= RATE_LIMITED_FLOOR_MS, String(delay));
    const twice = nextLookDelayMs({ ...base, poll: after('rateLimited', 'rateLimited') });
    assert.ok(twice !== undefined && twice > delay, 'a second 429 slows down further');
  });

  it("honours the service's Retry-After after a 429, within the ceiling; ignores it otherwise", () => {
    const limited = after('rateLimited');
    assert.equal(nextLookDelayMs({ ...base, poll: limited, retryAfterMs: 45_000 }), 45_000);
    assert.equal(nextLookDelayMs({ ...base, poll: limited, retryAfterMs: 10 * 60_000 }), MAX_POLL_DELAY_MS * 2);
    assert.equal(nextLookDelayMs({ ...base, retryAfterMs: 45_000 }), 2000, 'no 429, no Retry-After floor');
  });

  it('never looks faster than once a second, whatever the setting says', () => {
    assert.equal(nextLookDelayMs({ ...base, intervalMs: 10 }), 1000);
    assert.equal(nextLookDelayMs({ ...base, intervalMs: Number.NaN }), 1000);
  });
});
