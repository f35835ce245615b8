/**
 * The organization store's lifecycle, in the extension host against the local sandbox: its poll plans one look at
 * a time (a sooner plan replaces the later one, and nothing is left to fire once it is disposed), and what a read
 * begun for one profile brings back after a switch to another is dropped, not kept for the new one, while what
 * the new profile submitted before the store's first read of it is kept and followed.
 */
import * as assert from 'node:assert/strict';
import { CountersignClient } from '../../src/api/remote';
import { Poller, type LookTimers } from '../../src/extension/store/poller';
import { extensionApi } from './hostSupport';
import { changesDuring, storeSessions } from './storeSessions';

/** Timers the test holds: planned ones wait until the test runs them. */
function heldTimers(): LookTimers & { readonly live: Map<number, () => void> } {
  const live = new Map<number, () => void>();
  let next = 0;
  return {
    live,
    set: (run) => {
      next += 1;
      live.set(next, run);
      return next;
    },
    clear: (handle) => {
      live.delete(handle as number);
    },
  };
}

describe('the organization store: one planned look, and reads of another profile dropped', function () {
  this.timeout(60_000);

  it('replaces a later planned look by a sooner one, and leaves nothing to fire once disposed', async () => {
    const timers = heldTimers();
    let intervalMs = 60_000;
    let looks = 0;
    const poller = new Poller({
      intervalMs: () => intervalMs,
      focused: () => true,
      pending: () => 1,
      look: () => {
        looks += 1;
        return Promise.resolve({ outcome: 'unchanged', requests: 0 });
      },
      timers,
    });
    try {
      poller.watch({ kind: 'inbox' });
      assert.equal(timers.live.size, 1, 'the inbox watches: one look is planned');
      const later = poller.delayMs();
      intervalMs = 1_000;
      const sooner = poller.delayMs();
      assert.ok(sooner !== undefined && later !== undefined && sooner < later, `${sooner} ms comes before ${later}`);
      poller.replan();
      assert.equal(timers.live.size, 1, 'the sooner look replaced the later one');
      assert.equal(poller.planned, true);
    } finally {
      poller.dispose();
    }
    assert.equal(timers.live.size, 0, 'disposed: no look is left planned');
    // Whatever was left would fire now; a disposed poller looks no more.
    for (const run of [...timers.live.values()]) run();
    await Promise.resolve();
    assert.equal(looks, 0);
  });

  it('drops the Activities listing a read began for one profile and answered after a switch to another', async () => {
    const sessions = await storeSessions(await extensionApi());
    let asked: () => void = () => undefined;
    const wasAsked = new Promise<void>((resolve) => (asked = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    /** The real client, whose list_activities answer the test holds until the switch is done. */
    class HeldClient extends CountersignClient {
      override async listActivities(...args: Parameters<CountersignClient['listActivities']>) {
        asked();
        await released;
        return super.listActivities(...args);
      }
    }
    const team = sessions.organization('Team');
    const before = sessions.sessionOf(team, 0, HeldClient);
    const after = sessions.sessionOf(sessions.organization('Demo'));
    // Team has activities: a listing kept across the switch would show them.
    const teamActivities = await sessions.sessionOf(team).client.listActivities({
      organizationId: team.organizationId,
    });
    let current = before;
    const store = sessions.store(() => current);
    try {
      const reading = store.loadListing(10);
      await wasAsked;
      current = after;
      // The store sees the other profile with its next read: everything known of Team goes.
      await store.organization();
      release();
      assert.equal(await reading, undefined, 'the listing read for Team is not returned as the current one');
      assert.equal(store.listing, undefined, 'nor kept for Demo');
      for (const activity of teamActivities) assert.equal(store.activity(activity.id), undefined);
    } finally {
      release();
      await sessions.close();
    }
  });

  it('keeps and follows what the new profile submitted before the store had read anything of it', async () => {
    const sessions = await storeSessions(await extensionApi());
    const team = sessions.organization('Team');
    let current = sessions.sessionOf(sessions.organization('Demo'));
    const store = sessions.store(() => current);
    try {
      await store.organization();
      // The profile switches to Team, and a command submits there before any read of the store.
      current = sessions.sessionOf(team, 0);
      const waiting = await current.client.createPrivateKeyTag({
        organizationId: team.organizationId,
        parameters: { privateKeyTagName: `Kept across the switch ${Date.now()}`, privateKeyIds: [] },
      });
      assert.equal(waiting.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      await store.submit(waiting);
      await store.organization();
      assert.equal(store.activity(waiting.id)?.status, waiting.status, 'the submission is still held');

      let read: Awaited<ReturnType<typeof store.readActivity>>;
      const heard = await changesDuring(store, async () => {
        await sessions.sessionOf(team, 1).client.approveActivity({
          organizationId: team.organizationId,
          parameters: { fingerprint: waiting.fingerprint },
        });
        read = await store.readActivity(waiting.id, { fresh: true });
      });
      assert.equal(read?.status, 'ACTIVITY_STATUS_COMPLETED');
      const told = heard.filter((ids) => ids.includes(waiting.id)).length;
      assert.equal(told, 1, "its completion is told once to the store's readers");
    } finally {
      await sessions.close();
    }
  });

  it('tells of a completion the Activities listing read first, once, though the poll then finds nothing new', async () => {
    const sessions = await storeSessions(await extensionApi());
    const team = sessions.organization('Team');
    const asker = sessions.sessionOf(team, 0);
    const store = sessions.store(() => asker);
    try {
      const waiting = await asker.client.createPrivateKeyTag({
        organizationId: team.organizationId,
        parameters: { privateKeyTagName: `Listed first ${Date.now()}`, privateKeyIds: [] },
      });
      await store.submit(waiting);
      const completed = () => store.activity(waiting.id)?.status === 'ACTIVITY_STATUS_COMPLETED';
      const heard = await changesDuring(
        store,
        async () => {
          await sessions.sessionOf(team, 1).client.approveActivity({
            organizationId: team.organizationId,
            parameters: { fingerprint: waiting.fingerprint },
          });
          // The Activities view reads its page (a poll would read the activity itself): the completion is in it.
          const listing = await store.loadListing(10);
          assert.ok(listing?.order.includes(waiting.id));
          assert.ok(completed());
          await store.readActivity(waiting.id, { fresh: true });
        },
        completed,
      );
      const told = heard.filter((ids) => ids.includes(waiting.id)).length;
      assert.equal(told, 1, "the completion is told once to the store's readers");
    } finally {
      await sessions.close();
    }
  });

  it("tells a completion a page's own read finds as the poll would: the organization is read again", async () => {
    const sessions = await storeSessions(await extensionApi());
    const team = sessions.organization('Team');
    const asker = sessions.sessionOf(team, 0);
    const store = sessions.store(() => asker);
    try {
      const waiting = await asker.client.createPrivateKeyTag({
        organizationId: team.organizationId,
        parameters: { privateKeyTagName: `Read by its page ${Date.now()}`, privateKeyIds: [] },
      });
      await store.submit(waiting);
      await sessions.sessionOf(team, 1).client.approveActivity({
        organizationId: team.organizationId,
        parameters: { fingerprint: waiting.fingerprint },
      });
      const told: { ids: readonly string[]; organization: boolean }[] = [];
      const listening = store.onDidChange((change) =>
        told.push({ ids: change.activityIds, organization: change.organization }),
      );
      const read = await store.readActivity(waiting.id, { fresh: true });
      listening.dispose();
      assert.equal(read?.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.deepEqual(told, [{ ids: [waiting.id], organization: true }], 'one change, the organization with it');
    } finally {
      await sessions.close();
    }
  });
});
