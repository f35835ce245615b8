/**
 * Exporting and importing wallets, driven by the service's own client (@turnkey/http) and opened or made with the
 * service's own bundle library (@turnkey/crypto): an exported mnemonic re-derives the wallet's addresses in standard
 * wallet code, an exported account's key is the account's, an import round trip keeps the addresses, and a bundle
 * that does not decrypt fails without saying the secret.
 */
import * as assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { TurnkeyClient } from '@turnkey/http';
import { decryptExportBundle, encryptWalletToBundle, generateP256KeyPair } from '@turnkey/crypto';
import * as ed from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';
import { ActivityFailedError, ServiceError } from '../../src/api';
import type { CountersignClient } from '../../src/api/remote';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { createWallet, ethereumAccount, solanaAccount } from '../support/walletFixtures';

/** The Solana address at m/44'/501'/i'/0' of a mnemonic: SLIP-10 for ed25519, every step hardened. */
function solanaAddressOf(mnemonic: string, i: number): string {
  let node = createHmac('sha512', 'ed25519 seed').update(mnemonicToSeedSync(mnemonic)).digest();
  for (const index of [44, 501, i, 0]) {
    const data = Buffer.alloc(37);
    node.copy(data, 1, 0, 32);
    data.writeUInt32BE((index | 0x80000000) >>> 0, 33);
    node = createHmac('sha512', node.subarray(32)).update(data).digest();
  }
  return base58.encode(ed.ed25519.getPublicKey(node.subarray(0, 32)));
}

