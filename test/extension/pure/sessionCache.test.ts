/**
 * The session cache: a session prepared for a profile the user has since switched away from never replaces (and so
 * never closes) the session of the profile now active.
 */
import * as assert from 'node:assert/strict';
import { SessionCache, type PreparedSession } from '../../../src/extension/profiles/sessionCache';

interface Preparation {
  readonly forId: string | undefined;
  finish(): void;
}

/** A source whose preparations the test finishes one by one, in the order it chooses. */
function heldSource() {
  const state = { active: 'A' as string | undefined, made: [] as string[], closed: [] as string[] };
  const preparations: Preparation[] = [];
  const source = {
    activeId: () => state.active,
    prepare: () => {
      const forId = state.active;
      return new Promise<PreparedSession<string> | undefined>((resolve) => {
        preparations.push({
          forId,
          finish: () =>
            resolve(
              forId === undefined
                ? undefined
                : {
                    key: forId,
                    make: () => {
                      const session = `${forId}#${state.made.length + 1}`;
                      state.made.push(session);
                      return session;
                    },
                  },
            ),
        });
      });
    },
    close: (session: string) => state.closed.push(session),
  };
  return { state, preparations, cache: new SessionCache(source) };
}

/** Lets the promises already settled run their continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the session cache across profile switches', () => {
  it('a preparation for the profile left, finished after the new one, does not close the new session', async () => {
    const { state, preparations, cache } = heldSource();
    const asked = cache.get();
    // The user switches to B while A's session is being prepared; B's session is asked for and made first.
    state.active = 'B';
    cache.drop();
    const second = cache.get();
    preparations[1]?.finish();
    assert.equal(await second, 'B#1');
    preparations[0]?.finish();
    await settle();
    // A's preparation is stale: the cache prepares the active profile's again and finds it kept.
    preparations[2]?.finish();
    assert.equal(await asked, 'B#1', 'the late answer is the active profile session');
    assert.deepEqual(state.closed, [], 'no session was closed');
    assert.deepEqual(state.made, ['B#1']);
  });

  it('keeps one session while the profile and key stay, and closes it when replaced', async () => {
    const { state, preparations, cache } = heldSource();
    const first = cache.get();
    preparations[0]?.finish();
    const again = cache.get();
    preparations[1]?.finish();
    assert.equal(await first, 'A#1');
    assert.equal(await again, 'A#1');
    state.active = 'B';
    const other = cache.get();
    preparations[2]?.finish();
    assert.equal(await other, 'B#2');
    assert.deepEqual(state.closed, ['A#1']);
  });

  it('answers undefined when the active profile can have no session, and stops preparing after a few switches', async () => {
    const { state, preparations, cache } = heldSource();
    state.active = undefined;
    const none = cache.get();
    preparations[0]?.finish();
    assert.equal(await none, undefined);

    state.active = 'A';
    const busy = cache.get();
    let index = 1;
    while (index < preparations.length && index < 50) {
      // A switch during every preparation: the cache prepares again, a bounded number of times.
      state.active = state.active === 'A' ? 'B' : 'A';
      preparations[index]?.finish();
      index += 1;
      await settle();
    }
    assert.equal(index - 1, 8, 'eight preparations for one ask, then the last is used');
    assert.ok(await busy);
  });
});
