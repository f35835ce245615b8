/**
 * Wallet activities read in words, in the one summary of every place of decision: what a wallet's creation makes
 * (formats, paths, how many), a rename from → to, an export flagged with who gets control, a deletion without
 * export flagged as lost for good, an import, a sub-organization with its root users and quorum, and the wallet
 * account a signing goes through. Each intent is shaped as the service's schemas give it (parsed by them), and a
 * teammate's hostile name (markdown, a newline, a right-to-left override, 256 characters) reads as bounded text.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import {
  activitySchema,
  decodeEthereumTransaction,
  decodeRawPayload,
  summarizeSignature,
  summarizeTransaction,
} from '../../../src/api/remote';
import { buildReviewModel } from '../../../src/extension/review/reviewModel';
import {
  createWalletAccountsParametersSchema,
  createWalletParametersSchema,
  deleteWalletAccountsParametersSchema,
  deleteWalletsParametersSchema,
  signRawPayloadsParametersSchema,
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
import { summarizeActivity, type SummaryInputs } from '../../../src/extension/wording/activitySummaryWords';
import { activityTitle, awaitingNotice } from '../../../src/extension/wording/activityWords';
import { readableVoteDetail } from '../../../src/extension/wording/voteDialogWords';
import { addressFormatName, pathsText } from '../../../src/extension/wording/walletAccountWords';
import type { WalletFacts } from '../../../src/extension/wording/walletActivityWords';
import { ethereumAccount, solanaAccount } from '../../support/walletFixtures';

const COLD = 'wallet-cold';
const PAYROLL = 'wallet-payroll';
const ACCOUNT_0 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TARGET = `04ab12cd${'0'.repeat(114)}a1b2c3`;
const TARGET_SHORT = '04ab12cd…a1b2c3';

function facts(exported: { cold?: boolean; payroll?: boolean } = {}): WalletFacts {
  const at = (walletId: string, n: number, address: string) => ({
    walletAccountId: `${walletId}-${n}`,
    walletId,
    address,
  });
  return {
    wallets: [
      {
        wallet: { walletId: COLD, walletName: 'Treasury cold', exported: exported.cold ?? false },
        accounts: [at(COLD, 0, ACCOUNT_0), at(COLD, 1, '0x0000000000000000000000000000000000000001')],
      },
      {
        wallet: { walletId: PAYROLL, walletName: 'Payroll', exported: exported.payroll ?? false },
        accounts: [at(PAYROLL, 0, '0x0000000000000000000000000000000000000002')],
      },
    ],
  };
}

const names = new Map([
  [COLD, 'Treasury cold'],
  [PAYROLL, 'Payroll'],
  [ACCOUNT_0, 'Treasury cold · account 0'],
  [ACCOUNT_0.toLowerCase(), 'Treasury cold · account 0'],
  ['key-1', 'Team signing key'],
  ['user-1', 'Team root user 1'],
]);

const inputs = (wallets: WalletFacts | undefined = facts()): SummaryInputs => ({
  decode: undefined,
  interfaces: undefined,
  descriptors: [],
  nameOf: (id) => names.get(id),
  wallets,
});

/** An activity of `type` whose intent is `parameters` as the schema parses them, under the service's intent key. */
function activity(
  type: string,
  intentKey: string,
  schema: { parse(v: unknown): unknown },
  parameters: unknown,
): Activity {
  return activitySchema.parse({
    id: `act-${intentKey}`,
    organizationId: 'org-1',
    status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    type,
    intent: { [intentKey]: schema.parse(parameters) },
    votes: [],
    fingerprint: `sha256:${intentKey}`,
    canApprove: true,
    canReject: true,
  });
}

const DECODE = {
  transaction: decodeEthereumTransaction,
  summarize: summarizeTransaction,
  signature: summarizeSignature,
};

const summary = (a: Activity, wallets?: WalletFacts) => {
  const read = summarizeActivity(a, inputs(wallets));
  assert.ok(read, `${a.type} has a summary`);
  return read;
};

