import * as assert from 'node:assert/strict';
import type { TurnkeyClient } from '@turnkey/http';
import { generateP256KeyPair } from '@turnkey/crypto';
import { ActivityFailedError, ServiceError, type CountersignClient } from '../../src/api';
import { randomBytes } from 'node:crypto';
import { ApiKeyStamper, CountersignClient as Client, generateApiKeyPair, WebauthnStamper } from '../../src/api/remote';
import { SoftwareAuthenticator } from '../support/softwareAuthenticator';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { ethereumAccount } from '../support/walletFixtures';
import { hashMessage, recoverMessageAddress } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** A new P-256 API key as create_sub_organization takes it, and a client of ours that stamps with it. */
function newApiKey(t: TestSandbox, name: string) {
  const pair = generateApiKeyPair();
  return {
    params: { apiKeyName: name, publicKey: pair.publicKey, curveType: 'API_KEY_CURVE_P256' as const },
    client: new Client(
      { baseUrl: t.baseUrl },
      new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }),
      { maxAttempts: 1, now: t.clock.now },
    ),
  };
}

describe('sandbox: create_sub_organization (V8), list_suborgs and deleting a sub-organization', () => {
  let t: TestSandbox;
  let demoId: string;
  beforeEach(async () => {
    t = await startTestSandbox();
    demoId = t.organization('Demo').organizationId;
  });
  afterEach(() => t.close());

  const official = (): TurnkeyClient => officialClient(t, 'Demo');
  const timestampMs = (): string => String(t.clock.now());

  /** A sub-organization of Demo made through the official client, with one root user, and that user's client. */
  async function newSubOrganization(name: string): Promise<{ id: string; rootId: string; root: CountersignClient }> {
    const key = newApiKey(t, `${name} root key`);
    const { activity } = await official().createSubOrganization({
      type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: {
        subOrganizationName: name,
        rootUsers: [{ userName: `${name} root`, apiKeys: [key.params], authenticators: [], oauthProviders: [] }],
        rootQuorumThreshold: 1,
      },
    });
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const result = activity.result.createSubOrganizationResultV8;
    assert.ok(result?.subOrganizationId && result.rootUserIds?.[0]);
    return { id: result.subOrganizationId, rootId: result.rootUserIds[0], root: key.client };
  }

  async function createKey(client: CountersignClient, organizationId: string, name: string): Promise<string> {
    const activity = await client.createPrivateKeys({
      organizationId,
      parameters: {
        privateKeys: [
          {
            privateKeyName: name,
            curve: 'CURVE_SECP256K1',
            privateKeyTags: [],
            addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
          },
        ],
      },
    });
    const created = activity.result['createPrivateKeysResultV2'] as { privateKeys: { privateKeyId: string }[] };
    return created.privateKeys[0]?.privateKeyId ?? '';
  }

  it('makes a sub-organization whose root user acts there at once; the parent lists and reads it', async () => {
    const sub = await newSubOrganization('Wallet user 1');
    const whoami = await sub.root.whoami({ organizationId: sub.id });
    assert.equal(whoami.userId, sub.rootId);
    assert.equal(whoami.organizationName, 'Wallet user 1');
    await createKey(sub.root, sub.id, 'user key');

    const { organizationIds } = await official().getSubOrgIds({ organizationId: demoId });
    assert.ok(organizationIds.includes(sub.id));
    assert.ok(organizationIds.includes(t.organization('Demo Sub-organization').organizationId));
    const byName = await t
      .clientFor('Demo')
      .getSubOrgIds({ organizationId: demoId, filterType: 'NAME', filterValue: 'Wallet user 1' });
    assert.deepEqual(byName, [sub.id]);

    const { privateKeys } = await official().getPrivateKeys({ organizationId: sub.id });
    assert.deepEqual(
      privateKeys.map((k) => k.privateKeyName),
      ['user key'],
      'the parent reads it',
    );
    const { organizationData } = await official().getOrganization({ organizationId: sub.id });
    assert.equal(organizationData.rootQuorum?.threshold, 1);
    assert.deepEqual(organizationData.rootQuorum?.userIds, [sub.rootId]);
  });

  it('makes a root user with a passkey, who stamps there with it at once; the same passkey is refused a second time', async () => {
    const device = new SoftwareAuthenticator({ origin: 'http://localhost:43123', rpId: 'localhost' });
    const challenge = randomBytes(32).toString('base64url');
    const rootUsers = [
      {
        userName: 'passkey root',
        apiKeys: [],
        authenticators: [{ authenticatorName: 'laptop', challenge, attestation: device.attest({ challenge }) }],
        oauthProviders: [],
      },
    ];
    const create = () =>
      t.clientFor('Demo').createSubOrganization({
        organizationId: demoId,
        parameters: { subOrganizationName: 'Passkey user', rootUsers, rootQuorumThreshold: 1 },
      });
    const activity = await create();
    const { subOrganizationId, rootUserIds } = activity.result['createSubOrganizationResultV8'] as {
      subOrganizationId: string;
      rootUserIds: string[];
    };
    const passkey = new Client(
      { baseUrl: t.baseUrl },
      new WebauthnStamper({ getAssertion: device.getAssertion, rpId: device.rpId }),
      { maxAttempts: 1, now: t.clock.now },
    );
    assert.equal((await passkey.whoami({ organizationId: subOrganizationId })).userId, rootUserIds[0]);
    await passkey.close();
    await assert.rejects(
      create(),
      (error: unknown) => error instanceof ActivityFailedError && /already registered/.test(error.message),
    );
  });

  it('refuses the parent any change or signature in the sub-organization', async () => {
    const sub = await newSubOrganization('Wallet user 2');
    await assert.rejects(
      createKey(t.clientFor('Demo'), sub.id, 'parent key'),
      (error: unknown) => error instanceof ServiceError && error.status === 403,
    );
    await assert.rejects(
      t.clientFor('Demo').deleteSubOrganization({ organizationId: sub.id, parameters: { deleteWithoutExport: true } }),
      (error: unknown) => error instanceof ServiceError && error.status === 403,
    );
    assert.deepEqual(await t.clientFor('Demo').listPrivateKeys({ organizationId: sub.id }), []);
  });

  it('refuses to delete a sub-organization holding a key never exported, until it is exported or the flag says so', async () => {
    const sub = await newSubOrganization('Wallet user 3');
    const keyId = await createKey(sub.root, sub.id, 'unexported');
    await assert.rejects(
      sub.root.deleteSubOrganization({ organizationId: sub.id, parameters: {} }),
      (error: unknown) => {
        assert.ok(error instanceof ActivityFailedError);
        assert.match(error.message, /not been exported/);
        return true;
      },
    );
    assert.ok((await official().getSubOrgIds({ organizationId: demoId })).organizationIds.includes(sub.id));
    await sub.root.exportPrivateKey({
      organizationId: sub.id,
      parameters: { privateKeyId: keyId, targetPublicKey: generateP256KeyPair().publicKeyUncompressed },
    });
    const deleted = await sub.root.deleteSubOrganization({ organizationId: sub.id, parameters: {} });
    assert.equal(deleted.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.ok(!(await official().getSubOrgIds({ organizationId: demoId })).organizationIds.includes(sub.id));

    const forced = await newSubOrganization('Wallet user 4');
    await createKey(forced.root, forced.id, 'lost');
    const done = await forced.root.deleteSubOrganization({
      organizationId: forced.id,
      parameters: { deleteWithoutExport: true },
    });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it('refuses to delete a sub-organization holding a wallet never exported, naming it, unless the flag says so', async () => {
    const sub = await newSubOrganization('Wallet user 5');
    const made = await sub.root.createWallet({
      organizationId: sub.id,
      parameters: { walletName: 'Savings', accounts: [] },
    });
    assert.equal(made.status, 'ACTIVITY_STATUS_COMPLETED');
    await assert.rejects(
      sub.root.deleteSubOrganization({ organizationId: sub.id, parameters: {} }),
      (error: unknown) =>
        error instanceof ActivityFailedError && /1 wallet\(s\) that have not been exported/.test(error.message),
    );
    const done = await sub.root.deleteSubOrganization({
      organizationId: sub.id,
      parameters: { deleteWithoutExport: true },
    });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it('makes a sub-organization with a wallet whose account its root user signs with at once', async () => {
    const key = newApiKey(t, 'wallet root key');
    const { activity } = await official().createSubOrganization({
      type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      timestampMs: timestampMs(),
      organizationId: demoId,
      parameters: {
        subOrganizationName: 'Wallet user 6',
        rootUsers: [{ userName: 'root', apiKeys: [key.params], authenticators: [], oauthProviders: [] }],
        rootQuorumThreshold: 1,
        wallet: { walletName: 'Default', accounts: [ethereumAccount(0), ethereumAccount(1)] },
      },
    });
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const result = activity.result.createSubOrganizationResultV8;
    const subId = result?.subOrganizationId ?? '';
    const address = result?.wallet?.addresses[1] ?? '';
    const walletId = result?.wallet?.walletId ?? '';
    const byAccount = (value: string) =>
      t
        .clientFor('Demo')
        .getSubOrgIds({ organizationId: demoId, filterType: 'WALLET_ACCOUNT_ADDRESS', filterValue: value });
    assert.deepEqual(await byAccount(address), [subId], 'found by its wallet account');
    assert.deepEqual(await byAccount(address.toLowerCase()), [subId], 'hex addresses are case-blind');
    assert.deepEqual(await byAccount('0x000000000000000000000000000000000000dEaD'), []);
    const mnemonic = t.engine.state.organizations.get(subId)?.wallets.exportOf(walletId)?.mnemonic ?? '';
    assert.equal(address, mnemonicToAccount(mnemonic, { addressIndex: 1 }).address);
    assert.deepEqual(
      (await key.client.listWallets({ organizationId: subId })).map((w) => w.walletName),
      ['Default'],
    );
    const signed = await key.client.signRawPayload({
      organizationId: subId,
      parameters: {
        signWith: address,
        payload: hashMessage('sub'),
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    });
    const { r, s, v } = signed.result['signRawPayloadResult'] as { r: string; s: string; v: string };
    const signer = await recoverMessageAddress({
      message: 'sub',
      signature: { r: `0x${r}`, s: `0x${s}`, yParity: Number(v) },
    });
    assert.equal(signer, address);
  });

  it('refuses with 400 a wallet it cannot derive, a threshold above the root users and a root user without a credential', async () => {
    const key = newApiKey(t, 'k');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ wallet: { walletName: 'w', accounts: [{ ...ethereumAccount(0), path: 'm/x' }] } }, /invalid path/],
      [{ rootQuorumThreshold: 2 }, /threshold \(2\) is greater/],
      [
        { rootUsers: [{ userName: 'nobody', apiKeys: [], authenticators: [], oauthProviders: [] }] },
        /has no credential/,
      ],
    ];
    for (const [change, message] of cases) {
      await assert.rejects(
        t.clientFor('Demo').createSubOrganization({
          organizationId: demoId,
          parameters: {
            subOrganizationName: 'refused',
            rootUsers: [{ userName: 'root', apiKeys: [key.params], authenticators: [], oauthProviders: [] }],
            rootQuorumThreshold: 1,
            ...change,
          },
        }),
        (error: unknown) => error instanceof ServiceError && error.status === 400 && message.test(error.message),
      );
    }
    assert.deepEqual(
      await t.clientFor('Demo').getSubOrgIds({ organizationId: demoId, filterType: 'NAME', filterValue: 'refused' }),
      [],
    );
  });

  it("names a wallet account it cannot derive where it sits in the request: the sub-organization's wallet", async () => {
    const key = newApiKey(t, 'k');
    await assert.rejects(
      t.clientFor('Demo').createSubOrganization({
        organizationId: demoId,
        parameters: {
          subOrganizationName: 'refused',
          rootUsers: [{ userName: 'root', apiKeys: [key.params], authenticators: [], oauthProviders: [] }],
          rootQuorumThreshold: 1,
          wallet: { walletName: 'w', accounts: [ethereumAccount(0), { ...ethereumAccount(1), path: 'm/x' }] },
        },
      }),
      (error: unknown) => {
        assert.ok(error instanceof ServiceError && error.status === 400);
        const said = JSON.stringify(error.rpcStatus);
        assert.ok(said.includes('parameters.wallet.accounts[1].path'), said);
        return true;
      },
    );
  });

  it('does not let a sub-organization make sub-organizations of its own', async () => {
    const sub = await newSubOrganization('Wallet user 5');
    await assert.rejects(
      sub.root.createSubOrganization({
        organizationId: sub.id,
        parameters: {
          subOrganizationName: 'nested',
          rootUsers: [{ userName: 'r', apiKeys: [newApiKey(t, 'n').params], authenticators: [], oauthProviders: [] }],
          rootQuorumThreshold: 1,
        },
      }),
      ActivityFailedError,
    );
  });
});
