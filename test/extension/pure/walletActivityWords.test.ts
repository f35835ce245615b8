/**
 * Wallet activities read in words, in the one summary of every place of decision: what a wallet's creation makes
 * (formats, paths, how many), a rename from → to, an export flagged with who gets control, a deletion without
 * export flagged as lost for good, an import, and a sub-organization with its root users and quorum. Each intent is
 * shaped as the service's schemas give it (parsed by them), and a teammate's hostile name (markdown, a newline, a
 * right-to-left override, 256 characters) reads as bounded text.
 */
import * as assert from 'node:assert/strict';
import {
  createWalletAccountsParametersSchema,
  createWalletParametersSchema,
  deleteWalletAccountsParametersSchema,
  deleteWalletsParametersSchema,
  updateWalletParametersSchema,
} from '../../../src/api/schemas/wallet';
import {
  exportPrivateKeyParametersSchema,
  exportWalletAccountParametersSchema,
  exportWalletParametersSchema,
  importPrivateKeyParametersSchema,
  importWalletParametersSchema,
  initImportWalletParametersSchema,
} from '../../../src/api/schemas/keyTransfer';
import { createSubOrganizationParametersSchema } from '../../../src/api/schemas/subOrganization';
import { summarizeActivity } from '../../../src/extension/wording/activitySummaryWords';
import { addressFormatName, pathsText } from '../../../src/extension/wording/walletAccountWords';
import { ethereumAccount, solanaAccount } from '../../support/walletFixtures';
import {
  ACCOUNT_0,
  activity,
  COLD,
  facts,
  HOSTILE,
  inputs,
  PAYROLL,
  summary,
  TARGET,
  TARGET_SHORT,
} from '../../support/walletActivityFixtures';

