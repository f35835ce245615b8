/**
 * "X of Y approvals" and "waits for your vote", counted from activities as the sandbox renders them (real votes,
 * real times, the sandbox's clock moved past the approval window), and checked against what the service itself
 * says: its canApprove for the viewer, and whether one more approval completes the activity. A rejection is not an
 * approval; a vote of someone outside the root quorum is not one; a vote whose window closed no longer counts, so
 * the user's own expired vote does not make the activity "voted".
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import { ApiKeyStamper, CountersignClient } from '../../../src/api/remote';
import {
  APPROVAL_WINDOW_MS,
  approvalProgress,
  awaitsVote,
  isOpen,
  organizationFacts,
  voteOf,
  type OrganizationFacts,
} from '../../../src/extension/inbox/inboxRules';
import { approvalProgressText } from '../../../src/extension/wording/approvalWords';
import { addOrganization, type ExtraOrganization } from '../../support/extraOrganization';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';

const HOUR = 60 * 60 * 1000;

describe('inbox: counting approvals and votes from the sandbox', function () {
  this.timeout(30_000);
  let t: TestSandbox;
  const clients: CountersignClient[] = [];
  beforeEach(async () => {
    t = await startTestSandbox();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await t.close();
  });

  const clientOf = (stamper: ApiKeyStamper): CountersignClient => {
    const client = new CountersignClient({ baseUrl: t.baseUrl }, stamper, { maxAttempts: 1, now: t.clock.now });
    clients.push(client);
    return client;
  };

  /** Who the client's user is in the organization, as the inbox reads it (whoami, get_organization). */
  async function factsOf(client: CountersignClient, organizationId: string): Promise<OrganizationFacts> {
    const me = await client.whoami({ organizationId });
    return organizationFacts(me.userId, await client.getOrganization({ organizationId }));
  }

  async function submitTag(client: CountersignClient, organizationId: string, name: string): Promise<Activity> {
    const submitted = await client.createPrivateKeyTag({
      organizationId,
      parameters: { privateKeyTagName: name, privateKeyIds: [] },
    });
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    return submitted;
  }

  /** An organization of three root users and a quorum of three, with a client for each. */
  async function trio(): Promise<{ organization: ExtraOrganization; clients: CountersignClient[] }> {
    const organization = await addOrganization(t, {
      name: 'Trio',
      parentOrganizationId: null,
      rootQuorum: 3,
      rootUsers: 3,
    });
    return { organization, clients: organization.stampers.map(clientOf) };
  }

  it('does not count a rejection as an approval', async () => {
    const team = t.organization('Team');
    const first = t.clientFor('Team', 0);
    const second = t.clientFor('Team', 1);
    const submitted = await submitTag(first, team.organizationId, 'rejected');
    await second.rejectActivity({
      organizationId: team.organizationId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    const rejected = await second.getActivity({ organizationId: team.organizationId, activityId: submitted.id });
    assert.deepEqual(
      rejected.votes.map((v) => v.selection),
      ['VOTE_SELECTION_APPROVED', 'VOTE_SELECTION_REJECTED'],
    );
    const asSecond = await factsOf(second, team.organizationId);
    const progress = approvalProgress(rejected, asSecond, t.clock.now());
    assert.equal(progress.approvals, 1, 'the submission approves; the rejection does not');
    assert.equal(progress.youApproved, false, 'the rejecting user did not approve');
    assert.deepEqual(progress.waitingFor, [], 'both voted');
    assert.equal(approvalProgressText(progress), '1 of 2 approvals');
  });

  it('does not count the vote of a user who is no longer in the root quorum, nor wait for them', async () => {
    const {
      organization,
      clients: [one, two],
    } = await trio();
    assert.ok(one && two);
    const submitted = await submitTag(one, organization.organizationId, 'two approvals');
    await two.approveActivity({
      organizationId: organization.organizationId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    const activity = await one.getActivity({ organizationId: organization.organizationId, activityId: submitted.id });
    const asOne = await factsOf(one, organization.organizationId);
    assert.equal(approvalProgress(activity, asOne, t.clock.now()).approvals, 2, 'two root users approved');
    // The quorum then changed: the second user left it, and two of the two remaining decide.
    const secondUserId = activity.votes[1]?.userId;
    assert.ok(secondUserId);
    const changed: OrganizationFacts = {
      ...asOne,
      threshold: 2,
      rootUserIds: asOne.rootUserIds.filter((id) => id !== secondUserId),
    };
    const progress = approvalProgress(activity, changed, t.clock.now());
    assert.equal(progress.approvals, 1, "only the submitter's approval counts");
    assert.equal(progress.youApproved, true);
    assert.deepEqual(progress.waitingFor, ['Trio root user 3']);
    assert.equal(approvalProgressText(progress), '1 of 2 approvals, you approved, waiting for Trio root user 3');
  });

  it('waits for the user again once their own vote expired, as the service lets them vote again', async () => {
    const team = t.organization('Team');
    const first = t.clientFor('Team', 0);
    const second = t.clientFor('Team', 1);
    const submitted = await submitTag(first, team.organizationId, 'expired submission');
    // A day later the submitter's approval has expired; the second user's approval opens a new window.
    t.clock.advance(APPROVAL_WINDOW_MS + HOUR);
    await second.approveActivity({
      organizationId: team.organizationId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    const seen = await first.getActivity({ organizationId: team.organizationId, activityId: submitted.id });
    assert.equal(seen.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'one live approval of two');
    assert.equal(seen.canApprove, true, 'the service lets the submitter approve again');
    const asFirst = await factsOf(first, team.organizationId);
    const now = t.clock.now();
    assert.equal(voteOf(seen, asFirst.userId, now), undefined, 'the expired vote is not a vote');
    assert.equal(awaitsVote(seen, asFirst, now), true, "in the submitter's inbox again");
    assert.equal(
      approvalProgressText(approvalProgress(seen, asFirst, now)),
      '1 of 2 approvals, waiting for Team root user 1',
    );
    // And the service agrees that one more approval completes it.
    await first.approveActivity({ organizationId: team.organizationId, parameters: { fingerprint: seen.fingerprint } });
    const done = await first.getActivity({ organizationId: team.organizationId, activityId: submitted.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it('lets every approval of a window expire with it, even one cast near its end', async () => {
    const {
      organization,
      clients: [one, two, three],
    } = await trio();
    assert.ok(one && two && three);
    const submitted = await submitTag(one, organization.organizationId, 'late approval');
    t.clock.advance(APPROVAL_WINDOW_MS - HOUR);
    await two.approveActivity({
      organizationId: organization.organizationId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    // Two hours later the window has closed: the approval cast an hour before its end went with it.
    t.clock.advance(2 * HOUR);
    const seen = await two.getActivity({ organizationId: organization.organizationId, activityId: submitted.id });
    assert.equal(seen.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.equal(seen.canApprove, true, 'the service lets the second user approve again');
    const asTwo = await factsOf(two, organization.organizationId);
    const now = t.clock.now();
    assert.equal(voteOf(seen, asTwo.userId, now), undefined, "the second user's vote expired with the window");
    assert.equal(approvalProgress(seen, asTwo, now).approvals, 0, 'no live approval');
    assert.equal(isOpen(seen, now), false, 'no longer followed: nothing is live');
    // The service agrees: the third approval now is the first of a new window, not the one that completes it.
    await three.approveActivity({
      organizationId: organization.organizationId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    const after = await three.getActivity({ organizationId: organization.organizationId, activityId: submitted.id });
    assert.equal(after.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const asThree = await factsOf(three, organization.organizationId);
    assert.equal(
      approvalProgressText(approvalProgress(after, asThree, t.clock.now())),
      '1 of 3 approvals, you approved, waiting for Trio root user 1, Trio root user 2',
    );
  });
});
