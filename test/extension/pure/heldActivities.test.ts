/**
 * What the store holds of the activities, kept from readings the sandbox gave: news told once, a newer reading never
 * replaced by an older one, an ended activity no longer followed, the open set kept as the same snapshot while it does
 * not change, and what this window did kept across a profile switch.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import { HeldActivities } from '../../../src/extension/store/heldActivities';
import type { OpenSnapshot } from '../../../src/extension/store/storeTypes';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';

describe('store: the activities it holds', function () {
  this.timeout(30_000);
  let t: TestSandbox;
  let organizationId: string;
  beforeEach(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Team').organizationId;
  });
  afterEach(async () => {
    await t.close();
  });

  /** A tag request of Team's first root user, waiting for the second's vote. */
  async function submitted(name: string): Promise<Activity> {
    const activity = await t.clientFor('Team', 0).createPrivateKeyTag({
      organizationId,
      parameters: { privateKeyTagName: name, privateKeyIds: [] },
    });
    assert.equal(activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    return activity;
  }

  /** The activity once the second root user approved it, as the first reads it. */
  async function approved(activity: Activity): Promise<Activity> {
    await t.clientFor('Team', 1).approveActivity({
      organizationId,
      parameters: { fingerprint: activity.fingerprint },
    });
    const read = await t.clientFor('Team', 0).getActivity({ organizationId, activityId: activity.id });
    assert.equal(read.status, 'ACTIVITY_STATUS_COMPLETED');
    return read;
  }

  const listing = (...activities: Activity[]) => ({
    organizationId,
    order: activities.map((a) => a.id),
    hasMore: false,
  });
  const openSet = (...activities: Activity[]): OpenSnapshot => ({ organizationId, open: activities, listedAll: true });
  const followed = (held: HeldActivities) => [...held.held([]).followed];
  const leaving = (held: HeldActivities) => [...held.held([]).leaving];

  it('tells a completion the listing read once, and stops following the activity that ended', async () => {
    const held = new HeldActivities();
    const waiting = await submitted('Listed');
    assert.deepEqual(held.note(waiting), { activityIds: [waiting.id], open: false });
    assert.deepEqual(followed(held), [waiting.id]);

    const done = await approved(waiting);
    assert.deepEqual(held.keepListed([done], listing(done)), { changed: [done.id], completed: true });
    assert.deepEqual(followed(held), []);
    assert.deepEqual(held.listing?.order, [done.id]);
    // The same page read again brings no news.
    assert.deepEqual(held.keepListed([done], listing(done)), { changed: [], completed: false });
  });

  it('keeps the newer reading when an older one arrives after it', async () => {
    const held = new HeldActivities();
    const waiting = await submitted('Older');
    const done = await approved(waiting);
    // A first reading is kept but is no news: no reader showed the activity before.
    assert.deepEqual(held.keepRead(done), { changed: [], completed: false });
    assert.deepEqual(held.keepListed([waiting], listing(waiting)), { changed: [], completed: false });
    assert.equal(held.get(done.id)?.status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it('keeps the open snapshot while the set is the same, and reads once what left it', async () => {
    const held = new HeldActivities();
    const first = await submitted('First');
    const kept = held.keepOpen(openSet(first));
    assert.deepEqual(kept.changed, [first.id]);
    // The same set, read again: the same snapshot, nothing to tell.
    const again = held.keepOpen(openSet(first));
    assert.equal(again.snapshot, kept.snapshot);
    assert.equal(again.changed, undefined);

    // One submitted here, held as the set will read it, joins the set: the set is another, its activity no news.
    const second = await submitted('Second');
    held.note(second);
    const joined = held.keepOpen(openSet(second, first));
    assert.notEqual(joined.snapshot, kept.snapshot);
    assert.deepEqual(joined.changed, []);

    // The first ended elsewhere and left the set: it is read once to learn how, then no longer.
    const done = await approved(first);
    held.keepOpen(openSet(second));
    assert.deepEqual(leaving(held), [first.id]);
    assert.equal(held.keepLooked(first.id, done), true);
    assert.deepEqual(leaving(held), []);
    assert.equal(held.keepLooked(first.id, done), false);
  });

  it('forgets the profile’s activities on a switch but keeps what this window did', async () => {
    const held = new HeldActivities();
    const mine = await submitted('Mine');
    held.note(mine);
    held.keepOpen(openSet(mine));
    held.clear();
    assert.equal(held.has(mine.id), false);
    assert.equal(held.open, undefined);
    assert.deepEqual(followed(held), []);
    assert.equal(held.isHere(mine.id), true);
  });
});
