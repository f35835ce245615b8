/**
 * The sandbox keeps an organization's decisions for contexts that read the same values (decisionMemo.ts): these
 * tests submit activities that read the same but for one value a policy reads, or that read the same while the
 * policies or the approvals change, and check that each is decided as a fresh decision would.
 */
import * as assert from 'node:assert/strict';
import type { TurnkeyClient } from '@turnkey/http';
import { ServiceError, type Activity, type Policy } from '../../src/api';
import { TREASURY_TRANSFER_CAP } from '../../src/sandbox/treasurySeed';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import {
  APPROVER_1,
  APPROVER_2,
  DEVELOPER,
  LARGE_TRANSFERS,
  ROOT,
  treasuryTransfer,
} from '../support/treasuryFixtures';

const COMPLETED = 'ACTIVITY_STATUS_COMPLETED';
const WAITING = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';

describe('sandbox: a kept decision is given only to a context that reads the same', () => {
  let t: TestSandbox;
  let organizationId: string;
  let hotKeyId: string;
  let policies: Policy[];

  beforeEach(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Treasury').organizationId;
    hotKeyId = t.organization('Treasury').privateKeyIds[0] as string;
    policies = await t.clientFor('Treasury', ROOT).listPolicies({ organizationId });
  });
  afterEach(() => t.close());

  const official = (index: number): TurnkeyClient => officialClient(t, 'Treasury', index);
  const envelope = <T extends string, P>(type: T, parameters: P) => {
    // Each submission a moment later: two bodies alike but for the time are two activities, not one repeated.
    t.clock.advance(1);
    return { type, timestampMs: String(t.clock.now()), organizationId, parameters };
  };
  /** The developer signs a transfer of `amount` of the sample token (the nonce, which no policy reads, as given). */
  const transfer = (amount: bigint, nonce = 0n): Promise<Activity> => {
    t.clock.advance(1);
    return t.clientFor('Treasury', DEVELOPER).signTransaction({
      organizationId,
      timestampMs: String(t.clock.now()),
      parameters: {
        signWith: hotKeyId,
        unsignedTransaction: treasuryTransfer(amount, nonce),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
  };
  const statusOf = async (activityId: string): Promise<string> =>
    (await t.clientFor('Treasury', ROOT).getActivity({ organizationId, activityId })).status;
  /** Each policy's outcome in the activity's evaluations, the latest last, by policy name. */
  const outcomesOf = async (activityId: string): Promise<Record<string, string | undefined>[]> => {
    const { policyEvaluations } = await official(ROOT).getPolicyEvaluations({ organizationId, activityId });
    const nameOf = (policyId: string | undefined): string =>
      policies.find((p) => p.policyId === policyId)?.policyName ?? String(policyId);
    return policyEvaluations.map((record) => {
      const outcomes: Record<string, string | undefined> = {};
      for (const e of record.policyEvaluations as { policyId?: string; outcome?: string }[])
        outcomes[nameOf(e.policyId)] = e.outcome;
      return outcomes;
    });
  };
  const vote = (index: number, fingerprint: string) =>
    official(index).approveActivity(envelope('ACTIVITY_TYPE_APPROVE_ACTIVITY' as const, { fingerprint }));
  const denied = (error: unknown): boolean =>
    error instanceof ServiceError && error.status === 403 && error.turnkeyErrorCode === 'POLICY_DENIED';

  it('decides afresh when two transfers differ only in the amount a policy reads', async () => {
    const small = await transfer(TREASURY_TRANSFER_CAP - 1n);
    assert.equal(small.status, COMPLETED, 'below the cap the developer signs alone');
    const large = await transfer(TREASURY_TRANSFER_CAP);
    assert.equal(large.status, WAITING, 'the cap itself needs two finance approvals');
    const again = await transfer(TREASURY_TRANSFER_CAP - 1n);
    assert.equal(again.status, COMPLETED);
    const [smallOutcomes] = await outcomesOf(small.id);
    const [largeOutcomes] = await outcomesOf(large.id);
    assert.equal(smallOutcomes?.['Developer transfers below the cap'], 'OUTCOME_ALLOW');
    assert.equal(largeOutcomes?.['Developer transfers below the cap'], 'OUTCOME_DENY_IMPLICIT');
    assert.equal(largeOutcomes?.[LARGE_TRANSFERS], 'OUTCOME_REQUIRES_CONSENSUS');
    // What no policy reads (the nonce, the time) differs; the kept decision is the fresh one's.
    assert.deepEqual(await outcomesOf(again.id), await outcomesOf(small.id));
  });

  it('decides with the policies as they are now: created, updated and deleted between two alike transfers', async () => {
    const amount = TREASURY_TRANSFER_CAP - 1n;
    assert.equal((await transfer(amount)).status, COMPLETED);
    const created = await official(ROOT).createPolicy(
      envelope('ACTIVITY_TYPE_CREATE_POLICY_V3' as const, {
        policyName: 'No transfers for now',
        effect: 'EFFECT_DENY' as const,
        condition: `eth.tx.function_name == 'transfer'`,
        notes: '',
      }),
    );
    const policyId = created.activity.result.createPolicyResult?.policyId;
    assert.ok(policyId);
    await assert.rejects(transfer(amount), denied, 'denied by the policy just created');
    await official(ROOT).updatePolicy(
      envelope('ACTIVITY_TYPE_UPDATE_POLICY_V2' as const, {
        policyId,
        policyCondition: `eth.tx.function_name == 'approve'`,
      }),
    );
    assert.equal((await transfer(amount)).status, COMPLETED, 'no longer denied once the policy reads otherwise');
    await official(ROOT).updatePolicy(
      envelope('ACTIVITY_TYPE_UPDATE_POLICY_V2' as const, {
        policyId,
        policyCondition: `eth.tx.function_name == 'transfer'`,
      }),
    );
    await assert.rejects(transfer(amount), denied, 'denied again by the policy as updated back');
    await official(ROOT).deletePolicy(envelope('ACTIVITY_TYPE_DELETE_POLICY' as const, { policyId }));
    assert.equal((await transfer(amount)).status, COMPLETED, 'allowed again once the policy is deleted');
  });

  it('counts each approval: a transfer like one already decided waits until its own two finance approvals', async () => {
    const first = await transfer(TREASURY_TRANSFER_CAP, 1n);
    const second = await transfer(TREASURY_TRANSFER_CAP, 2n);
    assert.deepEqual([first.status, second.status], [WAITING, WAITING]);
    await vote(APPROVER_1, first.fingerprint);
    assert.equal(await statusOf(first.id), WAITING, 'one finance approval is not enough');
    await vote(APPROVER_2, first.fingerprint);
    assert.equal(await statusOf(first.id), COMPLETED);
    // The second is read the same but for who approved it: in the other order, each approval decides anew.
    await vote(APPROVER_2, second.fingerprint);
    assert.equal(await statusOf(second.id), WAITING, 'one finance approval is not enough, whoever gives it');
    await vote(APPROVER_1, second.fingerprint);
    assert.equal(await statusOf(second.id), COMPLETED);
    const outcomes = await outcomesOf(second.id);
    assert.deepEqual(
      outcomes.map((record) => record[LARGE_TRANSFERS]),
      ['OUTCOME_REQUIRES_CONSENSUS', 'OUTCOME_REQUIRES_CONSENSUS', 'OUTCOME_ALLOW'],
    );
    assert.deepEqual(outcomes, await outcomesOf(first.id), 'the same outcomes as the first, vote by vote');
  });
});
