/**
 * Policies read wallets: `wallet.id`, `wallet_account.address` and `wallets` decide as the documented shapes say,
 * for a user whose activities policies decide (Treasury's developer), an export's target key is
 * `activity.params.target_public_key`, and a `private_key.id` keyword on a wallet
 * signing is a missing keyword, so that policy errors.
 */
import * as assert from 'node:assert/strict';
import { generateP256KeyPair } from '@turnkey/crypto';
import type { Activity } from '../../src/api';
import type { CountersignClient } from '../../src/api/remote';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { DEVELOPER, ROOT } from '../support/treasuryFixtures';
import { createWallet, ethereumAccount } from '../support/walletFixtures';

const DIGEST = 'ab'.repeat(32);

describe('sandbox: policies read wallets', function () {
  this.timeout(20_000);
  let t: TestSandbox;
  let root: CountersignClient;
  let organizationId: string;
  let hot: { walletId: string; addresses: string[] };
  let cold: { walletId: string; addresses: string[] };
  before(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Treasury').organizationId;
    root = t.clientFor('Treasury', ROOT);
    hot = await createWallet(root, organizationId, 'Policy hot', [ethereumAccount(0), ethereumAccount(1)]);
    cold = await createWallet(root, organizationId, 'Policy cold', [ethereumAccount(0)]);
  });
  after(() => t.close());

  const createPolicy = async (policyName: string, effect: 'EFFECT_ALLOW' | 'EFFECT_DENY', condition: string) => {
    const activity = await root.createPolicy({
      organizationId,
      parameters: { policyName, effect, condition, notes: '' },
    });
    return (activity.result?.['createPolicyResult'] as { policyId: string }).policyId;
  };
  const deletePolicy = (policyId: string) => root.deletePolicy({ organizationId, parameters: { policyId } });
  const developerSigns = (signWith: string): Promise<Activity> =>
    t.clientFor('Treasury', DEVELOPER).signRawPayload({
      organizationId,
      parameters: {
        signWith,
        payload: DIGEST,
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    });
  const outcomeOf = async (activityId: string, policyId: string) => {
    const records = await root.getPolicyEvaluations({ organizationId, activityId });
    return records.at(-1)?.policyEvaluations.find((e) => e.policyId === policyId)?.outcome;
  };
  const refused = (pending: Promise<Activity>) =>
    assert.rejects(pending, (error: unknown) => {
      assert.match(String(error), /HTTP 403.*no policy evaluated to Allow/);
      return true;
    });

  it('allows signing by the accounts of the wallet `wallet.id` names, and only those', async () => {
    const policyId = await createPolicy(
      'Hot wallet signs',
      'EFFECT_ALLOW',
      `activity.action == 'SIGN' && wallet.id == '${hot.walletId}'`,
    );
    try {
      const allowed = await developerSigns(hot.addresses[1] ?? '');
      assert.equal(allowed.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(await outcomeOf(allowed.id, policyId), 'OUTCOME_ALLOW');
      await refused(developerSigns(cold.addresses[0] ?? ''));
    } finally {
      await deletePolicy(policyId);
    }
  });

  it('denies signing by the account `wallet_account.address` names, whatever its letter case', async () => {
    const allow = await createPolicy(
      'Any wallet signs',
      'EFFECT_ALLOW',
      "activity.action == 'SIGN' && wallet.label != ''",
    );
    const deny = await createPolicy(
      'Not that account',
      'EFFECT_DENY',
      `wallet_account.address == '${hot.addresses[0] ?? ''}'`,
    );
    try {
      const other = await developerSigns(hot.addresses[1] ?? '');
      assert.equal(other.status, 'ACTIVITY_STATUS_COMPLETED');
      await assert.rejects(developerSigns((hot.addresses[0] ?? '').toLowerCase()), (error: unknown) => {
        assert.match(String(error), /HTTP 403/);
        return true;
      });
    } finally {
      await deletePolicy(deny);
      await deletePolicy(allow);
    }
  });

  it('errors a private_key.id policy on a wallet signing: the keyword is missing', async () => {
    const policyId = await createPolicy(
      'Key or wallet',
      'EFFECT_ALLOW',
      `wallet.id == '${cold.walletId}' || private_key.id == 'none'`,
    );
    const hotSigns = await createPolicy('Hot signs', 'EFFECT_ALLOW', `wallet.id == '${hot.walletId}'`);
    try {
      const activity = await developerSigns(hot.addresses[0] ?? '');
      assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(await outcomeOf(activity.id, policyId), 'OUTCOME_ERROR');
      assert.equal(await outcomeOf(activity.id, hotSigns), 'OUTCOME_ALLOW');
    } finally {
      await deletePolicy(hotSigns);
      await deletePolicy(policyId);
    }
  });

  it('allows an export of a wallet or an account by activity.params.target_public_key, and only to that key', async () => {
    const target = generateP256KeyPair().publicKeyUncompressed;
    const other = generateP256KeyPair().publicKeyUncompressed;
    const wallets = await createPolicy(
      'Export Policy cold to one target',
      'EFFECT_ALLOW',
      `activity.resource == 'WALLET' && activity.action == 'EXPORT' && wallet.id == '${cold.walletId}' && activity.params.target_public_key == '${target}'`,
    );
    const accounts = await createPolicy(
      'Export one account to one target',
      'EFFECT_ALLOW',
      `activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT' && wallet_account.address == '${hot.addresses[1] ?? ''}' && activity.params.target_public_key == '${target}'`,
    );
    try {
      const developer = t.clientFor('Treasury', DEVELOPER);
      const exportWallet = (walletId: string, targetPublicKey: string) =>
        developer.exportWallet({ organizationId, parameters: { walletId, targetPublicKey } });
      const exportAccount = (address: string, targetPublicKey: string) =>
        developer.exportWalletAccount({ organizationId, parameters: { address, targetPublicKey } });
      await refused(exportWallet(cold.walletId, other));
      await refused(exportWallet(hot.walletId, target));
      const exported = await exportWallet(cold.walletId, target);
      assert.equal(exported.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(await outcomeOf(exported.id, wallets), 'OUTCOME_ALLOW');
      await refused(exportAccount(hot.addresses[1] ?? '', other));
      await refused(exportAccount(hot.addresses[0] ?? '', target));
      const account = await exportAccount(hot.addresses[1] ?? '', target);
      assert.equal(account.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(await outcomeOf(account.id, accounts), 'OUTCOME_ALLOW');
    } finally {
      await deletePolicy(accounts);
      await deletePolicy(wallets);
    }
  });

  it('reads the wallets a deletion names (`wallets`) and the wallet a rename names (`wallet`)', async () => {
    const spare = await createWallet(root, organizationId, 'Spare', []);
    const renames = await createPolicy(
      'Renames of Spare',
      'EFFECT_ALLOW',
      `activity.resource == 'WALLET' && activity.action == 'UPDATE' && wallet.label == 'Spare'`,
    );
    const deletes = await createPolicy(
      'Deletions of unexported wallets',
      'EFFECT_ALLOW',
      `activity.action == 'DELETE' && wallets.all(w, !w.exported)`,
    );
    try {
      const developer = t.clientFor('Treasury', DEVELOPER);
      const renamed = await developer.updateWallet({
        organizationId,
        parameters: { walletId: spare.walletId, walletName: 'Spare 2' },
      });
      assert.equal(renamed.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(await outcomeOf(renamed.id, renames), 'OUTCOME_ALLOW');
      const deleted = await developer.deleteWallets({
        organizationId,
        parameters: { walletIds: [spare.walletId], deleteWithoutExport: true },
      });
      assert.equal(deleted.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(await outcomeOf(deleted.id, deletes), 'OUTCOME_ALLOW');
    } finally {
      await deletePolicy(deletes);
      await deletePolicy(renames);
    }
  });
});
