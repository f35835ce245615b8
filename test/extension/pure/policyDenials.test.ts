/**
 * Denials by policy, from what the sandbox answers for its Treasury organization: the message of a request refused
 * with a 403 names the policy that denied it (or says none allowed it), and an activity that a later vote failed
 * names the policy too, in the notification and on the review page. The evaluations and policies are the
 * sandbox's own records.
 */
import * as assert from 'node:assert/strict';
import { ServiceError } from '../../../src/api';
import { activitySchema } from '../../../src/api/remote';
import { SAMPLE_TOKEN_ADDRESS } from '../../../src/api/sampleToken';
import { TREASURY_TRANSFER_CAP } from '../../../src/sandbox/treasurySeed';
import { reviewWhy } from '../../../src/extension/review/reviewWhy';
import { deniedOutcomes } from '../../../src/extension/wording/policyStanding';
import { deniedAfterApprovalMessage, denialMessage, standingNames } from '../../../src/extension/wording/standingText';
import type { TestSandbox } from '../../support/startTestSandbox';
import * as treasury from '../../support/treasuryFixtures';
import { useTreasuryVotes } from '../../support/treasuryVotes';

const { ROOT, APPROVER_1, APPROVER_2, DEVELOPER } = treasury;
const UNREGISTERED = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';

describe('denials by policy: the words that name the policy, from Treasury', function () {
  this.timeout(30_000);
  const treasuryVotes = useTreasuryVotes();
  const { client, userId, transfer, sign, governance, standingOf } = treasuryVotes;
  let t: TestSandbox;
  let organizationId: string;
  before(() => {
    ({ t, organizationId } = treasuryVotes);
  });

  it('names the policy that denied a request, from the evaluations in the 403', async () => {
    const refused = await sign(DEVELOPER, transfer(UNREGISTERED)).catch((error: unknown) => error);
    assert.ok(refused instanceof ServiceError, String(refused));
    assert.equal(refused.status, 403);
    const outcomes = deniedOutcomes(refused.rpcStatus?.details ?? undefined);
    assert.ok(outcomes, 'the details carry the evaluations');
    const standing = await standingOf(
      activitySchema.parse({ id: 'refused', organizationId, status: 'ACTIVITY_STATUS_FAILED', type: 'T' }),
      outcomes,
    );
    assert.equal(standing.state, 'denied');
    assert.equal(
      denialMessage(standing),
      'Denied by policy "Hot keys sign only for registered contracts": the service refused the request.',
    );
    assert.equal(reviewWhy(standing, standingNames(await governance()))?.heading, 'Why it was denied');
  });

  it('says no policy allows a request none applies to', async () => {
    const refused = await client(DEVELOPER)
      .signRawPayload({
        organizationId,
        parameters: {
          signWith: t.organization('Treasury').privateKeyIds[0] ?? '',
          payload: 'hello',
          encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        },
      })
      .catch((error: unknown) => error);
    assert.ok(refused instanceof ServiceError);
    const outcomes = deniedOutcomes(refused.rpcStatus?.details ?? undefined);
    assert.ok(outcomes);
    const standing = await standingOf(
      activitySchema.parse({ id: 'refused', organizationId, status: 'ACTIVITY_STATUS_FAILED', type: 'T' }),
      outcomes,
    );
    assert.equal(denialMessage(standing), 'Denied: no policy of the organization allows this request.');
    assert.equal(deniedOutcomes([{ '@type': 'other' }]), undefined, 'no evaluations, no policy words');
  });

  it('names the policy that failed an activity on a later vote', async () => {
    const created = await client(ROOT).createPolicy({
      organizationId,
      parameters: {
        policyName: 'Approver 2 signs nothing',
        effect: 'EFFECT_DENY',
        condition: "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'",
        consensus: `approvers.any(u, u.id == '${userId(APPROVER_2)}')`,
        notes: '',
      },
    });
    const policyId = (created.result['createPolicyResult'] as { policyId: string }).policyId;
    try {
      const submitted = await sign(APPROVER_1, transfer(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP));
      assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'the DENY does not apply before the vote');
      await client(APPROVER_2).approveActivity({ organizationId, parameters: { fingerprint: submitted.fingerprint } });
      const failed = await client(ROOT).getActivity({ organizationId, activityId: submitted.id });
      assert.equal(failed.status, 'ACTIVITY_STATUS_FAILED');
      const outcomes = deniedOutcomes(failed.failure?.details ?? undefined);
      assert.ok(outcomes, 'the failure carries the evaluations');
      const standing = await standingOf(failed, outcomes);
      assert.equal(
        deniedAfterApprovalMessage('Sign transaction', standing),
        'Approved, but "Sign transaction" was denied by policy "Approver 2 signs nothing".',
      );
      // Read back as the review page reads it: its last evaluation.
      const read = await standingOf(failed);
      assert.equal(read.state, 'denied');
      assert.equal(reviewWhy(read, standingNames(await governance()))?.heading, 'Why it was denied');
    } finally {
      await client(ROOT).deletePolicy({ organizationId, parameters: { policyId } });
    }
  });
});
