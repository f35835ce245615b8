/**
 * The wallets a new sandbox starts with, and the Treasury policies that read them: Demo's wallet (two Ethereum
 * accounts and a Solana one), Treasury's hot and cold wallets, and "End user 1", a sub-organization of Demo with its
 * own root user and wallet, as an embedded-wallet product makes one. The cold wallet signs and exports only with two
 * finance approvals; the hot wallet signs for the registered token only. Driven over HTTP with the official
 * @turnkey/http client and ours; no seeded mnemonic reaches credentials.json or a log line.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { generateP256KeyPair } from '@turnkey/crypto';
import type { Activity, LogFields, Logger, Policy } from '../../src/api';
import { SAMPLE_TOKEN_ADDRESS } from '../../src/api/sampleToken';
import { launchSandbox } from '../../src/sandbox';
import { TREASURY_TRANSFER_CAP } from '../../src/sandbox/treasurySeed';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { APPROVER_1, APPROVER_2, DEVELOPER, ROOT, treasuryTransfer } from '../support/treasuryFixtures';

const UNREGISTERED = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';

describe('sandbox: the seeded wallets, and the Treasury policies that read them', function () {
  this.timeout(20_000);
  let t: TestSandbox;
  let treasuryId: string;
  let policies: Policy[];
  let nonce = 0n;
  beforeEach(async () => {
    t = await startTestSandbox();
    treasuryId = t.organization('Treasury').organizationId;
    policies = await t.clientFor('Treasury', ROOT).listPolicies({ organizationId: treasuryId });
  });
  afterEach(() => t.close());

  const policyNamed = (name: string): Policy => {
    const found = policies.find((p) => p.policyName === name);
    assert.ok(found, `no policy named ${name}`);
    return found;
  };
  /** The wallet of that name in the organization, and its accounts in creation order. */
  const walletNamed = async (organization: 'Demo' | 'Treasury' | 'End user 1', walletName: string) => {
    const client = t.clientFor(organization);
    const { organizationId } = t.organization(organization);
    const wallet = (await client.listWallets({ organizationId })).find((w) => w.walletName === walletName);
    assert.ok(wallet, `${organization} has a wallet named ${walletName}`);
    const accounts = await client.listWalletAccounts({ organizationId, walletId: wallet.walletId });
    return { wallet, accounts };
  };
  const coldAddress = async () => (await walletNamed('Treasury', 'Treasury cold')).accounts[0]?.address ?? '';
  const hotAddress = async () => (await walletNamed('Treasury', 'Treasury hot')).accounts[0]?.address ?? '';
  const developerSigns = (signWith: string, unsignedTransaction: string): Promise<Activity> =>
    t.clientFor('Treasury', DEVELOPER).signTransaction({
      organizationId: treasuryId,
      parameters: { signWith, unsignedTransaction, type: 'TRANSACTION_TYPE_ETHEREUM' },
    });
  /** A finance approver's vote through the official client; the activity as it stands after it. */
  const approveAs = async (index: number, activity: Activity): Promise<Activity> => {
    await officialClient(t, 'Treasury', index).approveActivity({
      type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
      timestampMs: String(t.clock.now()),
      organizationId: treasuryId,
      parameters: { fingerprint: activity.fingerprint },
    });
    return t.clientFor('Treasury', ROOT).getActivity({ organizationId: treasuryId, activityId: activity.id });
  };
  const lastOutcome = async (activityId: string, policyName: string) => {
    const { policyEvaluations } = await officialClient(t, 'Treasury', ROOT).getPolicyEvaluations({
      organizationId: treasuryId,
      activityId,
    });
    const { policyId } = policyNamed(policyName);
    return policyEvaluations.at(-1)?.policyEvaluations.find((e) => e.policyId === policyId)?.outcome;
  };

  it("seeds Demo's wallet with Ethereum accounts at m/44'/60'/0'/0/0 and /1 and a Solana account", async () => {
    const { wallet, accounts } = await walletNamed('Demo', 'Demo wallet');
    assert.equal(wallet.exported, false);
    assert.deepEqual(
      accounts.map((a) => [a.path, a.addressFormat, a.curve]),
      [
        ["m/44'/60'/0'/0/0", 'ADDRESS_FORMAT_ETHEREUM', 'CURVE_SECP256K1'],
        ["m/44'/60'/0'/0/1", 'ADDRESS_FORMAT_ETHEREUM', 'CURVE_SECP256K1'],
        ["m/44'/501'/0'/0'", 'ADDRESS_FORMAT_SOLANA', 'CURVE_ED25519'],
      ],
    );
    assert.match(accounts[0]?.address ?? '', /^0x[0-9a-fA-F]{40}$/);
    assert.notEqual(accounts[0]?.address, accounts[1]?.address);
    // The service's own client lists it too.
    const listed = await officialClient(t, 'Demo').getWallets({
      organizationId: t.organization('Demo').organizationId,
    });
    assert.ok(listed.wallets.some((w) => w.walletId === wallet.walletId));
  });

  it('seeds Treasury with a hot and a cold wallet of one Ethereum account each, and six policies', async () => {
    for (const name of ['Treasury hot', 'Treasury cold']) {
      const { accounts } = await walletNamed('Treasury', name);
      assert.deepEqual(
        accounts.map((a) => [a.path, a.addressFormat]),
        [["m/44'/60'/0'/0/0", 'ADDRESS_FORMAT_ETHEREUM']],
      );
    }
    assert.equal(policies.length, 6);
    const cold = (await walletNamed('Treasury', 'Treasury cold')).wallet.walletId;
    const finance = (await t.clientFor('Treasury').listUserTags({ organizationId: treasuryId })).find(
      (tag) => tag.tagName === 'finance',
    )?.tagId;
    assert.ok(finance);
    const signs = policyNamed('Cold wallet signs only with two finance approvals');
    assert.equal(signs.condition, `activity.action == 'SIGN' && wallet.id == '${cold}'`);
    assert.equal(signs.consensus, `approvers.filter(u, u.tags.contains('${finance}')).count() >= 2`);
    assert.ok(policyNamed('Cold wallet exports need two finance approvals').condition.includes(`'${cold}'`));
    const hot = (await walletNamed('Treasury', 'Treasury hot')).wallet.walletId;
    assert.ok(policyNamed('Hot wallet signs only for registered contracts').condition.includes(`'${hot}'`));
  });

  it("makes End user 1 a sub-organization of Demo whose own root user signs with its wallet's account", async () => {
    const endUser = t.organization('End user 1');
    const demoId = t.organization('Demo').organizationId;
    assert.equal(endUser.parentOrganizationId, demoId);
    assert.equal(endUser.rootQuorum, 1);
    assert.equal(endUser.users.length, 1);
    assert.ok(endUser.users[0]?.apiKeys[0]?.privateKey, 'its API key is in the credentials, for a profile');
    const subOrganizations = await t.clientFor('Demo').getSubOrgIds({ organizationId: demoId });
    assert.ok(subOrganizations.includes(endUser.organizationId));
    const { accounts } = await walletNamed('End user 1', 'End user 1 wallet');
    const [account] = accounts;
    assert.equal(account?.path, "m/44'/60'/0'/0/0");
    const signed = await t.clientFor('End user 1').signRawPayload({
      organizationId: endUser.organizationId,
      parameters: {
        signWith: account.address,
        payload: 'ab'.repeat(32),
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    });
    assert.equal(signed.status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it('waits for two finance approvals before the cold wallet signs, even a transfer the developer may sign alone', async () => {
    const submitted = await developerSigns(await coldAddress(), treasuryTransfer(1n, nonce++));
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.equal(
      await lastOutcome(submitted.id, 'Cold wallet signs only with two finance approvals'),
      'OUTCOME_REQUIRES_CONSENSUS',
    );
    assert.equal(await lastOutcome(submitted.id, 'Developer transfers below the cap'), 'OUTCOME_DENY_IMPLICIT');
    const afterFirst = await approveAs(APPROVER_1, submitted);
    assert.equal(afterFirst.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'one finance approval is not enough');
    const done = await approveAs(APPROVER_2, submitted);
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.ok(done.result['signTransactionResult'], 'the transaction is signed');
    assert.equal(await lastOutcome(submitted.id, 'Cold wallet signs only with two finance approvals'), 'OUTCOME_ALLOW');
  });

  it('sends an export of the cold wallet to the two finance approvers', async () => {
    const { wallet } = await walletNamed('Treasury', 'Treasury cold');
    const submitted = await t.clientFor('Treasury', DEVELOPER).exportWallet({
      organizationId: treasuryId,
      parameters: { walletId: wallet.walletId, targetPublicKey: generateP256KeyPair().publicKeyUncompressed },
    });
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    for (const [index, may] of [
      [APPROVER_1, true],
      [APPROVER_2, true],
      [DEVELOPER, false],
    ] as const) {
      const seen = await t
        .clientFor('Treasury', index)
        .getActivity({ organizationId: treasuryId, activityId: submitted.id });
      assert.equal(seen.canApprove, may, `canApprove for user ${index}`);
    }
    await approveAs(APPROVER_1, submitted);
    const done = await approveAs(APPROVER_2, submitted);
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.ok(done.result['exportWalletResult'], 'the bundle is made');
  });

  it('lets the hot wallet sign for the registered token as the transfer policies say, and denies any other address', async () => {
    const hot = await hotAddress();
    const small = await developerSigns(hot, treasuryTransfer(TREASURY_TRANSFER_CAP - 1n, nonce++));
    assert.equal(small.status, 'ACTIVITY_STATUS_COMPLETED', 'the developer alone, below the cap');
    const large = await developerSigns(hot, treasuryTransfer(TREASURY_TRANSFER_CAP, nonce++));
    assert.equal(large.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'two finance approvals from the cap on');
    const deny = policyNamed('Hot wallet signs only for registered contracts');
    await assert.rejects(developerSigns(hot, treasuryTransfer(1n, nonce++, UNREGISTERED)), (error: Error) => {
      assert.match(error.message, new RegExp(`The following policies denied this action: ${deny.policyId}`));
      return true;
    });
    // The token address and the hot key's policy are left as they were.
    assert.ok(deny.condition.includes(`eth.tx.to != '${SAMPLE_TOKEN_ADDRESS}'`), deny.condition);
  });
});

describe('sandbox: seeded mnemonics stay in the journal', function () {
  this.timeout(20_000);
  it('never puts a seeded mnemonic in credentials.json or a log line', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'countersign-seed-'));
    const lines: string[] = [];
    const record = (message: string, fields: LogFields = {}): void => {
      lines.push(JSON.stringify({ message, fields }));
    };
    const logger: Logger = { trace: record, debug: record, info: record, warn: record, error: record };
    const { sandbox, engine } = await launchSandbox({ dataDir: dir, port: 0, logger });
    try {
      const mnemonics = [...engine.state.organizations.values()].flatMap((o) =>
        o.wallets.list().map((w) => w.mnemonic),
      );
      assert.equal(mnemonics.length, 4, "Demo's, Treasury's two, End user 1's");
      const seen = [readFileSync(path.join(dir, 'credentials.json'), 'utf8'), ...lines].join('\n');
      assert.ok(lines.length > 0, 'the sandbox logged nothing to check');
      for (const mnemonic of mnemonics) {
        const words = mnemonic.split(' ');
        // Any three words in a row would give it away.
        for (let i = 0; i + 3 <= words.length; i++)
          assert.ok(!seen.includes(words.slice(i, i + 3).join(' ')), 'a seeded mnemonic left the journal');
      }
    } finally {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
