import * as assert from 'node:assert/strict';
import { ActivityFailedError, ActivityRejectedError, type Activity, type CountersignClient } from '../../src/api';
import { checkAppProof, operations } from '../../src/api/remote';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { expectRpcStatus, stampedRequest } from './rawHttp';

const DAY_MS = 24 * 60 * 60_000;

describe('sandbox: idempotency, quorum and votes', () => {
  let t: TestSandbox;
  let first: CountersignClient;
  let second: CountersignClient;
  let teamId: string;

  beforeEach(async () => {
    t = await startTestSandbox();
    first = t.clientFor('Team', 0);
    second = t.clientFor('Team', 1);
    teamId = t.organization('Team').organizationId;
  });
  afterEach(() => t.close());

  const submitTag = (client: CountersignClient, name: string): Promise<Activity> =>
    client.createPrivateKeyTag({ organizationId: teamId, parameters: { privateKeyTagName: name, privateKeyIds: [] } });

  it('returns the same activity for an identical body, and a new one when timestampMs changes', async () => {
    const demo = t.clientFor('Demo');
    const demoId = t.organization('Demo').organizationId;
    const timestampMs = String(t.clock.now());
    const input = { organizationId: demoId, timestampMs, parameters: { privateKeyTagName: 'once', privateKeyIds: [] } };
    const a = await demo.createPrivateKeyTag(input);
    const b = await demo.createPrivateKeyTag(input);
    assert.equal(b.id, a.id);
    assert.equal(b.fingerprint, a.fingerprint);
    assert.deepEqual(b.result, a.result);
    // A second, distinct body with the same tag name is a new activity, and fails on the unique name.
    await assert.rejects(
      demo.createPrivateKeyTag({ ...input, timestampMs: String(Number(timestampMs) + 1) }),
      ActivityFailedError,
    );
    assert.equal(
      (await demo.listPrivateKeyTags({ organizationId: demoId })).filter((x) => x.tagName === 'once').length,
      1,
    );
  });

  it("keeps a quorum-2 activity CONSENSUS_NEEDED with the submitter's vote; only the other root user may vote", async () => {
    const submitted = await submitTag(first, 'needs two');
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.deepEqual(submitted.result, {});
    assert.equal(submitted.votes.length, 1);
    assert.equal(submitted.votes[0]?.userId, t.organization('Team').users[0]?.userId);
    assert.equal(submitted.votes[0]?.selection, 'VOTE_SELECTION_APPROVED');
    assert.equal(submitted.canApprove, false, 'the submitter already voted');
    assert.equal(submitted.canReject, false);
    const seenBySecond = await second.getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(seenBySecond.canApprove, true);
    assert.equal(seenBySecond.canReject, true);
    const seenByFirst = await first.getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(seenByFirst.canApprove, false);
    // Nothing was executed yet.
    assert.deepEqual(await first.listPrivateKeyTags({ organizationId: teamId }), []);
  });

  it('executes the activity when the second root user approves it by fingerprint', async () => {
    const submitted = await submitTag(first, 'approved');
    const approval = await second.approveActivity({
      organizationId: teamId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    assert.equal(approval.type, 'ACTIVITY_TYPE_APPROVE_ACTIVITY');
    assert.equal(approval.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(approval.intent, { approveActivityIntent: { fingerprint: submitted.fingerprint } });
    // Like every submission, the vote activity carries its caster's own approval: it names who voted.
    const secondUser = await second.whoami({ organizationId: teamId });
    assert.deepEqual(
      approval.votes.map((v) => [v.userId, v.selection]),
      [[secondUser.userId, 'VOTE_SELECTION_APPROVED']],
    );
    // As the API document describes: the approval carries the approved activity's result.
    const result = approval.result['createPrivateKeyTagResult'] as { privateKeyTagId: string };
    assert.ok(result.privateKeyTagId);
    const target = await first.getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(target.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(target.result['createPrivateKeyTagResult'], approval.result['createPrivateKeyTagResult']);
    assert.deepEqual(
      target.votes.map((v) => v.selection),
      ['VOTE_SELECTION_APPROVED', 'VOTE_SELECTION_APPROVED'],
    );
    assert.equal(target.canApprove, false);
    const tags = await first.listPrivateKeyTags({ organizationId: teamId });
    assert.deepEqual(
      tags.map((x) => x.tagId),
      [result.privateKeyTagId],
    );
  });

  it('attaches App Proofs to a quorum-2 activity when it completes on approval', async () => {
    const submitted = await first.createPrivateKeyTag({
      organizationId: teamId,
      generateAppProofs: true,
      parameters: { privateKeyTagName: 'proven later', privateKeyIds: [] },
    });
    assert.deepEqual(submitted.appProofs, []);
    await second.approveActivity({ organizationId: teamId, parameters: { fingerprint: submitted.fingerprint } });
    const done = await first.getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(done.appProofs.length, 1);
    const check = checkAppProof(done.appProofs[0] as NonNullable<(typeof done.appProofs)[0]>);
    assert.ok(check.ok);
    assert.equal(
      (check.payload as { activityOutcomeProof: { status: string } }).activityOutcomeProof.status,
      'ACTIVITY_STATUS_COMPLETED',
    );
  });

  it('makes the activity REJECTED when the other root user rejects it, and executes nothing', async () => {
    const submitted = await submitTag(first, 'rejected');
    const rejection = await second.rejectActivity({
      organizationId: teamId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    assert.equal(rejection.type, 'ACTIVITY_TYPE_REJECT_ACTIVITY');
    assert.equal(rejection.status, 'ACTIVITY_STATUS_COMPLETED');
    const target = await first.getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(target.status, 'ACTIVITY_STATUS_REJECTED');
    assert.equal(target.votes[1]?.selection, 'VOTE_SELECTION_REJECTED');
    assert.deepEqual(await first.listPrivateKeyTags({ organizationId: teamId }), []);
    // A later approval is refused: the activity no longer awaits consensus.
    const late = second.approveActivity({
      organizationId: teamId,
      timestampMs: String(t.clock.now() + 1),
      parameters: { fingerprint: submitted.fingerprint },
    });
    await assert.rejects(
      late,
      (error: unknown) => error instanceof ActivityFailedError && /not awaiting consensus/.test(error.message),
    );
  });

  it('refuses a second vote by the same user, and a vote by the submitter', async () => {
    const submitted = await submitTag(first, 'one vote each');
    await assert.rejects(
      first.approveActivity({ organizationId: teamId, parameters: { fingerprint: submitted.fingerprint } }),
      (error: unknown) => error instanceof ActivityFailedError && /already voted/.test(error.message),
    );
    await assert.rejects(
      first.rejectActivity({ organizationId: teamId, parameters: { fingerprint: submitted.fingerprint } }),
      (error: unknown) => error instanceof ActivityFailedError && /already voted/.test(error.message),
    );
    const target = await second.getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(target.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.equal(target.votes.length, 1);
  });

  it('answers a fingerprint of another organization exactly as an unknown one (404), revealing nothing about it', async () => {
    const unknown = second.approveActivity({ organizationId: teamId, parameters: { fingerprint: 'sha256:0000' } });
    await assert.rejects(unknown, { status: 404, turnkeyErrorCode: 'FINGERPRINT_NOT_FOUND' });
    const demoActivity = await t.clientFor('Demo').createPrivateKeyTag({
      organizationId: t.organization('Demo').organizationId,
      parameters: { privateKeyTagName: 'demo', privateKeyIds: [] },
    });
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
      timestampMs: String(t.clock.now()),
      organizationId: teamId,
      parameters: { fingerprint: demoActivity.fingerprint },
    });
    const response = await stampedRequest(t.baseUrl, operations.approveActivity.path, body, t.stamperFor('Team', 1));
    expectRpcStatus(response, 404, 'FINGERPRINT_NOT_FOUND');
    const unknownBody = body.replace(demoActivity.fingerprint, `sha256:${'0'.repeat(64)}`);
    const unknownResponse = await stampedRequest(
      t.baseUrl,
      operations.approveActivity.path,
      unknownBody,
      t.stamperFor('Team', 1),
    );
    assert.equal(response.text, unknownResponse.text, 'the two refusals are byte for byte the same');
  });

  it('lets approvals expire 24 hours after the first vote: the activity stays CONSENSUS_NEEDED and needs fresh votes', async () => {
    const submitted = await submitTag(first, 'slow');
    t.clock.advance(DAY_MS + 60_000);
    // The submitter's approval has expired, so the submitter may approve again.
    const seenByFirst = await first.getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(seenByFirst.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.equal(seenByFirst.canApprove, true);
    // One fresh approval is not a quorum of two.
    await second.approveActivity({ organizationId: teamId, parameters: { fingerprint: submitted.fingerprint } });
    const afterOne = await first.getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(afterOne.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.deepEqual(await first.listPrivateKeyTags({ organizationId: teamId }), []);
    // A second fresh approval within the new window executes it.
    t.clock.advance(60_000);
    await first.approveActivity({ organizationId: teamId, parameters: { fingerprint: submitted.fingerprint } });
    const done = await first.getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(done.votes.length, 3);
  });

  it('executes when the second approval arrives just inside the 24-hour window', async () => {
    const submitted = await submitTag(first, 'just in time');
    t.clock.advance(DAY_MS - 60_000);
    await second.approveActivity({ organizationId: teamId, parameters: { fingerprint: submitted.fingerprint } });
    assert.equal(
      (await first.getActivity({ organizationId: teamId, activityId: submitted.id })).status,
      'ACTIVITY_STATUS_COMPLETED',
    );
  });

  it('reports a rejected submission to the client as ActivityRejectedError when resubmitted', async () => {
    const timestampMs = String(t.clock.now());
    const input = {
      organizationId: teamId,
      timestampMs,
      parameters: { privateKeyTagName: 'resubmitted', privateKeyIds: [] },
    };
    const submitted = await first.createPrivateKeyTag(input);
    await second.rejectActivity({ organizationId: teamId, parameters: { fingerprint: submitted.fingerprint } });
    await assert.rejects(first.createPrivateKeyTag(input), ActivityRejectedError);
  });
});
