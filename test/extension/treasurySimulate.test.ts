/**
 * Runs in VS Code's extension host against the local sandbox's Treasury organization, governed by policies:
 * "Simulate a Teammate's Request" there has its developer ask for a transfer above the cap, which the first finance
 * approver finds waiting for their vote and approves, and the second completes; a call the policy on hot keys
 * denies, told by the policy's name; and the cold wallet's requests (a transfer it signs, its export), which wait
 * for the two finance approvers.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../src/api';
import type { SimulatedTreasuryRequests, SimulatedWalletRequests } from '../../src/extension/commands/simulateRequests';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { SandboxOrganization } from '../../src/sandbox';
import { eventually, organizationNamed, run } from './hostSupport';
import { goAhead, sandboxSuiteHooks, useSandboxProfile, withModalAnswers } from './sandboxProfiles';

const HOT = 'Hot keys sign only for registered contracts';
const COLD_SIGNS = 'Cold wallet signs only with two finance approvals';
const COLD_EXPORTS = 'Cold wallet exports need two finance approvals';

describe("a teammate's request in Treasury, approved by policy", function () {
  this.timeout(90_000);
  let api!: CountersignExtensionApi;
  let organizations: readonly SandboxOrganization[] = [];
  sandboxSuiteHooks((a, found) => {
    api = a;
    organizations = found;
  });

  it("the developer's large transfer waits for the first finance approver's vote; two finance approvals complete it", async () => {
    const treasury = organizationNamed(organizations, 'Treasury');
    const approver = (index: number) => treasury.users.find((u) => u.userName === `Treasury approver ${index}`);
    const first = approver(1);
    assert.ok(first, 'Treasury has its first approver');
    const simulated = await run<SimulatedTreasuryRequests>(api, 'countersign.simulateTeammateRequest', {
      organization: 'Treasury',
      switchProfile: true,
    });
    assert.ok(simulated);
    assert.ok(
      api.services.profiles.active()?.id.endsWith(`.${first.userId}`),
      "the first approver's profile is active",
    );
    const { transfer } = simulated;
    assert.equal(transfer.organizationId, treasury.organizationId);
    assert.equal(transfer.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');

    // The approver is no root user: the service says they can approve it, and it shows so in their view.
    const row = await eventually('the transfer in the Activities view, approvable by the approver', async () =>
      (await api.views.activities.activities()).find((r) => r.activity.id === transfer.id && r.activity.canApprove),
    );
    assert.ok(row);

    const firstVote = await withModalAnswers<Activity>(api, goAhead, 'countersign.approveActivity', {
      activityId: transfer.id,
    });
    assert.equal(firstVote.result?.type, 'ACTIVITY_TYPE_APPROVE_ACTIVITY');
    const { client } = await api.services.requireSession();
    const waiting = await client.getActivity({ organizationId: treasury.organizationId, activityId: transfer.id });
    assert.equal(waiting.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'one finance approval is not enough');

    await useSandboxProfile(api, 'Treasury', treasury.users.indexOf(approver(2) ?? first));
    const secondVote = await withModalAnswers<Activity>(api, goAhead, 'countersign.approveActivity', {
      activityId: transfer.id,
    });
    assert.equal(secondVote.result?.status, 'ACTIVITY_STATUS_COMPLETED');
    const done = await (
      await api.services.requireSession()
    ).client.getActivity({ organizationId: treasury.organizationId, activityId: transfer.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED', 'the second finance approval completes it');
  });

  it('the call to an unregistered contract with the hot key is denied, and the denial names the policy', async () => {
    const simulated = await run<SimulatedTreasuryRequests>(api, 'countersign.simulateTeammateRequest', {
      organization: 'Treasury',
      switchProfile: true,
    });
    assert.ok(simulated);
    assert.equal(simulated.denied.policyIds.length, 1);
    assert.match(simulated.denied.message, /denied/);
    assert.ok(simulated.deniedBecause.includes(`"${HOT}"`), simulated.deniedBecause);
    assert.ok(simulated.denied.activityId, 'the denial carries the id its evaluation is kept under');
    const { client } = await api.services.requireSession();
    const evaluations = await client.getPolicyEvaluations({
      organizationId: simulated.transfer.organizationId,
      activityId: simulated.denied.activityId,
    });
    assert.ok(
      evaluations.some((e) =>
        e.policyEvaluations.some(
          (p) => p.policyId === simulated.denied.policyIds[0] && p.outcome === 'OUTCOME_DENY_EXPLICIT',
        ),
      ),
      'the service keeps the evaluation that denied it',
    );
  });

  it("the cold wallet's transfer and export wait for the two finance approvers, each by its policy", async () => {
    const treasury = organizationNamed(organizations, 'Treasury');
    const userIndex = (name: string) => treasury.users.findIndex((u) => u.userName === name);
    const simulated = await run<SimulatedWalletRequests>(api, 'countersign.simulateTeammateRequest', {
      wallets: true,
      switchProfile: true,
    });
    assert.ok(simulated);
    assert.equal(simulated.walletName, 'Treasury cold');
    const { transfer, export: exported } = simulated;
    for (const activity of [transfer, exported]) {
      assert.equal(activity.organizationId, treasury.organizationId);
      assert.equal(activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    }
    assert.equal(exported.type, 'ACTIVITY_TYPE_EXPORT_WALLET');
    // The transfer is signed by the cold wallet's account, named by its address.
    const { client } = await api.services.requireSession();
    const cold = (await client.listWallets({ organizationId: treasury.organizationId })).find(
      (w) => w.walletName === 'Treasury cold',
    );
    assert.ok(cold);
    const [account] = await client.listWalletAccounts({
      organizationId: treasury.organizationId,
      walletId: cold.walletId,
    });
    const intent = Object.values(transfer.intent)[0] as { signWith?: string } | undefined;
    assert.equal(intent?.signWith, account?.address);

    const expected = (policy: string, others: string) =>
      `Policy "${policy}": 0 of 2 approvals from finance (${others} can approve)`;
    for (const [approver, other] of [
      ['Treasury approver 1', 'Treasury approver 2'],
      ['Treasury approver 2', 'Treasury approver 1'],
    ] as const) {
      await useSandboxProfile(api, 'Treasury', userIndex(approver));
      const state = await eventually(`both requests awaiting ${approver}`, async () => {
        const seen = await api.inbox.check();
        const ids = new Set(seen?.awaiting.map((a) => a.id));
        return ids.has(transfer.id) && ids.has(exported.id) ? seen : undefined;
      });
      assert.equal(state.progress.get(transfer.id), expected(COLD_SIGNS, `you, ${other}`));
      assert.equal(state.progress.get(exported.id), expected(COLD_EXPORTS, `you, ${other}`));
    }
    await useSandboxProfile(api, 'Treasury', userIndex('Treasury developer'));
    const developer = await api.inbox.check();
    assert.ok(
      developer?.open.some((a) => a.id === exported.id),
      'the developer sees the export open',
    );
    assert.ok(!developer?.awaiting.some((a) => a.id === exported.id || a.id === transfer.id), 'no policy names them');
  });
});
