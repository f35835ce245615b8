import * as assert from 'node:assert/strict';
import type { TurnkeyClient } from '@turnkey/http';
import { ActivityFailedError, ServiceError, type CountersignClient } from '../../src/api';
import { ApiKeyStamper, CountersignClient as Client, generateApiKeyPair } from '../../src/api/remote';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

describe('sandbox: create_api_keys, delete_api_keys, delete_users and update_user', () => {
  let t: TestSandbox;
  let demoId: string;
  let rootId: string;
  beforeEach(async () => {
    t = await startTestSandbox();
    demoId = t.organization('Demo').organizationId;
    rootId = t.organization('Demo').users[0]?.userId ?? '';
  });
  afterEach(() => t.close());

  const official = (): TurnkeyClient => officialClient(t, 'Demo');
  const timestampMs = (): string => String(t.clock.now());
  const newKey = (name: string) => {
    const pair = generateApiKeyPair();
    return {
      params: { apiKeyName: name, publicKey: pair.publicKey, curveType: 'API_KEY_CURVE_P256' as const },
      client: new Client(
        { baseUrl: t.baseUrl },
        new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
        { maxAttempts: 1, now: t.clock.now },
      ),
    };
  };
  const refusedAsUnknown = (error: unknown): boolean => error instanceof ServiceError && error.status === 401;

  /** A Demo user (not a root user) with one API key, and their client. */
  async function newUser(name: string): Promise<{ userId: string; client: CountersignClient }> {
    const key = newKey(`${name} key`);
    const activity = await t.clientFor('Demo').createUsers({
      organizationId: demoId,
      parameters: {
        users: [{ userName: name, apiKeys: [key.params], authenticators: [], oauthProviders: [], userTags: [] }],
      },
    });
    const userId = (activity.result['createUsersResult'] as { userIds: string[] }).userIds[0] ?? '';
    return { userId, client: key.client };
  }

  it('create_api_keys through the official client: the new key stamps for its user at once', async () => {
    const key = newKey('second key');
    const { activity } = await official().createApiKeys({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { userId: rootId, apiKeys: [key.params] },
    });
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(activity.result.createApiKeysResult?.apiKeyIds.length, 1);
    assert.equal((await key.client.whoami({ organizationId: demoId })).userId, rootId);
    // The same key again is refused: a stamp must name one user.
    await assert.rejects(
      t
        .clientFor('Demo')
        .createApiKeys({ organizationId: demoId, parameters: { userId: rootId, apiKeys: [key.params] } }),
      ActivityFailedError,
    );
  });

  it('delete_api_keys: a deleted key no longer authenticates; a user keeps one long-lived credential', async () => {
    const user = await newUser('Dana');
    const { user: dana } = await official().getUser({ organizationId: demoId, userId: user.userId });
    const onlyKey = dana.apiKeys[0]?.apiKeyId ?? '';
    await assert.rejects(
      t
        .clientFor('Demo')
        .deleteApiKeys({ organizationId: demoId, parameters: { userId: user.userId, apiKeyIds: [onlyKey] } }),
      (error: unknown) => error instanceof ActivityFailedError && /long-lived credential/.test(error.message),
    );
    const second = newKey('Dana second key');
    await t
      .clientFor('Demo')
      .createApiKeys({ organizationId: demoId, parameters: { userId: user.userId, apiKeys: [second.params] } });
    const { activity } = await official().deleteApiKeys({
      type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { userId: user.userId, apiKeyIds: [onlyKey] },
    });
    assert.deepEqual(activity.result.deleteApiKeysResult?.apiKeyIds, [onlyKey]);
    await assert.rejects(user.client.whoami({ organizationId: demoId }), refusedAsUnknown);
    assert.equal((await second.client.whoami({ organizationId: demoId })).userId, user.userId);
  });

  it('delete_users: the user and their keys go; a root user is refused until taken out of the root quorum', async () => {
    const user = await newUser('Erin');
    const { activity } = await official().deleteUsers({
      type: 'ACTIVITY_TYPE_DELETE_USERS',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { userIds: [user.userId] },
    });
    assert.deepEqual(activity.result.deleteUsersResult?.userIds, [user.userId]);
    const { users } = await official().getUsers({ organizationId: demoId });
    assert.ok(!users.some((u) => u.userId === user.userId));
    await assert.rejects(user.client.whoami({ organizationId: demoId }), refusedAsUnknown);
    await assert.rejects(
      t.clientFor('Demo').deleteUsers({ organizationId: demoId, parameters: { userIds: [rootId] } }),
      (error: unknown) => error instanceof ActivityFailedError && /root quorum/.test(error.message),
    );
  });

  it("a deleted user's approval of a waiting activity stops counting", async () => {
    const a = await newUser('Approver A');
    const b = await newUser('Approver B');
    await t.clientFor('Demo').createPolicy({
      organizationId: demoId,
      parameters: {
        policyName: 'Tags with A and B',
        effect: 'EFFECT_ALLOW',
        condition: "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'",
        consensus: `approvers.any(u, u.id == '${a.userId}') && approvers.any(u, u.id == '${b.userId}')`,
        notes: '',
      },
    });
    const pending = await a.client.createPrivateKeyTag({
      organizationId: demoId,
      parameters: { privateKeyTagName: 'by A', privateKeyIds: [] },
    });
    assert.equal(pending.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    await t.clientFor('Demo').deleteUsers({ organizationId: demoId, parameters: { userIds: [a.userId] } });
    const voted = await b.client.approveActivity({
      organizationId: demoId,
      parameters: { fingerprint: pending.fingerprint ?? '' },
    });
    assert.equal(voted.status, 'ACTIVITY_STATUS_COMPLETED', 'the vote itself is recorded');
    const after = await t.clientFor('Demo').getActivity({ organizationId: demoId, activityId: pending.id });
    assert.equal(after.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', "A's approval no longer counts");
  });

  it('update_user: name, email and the whole list of tags change; an unknown tag fails', async () => {
    const user = await newUser('Finn');
    const tag = await t
      .clientFor('Demo')
      .createUserTag({ organizationId: demoId, parameters: { userTagName: 'ops', userIds: [] } });
    const tagId = (tag.result['createUserTagResult'] as { userTagId: string }).userTagId;
    const { activity } = await official().updateUser({
      type: 'ACTIVITY_TYPE_UPDATE_USER',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { userId: user.userId, userName: 'Finn R.', userEmail: 'finn@example.com', userTagIds: [tagId] },
    });
    assert.equal(activity.result.updateUserResult?.userId, user.userId);
    const { user: read } = await official().getUser({ organizationId: demoId, userId: user.userId });
    assert.equal(read.userName, 'Finn R.');
    assert.equal(read.userEmail, 'finn@example.com');
    assert.deepEqual(read.userTags, [tagId]);
    await assert.rejects(
      t
        .clientFor('Demo')
        .updateUser({ organizationId: demoId, parameters: { userId: user.userId, userTagIds: ['no-such-tag'] } }),
      (error: unknown) => error instanceof ActivityFailedError && /user tag not found/.test(error.message),
    );
  });
});
