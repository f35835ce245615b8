/**
 * Where the service's public documentation settles what the sandbox does, through the service's own client
 * (@turnkey/http): another user's byte-identical submission is their approval of the same activity; a vote from a
 * user who may not vote is refused with 403, like every denial; a field that does not exist is named by the
 * segment that does not resolve; and who may approve follows a policy created after the submission.
 */
import * as assert from 'node:assert/strict';
import { TurnkeyRequestError, type TurnkeyClient } from '@turnkey/http';
import { TREASURY_TRANSFER_CAP } from '../../src/sandbox/treasurySeed';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type SeededOrganizationName, type TestSandbox } from '../support/startTestSandbox';
import { APPROVER_1, APPROVER_2, DEVELOPER, ROOT, treasuryTransfer } from '../support/treasuryFixtures';

/** Treasury's users, in the order credentials.json lists them. */

describe("sandbox: the service's documented behaviour, through its own client", () => {
  let t: TestSandbox;
  let nonce = 0n;

  beforeEach(async () => {
    t = await startTestSandbox();
  });
  afterEach(() => t.close());

  const official = (name: SeededOrganizationName, index: number): TurnkeyClient => officialClient(t, name, index);
  const idOf = (name: SeededOrganizationName): string => t.organization(name).organizationId;
  const userId = (name: SeededOrganizationName, index: number): string =>
    t.organization(name).users[index]?.userId as string;
  const refusal = async (call: Promise<unknown>): Promise<TurnkeyRequestError> => {
    const error = await call.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof TurnkeyRequestError, `refused with a TurnkeyRequestError, not ${String(error)}`);
    return error;
  };
  const tagBody = (name: string) => ({
    type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG' as const,
    timestampMs: String(t.clock.now()),
    organizationId: idOf('Team'),
    parameters: { privateKeyTagName: name, privateKeyIds: [] },
  });
  const activitiesOf = async (name: SeededOrganizationName) =>
    (await official(name, 0).getActivities({ organizationId: idOf(name) })).activities;
  /** A Treasury transfer of the sample token at or above the cap: two finance approvals are needed. */
  const largeTransfer = () => ({
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' as const,
    timestampMs: String(t.clock.now()),
    organizationId: idOf('Treasury'),
    parameters: {
      signWith: t.organization('Treasury').privateKeyIds[0] as string,
      type: 'TRANSACTION_TYPE_ETHEREUM' as const,
      unsignedTransaction: treasuryTransfer(TREASURY_TRANSFER_CAP * 2n, nonce++),
    },
  });

  it("counts another user's byte-identical submission as their approval, and answers with the same activity", async () => {
    const body = tagBody('agreed twice');
    const submitted = (await official('Team', 0).createPrivateKeyTag(body)).activity;
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'Team needs two root approvals');
    const count = (await activitiesOf('Team')).length;

    const repeated = (await official('Team', 1).createPrivateKeyTag(body)).activity;
    assert.equal(repeated.id, submitted.id, 'the same activity, not a new one of their own');
    assert.equal(repeated.fingerprint, submitted.fingerprint);
    assert.equal(repeated.status, 'ACTIVITY_STATUS_COMPLETED', 'the second approval met the quorum');
    assert.deepEqual(
      repeated.votes.map((v) => [v.userId, v.selection]),
      [
        [userId('Team', 0), 'VOTE_SELECTION_APPROVED'],
        [userId('Team', 1), 'VOTE_SELECTION_APPROVED'],
      ],
    );
    assert.ok(repeated.result.createPrivateKeyTagResult?.privateKeyTagId, 'the tag was created');
    assert.equal((await activitiesOf('Team')).length, count, 'no activity was added');

    // Once finished, an identical body is the same activity as it is, whoever sends it: no vote is added.
    for (const index of [0, 1]) {
      const again = (await official('Team', index).createPrivateKeyTag(body)).activity;
      assert.equal(again.id, submitted.id);
      assert.equal(again.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(again.votes.length, 2, `user ${index}'s repeat adds no vote`);
    }
    const tags = await official('Team', 0).listPrivateKeyTags({ organizationId: idOf('Team') });
    assert.equal(tags.privateKeyTags.filter((tag) => tag.tagName === 'agreed twice').length, 1);
  });

  it('answers a repeat whose approval fails the activity with the failure, and any later repeat the same', async () => {
    const taken = tagBody('taken');
    await official('Team', 0).createPrivateKeyTag(taken);
    assert.equal((await official('Team', 1).createPrivateKeyTag(taken)).activity.status, 'ACTIVITY_STATUS_COMPLETED');
    // A second body for a tag of the same name: it fails once the second approval runs it.
    const body = { ...tagBody('taken'), timestampMs: String(Number(taken.timestampMs) + 1) };
    const waiting = (await official('Team', 0).createPrivateKeyTag(body)).activity;
    assert.equal(waiting.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const failed = (await official('Team', 1).createPrivateKeyTag(body)).activity;
    assert.deepEqual([failed.id, failed.status], [waiting.id, 'ACTIVITY_STATUS_FAILED']);
    for (const index of [0, 1]) {
      const again = (await official('Team', index).createPrivateKeyTag(body)).activity;
      assert.deepEqual([again.id, again.status, again.votes.length], [waiting.id, 'ACTIVITY_STATUS_FAILED', 2]);
    }
  });

  it('answers an identical create_policy body with its activity once the policy exists, not with "name taken"', async () => {
    const organizationId = idOf('Demo');
    const body = {
      type: 'ACTIVITY_TYPE_CREATE_POLICY_V3' as const,
      timestampMs: String(t.clock.now()),
      organizationId,
      parameters: { policyName: 'Created once', effect: 'EFFECT_DENY' as const, condition: 'false', notes: '' },
    };
    const created = (await official('Demo', 0).createPolicy(body)).activity;
    assert.equal(created.status, 'ACTIVITY_STATUS_COMPLETED');
    const again = (await official('Demo', 0).createPolicy(body)).activity;
    assert.deepEqual([again.id, again.status], [created.id, 'ACTIVITY_STATUS_COMPLETED'], 'the same activity');
    // A new body with the same name is still refused at once.
    const refused = await refusal(
      official('Demo', 0).createPolicy({ ...body, timestampMs: String(t.clock.now() + 1) }),
    );
    assert.equal(refused.code, 3);
  });

  it('refuses with 403 a vote, or an identical submission, from a user whose approval could not change the outcome', async () => {
    const organizationId = idOf('Treasury');
    const body = largeTransfer();
    const submitted = (await official('Treasury', APPROVER_1).signTransaction(body)).activity;
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const count = (await activitiesOf('Treasury')).length;

    const vote = await refusal(
      official('Treasury', DEVELOPER).approveActivity({
        type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
        timestampMs: String(t.clock.now()),
        organizationId,
        parameters: { fingerprint: submitted.fingerprint },
      }),
    );
    assert.equal(vote.code, 7, 'PermissionDenied (HTTP 403), as every denial');
    assert.match(vote.message, /request not authorized/);
    assert.ok(JSON.stringify(vote.details).includes('REQUEST_NOT_AUTHORIZED'));
    const repeat = await refusal(official('Treasury', DEVELOPER).signTransaction(body));
    assert.equal(repeat.code, 7);
    assert.equal((await activitiesOf('Treasury')).length, count, 'no approval activity was stored');
    const seen = await official('Treasury', ROOT).getActivity({ organizationId, activityId: submitted.id });
    assert.equal(seen.activity.votes.length, 1, 'no vote was counted');

    // The other finance approver's identical submission is the second approval the policy waits for.
    const approved = (await official('Treasury', APPROVER_2).signTransaction(body)).activity;
    assert.equal(approved.id, submitted.id);
    assert.equal(approved.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.ok(approved.result.signTransactionResult?.signedTransaction);
  });

  it("names the segment of a path that does not exist, in the service's words", async () => {
    const error = await refusal(
      official('Demo', 0).createPolicy({
        type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
        timestampMs: String(t.clock.now()),
        organizationId: idOf('Demo'),
        parameters: {
          policyName: 'Export by path',
          effect: 'EFFECT_ALLOW',
          condition: "wallet_account.path == 'm/0'",
          notes: '',
        },
      }),
    );
    assert.equal(error.code, 3);
    assert.match(
      error.message,
      /: invalid policy condition: Expression cannot be evaluated: field does not exist: path(?![.\w])/,
    );
  });

  it('gives canApprove to a user a policy created after the submission names, before anyone votes', async () => {
    const organizationId = idOf('Treasury');
    const submitted = (await official('Treasury', APPROVER_1).signTransaction(largeTransfer())).activity;
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const canApprove = async () =>
      (await official('Treasury', DEVELOPER).getActivity({ organizationId, activityId: submitted.id })).activity
        .canApprove;
    assert.equal(await canApprove(), false, 'no policy names the developer for a large transfer');

    const created = await official('Treasury', ROOT).createPolicy({
      type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
      timestampMs: String(t.clock.now()),
      organizationId,
      parameters: {
        policyName: 'The developer co-signs transfers',
        effect: 'EFFECT_ALLOW',
        consensus: `approvers.any(u, u.id == '${userId('Treasury', DEVELOPER)}') && approvers.count() >= 2`,
        condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'",
        notes: '',
      },
    });
    assert.equal(created.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(await canApprove(), true, 'the new policy waits for the developer');
    const listed = await official('Treasury', DEVELOPER).getActivities({ organizationId });
    assert.equal(listed.activities.find((a) => a.id === submitted.id)?.canApprove, true, 'listed the same way');

    // The decision uses the policies as they are when the vote arrives: the new one allows it.
    const vote = await official('Treasury', DEVELOPER).approveActivity({
      type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
      timestampMs: String(t.clock.now()),
      organizationId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    assert.equal(vote.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const done = await official('Treasury', ROOT).getActivity({ organizationId, activityId: submitted.id });
    assert.equal(done.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const records = (
      await official('Treasury', ROOT).getPolicyEvaluations({ organizationId, activityId: submitted.id })
    ).policyEvaluations;
    assert.deepEqual(
      records.map((r) => r.policyEvaluations.length),
      [6, 7],
      'the submission was judged with the six seeded policies, the vote with seven',
    );
  });
});
