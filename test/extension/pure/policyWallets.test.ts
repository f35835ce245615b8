/**
 * Policy files know the organization's wallets, read from the store's wallet book: completion of wallet ids
 * (labelled with the wallet's name) and account addresses (labelled `Wallet · account N`), the wallet fields with
 * their meanings, hovers that name a wallet or an account, the wallet lints with what their fixes write, and the
 * wallet templates, which the service would accept as written. Pure: no `vscode` here.
 */
import * as assert from 'node:assert/strict';
import type { Wallet, WalletAccount } from '../../../src/api';
import { SAMPLE_TOKEN_ADDRESS } from '../../../src/api/remote';
import { knowledgeOf } from '../../../src/extension/policyFiles/organizationKnowledge';
import { completePolicy } from '../../../src/extension/policyFiles/policyCompletion';
import { policyDiagnostics } from '../../../src/extension/policyFiles/policyDiagnostics';
import { hoverPolicy } from '../../../src/extension/policyFiles/policyHover';
import {
  exportsNeedTwoApproversPolicy,
  hotWalletContractsPolicy,
  policyFileText,
  signWithWalletPolicy,
} from '../../../src/extension/policyFiles/policyTemplates';
import { walletBookOf } from '../../../src/extension/store/walletBook';

const AT = { seconds: '1700000000', nanos: '0' };
const COLD = 'wallet-cold-0000-4000-8000-000000000001';
const HOT = 'wallet-hot-00000-4000-8000-000000000002';
/** EIP-55 forms (checksums by ox, through the code under test's own helper in the lint). */
const COLD_0 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const COLD_1 = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const HOT_0 = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';

const wallet = (walletId: string, walletName: string, exported = false): Wallet => ({
  walletId,
  walletName,
  createdAt: AT,
  updatedAt: AT,
  exported,
  imported: false,
});
const account = (walletId: string, address: string, index: number): WalletAccount => ({
  walletAccountId: `${walletId}-${index}`,
  organizationId: 'org',
  walletId,
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: `m/44'/60'/0'/0/${index}`,
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
  address,
  createdAt: AT,
  updatedAt: AT,
});

const BOOK = walletBookOf(
  [wallet(COLD, 'Treasury cold', true), wallet(HOT, 'Treasury hot')],
  [account(COLD, COLD_0, 0), account(COLD, COLD_1, 1), account(HOT, HOT_0, 0)],
);
const KNOWLEDGE = knowledgeOf({ walletBook: BOOK });

/** Completion at the end of a condition being typed. */
const completeAt = (source: string) => completePolicy('condition', source, source.length, KNOWLEDGE);

/** A policy file holding one condition, its Problems, and the file after a Problem's fix. */
function checked(condition: string, effect: 'EFFECT_ALLOW' | 'EFFECT_DENY' = 'EFFECT_DENY') {
  const text = policyFileText({ policyName: 'p', effect, condition, notes: '' });
  const problems = policyDiagnostics(text, KNOWLEDGE);
  const fixed = (code: string): string => {
    const fix = problems.find((p) => p.code === code)?.fix;
    assert.ok(fix, `a fix for ${code}`);
    const after = text.slice(0, fix.start) + fix.text + text.slice(fix.end);
    return (JSON.parse(after) as { condition: string }).condition;
  };
  return { problems, codes: problems.map((p) => p.code), fixed };
}