const HOSTILE = `**Pay**roll](command:countersign.approveActivity)\nnext line\u202Eevil ${'x'.repeat(200)}`;

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
      `Exports the private key of wallet account "Treasury cold · account 0" 0x5aAeb6…1BeAed to key ${TARGET_SHORT}: whoever holds that key controls that account.`,
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
      'Deletes wallet account "Treasury cold · account 0" 0x5aAeb6…1BeAed without export: its private key was never exported, and only the recovery phrase of its wallet can derive it again.',
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

  it('a signing through a wallet account says which wallet account, once, in the dialog and the notification', () => {
    const a = activity('ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', 'signRawPayloadsIntent', signRawPayloadsParametersSchema, {
      signWith: ACCOUNT_0,
      payloads: ['deadbeef'],
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_KECCAK256',
    });
    const read = summary(a);
    const signer = `wallet account "Treasury cold · account 0" ${ACCOUNT_0}`;
    assert.equal(read.signer, signer);
    assert.equal(read.line, `Signs with ${signer}`);
    // Read by the signature's decoder, the payload's words follow the wallet account, named first.
    const decoded = summarizeActivity(a, { ...inputs(), decode: DECODE });
    assert.deepEqual(decoded?.details[0], { label: 'Signs with', value: signer });
    assert.equal(decoded?.signer, signer);
    const detail = readableVoteDetail('approve', a.fingerprint, a.organizationId, a, undefined, undefined, read);
    assert.equal(detail.split('Signs with').length - 1, 1, detail);
    assert.ok(activityTitle(a, undefined, (id) => names.get(id)).includes('"Treasury cold · account 0"'));
    // A private key is said as before: no wallet account is named.
    const byKey = activity(
      'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
      'signRawPayloadsIntent',
      signRawPayloadsParametersSchema,
      {
        signWith: 'key-1',
        payloads: ['deadbeef'],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      },
    );
    assert.equal(summarizeActivity(byKey, inputs()), undefined);
  });

  it('the dialog and the notification lead with the risk of an export', () => {
    const a = activity('ACTIVITY_TYPE_EXPORT_WALLET', 'exportWalletIntent', exportWalletParametersSchema, {
      walletId: COLD,
      targetPublicKey: TARGET,
    });
    const read = summary(a);
    const detail = readableVoteDetail('approve', a.fingerprint, a.organizationId, a, undefined, undefined, read);
    assert.equal(detail.split('\n')[0], `⚠ ${read.flags[0]}`);
    assert.ok(detail.includes(`What it does: ${read.line}`), detail);
    assert.ok(!detail.includes(TARGET_SHORT.replace('…', '')), 'the raw intent is not listed');
    const notice = awaitingNotice(a, 'Team root user 2', undefined, undefined, undefined, read);
    assert.ok(notice.startsWith('⚠ Exports a recovery phrase. Team root user 2 asks for your vote'), notice);
  });

  it('the review page shows the risk first and what it does; a signing, its wallet account', () => {
    const exported = activity('ACTIVITY_TYPE_EXPORT_WALLET', 'exportWalletIntent', exportWalletParametersSchema, {
      walletId: COLD,
      targetPublicKey: TARGET,
    });
    const review = (a: Activity) =>
      buildReviewModel({
        activity: a,
        names: undefined,
        interfaces: [],
        decode: { ...DECODE, payload: decodeRawPayload },
        nameOf: (id) => names.get(id),
        wallets: facts(),
      });
    const model = review(exported);
    assert.deepEqual(model.risks, [summary(exported).flags[0]]);
    const rows = model.sections.find((s) => s.id === 'call')?.rows ?? [];
    assert.deepEqual(rows[0], { label: 'Does', value: summary(exported).line });
    const signing = activity(
      'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
      'signRawPayloadsIntent',
      signRawPayloadsParametersSchema,
      {
        signWith: ACCOUNT_0,
        payloads: ['deadbeef'],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      },
    );
    assert.equal(
      review(signing).summary.find((r) => r.label === 'Signs with')?.value,
      `wallet account "Treasury cold · account 0" ${ACCOUNT_0}`,
    );
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
