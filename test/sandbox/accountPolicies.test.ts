import * as assert from 'node:assert/strict';
import { generateP256KeyPair } from '@turnkey/crypto';
import { ServiceError, type CountersignClient } from '../../src/api';
import { ApiKeyStamper, CountersignClient as Client, generateApiKeyPair } from '../../src/api/remote';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

describe('sandbox: policies over exports and the people operations', () => {
  let t: TestSandbox;
  let demoId: string;
  let member: { userId: string; client: CountersignClient };
  beforeEach(async () => {
    t = await startTestSandbox();
    demoId = t.organization('Demo').organizationId;
    const pair = generateApiKeyPair();
    const created = await t.clientFor('Demo').createUsers({
      organizationId: demoId,
      parameters: {
        users: [
          {
            userName: 'Member',
            apiKeys: [{ apiKeyName: 'member', publicKey: pair.publicKey, curveType: 'API_KEY_CURVE_P256' }],
            authenticators: [],
            oauthProviders: [],
            userTags: [],
          },
        ],
      },
    });
    member = {
      userId: (created.result['createUsersResult'] as { userIds: string[] }).userIds[0] ?? '',
      client: new Client(
        { baseUrl: t.baseUrl },
        new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
        { maxAttempts: 1, now: t.clock.now },
      ),
    };
  });
  afterEach(async () => {
    await member.client.close();
    await t.close();
  });

  const allow = (policyName: string, condition: string) =>
    t.clientFor('Demo').createPolicy({
      organizationId: demoId,
      parameters: { policyName, effect: 'EFFECT_ALLOW', condition, notes: '' },
    });
  const denied = (error: unknown): boolean => error instanceof ServiceError && error.status === 403;

  it("allows an export by private_key.id and activity.params.target_public_key, and only that key's", async () => {
    const [signingKey, treasuryKey] = t.organization('Demo').privateKeyIds;
    assert.ok(signingKey && treasuryKey);
    const target = generateP256KeyPair().publicKeyUncompressed;
    await allow(
      'Export the treasury key to one target',
      `activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT' && private_key.id == '${treasuryKey}' && activity.params.target_public_key == '${target}'`,
    );
    const exportTo = (privateKeyId: string, targetPublicKey: string) =>
      member.client.exportPrivateKey({ organizationId: demoId, parameters: { privateKeyId, targetPublicKey } });
    assert.equal((await exportTo(treasuryKey, target)).status, 'ACTIVITY_STATUS_COMPLETED');
    await assert.rejects(exportTo(signingKey, target), denied);
    await assert.rejects(exportTo(treasuryKey, generateP256KeyPair().publicKeyUncompressed), denied);
  });

  it('reads activity.params.user_id of create_api_keys and the USER / DELETE resource and action of delete_users', async () => {
    await allow(
      'Members add keys for themselves',
      `activity.resource == 'CREDENTIAL' && activity.action == 'CREATE' && activity.params.user_id == '${member.userId}'`,
    );
    const key = (name: string) => ({
      apiKeyName: name,
      publicKey: generateApiKeyPair().publicKey,
      curveType: 'API_KEY_CURVE_P256' as const,
    });
    const own = await member.client.createApiKeys({
      organizationId: demoId,
      parameters: { userId: member.userId, apiKeys: [key('own')] },
    });
    assert.equal(own.status, 'ACTIVITY_STATUS_COMPLETED');
    const rootId = t.organization('Demo').users[0]?.userId ?? '';
    await assert.rejects(
      member.client.createApiKeys({ organizationId: demoId, parameters: { userId: rootId, apiKeys: [key('root')] } }),
      denied,
    );
    await assert.rejects(
      member.client.deleteUsers({ organizationId: demoId, parameters: { userIds: [member.userId] } }),
      denied,
    );
    await allow(
      'Members delete themselves',
      `activity.resource == 'USER' && activity.action == 'DELETE' && '${member.userId}' in activity.params.user_ids`,
    );
    const gone = await member.client.deleteUsers({ organizationId: demoId, parameters: { userIds: [member.userId] } });
    assert.equal(gone.status, 'ACTIVITY_STATUS_COMPLETED');
  });
});