describe('policy files: wallets from the store', () => {
  it("knows each wallet with its accounts, each account by the store's name for it", () => {
    assert.deepEqual(
      (KNOWLEDGE.wallets ?? []).map((w) => [w.name, w.exported, w.accounts.map((a) => a.name)]),
      [
        ['Treasury cold', true, ['Treasury cold · account 0', 'Treasury cold · account 1']],
        ['Treasury hot', false, ['Treasury hot · account 0']],
      ],
    );
  });

  it("offers wallet ids labelled with the wallet's name after wallet.id == '", () => {
    const items = completeAt("activity.action == 'SIGN' && wallet.id == '");
    assert.deepEqual(
      items.map((i) => [i.label, i.insertText]),
      [
        ['Treasury cold', `${COLD}'`],
        ['Treasury hot', `${HOT}'`],
      ],
    );
    const inList = completeAt("wallets.any(w, w.id == '");
    assert.deepEqual(
      inList.map((i) => i.label),
      ['Treasury cold', 'Treasury hot'],
    );
  });

  it("offers account addresses labelled 'Wallet · account N' after wallet_account.address == '", () => {
    const items = completeAt("wallet_account.address == '");
    assert.deepEqual(
      items.map((i) => [i.label, i.insertText, i.detail]),
      [
        ['Treasury cold · account 0', `${COLD_0}'`, COLD_0],
        ['Treasury cold · account 1', `${COLD_1}'`, COLD_1],
        ['Treasury hot · account 0', `${HOT_0}'`, HOT_0],
      ],
    );
    // Typing part of a name or of the address finds it: both are in the filter text.
    assert.match(items[2]?.filterText ?? '', /Treasury hot · account 0 0xdbF03B/);
  });

  it('offers the fields of wallet and wallet_account with what each means', () => {
    const fields = completeAt('wallet.');
    for (const name of ['id', 'label', 'exported', 'imported'])
      assert.ok(fields.find((f) => f.label === name)?.documentation, `wallet.${name} is offered with its meaning`);
    assert.match(fields.find((f) => f.label === 'exported')?.documentation ?? '', /recovery phrase/);
    const account = completeAt('wallet_account.');
    assert.ok(account.find((f) => f.label === 'address')?.documentation?.includes('EIP-55'));
    const keywords = completeAt('wal').map((k) => k.label);
    for (const name of ['wallet', 'wallets', 'wallet_account']) assert.ok(keywords.includes(name), name);
  });

  it('names a wallet id and an account address under the pointer', () => {
    const source = `wallet.id == '${COLD}' || wallet_account.address == '${HOT_0}'`;
    const onWallet = hoverPolicy('condition', source, source.indexOf(COLD) + 3, KNOWLEDGE);
    assert.equal(onWallet?.text, 'Wallet "Treasury cold"');
    assert.equal(source.slice(onWallet.start, onWallet.end), `'${COLD}'`);
    const onAccount = hoverPolicy('condition', source, source.indexOf(HOT_0) + 3, KNOWLEDGE);
    assert.equal(onAccount?.text, 'Wallet account "Treasury hot · account 0"');
    // Any letter case of an address names the account.
    const lower = `wallet_account.address == '${HOT_0.toLowerCase()}'`;
    assert.equal(
      hoverPolicy('condition', lower, lower.indexOf('0x') + 3, KNOWLEDGE)?.text,
      'Wallet account "Treasury hot · account 0"',
    );
  });
});

