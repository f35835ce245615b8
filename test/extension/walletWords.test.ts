/**
 * Runs in VS Code's extension host against the local sandbox: a teammate's export of a wallet's recovery phrase,
 * waiting for your vote, reads in the approve dialog and on the review page as what it is, flagged first with who
 * gets control of every account; a teammate's deletion of a wallet never exported, without export, is flagged as
 * losing the recovery phrase for good.
 */
import * as assert from 'node:assert/strict';
import { p256 } from '@noble/curves/nist.js';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ReviewModel } from '../../src/extension/review/reviewModel';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import type { SandboxOrganization } from '../../src/sandbox';
import { ethereumAccount, solanaAccount } from '../support/walletFixtures';
import { organizationNamed, run } from './hostSupport';
import { sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('what an approver reads of a wallet export or deletion', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  let organizations: readonly SandboxOrganization[] = [];
  sandboxSuiteHooks((a, found) => {
    api = a;
    organizations = found;
  });
  const walletName = `Treasury cold ${Date.now()}`;
  /** The key the recovery phrase would be encrypted to, and how the words shorten it. */
  const target = hex(p256.getPublicKey(p256.utils.randomSecretKey(), false));
  const targetShort = `${target.slice(0, 8)}…${target.slice(-6)}`;
  let exported: Activity | undefined;
  let deleted: Activity | undefined;

  /** A client of Team's root user `index` (0 is you, 1 your teammate). */
  function teamClient(index: number): CountersignClient {
    const key = organizationNamed(organizations, 'Team').users[index]?.apiKeys[0];
    const baseUrl = api.localSandbox.running?.baseUrl;
    assert.ok(key && baseUrl);
    return new CountersignClient(
      { baseUrl },
      new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
    );
  }

  /** The approve dialog's text, the dialog dismissed: no vote is cast. */
  async function approveDialogOf(activity: Activity): Promise<string> {
    const shown: ModalRequest[] = [];
    const answering = api.services.modals.answerWith((request) => {
      shown.push(request);
      return undefined;
    });
    try {
      assert.equal(await run<Activity>(api, 'countersign.approveActivity', activity), undefined, 'no vote is cast');
    } finally {
      answering.dispose();
    }
    return shown[0]?.detail ?? '';
  }

  it("a teammate's export of Team's cold wallet, and its deletion without export, wait for your vote", async () => {
    const organizationId = organizationNamed(organizations, 'Team').organizationId;
    const [you, teammate] = [teamClient(0), teamClient(1)];
    try {
      // The wallet itself: the teammate asks, you approve, and it is made.
      const creation = await teammate.createWallet({
        organizationId,
        parameters: { walletName, accounts: [ethereumAccount(0), ethereumAccount(1), solanaAccount(0)] },
      });
      assert.equal(creation.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      await you.approveActivity({ organizationId, parameters: { fingerprint: creation.fingerprint } });
      const created = await you.getActivity({ organizationId, activityId: creation.id });
      const walletId = (created.result['createWalletResult'] as { walletId?: string } | undefined)?.walletId;
      assert.ok(walletId, created.status);
      exported = await teammate.exportWallet({ organizationId, parameters: { walletId, targetPublicKey: target } });
      assert.equal(exported.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      deleted = await teammate.deleteWallets({
        organizationId,
        parameters: { walletIds: [walletId], deleteWithoutExport: true },
      });
      assert.equal(deleted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    } finally {
      await Promise.all([you.close(), teammate.close()]);
    }
    // Switching reads the organization anew, with the wallet made since.
    await useSandboxProfile(api, 'Team', 0);
  });

  const exportFlag = () =>
    `Exports the recovery phrase of wallet "${walletName}" to key ${targetShort}: whoever holds that key controls every account of the wallet.`;

  it('the approve dialog of the export says so first, then what it does', async () => {
    assert.ok(exported);
    const detail = await approveDialogOf(exported);
    assert.equal(detail.split('\n')[0], `⚠ ${exportFlag()}`, detail);
    assert.ok(
      detail.includes(`What it does: Exports the recovery phrase of wallet "${walletName}" to key ${targetShort}\n`),
      detail,
    );
    assert.ok(detail.includes('  Accounts: 3 accounts\n'), detail);
  });

  it('the review page of the export shows the risk first and what it does', async () => {
    assert.ok(exported);
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', exported);
    assert.ok(model);
    assert.deepEqual(model.risks, [exportFlag()]);
    const rows = model.sections.find((s) => s.id === 'call')?.rows ?? [];
    assert.equal(
      rows.find((r) => r.label === 'Does')?.value,
      `Exports the recovery phrase of wallet "${walletName}" to key ${targetShort}`,
    );
    assert.equal(rows.find((r) => r.label === 'Encrypted to key')?.value, target);
  });

  it('the deletion without export is flagged as losing the recovery phrase for good, in the dialog and the page', async () => {
    assert.ok(deleted);
    const flag = `Deletes wallet "${walletName}" without export: it was never exported, so its recovery phrase is lost for good, and every account of the wallet with it.`;
    const detail = await approveDialogOf(deleted);
    assert.equal(detail.split('\n')[0], `⚠ ${flag}`, detail);
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', deleted);
    assert.deepEqual(model?.risks, [flag]);
  });
});
