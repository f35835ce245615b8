import * as assert from 'node:assert/strict';
import { TurnkeyClient } from '@turnkey/http';
import { ServiceError, type Activity, type Policy } from '../../src/api';
import { SAMPLE_TOKEN_ADDRESS } from '../../src/api/sampleToken';
import { TREASURY_TRANSFER_CAP } from '../../src/sandbox/treasurySeed';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { APPROVER_1, APPROVER_2, DEVELOPER, ROOT, treasuryTransaction } from '../support/treasuryFixtures';
import { expectRpcStatus, stampedRequest } from './rawHttp';

const UNREGISTERED = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';
const POLICY_EVALUATIONS_DETAIL = 'type.googleapis.com/external.activity.v1.PolicyEvaluations';

describe('sandbox: policies decide Treasury activities', () => {
  let t: TestSandbox;
  let organizationId: string;
  let hotKeyId: string;
  let policies: Policy[];
  let nonce = 0n;

  beforeEach(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Treasury').organizationId;
    hotKeyId = t.organization('Treasury').privateKeyIds[0] as string;
    policies = await t.clientFor('Treasury', ROOT).listPolicies({ organizationId });
  });
  afterEach(() => t.close());

  const policyNamed = (start: string): Policy => {
    const found = policies.find((p) => p.policyName.startsWith(start));
    assert.ok(found, `no policy named ${start}…`);
    return found;
  };
  const userId = (index: number): string => t.organization('Treasury').users[index]?.userId as string;
  const official = (index: number): TurnkeyClient => officialClient(t, 'Treasury', index);
  /** An unsigned EIP-1559 transaction: an ERC-20 transfer to `to` (the token by default), or a plain payment. */
  const transaction = (to: string, amount?: bigint): string => treasuryTransaction(nonce++, to, amount);
  const signAs = (index: number, unsignedTransaction: string): Promise<Activity> =>
    t.clientFor('Treasury', index).signTransaction({
      organizationId,
      parameters: { signWith: hotKeyId, unsignedTransaction, type: 'TRANSACTION_TYPE_ETHEREUM' },
    });
  const evaluationsOf = async (activityId: string) =>
    (await official(ROOT).getPolicyEvaluations({ organizationId, activityId })).policyEvaluations;
  const outcomeOf = (record: { policyEvaluations: { policyId?: string; outcome?: string }[] }, policy: Policy) =>
    record.policyEvaluations.find((e) => e.policyId === policy.policyId)?.outcome;

  it('seeds Treasury: quorum 1 of one root user, two finance approvers, a developer, a hot key, the token', async () => {
    const client = t.clientFor('Treasury', ROOT);
    const organization = await client.getOrganization({ organizationId });
    assert.deepEqual(organization.rootQuorum, { threshold: 1, userIds: [userId(ROOT)] });
    const [hot] = await client.listPrivateKeyTags({ organizationId });
    assert.equal(hot?.tagName, 'hot');
    assert.deepEqual((await client.getPrivateKey({ organizationId, privateKeyId: hotKeyId })).privateKeyTags, [
      hot?.tagId,
    ]);
    const [token] = await client.listSmartContractInterfaces({ organizationId });
    assert.equal(token?.smartContractAddress, SAMPLE_TOKEN_ADDRESS);
    assert.equal(policies.length, 6, 'three for keys and transfers, three for wallets (seededWallets.test.ts)');
    const finance = (await client.listUserTags({ organizationId })).find((tag) => tag.tagName === 'finance');
    assert.ok(finance);
    const users = await client.listUsers({ organizationId });
    const tagsOf = (index: number) => users.find((u) => u.userId === userId(index))?.userTags;
    assert.deepEqual(tagsOf(APPROVER_1), [finance.tagId]);
    assert.deepEqual(tagsOf(APPROVER_2), [finance.tagId]);
    assert.deepEqual(tagsOf(DEVELOPER), []);
    // The consensus names the tag by its id, as the service matches tags.
    assert.ok(policyNamed('Large').consensus.includes(finance.tagId));
  });

  it('seeds the hot key policy with notes that say what its condition does: any address but the sample token', () => {
    const hot = policyNamed('Hot keys');
    assert.ok(hot.condition.includes(`eth.tx.to != '${SAMPLE_TOKEN_ADDRESS}'`), hot.condition);
    assert.ok(hot.notes.includes(SAMPLE_TOKEN_ADDRESS), `the notes name the one address allowed: ${hot.notes}`);
    assert.ok(!/registered interface/.test(hot.notes), `the condition reads no interface: ${hot.notes}`);
  });

  it('lets the developer sign a transfer below the cap alone; the evaluation says which policy allowed it', async () => {
    const signed = await signAs(DEVELOPER, transaction(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP - 1n));
    assert.equal(signed.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.ok(signed.result['signTransactionResult']);
    const [record, ...more] = await evaluationsOf(signed.id);
    assert.ok(record);
    assert.equal(more.length, 0, 'one evaluation: the submission');
    assert.equal(record.voteId, signed.votes[0]?.id);
    assert.equal(outcomeOf(record, policyNamed('Developer')), 'OUTCOME_ALLOW');
    assert.equal(outcomeOf(record, policyNamed('Large')), 'OUTCOME_DENY_IMPLICIT');
    assert.equal(record.policyEvaluations.length, policies.length, 'every policy of the organization');
  });

  it('waits for two finance approvals from the cap on: CONSENSUS_NEEDED, then COMPLETED on the second vote', async () => {
    const submitted = await signAs(DEVELOPER, transaction(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP));
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const large = policyNamed('Large');
    let records = await evaluationsOf(submitted.id);
    assert.equal(records.length, 1);
    assert.equal(outcomeOf(records[0]!, large), 'OUTCOME_REQUIRES_CONSENSUS');

    const vote = (index: number) =>
      official(index).approveActivity({
        type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
        timestampMs: String(t.clock.now()),
        organizationId,
        parameters: { fingerprint: submitted.fingerprint },
      });
    const first = await vote(APPROVER_1);
    assert.equal(first.activity.status, 'ACTIVITY_STATUS_COMPLETED', 'the vote itself');
    const afterFirst = await t.clientFor('Treasury', ROOT).getActivity({ organizationId, activityId: submitted.id });
    assert.equal(afterFirst.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'one finance approval is not enough');
    records = await evaluationsOf(submitted.id);
    assert.equal(records.length, 2, 'one more evaluation for the vote');
    assert.equal(records[1]?.voteId, afterFirst.votes[1]?.id);
    assert.equal(outcomeOf(records[1]!, large), 'OUTCOME_REQUIRES_CONSENSUS');

    await vote(APPROVER_2);
    const done = await t.clientFor('Treasury', ROOT).getActivity({ organizationId, activityId: submitted.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.ok(done.result['signTransactionResult']);
    records = await evaluationsOf(submitted.id);
    assert.equal(records.length, 3);
    assert.equal(records[2]?.voteId, done.votes[2]?.id);
    assert.equal(outcomeOf(records[2]!, large), 'OUTCOME_ALLOW');
  });

  it('records a rejection under its vote: every policy OUTCOME_REJECTED, and the activity REJECTED', async () => {
    const submitted = await signAs(DEVELOPER, transaction(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP));
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const rejected = await official(APPROVER_1).rejectActivity({
      type: 'ACTIVITY_TYPE_REJECT_ACTIVITY',
      timestampMs: String(t.clock.now()),
      organizationId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    assert.equal(rejected.activity.status, 'ACTIVITY_STATUS_COMPLETED', 'the vote itself');
    const ended = await t.clientFor('Treasury', ROOT).getActivity({ organizationId, activityId: submitted.id });
    assert.equal(ended.status, 'ACTIVITY_STATUS_REJECTED');
    const vote = ended.votes[1];
    assert.equal(vote?.selection, 'VOTE_SELECTION_REJECTED');
    const records = await evaluationsOf(submitted.id);
    assert.equal(records.length, 2, 'the submission, then the rejection');
    assert.equal(records[1]?.voteId, vote.id);
    assert.deepEqual(
      records[1]?.policyEvaluations,
      policies.map((p) => ({ policyId: p.policyId, outcome: 'OUTCOME_REJECTED' })),
      'every policy of the organization, in order',
    );
  });

  it('gives canApprove to exactly the Treasury users whose approval could change the outcome', async () => {
    // Submitted by the first finance approver: the consensus names the other one, and root users may always vote.
    const submitted = await signAs(APPROVER_1, transaction(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP * 2n));
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const expected = { [ROOT]: true, [APPROVER_1]: false, [APPROVER_2]: true, [DEVELOPER]: false };
    for (const [index, may] of Object.entries(expected)) {
      const seen = await t
        .clientFor('Treasury', Number(index))
        .getActivity({ organizationId, activityId: submitted.id });
      assert.equal(seen.canApprove, may, `canApprove for user ${index}`);
      assert.equal(seen.canReject, may, `canReject for user ${index}`);
      const listed = await t.clientFor('Treasury', Number(index)).listActivities({ organizationId });
      assert.equal(listed.find((a) => a.id === submitted.id)?.canApprove, may, `listed, for user ${index}`);
    }
    // The developer's vote is refused, as canApprove said.
    const refused = await t
      .clientFor('Treasury', DEVELOPER)
      .approveActivity({
        organizationId,
        parameters: { fingerprint: submitted.fingerprint },
      })
      .catch((error: unknown) => error);
    assert.ok(refused instanceof Error && /request not authorized/.test(refused.message), String(refused));
    assert.equal(
      (await t.clientFor('Treasury', ROOT).getActivity({ organizationId, activityId: submitted.id })).votes.length,
      1,
    );
  });

  it('denies a hot key to an unregistered address with 403, naming the policy, and stores only the evaluation', async () => {
    const deny = policyNamed('Hot');
    const before = await t.clientFor('Treasury', ROOT).listActivities({ organizationId });
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      timestampMs: String(t.clock.now()),
      organizationId,
      parameters: {
        signWith: hotKeyId,
        unsignedTransaction: transaction(UNREGISTERED),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
    const response = await stampedRequest(
      t.baseUrl,
      '/public/v1/submit/sign_transaction',
      body,
      t.stamperFor('Treasury', DEVELOPER),
    );
    const status = expectRpcStatus(response, 403, 'POLICY_DENIED');
    assert.equal(status.code, 7);
    assert.equal(status.message, `The following policies denied this action: ${deny.policyId}`);
    const detail = status.details?.find((d) => d['@type'] === POLICY_EVALUATIONS_DETAIL) as
      { activityId: string; policyEvaluations: { policyId: string; outcome: string }[] } | undefined;
    assert.ok(detail, 'the evaluations are in the details');
    assert.deepEqual(
      detail.policyEvaluations.map((e) => e.policyId).sort(),
      policies.map((p) => p.policyId).sort(),
      'every policy of the organization',
    );
    assert.equal(detail.policyEvaluations.find((e) => e.policyId === deny.policyId)?.outcome, 'OUTCOME_DENY_EXPLICIT');
    assert.equal((await t.clientFor('Treasury', ROOT).listActivities({ organizationId })).length, before.length);
    const [record] = await evaluationsOf(detail.activityId);
    assert.deepEqual(record?.policyEvaluations, detail.policyEvaluations);
  });

  it('denies implicitly when nothing allows, an erroring DENY neither denying nor allowing', async () => {
    // A raw payload has no eth.tx: the hot-key DENY errors (no short-circuit), and no ALLOW applies.
    const error = await t
      .clientFor('Treasury', DEVELOPER)
      .signRawPayload({
        organizationId,
        parameters: {
          signWith: hotKeyId,
          payload: 'hello',
          encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        },
      })
      .catch((thrown: unknown) => thrown);
    assert.ok(error instanceof ServiceError, String(error));
    assert.equal(error.status, 403);
    const body = error.rpcStatus;
    assert.ok(body);
    assert.equal(body.code, 7);
    assert.match(body.message, /^You don't have sufficient permissions/);
    const detail = body.details?.find((d) => d['@type'] === POLICY_EVALUATIONS_DETAIL) as
      { policyEvaluations: { policyId: string; outcome: string }[] } | undefined;
    assert.equal(
      detail?.policyEvaluations.find((e) => e.policyId === policyNamed('Hot').policyId)?.outcome,
      'OUTCOME_ERROR',
    );
  });

  it('lets the root quorum bypass every policy at threshold 1, and not at 2', async () => {
    const deny = policyNamed('Hot');
    const bypassed = await signAs(ROOT, transaction(UNREGISTERED));
    assert.equal(bypassed.status, 'ACTIVITY_STATUS_COMPLETED', 'a root user alone meets threshold 1');
    const [record] = await evaluationsOf(bypassed.id);
    assert.equal(outcomeOf(record!, deny), 'OUTCOME_DENY_EXPLICIT', 'the policies are still evaluated and listed');

    const quorum = await t.clientFor('Treasury', ROOT).updateRootQuorum({
      organizationId,
      parameters: { threshold: 2, userIds: [userId(ROOT), userId(APPROVER_1)] },
    });
    assert.equal(quorum.status, 'ACTIVITY_STATUS_COMPLETED');
    await assert.rejects(signAs(ROOT, transaction(UNREGISTERED)), (error: Error) => {
      assert.match(error.message, new RegExp(`The following policies denied this action: ${deny.policyId}`));
      return true;
    });
  });

  it('lets a DENY beat an ALLOW that applies too', async () => {
    const root = t.clientFor('Treasury', ROOT);
    await root.createPolicy({
      organizationId,
      parameters: {
        policyName: 'The developer may do anything',
        effect: 'EFFECT_ALLOW',
        consensus: `approvers.any(u, u.id == '${userId(DEVELOPER)}')`,
        condition: 'true',
        notes: '',
      },
    });
    // Without the hot key's DENY in play, the broad ALLOW lets the developer pay anyone.
    const paid = await signAs(DEVELOPER, transaction(SAMPLE_TOKEN_ADDRESS));
    assert.equal(paid.status, 'ACTIVITY_STATUS_COMPLETED');
    await assert.rejects(signAs(DEVELOPER, transaction(UNREGISTERED)), /The following policies denied this action/);
  });
});
