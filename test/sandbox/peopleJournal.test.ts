import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ApiKeyStamper, CountersignClient, generateApiKeyPair } from '../../src/api/remote';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';

function demoClient(sandbox: RunningSandbox): { client: CountersignClient; organizationId: string; rootId: string } {
  const org = sandbox.credentials.organizations.find((o) => o.name === 'Demo');
  const user = org?.users[0];
  const key = user?.apiKeys[0];
  assert.ok(org && user && key);
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  return {
    client: new CountersignClient({ baseUrl: sandbox.baseUrl }, stamper, { maxAttempts: 1 }),
    organizationId: org.organizationId,
    rootId: user.userId,
  };
}

describe('sandbox: users, tags and the root quorum survive a restart', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-people-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back users with their keys and tags, user tags, the quorum and tagged private keys from the journal', async () => {
    const first = await startSandbox({ dataDir: dir });
    const { client, organizationId, rootId } = demoClient(first);
    const pair = generateApiKeyPair();
    let userId: string;
    let financeId: string;
    let keyId: string;
    try {
      const finance = await client.createUserTag({
        organizationId,
        parameters: { userTagName: 'finance', userIds: [] },
      });
      financeId = (finance.result?.['createUserTagResult'] as { userTagId: string }).userTagId;
      const gone = await client.createUserTag({
        organizationId,
        parameters: { userTagName: 'gone', userIds: [rootId] },
      });
      const goneId = (gone.result?.['createUserTagResult'] as { userTagId: string }).userTagId;
      const users = await client.createUsers({
        organizationId,
        parameters: {
          users: [
            {
              userName: 'Approver',
              apiKeys: [{ apiKeyName: 'approver key', publicKey: pair.publicKey, curveType: 'API_KEY_CURVE_P256' }],
              authenticators: [],
              oauthProviders: [],
              userTags: [financeId, goneId],
            },
          ],
        },
      });
      userId = (users.result?.['createUsersResult'] as { userIds: string[] }).userIds[0] ?? '';
      await client.updateUserTag({
        organizationId,
        parameters: { userTagId: financeId, newUserTagName: 'treasury', addUserIds: [rootId], removeUserIds: [] },
      });
      await client.deleteUserTags({ organizationId, parameters: { userTagIds: [goneId] } });
      const hot = await client.createPrivateKeyTag({
        organizationId,
        parameters: { privateKeyTagName: 'hot', privateKeyIds: [] },
      });
      const hotId = (hot.result?.['createPrivateKeyTagResult'] as { privateKeyTagId: string }).privateKeyTagId;
      const keys = await client.createPrivateKeys({
        organizationId,
        parameters: {
          privateKeys: [
            {
              privateKeyName: 'Hot',
              curve: 'CURVE_SECP256K1',
              privateKeyTags: [hotId],
              addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
            },
          ],
        },
      });
      keyId = (keys.result?.['createPrivateKeysResultV2'] as { privateKeys: { privateKeyId: string }[] }).privateKeys[0]
        ?.privateKeyId as string;
      await client.updatePrivateKeyTag({
        organizationId,
        parameters: {
          privateKeyTagId: hotId,
          newPrivateKeyTagName: 'hot keys',
          addPrivateKeyIds: [],
          removePrivateKeyIds: [],
        },
      });
      await client.updateRootQuorum({ organizationId, parameters: { threshold: 1, userIds: [rootId, userId] } });
    } finally {
      await client.close();
      await first.close();
    }

    const second = await startSandbox({ dataDir: dir });
    const again = demoClient(second);
    try {
      const users = await again.client.listUsers({ organizationId });
      const approver = users.find((u) => u.userId === userId);
      assert.equal(approver?.userName, 'Approver');
      assert.deepEqual(approver?.userTags, [financeId]);
      assert.equal(approver?.apiKeys[0]?.credential.publicKey, pair.publicKey);
      assert.deepEqual(users.find((u) => u.userId === rootId)?.userTags, [financeId]);
      assert.deepEqual(
        (await again.client.listUserTags({ organizationId })).map((t) => [t.tagId, t.tagName]),
        [[financeId, 'treasury']],
      );
      const organization = await again.client.getOrganization({ organizationId });
      assert.deepEqual(organization.rootQuorum, { threshold: 1, userIds: [rootId, userId] });
      const key = await again.client.getPrivateKey({ organizationId, privateKeyId: keyId });
      assert.equal(key.privateKeyName, 'Hot');
      assert.equal(key.privateKeyTags.length, 1);
      assert.equal((await again.client.listPrivateKeyTags({ organizationId }))[0]?.tagName, 'hot keys');
      // The new user's key still authenticates after the restart, and the key still signs.
      const asApprover = new CountersignClient(
        { baseUrl: second.baseUrl },
        new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
        { maxAttempts: 1 },
      );
      assert.equal((await asApprover.whoami({ organizationId })).userId, userId);
      await asApprover.close();
      const signed = await again.client.signRawPayload({
        organizationId,
        parameters: {
          signWith: keyId,
          payload: 'bb'.repeat(32),
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      });
      assert.equal(signed.status, 'ACTIVITY_STATUS_COMPLETED');
    } finally {
      await again.client.close();
      await second.close();
    }
  });
});