describe('sandbox: export_wallet, export_wallet_account and the wallet import, in the service bundle format', function () {
  this.timeout(20_000);
  let t: TestSandbox;
  let client: CountersignClient;
  let organizationId: string;
  let signer: string;
  beforeEach(async () => {
    t = await startTestSandbox();
    client = t.clientFor('Demo');
    organizationId = t.organization('Demo').organizationId;
    signer = t.sandbox.credentials.signerPublicKey;
  });
  afterEach(() => t.close());

  const official = (): TurnkeyClient => officialClient(t, 'Demo');
  const timestampMs = (): string => String(t.clock.now());
  const rootId = (): string => t.organization('Demo').users[0]?.userId ?? '';
  const walletOf = async (walletId: string) => (await official().getWallet({ organizationId, walletId })).wallet;

  const exportWallet = async (walletId: string): Promise<string> => {
    const target = generateP256KeyPair();
    const { activity } = await official().exportWallet({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET',
      timestampMs: timestampMs(),
      organizationId,
      parameters: { walletId, targetPublicKey: target.publicKeyUncompressed },
    });
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    return decryptExportBundle({
      exportBundle: activity.result.exportWalletResult?.exportBundle ?? '',
      embeddedKey: target.privateKey,
      organizationId,
      dangerouslyOverrideSignerPublicKey: signer,
      returnMnemonic: true,
    });
  };
  const exportAccount = async (address: string, keyFormat: 'HEXADECIMAL' | 'SOLANA'): Promise<string> => {
    const target = generateP256KeyPair();
    const { activity } = await official().exportWalletAccount({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
      timestampMs: timestampMs(),
      organizationId,
      parameters: { address, targetPublicKey: target.publicKeyUncompressed },
    });
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(activity.result.exportWalletAccountResult?.address, address);
    return decryptExportBundle({
      exportBundle: activity.result.exportWalletAccountResult?.exportBundle ?? '',
      embeddedKey: target.privateKey,
      organizationId,
      dangerouslyOverrideSignerPublicKey: signer,
      keyFormat,
      returnMnemonic: false,
    });
  };
  const initImport = async (): Promise<string> => {
    const { activity } = await official().initImportWallet({
      type: 'ACTIVITY_TYPE_INIT_IMPORT_WALLET',
      timestampMs: timestampMs(),
      organizationId,
      parameters: { userId: rootId() },
    });
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const bundle = activity.result.initImportWalletResult?.importBundle;
    assert.ok(bundle);
    return bundle;
  };
  const encryptedFor = (mnemonic: string, importBundle: string): Promise<string> =>
    encryptWalletToBundle({
      mnemonic,
      importBundle,
      userId: rootId(),
      organizationId,
      dangerouslyOverrideSignerPublicKey: signer,
    });
  const importWallet = (walletName: string, encryptedBundle: string) =>
    client.importWallet({
      organizationId,
      parameters: { userId: rootId(), walletName, encryptedBundle, accounts: [ethereumAccount(0), solanaAccount(0)] },
    });

  it('exports a wallet whose mnemonic re-derives its Ethereum and Solana addresses, and marks it exported', async () => {
    const { walletId, addresses } = await createWallet(client, organizationId, 'To export', [
      ethereumAccount(0),
      ethereumAccount(1),
      solanaAccount(0),
    ]);
    assert.equal((await walletOf(walletId)).exported, false);
    const mnemonic = await exportWallet(walletId);
    assert.deepEqual(addresses, [
      mnemonicToAccount(mnemonic, { addressIndex: 0 }).address,
      mnemonicToAccount(mnemonic, { addressIndex: 1 }).address,
      solanaAddressOf(mnemonic, 0),
    ]);
    assert.equal((await walletOf(walletId)).exported, true);
    // Exported, it is deleted without deleteWithoutExport.
    const deleted = await client.deleteWallets({ organizationId, parameters: { walletIds: [walletId] } });
    assert.equal(deleted.status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it("exports an account's private key (Ethereum and Solana) and marks that account alone exported", async () => {
    const { addresses } = await createWallet(client, organizationId, 'Accounts', [
      ethereumAccount(0),
      solanaAccount(0),
      ethereumAccount(1),
    ]);
    const [ethereum = '', solana = '', other = ''] = addresses;
    const key = await exportAccount(ethereum, 'HEXADECIMAL');
    assert.equal(privateKeyToAddress(`0x${key}`), ethereum);
    const solanaKey = base58.decode(await exportAccount(solana, 'SOLANA'));
    assert.equal(base58.encode(ed.ed25519.getPublicKey(solanaKey.subarray(0, 32))), solana);

    const accounts = await client.listWalletAccounts({ organizationId });
    const idOf = (address: string): string => accounts.find((a) => a.address === address)?.walletAccountId ?? '';
    await assert.rejects(
      client.deleteWalletAccounts({ organizationId, parameters: { walletAccountIds: [idOf(other)] } }),
      /not been exported/,
    );
    const deleted = await client.deleteWalletAccounts({
      organizationId,
      parameters: { walletAccountIds: [idOf(ethereum), idOf(solana)] },
    });
    assert.equal(deleted.status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it('refuses with 400 an export to a key that is not P-256, or in a language it does not export, and marks nothing', async () => {
    const { walletId, addresses } = await createWallet(client, organizationId, 'Kept', [ethereumAccount(0)]);
    const secp256k1 =
      '0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8';
    const badRequest = (pattern: RegExp) => (error: unknown) =>
      error instanceof ServiceError && error.status === 400 && pattern.test(error.message);
    await assert.rejects(
      client.exportWallet({ organizationId, parameters: { walletId, targetPublicKey: secp256k1 } }),
      badRequest(/P-256/),
    );
    await assert.rejects(
      client.exportWalletAccount({ organizationId, parameters: { address: addresses[0] ?? '', targetPublicKey: 'x' } }),
      badRequest(/P-256/),
    );
    await assert.rejects(
      client.exportWallet({
        organizationId,
        parameters: {
          walletId,
          targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
          language: 'MNEMONIC_LANGUAGE_FRENCH',
        },
      }),
      badRequest(/MNEMONIC_LANGUAGE_FRENCH/),
    );
    assert.equal((await walletOf(walletId)).exported, false);
  });

  it('imports a mnemonic encrypted with encryptWalletToBundle: same addresses, marked imported, and it exports back', async () => {
    const mnemonic = generateMnemonic(wordlist, 256);
    const encryptedBundle = await encryptedFor(mnemonic, await initImport());
    const activity = await importWallet('Imported', encryptedBundle);
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const result = activity.result?.['importWalletResult'] as { walletId: string; addresses: string[] };
    assert.deepEqual(result.addresses, [
      mnemonicToAccount(mnemonic, { addressIndex: 0 }).address,
      solanaAddressOf(mnemonic, 0),
    ]);
    const wallet = await walletOf(result.walletId);
    assert.deepEqual([wallet.walletName, wallet.imported, wallet.exported], ['Imported', true, false]);
    const { accounts } = await official().getWalletAccounts({ organizationId, walletId: result.walletId });
    assert.deepEqual(
      accounts.map((a) => [a.path, a.address]),
      [
        [ethereumAccount(0).path, result.addresses[0]],
        [solanaAccount(0).path, result.addresses[1]],
      ],
    );
    const firstWords = mnemonic.split(' ').slice(0, 3).join(' ');
    assert.ok(!JSON.stringify({ activity, accounts, wallet }).includes(firstWords), 'the mnemonic is in no answer');
    assert.equal(await exportWallet(result.walletId), mnemonic);

    // An import is used once.
    await assert.rejects(importWallet('Imported twice', encryptedBundle), /no import is initialised/);
  });

  it('fails an import whose bundle does not decrypt, or holds no mnemonic, without saying the secret', async () => {
    const mnemonic = generateMnemonic(wordlist);
    const stale = await encryptedFor(mnemonic, await initImport());
    // A second initialisation replaces the first: what was encrypted to the first target does not decrypt.
    const current = await initImport();
    const refusedWithout = (secret: string, pattern: RegExp) => (error: unknown) => {
      assert.ok(error instanceof ActivityFailedError);
      assert.match(error.message, pattern);
      // Any part of the secret shown would show two of its words in a row; one word alone may be a word of the
      // message itself ("key", "last").
      const words = secret.split(' ');
      for (let i = 1; i < words.length; i++) assert.ok(!error.message.includes(`${words[i - 1]} ${words[i]}`));
      return true;
    };
    await assert.rejects(importWallet('Stale', stale), refusedWithout(mnemonic, /does not decrypt/));
    // Encrypted to the right target, but not a mnemonic (the checksum of twelve words fails).
    const notMnemonic = 'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo';
    await assert.rejects(
      importWallet('Not a mnemonic', await encryptedFor(notMnemonic, await initImport())),
      refusedWithout(notMnemonic, /not a BIP-39 mnemonic/),
    );
    assert.ok(current);
    const wallets = await client.listWallets({ organizationId });
    assert.ok(!wallets.some((w) => ['Stale', 'Not a mnemonic'].includes(w.walletName)));
  });
});