describe('wallet activities in words', () => {
  it('create_wallet: the name, each format counted, the paths as a range', () => {
    const a = activity('ACTIVITY_TYPE_CREATE_WALLET', 'createWalletIntent', createWalletParametersSchema, {
      walletName: 'Payroll',
      accounts: [ethereumAccount(0), ethereumAccount(1), solanaAccount(0)],
      mnemonicLength: 24,
    });
    const read = summary(a);
    assert.equal(
      read.line,
      "Creates wallet \"Payroll\" with 2 Ethereum accounts (m/44'/60'/0'/0/0–1) and 1 Solana account (m/44'/501'/0'/0')",
    );
    assert.deepEqual(read.flags, []);
    assert.deepEqual(
      read.details.map((d) => `${d.label}: ${d.value}`),
      [
        'Wallet: "Payroll"',
        'Recovery phrase: 24 words',
        "Accounts: 2 Ethereum accounts (m/44'/60'/0'/0/0–1) and 1 Solana account (m/44'/501'/0'/0')",
        "  Account 1: Ethereum, m/44'/60'/0'/0/0, secp256k1",
        "  Account 2: Ethereum, m/44'/60'/0'/0/1, secp256k1",
        "  Account 3: Solana, m/44'/501'/0'/0', ed25519",
      ],
    );
  });

  it('reads paths that do not follow each other one by one, and formats by their product names', () => {
    assert.equal(pathsText(["m/44'/501'/0'/0'", "m/44'/501'/1'/0'", "m/44'/501'/2'/0'"]), "m/44'/501'/0'–2'/0'");
    assert.equal(pathsText(["m/44'/60'/0'/0/0", "m/44'/60'/0'/0/5"]), "m/44'/60'/0'/0/0, m/44'/60'/0'/0/5");
    assert.equal(pathsText(['a', 'b', 'c', 'd', 'e']), 'a, b, c and 2 more');
    assert.equal(addressFormatName('ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH'), 'Bitcoin mainnet P2WPKH');
    assert.equal(addressFormatName('ADDRESS_FORMAT_TON_V4R2'), 'TON v4R2');
    assert.equal(addressFormatName('ADDRESS_FORMAT_XLM'), 'Stellar');
    assert.equal(addressFormatName('ADDRESS_FORMAT_UNCOMPRESSED'), 'uncompressed public key');
  });

  it('create_wallet_accounts: which accounts, added to which wallet; a preview creates nothing', () => {
    const parameters = { walletId: PAYROLL, accounts: [ethereumAccount(3), ethereumAccount(4)] };
    const key = 'createWalletAccountsIntent';
    const added = activity(
      'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS',
      key,
      createWalletAccountsParametersSchema,
      parameters,
    );
    assert.equal(summary(added).line, "Adds 2 Ethereum accounts (m/44'/60'/0'/0/3–4) to wallet \"Payroll\"");
    const preview = activity('ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS', key, createWalletAccountsParametersSchema, {
      ...parameters,
      persist: false,
    });
    assert.equal(
      summary(preview).line,
      "Previews 2 Ethereum accounts (m/44'/60'/0'/0/3–4) of wallet \"Payroll\", creating nothing",
    );
  });

  it('update_wallet: renamed from its name to the new one; once done, from its id', () => {
    const rename = (walletName: string) =>
      activity('ACTIVITY_TYPE_UPDATE_WALLET', 'updateWalletIntent', updateWalletParametersSchema, {
        walletId: PAYROLL,
        walletName,
      });
    assert.equal(summary(rename('Payroll 2026')).line, 'Renames wallet "Payroll" to "Payroll 2026"');
    assert.equal(summary(rename('Payroll')).line, `Renames wallet ${PAYROLL} to "Payroll"`);
  });

  it('export_wallet: the recovery phrase to which key, flagged: whoever holds it controls every account', () => {
    const a = activity('ACTIVITY_TYPE_EXPORT_WALLET', 'exportWalletIntent', exportWalletParametersSchema, {
      walletId: COLD,
      targetPublicKey: TARGET,
    });
    const read = summary(a);
    assert.equal(read.line, `Exports the recovery phrase of wallet "Treasury cold" to key ${TARGET_SHORT}`);
    assert.deepEqual(read.flags, [
      `Exports the recovery phrase of wallet "Treasury cold" to key ${TARGET_SHORT}: whoever holds that key controls every account of the wallet.`,
    ]);
    assert.deepEqual(read.risks, ['Exports a recovery phrase']);
    assert.deepEqual(
      read.details.map((d) => `${d.label}: ${d.value}`),
      ['Wallet: "Treasury cold"', 'Accounts: 2 accounts', `Encrypted to key: ${TARGET}`],
    );
  });

  it('export_wallet_account and export_private_key: the private key of the account or key named, flagged', () => {
    const account = activity(
      'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
      'exportWalletAccountIntent',
      exportWalletAccountParametersSchema,
      { address: ACCOUNT_0, targetPublicKey: TARGET },
    );
    assert.deepEqual(summary(account).flags, [
      `Exports the private key of wallet account Treasury cold · account 0 (0x5aAeb6…1BeAed) to key ${TARGET_SHORT}: whoever holds that key controls that account.`,
    ]);
    const key = activity(
      'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY',
      'exportPrivateKeyIntent',
      exportPrivateKeyParametersSchema,
      {
        privateKeyId: 'key-1',
        targetPublicKey: TARGET,
      },
    );
    const read = summary(key);
    assert.equal(read.line, `Exports private key "Team signing key" to key ${TARGET_SHORT}`);
    assert.deepEqual(read.risks, ['Exports a private key']);
  });

  it('delete_wallets without export: flagged as lost for good, unless the wallet was exported', () => {
    const remove = (deleteWithoutExport: boolean | undefined) =>
      activity('ACTIVITY_TYPE_DELETE_WALLETS', 'deleteWalletsIntent', deleteWalletsParametersSchema, {
        walletIds: [COLD, PAYROLL],
        ...(deleteWithoutExport === undefined ? {} : { deleteWithoutExport }),
      });
    const lost = summary(remove(true));
    assert.equal(lost.line, 'Deletes 2 wallets without export: "Treasury cold" and "Payroll"');
    assert.deepEqual(lost.flags, [
      'Deletes 2 wallets without export ("Treasury cold" and "Payroll"): they were never exported, so their recovery phrases are lost for good, and every account of those wallets with them.',
    ]);
    assert.deepEqual(lost.risks, ['Deletes without export']);
    // The cold wallet's phrase was exported before: only the payroll one is lost.
    assert.deepEqual(summary(remove(true), facts({ cold: true })).flags, [
      'Deletes wallet "Payroll" without export: it was never exported, so its recovery phrase is lost for good, and every account of the wallet with it.',
    ]);
    assert.deepEqual(summary(remove(true), facts({ cold: true, payroll: true })).flags, []);
    // Without deleteWithoutExport the service refuses an unexported wallet: nothing is lost.
    const refused = summary(remove(undefined));
    assert.equal(refused.line, 'Deletes 2 wallets: "Treasury cold" and "Payroll"');
    assert.deepEqual(refused.flags, []);
  });

  it('delete_wallet_accounts without export: each account by name, flagged', () => {
    const a = activity(
      'ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS',
      'deleteWalletAccountsIntent',
      deleteWalletAccountsParametersSchema,
      { walletAccountIds: [`${COLD}-0`], deleteWithoutExport: true },
    );
    assert.deepEqual(summary(a).flags, [
      'Deletes wallet account Treasury cold · account 0 (0x5aAeb6…1BeAed) without export: its private key was never exported, and only the recovery phrase of its wallet can derive it again.',
    ]);
  });

  it('imports: the wallet or key by name, for whom, with which accounts', () => {
    const wallet = activity('ACTIVITY_TYPE_IMPORT_WALLET', 'importWalletIntent', importWalletParametersSchema, {
      userId: 'user-1',
      walletName: 'Recovered',
      encryptedBundle: '{"encappedPublic":"04","ciphertext":"00"}',
      accounts: [ethereumAccount(0)],
    });
    const read = summary(wallet);
    assert.equal(read.line, "Imports wallet \"Recovered\" with 1 Ethereum account (m/44'/60'/0'/0/0)");
    assert.ok(read.details.some((d) => d.label === 'For user' && d.value === 'Team root user 1'));
    assert.ok(!JSON.stringify(read).includes('ciphertext'), 'the bundle is not shown');
    const key = activity(
      'ACTIVITY_TYPE_IMPORT_PRIVATE_KEY',
      'importPrivateKeyIntent',
      importPrivateKeyParametersSchema,
      {
        userId: 'user-1',
        privateKeyName: 'Old hot key',
        encryptedBundle: '{}',
        curve: 'CURVE_SECP256K1',
        addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
      },
    );
    assert.equal(summary(key).line, 'Imports private key "Old hot key"');
    const init = activity(
      'ACTIVITY_TYPE_INIT_IMPORT_WALLET',
      'initImportWalletIntent',
      initImportWalletParametersSchema,
      {
        userId: 'user-1',
      },
    );
    assert.equal(summary(init).line, 'Prepares the import of a wallet for Team root user 1');
  });

  it('create_sub_organization: its name, root users, quorum and wallet', () => {
    const rootUser = (userName: string) => ({ userName, apiKeys: [], authenticators: [], oauthProviders: [] });
    const a = activity(
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      'createSubOrganizationIntentV8',
      createSubOrganizationParametersSchema,
      {
        subOrganizationName: 'Acme',
        rootUsers: [rootUser('Alice'), rootUser('Bob')],
        rootQuorumThreshold: 2,
        wallet: { walletName: 'Acme main', accounts: [ethereumAccount(0)] },
      },
    );
    const read = summary(a);
    assert.equal(
      read.line,
      'Creates sub-organization "Acme" with 2 root users ("Alice" and "Bob"), 2 of 2 to approve, and wallet "Acme main" with 1 Ethereum account (m/44\'/60\'/0\'/0/0)',
    );
    assert.ok(read.details.some((d) => d.value === '"Alice": 0 API keys, 0 passkeys'));
  });

  it("a teammate's hostile name reads as bounded text: no newline, no override, markdown as characters", () => {
    const a = activity('ACTIVITY_TYPE_CREATE_WALLET', 'createWalletIntent', createWalletParametersSchema, {
      walletName: HOSTILE.slice(0, 256),
      accounts: [ethereumAccount(0)],
    });
    const read = summary(a);
    for (const text of [read.line, ...read.details.map((d) => d.value)]) {
      assert.ok(!/[\n\r\u202E]/.test(text), JSON.stringify(text));
    }
    assert.ok(
      read.line.startsWith('Creates wallet "**Pay**roll](command:countersign.approveActivity)\\nnext line\\u202Eevil'),
    );
    assert.ok(read.line.includes('…" with 1 Ethereum account'), read.line);
    assert.ok(read.line.length < 200, `${read.line.length} characters`);
    const renamed = activity('ACTIVITY_TYPE_DELETE_WALLETS', 'deleteWalletsIntent', deleteWalletsParametersSchema, {
      walletIds: [COLD],
      deleteWithoutExport: true,
    });
    const hostileNames = new Map([[COLD, HOSTILE]]);
    const hostile = summarizeActivity(renamed, { ...inputs(), nameOf: (id) => hostileNames.get(id) });
    assert.ok(hostile && !/[\n\u202E]/.test(hostile.flags[0] ?? '\n'), hostile?.flags[0]);
  });
});
