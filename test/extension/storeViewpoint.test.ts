/**
 * The organization store, in the extension host against the local sandbox: an activity is held as this window's
 * user reads it. A teammate's request handed to the store as they submitted it (their `canApprove` is theirs, false
 * once they voted) is replaced by the next reading of the open activities, where this user may approve it.
 */
import * as assert from 'node:assert/strict';
import { extensionApi } from './hostSupport';
import { storeSessions } from './storeSessions';

describe("the organization store holds activities as this window's user reads them", function () {
  this.timeout(60_000);

  it("a teammate's request, handed over as they read it, is open for this user's vote after the next look", async () => {
    const sessions = await storeSessions(await extensionApi());
    const team = sessions.organization('Team');
    const teammate = sessions.sessionOf(team, 0).client;
    const you = sessions.sessionOf(team, 1);
    const store = sessions.store(() => you);
    try {
      await store.refreshOpen();
      const asked = await teammate.createPrivateKeyTag({
        organizationId: team.organizationId,
        parameters: { privateKeyTagName: `Their request ${Date.now()}`, privateKeyIds: [] },
      });
      assert.equal(asked.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      assert.equal(asked.canApprove, false, 'the teammate voted by submitting: they may not approve again');
      await store.submit(asked);

      const snapshot = await store.refreshOpen();
      const open = snapshot?.open.find((activity) => activity.id === asked.id);
      assert.ok(open, 'the request is among the open activities');
      assert.equal(open.canApprove, true, 'this user may approve it');
      assert.equal(store.activity(asked.id)?.canApprove, true);
    } finally {
      await sessions.close();
    }
  });

  it('a request submitted here, held since its submission, joins the open activities at the next look', async () => {
    const sessions = await storeSessions(await extensionApi());
    const team = sessions.organization('Team');
    const you = sessions.sessionOf(team, 0);
    const store = sessions.store(() => you);
    try {
      await store.refreshOpen();
      const asked = await you.client.createPrivateKeyTag({
        organizationId: team.organizationId,
        parameters: { privateKeyTagName: `Your request ${Date.now()}`, privateKeyIds: [] },
      });
      assert.equal(asked.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      await store.submit(asked);

      const snapshot = await store.refreshOpen();
      assert.ok(
        snapshot?.open.some((activity) => activity.id === asked.id),
        'the request is among the open activities',
      );
    } finally {
      await sessions.close();
    }
  });
});
