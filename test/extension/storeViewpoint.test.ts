/**
 * The organization store, in the extension host against the local sandbox: an activity is held as this window's
 * user reads it. A teammate's request handed to the store as they submitted it (their `canApprove` is theirs, false
 * once they voted) is replaced by the next reading of the open activities, where this user may approve it.
 */
import * as assert from 'node:assert/strict';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { listOpenActivities } from '../../src/extension/inbox/openActivities';
import { OrganizationStore, type StoreSession } from '../../src/extension/store/organizationStore';
import { extensionApi, organizationNamed } from './hostSupport';
import { sandboxOrganizations } from './sandboxProfiles';

describe("the organization store holds activities as this window's user reads them", function () {
  this.timeout(60_000);

  it("a teammate's request, handed over as they read it, is open for this user's vote after the next look", async () => {
    const api = await extensionApi();
    const team = organizationNamed(await sandboxOrganizations(api), 'Team');
    const baseUrl = api.localSandbox.running?.baseUrl;
    assert.ok(baseUrl);
    const clientOf = (user: number) => {
      const key = team.users[user]?.apiKeys[0];
      assert.ok(key, `Team has a user ${user} with a key`);
      return new CountersignClient(
        { baseUrl },
        new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
      );
    };
    const [teammate, you] = [clientOf(0), clientOf(1)];
    const session: StoreSession = {
      profile: { id: 'store-Team-second-root', organizationId: team.organizationId, baseUrl },
      client: you,
    };
    const store = new OrganizationStore({
      session: () => Promise.resolve(session),
      intervalMs: () => 60_000,
      focused: () => false,
      listOpen: listOpenActivities,
      debug: () => undefined,
      warn: () => undefined,
    });
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
      store.dispose();
      await Promise.all([teammate.close(), you.close()]);
    }
  });
});
