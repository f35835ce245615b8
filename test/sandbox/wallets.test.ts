/**
 * Wallets in the sandbox, driven by the service's own client (@turnkey/http) and ours: created with their
 * accounts, previewed, listed and paged, read by address or path, renamed and deleted; addresses checked against
 * a standard wallet library (viem's mnemonicToAccount) and known vectors; bad input answered with the service's
 * errors.
 */
import * as assert from 'node:assert/strict';
import { mnemonicToAccount } from 'viem/accounts';
import { ActivityFailedError, ServiceError, type WalletAccountParams } from '../../src/api';
import type { CountersignClient } from '../../src/api/remote';
import { walletExported } from '../../src/sandbox/wallets/walletRecords';
import { officialClient } from '../support/officialClient';
import { createWallet, ethereumAccount, solanaAccount } from '../support/walletFixtures';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

describe('sandbox: wallets and their accounts', function () {
  this.timeout(20_000);
  let t: TestSandbox;
  let client: CountersignClient;
  let organizationId: string;
  before(async () => {
    t = await startTestSandbox();
    client = t.clientFor('Demo');
    organizationId = t.organization('Demo').organizationId;
  });
  after(() => t.close());

  const mnemonicOf = (walletId: string): string => {
    const found = t.engine.state.organizations.get(organizationId)?.wallets.exportOf(walletId);
    assert.ok(found);
    return found.mnemonic;
  };

  it('creates a wallet through the official client whose Ethereum addresses are those viem derives from its mnemonic', async () => {
    const official = officialClient(t, 'Demo');
    const { activity } = await official.createWallet({
      type: 'ACTIVITY_TYPE_CREATE_WALLET',
      timestampMs: String(t.clock.now()),
      organizationId,
      parameters: { walletName: 'Official', accounts: [0, 1, 2].map((i) => ethereumAccount(i)), mnemonicLength: 24 },
    });
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const result = activity.result.createWalletResult;
    assert.ok(result);
    const mnemonic = mnemonicOf(result.walletId);
    assert.equal(mnemonic.split(' ').length, 24);
    const expected = [0, 1, 2].map((i) => mnemonicToAccount(mnemonic, { addressIndex: i }).address);
    assert.deepEqual(result.addresses, expected);
    const { accounts } = await official.getWalletAccounts({ organizationId, walletId: result.walletId });
    assert.deepEqual(
      accounts.map((a) => a.address),
      expected,
    );
    const { wallet } = await official.getWallet({ organizationId, walletId: result.walletId });
    assert.deepEqual([wallet.walletName, wallet.exported, wallet.imported], ['Official', false, false]);
    assert.ok(!JSON.stringify({ accounts, wallet }).includes(mnemonic.split(' ').slice(0, 3).join(' ')));
  });

  it('creates a wallet with no accounts, 12 words by default, and adds accounts to it later', async () => {
    const { walletId, addresses } = await createWallet(client, organizationId, 'Empty at first', []);
    assert.deepEqual(addresses, []);
    assert.equal(mnemonicOf(walletId).split(' ').length, 12);
    const added = await client.createWalletAccounts({
      organizationId,
      parameters: { walletId, accounts: [ethereumAccount(5)] },
    });
    const mnemonic = mnemonicOf(walletId);
    assert.deepEqual((added.result?.['createWalletAccountsResult'] as { addresses: string[] }).addresses, [
      mnemonicToAccount(mnemonic, { addressIndex: 5 }).address,
    ]);
  });

  it('previews addresses with persist: false and creates no account', async () => {
    const { walletId } = await createWallet(client, organizationId, 'Preview', [ethereumAccount(0)]);
    const preview = await client.createWalletAccounts({
      organizationId,
      parameters: { walletId, accounts: [ethereumAccount(1), ethereumAccount(2)], persist: false },
    });
    const mnemonic = mnemonicOf(walletId);
    assert.deepEqual(
      (preview.result?.['createWalletAccountsResult'] as { addresses: string[] }).addresses,
      [1, 2].map((i) => mnemonicToAccount(mnemonic, { addressIndex: i }).address),
    );
    assert.equal((await client.listWalletAccounts({ organizationId, walletId })).length, 1);
  });

  it('derives Solana (SLIP-10 ed25519), Bitcoin P2WPKH, P2TR and P2PKH and Ethereum addresses that match the known ones of the BIP-39 test mnemonic', async () => {
    // The BIP-39 test mnemonic, imported into the sandbox's state as a wallet would be: known addresses per chain.
    const mnemonic = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    const organization = t.engine.state.organizations.get(organizationId);
    assert.ok(organization);
    organization.wallets.apply({
      op: 'putWallet',
      organizationId,
      record: {
        walletId: 'known-vector',
        walletName: 'Known vector',
        mnemonic,
        exported: true,
        imported: true,
        createdAtMs: 0,
        updatedAtMs: 0,
      },
      accounts: [],
    });
    const preview = await client.createWalletAccounts({
      organizationId,
      parameters: {
        walletId: 'known-vector',
        persist: false,
        accounts: [
          solanaAccount(0),
          { ...ethereumAccount(0), path: "m/84'/0'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH' },
          { ...ethereumAccount(0), path: "m/86'/0'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR' },
          { ...ethereumAccount(0), path: "m/44'/0'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH' },
          ethereumAccount(0),
        ],
      },
    });
    assert.deepEqual((preview.result?.['createWalletAccountsResult'] as { addresses: string[] }).addresses, [
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
      '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA',
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    ]);
  });

  it('lists accounts across wallets and one wallet, page by page, and finds an account by address or path', async () => {
    const { walletId, addresses } = await createWallet(
      client,
      organizationId,
      'Paged',
      [0, 1, 2, 3, 4].map((i) => ethereumAccount(i)),
    );
    const first = await client.listWalletAccounts({ organizationId, walletId, paginationOptions: { limit: '2' } });
    assert.deepEqual(
      first.map((a) => a.address),
      addresses.slice(0, 2),
    );
    const second = await client.listWalletAccounts({
      organizationId,
      walletId,
      paginationOptions: { limit: '2', after: first[1]?.walletAccountId ?? '' },
    });
    assert.deepEqual(
      second.map((a) => a.address),
      addresses.slice(2, 4),
    );
    const all = await client.listWalletAccounts({ organizationId, paginationOptions: { limit: '100' } });
    assert.ok(addresses.every((a) => all.some((b) => b.address === a)));
    assert.ok(new Set(all.map((a) => a.walletId)).size > 1, 'accounts of every wallet are listed');
    const withDetails = await client.listWalletAccounts({ organizationId, walletId, includeWalletDetails: true });
    assert.equal(withDetails[0]?.walletDetails?.walletName, 'Paged');
    const lower = (addresses[3] ?? '').toLowerCase();
    const byAddress = await client.getWalletAccount({ organizationId, walletId, address: lower });
    assert.equal(byAddress.path, "m/44'/60'/0'/0/3");
    const byPath = await client.getWalletAccount({ organizationId, walletId, path: 'm/44h/60h/0h/0/4' });
    assert.equal(byPath.address, addresses[4]);
    await assert.rejects(
      client.getWalletAccount({ organizationId, walletId, path: "m/44'/60'/0'/0/9" }),
      (error: unknown) => error instanceof ServiceError && error.status === 404,
    );
  });

  it('keeps wallet names unique, renames, and refuses a path reused in the same wallet', async () => {
    const { walletId } = await createWallet(client, organizationId, 'Unique', [ethereumAccount(0)]);
    await assert.rejects(
      client.createWallet({ organizationId, parameters: { walletName: 'Unique', accounts: [] } }),
      (error: unknown) => error instanceof ActivityFailedError && /already exists/.test(error.message),
    );
    await assert.rejects(
      client.createWalletAccounts({
        organizationId,
        parameters: { walletId, accounts: [{ ...ethereumAccount(0), path: 'm/44h/60h/0h/0/0' }] },
      }),
      (error: unknown) => error instanceof ActivityFailedError && /invalid path.*already used/.test(error.message),
    );
    await client.updateWallet({ organizationId, parameters: { walletId, walletName: 'Renamed' } });
    assert.equal((await client.getWallet({ organizationId, walletId })).walletName, 'Renamed');
  });

  it('refuses to delete an unexported wallet or account unless deleteWithoutExport is true', async () => {
    const { walletId } = await createWallet(client, organizationId, 'Doomed', [ethereumAccount(0), ethereumAccount(1)]);
    await assert.rejects(
      client.deleteWallets({ organizationId, parameters: { walletIds: [walletId] } }),
      (error: unknown) => error instanceof ActivityFailedError && /not been exported/.test(error.message),
    );
    const [account] = await client.listWalletAccounts({ organizationId, walletId });
    assert.ok(account);
    await assert.rejects(
      client.deleteWalletAccounts({ organizationId, parameters: { walletAccountIds: [account.walletAccountId] } }),
      (error: unknown) => error instanceof ActivityFailedError && /not been exported/.test(error.message),
    );
    await client.deleteWalletAccounts({
      organizationId,
      parameters: { walletAccountIds: [account.walletAccountId], deleteWithoutExport: true },
    });
    assert.equal((await client.listWalletAccounts({ organizationId, walletId })).length, 1);
    await client.deleteWallets({ organizationId, parameters: { walletIds: [walletId], deleteWithoutExport: true } });
    await assert.rejects(
      client.getWallet({ organizationId, walletId }),
      (error: unknown) => error instanceof ServiceError && error.status === 404,
    );
  });

  it('deletes an exported wallet or account without deleteWithoutExport, the flag shown by get_wallet', async () => {
    const { walletId } = await createWallet(client, organizationId, 'Exported', [
      ethereumAccount(0),
      ethereumAccount(1),
    ]);
    const wholeWallet = await createWallet(client, organizationId, 'Exported whole', []);
    const [first] = await client.listWalletAccounts({ organizationId, walletId });
    assert.ok(first);
    const now = t.clock.now();
    t.engine.state.apply({
      kind: 'effects',
      effects: [
        walletExported(organizationId, walletId, now, first.walletAccountId),
        walletExported(organizationId, wholeWallet.walletId, now),
      ],
    });
    assert.equal((await client.getWallet({ organizationId, walletId })).exported, false);
    assert.equal((await client.getWallet({ organizationId, walletId: wholeWallet.walletId })).exported, true);
    await client.deleteWalletAccounts({ organizationId, parameters: { walletAccountIds: [first.walletAccountId] } });
    await client.deleteWallets({ organizationId, parameters: { walletIds: [wholeWallet.walletId] } });
    await assert.rejects(
      client.deleteWallets({ organizationId, parameters: { walletIds: [walletId] } }),
      (error: unknown) => error instanceof ActivityFailedError && /not been exported/.test(error.message),
    );
  });

  const refusals: { what: string; account: WalletAccountParams; says: RegExp }[] = [
    { what: 'a malformed path', account: { ...ethereumAccount(0), path: "m/44'/x/0" }, says: /invalid path/ },
    { what: 'a path without m/', account: { ...ethereumAccount(0), path: "44'/60'" }, says: /must start with m/ },
    {
      what: 'a non-hardened ed25519 path',
      account: { ...solanaAccount(0), path: "m/44'/501'/0/0" },
      says: /hardened at every step/,
    },
    {
      what: 'a curve that does not fit the address format',
      account: { ...ethereumAccount(0), curve: 'CURVE_ED25519', path: "m/44'/60'/0'" },
      says: /ADDRESS_FORMAT_ETHEREUM needs a CURVE_SECP256K1/,
    },
    {
      what: 'an address format not derived',
      account: { ...ethereumAccount(0), addressFormat: 'ADDRESS_FORMAT_TON_V4R2' },
      says: /ADDRESS_FORMAT_TON_V4R2 is not derived/,
    },
    { what: 'a P-256 account', account: { ...ethereumAccount(0), curve: 'CURVE_P256' }, says: /not CURVE_P256/ },
  ];
  for (const r of refusals) {
    it(`refuses ${r.what} with 400, naming it, and creates nothing`, async () => {
      const before = (await client.listWallets({ organizationId })).length;
      await assert.rejects(
        client.createWallet({ organizationId, parameters: { walletName: `Refused ${r.what}`, accounts: [r.account] } }),
        (error: unknown) => error instanceof ServiceError && error.status === 400 && r.says.test(error.message),
      );
      assert.equal((await client.listWallets({ organizationId })).length, before);
    });
  }
});
