import * as assert from 'node:assert/strict';
import { TurnkeyClient } from '@turnkey/http';
import { ActivityFailedError, ServiceError, type CountersignClient } from '../../src/api';
import { ApiKeyStamper, CountersignClient as Client, generateApiKeyPair } from '../../src/api/remote';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type SeededOrganizationName, type TestSandbox } from '../support/startTestSandbox';

/** A new key pair, as create_users takes it, and a client of ours that stamps with it. */
function newApiKey(name: string): { params: Record<string, string>; stamper: ApiKeyStamper } {
  const pair = generateApiKeyPair();
  return {
    params: { apiKeyName: name, publicKey: pair.publicKey, curveType: 'API_KEY_CURVE_P256' },
    stamper: new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
  };
}

describe('sandbox: users, user tags, the root quorum and private keys', () => {
  let t: TestSandbox;
  let demo: CountersignClient;
  let demoId: string;
  beforeEach(async () => {
    t = await startTestSandbox();
    demo = t.clientFor('Demo');
    demoId = t.organization('Demo').organizationId;
  });
  afterEach(() => t.close());

  const official = (name: SeededOrganizationName, userIndex = 0): TurnkeyClient => officialClient(t, name, userIndex);
  const timestampMs = (): string => String(t.clock.now());
  const clientWith = (stamper: ApiKeyStamper): CountersignClient =>
    new Client({ baseUrl: t.baseUrl }, stamper, { maxAttempts: 1, now: t.clock.now });

  it('create_users (V4) through the official client: the users, their keys and tags read back, and they can act', async () => {
    const tag = await official('Demo').createUserTag({
      type: 'ACTIVITY_TYPE_CREATE_USER_TAG',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { userTagName: 'finance', userIds: [] },
    });
    assert.equal(tag.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const financeId = tag.activity.result.createUserTagResult?.userTagId;
    assert.ok(financeId);

    const alice = newApiKey('alice key');
    const bob = newApiKey('bob key');
    const created = await official('Demo').createUsers({
      type: 'ACTIVITY_TYPE_CREATE_USERS_V4',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: {
        users: [
          {
            userName: 'Alice',
            userEmail: 'alice@example.com',
            apiKeys: [alice.params as never],
            authenticators: [],
            oauthProviders: [],
            userTags: [financeId],
          },
          { userName: 'Bob', apiKeys: [bob.params as never], authenticators: [], oauthProviders: [], userTags: [] },
        ],
      },
    });
    assert.equal(created.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(created.activity.type, 'ACTIVITY_TYPE_CREATE_USERS_V4');
    assert.ok(created.activity.intent.createUsersIntentV4);
    const userIds = created.activity.result.createUsersResult?.userIds ?? [];
    assert.equal(userIds.length, 2);

    const listed = await official('Demo').getUsers({ organizationId: demoId });
    assert.equal(listed.users.length, 3);
    const { user } = await official('Demo').getUser({ organizationId: demoId, userId: userIds[0] ?? '' });
    assert.equal(user.userName, 'Alice');
    assert.equal(user.userEmail, 'alice@example.com');
    assert.deepEqual(user.userTags, [financeId]);
    assert.equal(user.apiKeys[0]?.credential.publicKey, alice.params['publicKey']);
    assert.equal(user.apiKeys[0]?.credential.type, 'CREDENTIAL_TYPE_API_KEY_P256');
    // Our client reads the same shapes.
    const ours = await demo.getUser({ organizationId: demoId, userId: userIds[1] ?? '' });
    assert.equal(ours.userName, 'Bob');
    assert.deepEqual(ours.userTags, []);

    // The new user can act with their own key, and is not a root user.
    const asAlice = clientWith(alice.stamper);
    const me = await asAlice.whoami({ organizationId: demoId });
    assert.equal(me.userId, userIds[0]);
    const quorum = (await demo.getOrganization({ organizationId: demoId })).rootQuorum;
    assert.deepEqual(quorum.userIds, [t.organization('Demo').users[0]?.userId]);
    await asAlice.close();
  });

  it('a non-root user does not meet the root quorum: denied with no policy, waiting for a root vote with one', async () => {
    const carol = newApiKey('carol key');
    const created = await demo.createUsers({
      organizationId: demoId,
      parameters: {
        users: [
          { userName: 'Carol', apiKeys: [carol.params as never], authenticators: [], oauthProviders: [], userTags: [] },
        ],
      },
    });
    assert.equal(created.status, 'ACTIVITY_STATUS_COMPLETED');
    const asCarol = clientWith(carol.stamper);
    const tag = (name: string) =>
      asCarol.createPrivateKeyTag({
        organizationId: demoId,
        parameters: { privateKeyTagName: name, privateKeyIds: [] },
      });
    // Users other than root users start with no permission: nothing allows it, and no root user approved it.
    await assert.rejects(tag('by carol'), (error: unknown) => error instanceof ServiceError && error.status === 403);
    const rootId = t.organization('Demo').users[0]?.userId ?? '';
    await demo.createPolicy({
      organizationId: demoId,
      parameters: {
        policyName: 'Tags with a root approval',
        effect: 'EFFECT_ALLOW',
        condition: "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'",
        consensus: `approvers.any(u, u.id == '${rootId}')`,
        notes: '',
      },
    });
    const pending = await tag('by carol, approved');
    assert.equal(pending.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.equal(pending.canApprove, false);
    const approved = await demo.approveActivity({
      organizationId: demoId,
      parameters: { fingerprint: pending.fingerprint ?? '' },
    });
    assert.equal(approved.status, 'ACTIVITY_STATUS_COMPLETED');
    const done = await demo.getActivity({ organizationId: demoId, activityId: pending.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    await asCarol.close();
  });

  it('user tags: create, rename, move and delete through the official client; deleting takes them off users', async () => {
    const tk = official('Demo');
    const rootId = t.organization('Demo').users[0]?.userId ?? '';
    const created = await tk.createUserTag({
      type: 'ACTIVITY_TYPE_CREATE_USER_TAG',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { userTagName: 'ops', userIds: [rootId] },
    });
    const tagId = created.activity.result.createUserTagResult?.userTagId ?? '';
    assert.deepEqual(created.activity.result.createUserTagResult?.userIds, [rootId]);
    assert.deepEqual((await tk.getUser({ organizationId: demoId, userId: rootId })).user.userTags, [tagId]);
    const listed = await tk.listUserTags({ organizationId: demoId });
    assert.deepEqual(
      listed.userTags.map((x) => [x.tagId, x.tagName, x.tagType]),
      [[tagId, 'ops', 'TAG_TYPE_USER']],
    );

    const updated = await tk.updateUserTag({
      type: 'ACTIVITY_TYPE_UPDATE_USER_TAG',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { userTagId: tagId, newUserTagName: 'operations', addUserIds: [], removeUserIds: [rootId] },
    });
    assert.equal(updated.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(updated.activity.result.updateUserTagResult?.userTagId, tagId);
    assert.deepEqual((await tk.getUser({ organizationId: demoId, userId: rootId })).user.userTags, []);
    assert.equal((await demo.listUserTags({ organizationId: demoId }))[0]?.tagName, 'operations');

    await demo.updateUserTag({
      organizationId: demoId,
      parameters: { userTagId: tagId, addUserIds: [rootId], removeUserIds: [] },
    });
    assert.deepEqual((await demo.getUser({ organizationId: demoId, userId: rootId })).userTags, [tagId]);

    const deleted = await tk.deleteUserTags({
      type: 'ACTIVITY_TYPE_DELETE_USER_TAGS',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { userTagIds: [tagId] },
    });
    assert.deepEqual(deleted.activity.result.deleteUserTagsResult, { userTagIds: [tagId], userIds: [rootId] });
    assert.deepEqual((await demo.getUser({ organizationId: demoId, userId: rootId })).userTags, []);
    assert.deepEqual(await demo.listUserTags({ organizationId: demoId }), []);
  });

  it('refuses a duplicate tag name, an unknown user id, an unknown tag, and a threshold above the users', async () => {
    await demo.createUserTag({ organizationId: demoId, parameters: { userTagName: 'finance', userIds: [] } });
    await assert.rejects(
      demo.createUserTag({ organizationId: demoId, parameters: { userTagName: 'finance', userIds: [] } }),
      (error: unknown) =>
        error instanceof ActivityFailedError &&
        /a user tag named "finance" already exists in this organization/.test(error.message),
    );
    const unknownId = '00000000-0000-4000-8000-000000000001';
    await assert.rejects(
      demo.createUserTag({ organizationId: demoId, parameters: { userTagName: 'other', userIds: [unknownId] } }),
      (error: unknown) =>
        error instanceof ActivityFailedError &&
        error.message.includes(`user not found: no user with ID ${unknownId} in this organization`),
    );
    await assert.rejects(
      demo.deleteUserTags({ organizationId: demoId, parameters: { userTagIds: [unknownId] } }),
      (error: unknown) => error instanceof ActivityFailedError && /user tag not found/.test(error.message),
    );
    const rootId = t.organization('Demo').users[0]?.userId ?? '';
    await assert.rejects(
      demo.updateRootQuorum({ organizationId: demoId, parameters: { threshold: 2, userIds: [rootId] } }),
      {
        status: 400,
        message: /the threshold \(2\) is greater than the number of root users \(1\)/,
      },
    );
    await assert.rejects(
      demo.updateRootQuorum({ organizationId: demoId, parameters: { threshold: 1, userIds: [unknownId] } }),
      (error: unknown) => error instanceof ActivityFailedError && /user not found/.test(error.message),
    );
    // Nothing of the refused requests stayed.
    assert.equal((await demo.listUserTags({ organizationId: demoId })).length, 1);
    assert.equal((await demo.getOrganization({ organizationId: demoId })).rootQuorum.threshold, 1);
  });

  it('update_root_quorum through the official client: a threshold of 2 makes the next activity wait for a second root vote', async () => {
    const second = newApiKey('second root key');
    const created = await demo.createUsers({
      organizationId: demoId,
      parameters: {
        users: [
          {
            userName: 'Second',
            apiKeys: [second.params as never],
            authenticators: [],
            oauthProviders: [],
            userTags: [],
          },
        ],
      },
    });
    const secondId = (created.result?.['createUsersResult'] as { userIds: string[] }).userIds[0] ?? '';
    const rootId = t.organization('Demo').users[0]?.userId ?? '';
    const quorum = await official('Demo').updateRootQuorum({
      type: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: { threshold: 2, userIds: [rootId, secondId] },
    });
    assert.equal(quorum.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(quorum.activity.result.updateRootQuorumResult, {});
    const read = (await demo.getOrganization({ organizationId: demoId })).rootQuorum;
    assert.deepEqual(read, { threshold: 2, userIds: [rootId, secondId] });

    const pending = await demo.createUserTag({ organizationId: demoId, parameters: { userTagName: 'x', userIds: [] } });
    assert.equal(pending.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const asSecond = clientWith(second.stamper);
    const vote = await asSecond.approveActivity({
      organizationId: demoId,
      parameters: { fingerprint: pending.fingerprint ?? '' },
    });
    assert.equal(vote.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal((await demo.listUserTags({ organizationId: demoId }))[0]?.tagName, 'x');
    await asSecond.close();
  });

  it('create_private_keys (V2) with tags, and update_private_key_tag, through the official client', async () => {
    const tk = official('Demo');
    const tag = await demo.createPrivateKeyTag({
      organizationId: demoId,
      parameters: { privateKeyTagName: 'hot', privateKeyIds: [] },
    });
    const hotId = (tag.result?.['createPrivateKeyTagResult'] as { privateKeyTagId: string }).privateKeyTagId;
    const created = await tk.createPrivateKeys({
      type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: {
        privateKeys: [
          {
            privateKeyName: 'Hot wallet',
            curve: 'CURVE_SECP256K1',
            privateKeyTags: [hotId],
            addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
          },
        ],
      },
    });
    assert.equal(created.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.ok(created.activity.intent.createPrivateKeysIntentV2);
    const [result] = created.activity.result.createPrivateKeysResultV2?.privateKeys ?? [];
    assert.ok(result?.privateKeyId);
    assert.equal(result.addresses?.[0]?.format, 'ADDRESS_FORMAT_ETHEREUM');
    assert.match(result.addresses?.[0]?.address ?? '', /^0x[0-9a-fA-F]{40}$/);
    const key = await demo.getPrivateKey({ organizationId: demoId, privateKeyId: result.privateKeyId });
    assert.deepEqual(key.privateKeyTags, [hotId]);
    assert.equal(JSON.stringify(key).includes('signingKey'), false);

    // The new key signs.
    const signed = await demo.signRawPayload({
      organizationId: demoId,
      parameters: {
        signWith: result.privateKeyId,
        payload: 'aa'.repeat(32),
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    });
    assert.equal(signed.status, 'ACTIVITY_STATUS_COMPLETED');

    const renamed = await tk.updatePrivateKeyTag({
      type: 'ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: {
        privateKeyTagId: hotId,
        newPrivateKeyTagName: 'hot wallets',
        addPrivateKeyIds: [],
        removePrivateKeyIds: [result.privateKeyId],
      },
    });
    assert.equal(renamed.activity.result.updatePrivateKeyTagResult?.privateKeyTagId, hotId);
    assert.deepEqual(
      (await demo.getPrivateKey({ organizationId: demoId, privateKeyId: result.privateKeyId })).privateKeyTags,
      [],
    );
    assert.equal((await demo.listPrivateKeyTags({ organizationId: demoId }))[0]?.tagName, 'hot wallets');

    await assert.rejects(
      demo.createPrivateKeys({
        organizationId: demoId,
        parameters: {
          privateKeys: [
            { privateKeyName: 'Hot wallet', curve: 'CURVE_SECP256K1', privateKeyTags: [], addressFormats: [] },
          ],
        },
      }),
      (error: unknown) =>
        error instanceof ActivityFailedError && /a private key named "Hot wallet" already exists/.test(error.message),
    );
    await assert.rejects(
      demo.createPrivateKeys({
        organizationId: demoId,
        parameters: {
          privateKeys: [{ privateKeyName: 'P', curve: 'CURVE_P256', privateKeyTags: [], addressFormats: [] }],
        },
      }),
      { status: 400 },
    );
  });
});
