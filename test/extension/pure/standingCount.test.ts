/**
 * One standing of an activity, the source of every count: what the approve and reject dialogs, the review page's
 * header and the sentence after a vote say, from what the sandbox answers for its Treasury organization (one root
 * user, quorum 1; two finance approvers whom a policy counts, not root users). A large transfer the developer
 * submitted is walked as the two finance approvers and the root user; and no sentence says "N of M" with N > M.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import { TREASURY_TRANSFER_CAP } from '../../../src/sandbox/treasurySeed';
import { judgedOutcomes, votersOf } from '../../../src/extension/wording/policyStanding';
import { standingNames } from '../../../src/extension/wording/standingText';
import {
  approveCountLine,
  rejectCountLine,
  standingProgress,
  standingView,
  type StandingView,
} from '../../../src/extension/wording/standingCount';
import { organizationNames, readableVoteDetail } from '../../../src/extension/wording/voteDialogWords';
import { reviewProgressText } from '../../../src/extension/wording/reviewWords';
import { countsAbove } from '../../support/countsAbove';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';
import {
  APPROVER_1,
  APPROVER_2,
  DEVELOPER,
  LARGE_TRANSFERS,
  ROOT,
  treasuryTransfer,
} from '../../support/treasuryFixtures';

const LARGE = LARGE_TRANSFERS;

describe('one standing of an activity: the counts of Treasury', function () {
  this.timeout(30_000);
  let t: TestSandbox;
  let organizationId: string;
  let nonce = 0n;
  before(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Treasury').organizationId;
  });
  after(() => t.close());

  const client = (index: number) => t.clientFor('Treasury', index);
  const userId = (index: number): string => t.organization('Treasury').users[index]?.userId ?? '';

  /** A transfer of `amount` of the sample token, submitted by the developer (whose approval no policy counts). */
  async function submitLarge(amount = TREASURY_TRANSFER_CAP * 5n): Promise<Activity> {
    const unsignedTransaction = treasuryTransfer(amount, nonce++);
    const submitted = await client(DEVELOPER).signTransaction({
      organizationId,
      parameters: {
        signWith: t.organization('Treasury').privateKeyIds[0] ?? '',
        unsignedTransaction,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    return submitted;
  }

  /** Where the activity stands now, seen by user `you`, as the store's readStanding reads it. */
  async function viewAs(activityId: string, you: number): Promise<{ view: StandingView; activity: Activity }> {
    const root = client(ROOT);
    const request = { organizationId };
    const [activity, records, policies, users, userTags, organization] = await Promise.all([
      root.getActivity({ organizationId, activityId }),
      root.getPolicyEvaluations({ organizationId, activityId }),
      root.listPolicies(request),
      root.listUsers(request),
      root.listUserTags(request),
      root.getOrganization(request),
    ]);
    const governance = { policies, users, userTags };
    const view = standingView(
      {
        activity,
        outcomes: judgedOutcomes(activity.status, records),
        governance,
        quorum: { threshold: organization.rootQuorum.threshold, rootUserIds: organization.rootQuorum.userIds },
        ...votersOf(activity.votes),
      },
      standingNames(governance, userId(you)),
    );
    return { view, activity };
  }

  /** The approve or reject dialog's first line, as user `you` reads it. */
  async function dialogLine(activityId: string, you: number, vote: 'approve' | 'reject'): Promise<string> {
    const { view, activity } = await viewAs(activityId, you);
    const data = await client(ROOT).getOrganization({ organizationId });
    const detail = readableVoteDetail(
      vote,
      activity.fingerprint,
      organizationId,
      activity,
      organizationNames(data),
      undefined,
      view,
    );
    assert.deepEqual(countsAbove(detail), [], detail);
    return detail.split('\n')[0] ?? '';
  }

  it('tells each finance approver what their approval does to the policy, never a root-quorum count', async () => {
    const large = await submitLarge();
    assert.equal(
      await dialogLine(large.id, APPROVER_1, 'approve'),
      `After your approval it still waits. Policy "${LARGE}": 1 of 2 approvals from finance ` +
        '(you approved; Treasury approver 2 can approve).',
    );
    assert.equal(
      await dialogLine(large.id, APPROVER_1, 'reject'),
      `Policy "${LARGE}": 0 of 2 approvals from finance (you, Treasury approver 2 can approve). ` +
        'Rejecting stops it: it will not run.',
    );
    // The developer's approval counts for no policy the transfer waits for, nor for the root quorum.
    assert.match(
      await dialogLine(large.id, DEVELOPER, 'approve'),
      /^Your approval does not count toward what it waits for, so it still waits\. Policy "/,
    );

    await client(APPROVER_1).approveActivity({ organizationId, parameters: { fingerprint: large.fingerprint } });
    assert.equal(
      await dialogLine(large.id, APPROVER_2, 'approve'),
      `Your approval completes policy "${LARGE}": it runs when you approve.`,
    );
    assert.equal(
      (await viewAs(large.id, APPROVER_2)).view.standing.state,
      'waits',
      'the first finance approval left it waiting',
    );
    const waiting = await viewAs(large.id, APPROVER_2);
    assert.equal(
      standingProgress(waiting.view, waiting.activity.status),
      `Policy "${LARGE}": 1 of 2 approvals from finance (Treasury approver 1 approved; you can approve)`,
    );

    await client(APPROVER_2).approveActivity({ organizationId, parameters: { fingerprint: large.fingerprint } });
    const done = await viewAs(large.id, APPROVER_2);
    assert.equal(done.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(standingProgress(done.view, done.activity.status), `Policy "${LARGE}" allowed it: it ran.`);
    // The root quorum's own count leaves out the three approvals no root user gave.
    const data = await client(ROOT).getOrganization({ organizationId });
    const names = organizationNames(data);
    assert.equal(reviewProgressText(done.activity, names.threshold, names.rootUserIds), '0 of 1 approvals: it ran.');
  });

  it('tells the root user that their approval meets the root quorum and runs it without the policy', async () => {
    const large = await submitLarge();
    await client(APPROVER_1).approveActivity({ organizationId, parameters: { fingerprint: large.fingerprint } });
    assert.equal(
      await dialogLine(large.id, ROOT, 'approve'),
      `Your approval meets the root quorum (1 of 1): it runs without the approvals policy "${LARGE}" waits for.`,
    );
    await client(ROOT).approveActivity({ organizationId, parameters: { fingerprint: large.fingerprint } });
    const done = await viewAs(large.id, ROOT);
    assert.equal(done.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(
      standingProgress(done.view, done.activity.status),
      'The root quorum approved it (1 of 1): it ran without the policies.',
    );
  });

  it('says who rejected and under which rule', async () => {
    const byApprover = await submitLarge();
    await client(APPROVER_2).rejectActivity({ organizationId, parameters: { fingerprint: byApprover.fingerprint } });
    const rejected = await viewAs(byApprover.id, ROOT);
    assert.equal(rejected.activity.status, 'ACTIVITY_STATUS_REJECTED');
    assert.equal(
      standingProgress(rejected.view, rejected.activity.status),
      `Rejected by Treasury approver 2, whose approval policy "${LARGE}" counts: one such rejection stops it.`,
    );

    const byRoot = await submitLarge();
    await client(ROOT).rejectActivity({ organizationId, parameters: { fingerprint: byRoot.fingerprint } });
    const mine = await viewAs(byRoot.id, ROOT);
    assert.equal(
      standingProgress(mine.view, mine.activity.status),
      'Rejected by you, a root user: one rejection from a user whose approval counts stops it.',
    );
    // The dialogs have nothing to count once it ended.
    assert.equal(approveCountLine(mine.view), undefined);
    assert.equal(rejectCountLine(mine.view), undefined);
  });
});