describe('policy files: wallet lints and their fixes', () => {
  it('says a deny on a private_key keyword does not deny wallet signing, in a condition that meets signing', () => {
    const { problems, codes } = checked("activity.action == 'SIGN' && private_key.tags.contains('tag-hot')");
    assert.deepEqual(codes, ['privateKeyOnWalletSigning']);
    assert.match(problems[0]?.message ?? '', /wallet account signs there is no private key.*private_key\.tags/);
    assert.match(problems[0]?.message ?? '', /Signing with a wallet account is not denied by this policy/);
    // An allow that errors allows nothing, which is what it says.
    assert.deepEqual(checked("activity.action == 'SIGN' && private_key.id == 'key-hot'", 'EFFECT_ALLOW').codes, []);
    assert.deepEqual(checked("private_key.id == 'key-hot'").codes, ['privateKeyOnWalletSigning']);
    // Not where the condition meets no signing, nor where the exclusive-keywords lint already speaks.
    assert.deepEqual(checked("activity.kind == 'EXPORT_PRIVATE_KEY' && private_key.id == 'key-hot'").codes, []);
    assert.deepEqual(checked("activity.resource == 'POLICY' && private_key.exported").codes, []);
    assert.ok(!checked(`private_key.id == 'k' || wallet.id == '${COLD}'`).codes.includes('privateKeyOnWalletSigning'));
  });

  it("says a wallet id compared with an account's address never matches, and its fix compares wallet.id", () => {
    const { problems, fixed } = checked(`activity.action == 'SIGN' && wallet_account.address == '${COLD}'`);
    const found = problems.find((p) => p.code === 'walletIdForAddress');
    assert.match(found?.message ?? '', /id of the wallet "Treasury cold", not an account's address/);
    assert.equal(fixed('walletIdForAddress'), `activity.action == 'SIGN' && wallet.id == '${COLD}'`);
    assert.deepEqual(checked(fixed('walletIdForAddress')).codes, []);
  });

  it("says an account's address compared with a wallet id never matches, and its fix compares the address", () => {
    const { problems, fixed } = checked(`'${HOT_0.toLowerCase()}' != wallet.id`);
    const found = problems.find((p) => p.code === 'addressForWalletId');
    assert.match(found?.message ?? '', /address of the wallet account "Treasury hot · account 0", not a wallet's id/);
    assert.match(found?.message ?? '', new RegExp(`wallet\\.id with '${HOT}' \\(the wallet "Treasury hot"\\)`));
    // The account's address as the service stores it.
    assert.equal(fixed('addressForWalletId'), `'${HOT_0}' != wallet_account.address`);
    assert.deepEqual(checked(fixed('addressForWalletId')).codes, []);
  });

  it("says an address that is not the account's EIP-55 form never matches, and its fix writes that form", () => {
    const wrong = COLD_1.slice(0, 2) + COLD_1.slice(2).toUpperCase();
    const { problems, fixed } = checked(`wallet_account.address in ['${COLD_0}', '${wrong}']`);
    assert.deepEqual(
      problems.map((p) => p.code),
      ['notChecksummed'],
    );
    assert.match(problems[0]?.message ?? '', /account "Treasury cold · account 1" is stored as 0xfB6916095ca1/);
    assert.equal(fixed('notChecksummed'), `wallet_account.address in ['${COLD_0}', '${COLD_1}']`);
    // An address the organization does not own: its EIP-55 form, by ox.
    const stranger = '0xD1220A0CF47C7B9BE7A2E6BA89F429762E7B9ADB';
    const other = checked(`wallet_account.address == '${stranger}'`);
    assert.equal(
      other.fixed('notChecksummed'),
      "wallet_account.address == '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'",
    );
    // All lowercase is the lowercase-address lint's, said once.
    assert.deepEqual(checked(`wallet_account.address == '${COLD_0.toLowerCase()}'`).codes, ['lowercaseAddress']);
  });
});

describe('policy files: wallet templates', () => {
  it('writes each wallet template with the ids picked, as the service would accept it, with no Problem', () => {
    const templates = [
      signWithWalletPolicy({ walletId: COLD, userId: 'user-dev', policyName: 'a', notes: '' }),
      exportsNeedTwoApproversPolicy({ tagId: 'tag-finance', policyName: 'b', notes: '' }),
      hotWalletContractsPolicy({ walletId: HOT, addresses: [SAMPLE_TOKEN_ADDRESS], policyName: 'c', notes: '' }),
    ];
    assert.equal(templates[0]?.condition, `activity.action == 'SIGN' && wallet.id == '${COLD}'`);
    assert.equal(templates[1]?.consensus, "approvers.filter(u, u.tags.contains('tag-finance')).count() >= 2");
    assert.equal(
      templates[2]?.condition,
      `activity.action == 'SIGN' && wallet.id == '${HOT}' && eth.tx.to in ['${SAMPLE_TOKEN_ADDRESS}']`,
    );
    for (const template of templates)
      assert.deepEqual(policyDiagnostics(policyFileText(template), KNOWLEDGE), [], template.policyName);
  });
});
