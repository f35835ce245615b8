/**
 * The account presets of Create Wallet and Add Accounts, against the real sandbox: one for every address format
 * it derives, each path accepted and derived to an address of its format, and the next unused index of a preset
 * taken after every path of the wallet its template matches, so that Add Accounts never reuses a path. Also the
 * name and count checks, and what the deletion dialog says of a wallet never exported.
 */
import * as assert from 'node:assert/strict';
import { addressFormatsOf, CountersignClient } from '../../../src/api/remote';
import {
  accountCountProblem,
  nextPresetIndex,
  presetAccounts,
  presetById,
  WALLET_PRESETS,
  walletNameProblem,
} from '../../../src/extension/commands/walletPresets';
import { walletDeletionDetail } from '../../../src/extension/wording/walletWords';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';
import { createWallet } from '../../support/walletFixtures';

describe('wallet account presets', function () {
  this.timeout(60_000);
  let t: TestSandbox;
  let client: CountersignClient;
  let organizationId: string;
  before(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Demo').organizationId;
    client = new CountersignClient({ baseUrl: t.baseUrl }, t.stamperFor('Demo'), { maxAttempts: 1 });
  });
  after(async () => {
    await client.close();
    await t.close();
  });

  it('offers every address format the sandbox derives, Ethereum and Solana first', () => {
    const offered = new Set(WALLET_PRESETS.map((p) => `${p.curve} ${p.addressFormat}`));
    for (const curve of ['CURVE_SECP256K1', 'CURVE_ED25519'] as const)
      for (const format of addressFormatsOf(curve)) assert.ok(offered.has(`${curve} ${format}`), `${curve} ${format}`);
    assert.deepEqual(
      WALLET_PRESETS.slice(0, 2).map((p) => p.id),
      ['ethereum', 'solana'],
    );
    assert.equal(new Set(WALLET_PRESETS.map((p) => p.id)).size, WALLET_PRESETS.length, 'ids are unique');
  });

  it('makes a wallet the sandbox accepts from the first account of every preset, each with its format', async () => {
    for (const [n, preset] of WALLET_PRESETS.entries()) {
      const accounts = presetAccounts(preset, 0, 2);
      const made = await createWallet(client, organizationId, `preset ${preset.id} ${n}`, accounts);
      assert.equal(made.addresses.length, 2, preset.id);
      const listed = await client.listWalletAccounts({ organizationId, walletId: made.walletId });
      assert.deepEqual(
        listed.map((a) => [a.path, a.addressFormat]),
        accounts.map((a) => [a.path, preset.addressFormat]),
      );
    }
  });

  it('adds accounts after every path the preset matches in the wallet, whatever their format', async () => {
    const ethereum = presetById('ethereum');
    const compressed = presetById('secp256k1Compressed');
    assert.ok(ethereum && compressed);
    const made = await createWallet(client, organizationId, 'preset next index', presetAccounts(ethereum, 0, 3));
    const paths = (await client.listWalletAccounts({ organizationId, walletId: made.walletId })).map((a) => a.path);
    const from = nextPresetIndex(compressed, paths);
    assert.equal(from, 3);
    const added = await client.createWalletAccounts({
      organizationId,
      parameters: { walletId: made.walletId, accounts: presetAccounts(compressed, from, 2) },
    });
    assert.equal(added.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(nextPresetIndex(ethereum, ['m/44h/60h/0h/0/7', "m/44'/60'/0'/0/2", "m/84'/0'/0'/0/9"]), 8);
    assert.equal(nextPresetIndex(presetById('solana') ?? ethereum, ["m/44'/60'/0'/0/4"]), 0);
  });

  it('checks a name and a count as the service does', () => {
    const taken = new Set(['Treasury']);
    assert.equal(walletNameProblem('  ', taken), 'empty');
    assert.equal(walletNameProblem('x'.repeat(257), taken), 'long');
    assert.equal(walletNameProblem(' Treasury ', taken), 'taken');
    assert.equal(walletNameProblem('Treasury cold', taken), undefined);
    assert.equal(accountCountProblem('two'), 'notNumber');
    assert.equal(accountCountProblem('0'), 'range');
    assert.equal(accountCountProblem('101'), 'range');
    assert.equal(accountCountProblem(' 100 '), undefined);
  });

  it('says in the deletion dialog that a recovery phrase never exported is lost for good', () => {
    const wallet = { walletName: 'Cold', walletId: 'w-1', exported: false };
    const accounts = Array.from({ length: 7 }, (_, i) => ({ address: `0x${i}` }));
    const detail = walletDeletionDetail(wallet, accounts);
    assert.match(detail, /never exported: it is lost for good/);
    assert.match(detail, /It holds 7 accounts:/);
    assert.match(detail, /…and 2 more/);
    assert.doesNotMatch(walletDeletionDetail({ ...wallet, exported: true }, accounts), /lost for good/);
  });
});
