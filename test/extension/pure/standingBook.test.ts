/**
 * The inbox's standings at scale, against the real sandbox through a recording relay: each waiting activity's
 * evaluations are read once per status and votes, a look that finds nothing changed sends no
 * get_policy_evaluations, one vote costs exactly one, and the standings are worked out a few per turn of the event
 * loop, never in the turn that handled the responses.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import { CountersignClient } from '../../../src/api/remote';
import { TREASURY_TRANSFER_CAP } from '../../../src/sandbox/treasurySeed';
import { liveVotes } from '../../../src/extension/inbox/inboxRules';
import { GovernanceReads } from '../../../src/extension/store/governance';
import { StandingBook } from '../../../src/extension/store/standingBook';
import type { StandingSources } from '../../../src/extension/store/standingReads';
import type { OrganizationSnapshot } from '../../../src/extension/store/storeTypes';
import { startRecordingRelay, type RecordingRelay } from '../../support/recordingRelay';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';
import { APPROVER_1, DEVELOPER, ROOT, treasuryTransfer } from '../../support/treasuryFixtures';

const EVALUATIONS = '/public/v1/query/get_policy_evaluations';

describe('the standing book: evaluations once per votes, standings off the turn that read them', function () {
  this.timeout(30_000);
  let t: TestSandbox;
  let relay: RecordingRelay;
  let viewer: CountersignClient;
  let organizationId: string;
  let nonce = 0n;
  before(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Treasury').organizationId;
    relay = await startRecordingRelay(t.baseUrl);
    viewer = new CountersignClient({ baseUrl: relay.url }, t.stamperFor('Treasury', ROOT), { maxAttempts: 1 });
  });
  after(async () => {
    await viewer.close();
    relay.close();
    await t.close();
  });

  /** A transfer of three times the cap, signed by the developer: it waits for two `finance` approvals. */
  const largeTransfer = (): Promise<Activity> =>
    t.clientFor('Treasury', DEVELOPER).signTransaction({
      organizationId,
      parameters: {
        signWith: t.organization('Treasury').privateKeyIds[0] ?? '',
        unsignedTransaction: treasuryTransfer(TREASURY_TRANSFER_CAP * 3n, nonce++),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });

  /** The store's reads, made directly with the viewer's client: governance and evaluations kept as the store does. */
  function sourcesFor(): StandingSources {
    const governance = new GovernanceReads();
    let organization: Promise<OrganizationSnapshot> | undefined;
    return {
      organization: () =>
        (organization ??= Promise.all([
          viewer.whoami({ organizationId }),
          viewer.getOrganization({ organizationId }),
        ]).then(([me, data]) => ({ organizationId, userId: me.userId, data }))),
      governance: () => governance.read(0, organizationId, viewer),
      evaluations: (activity) => governance.evaluations(organizationId, activity, viewer),
    };
  }

  const asksOf = (activities: readonly Activity[]) =>
    activities.map((activity) => ({ activity, votes: liveVotes(activity, t.clock.now()) }));
  const reread = (activities: readonly Activity[]) =>
    Promise.all(activities.map((a) => t.clientFor('Treasury', ROOT).getActivity({ organizationId, activityId: a.id })));

  it('reads each waiting activity once, nothing on a look where nothing changed, and exactly one after one vote', async () => {
    const submitted = [await largeTransfer(), await largeTransfer(), await largeTransfer()];
    for (const activity of submitted) assert.equal(activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const book = new StandingBook(sourcesFor());

    let since = relay.requests.length;
    const first = await book.standings(asksOf(await reread(submitted)));
    assert.equal(relay.countByPath(since)[EVALUATIONS], 3, 'the first look reads each activity once');
    assert.equal(first.size, 3, 'a policy waits for each: each has words');

    since = relay.requests.length;
    const again = await book.standings(asksOf(await reread(submitted)));
    assert.equal(relay.countByPath(since)[EVALUATIONS], undefined, 'nothing changed: no evaluation is read');
    for (const activity of submitted) assert.equal(again.get(activity.id), first.get(activity.id), 'kept as it was');

    const [voted] = submitted;
    assert.ok(voted);
    const seen = await t.clientFor('Treasury', APPROVER_1).getActivity({ organizationId, activityId: voted.id });
    await t
      .clientFor('Treasury', APPROVER_1)
      .approveActivity({ organizationId, parameters: { fingerprint: seen.fingerprint } });
    const afterVote = await reread(submitted);
    assert.equal(afterVote[0]?.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'one finance approval of two: it waits');

    since = relay.requests.length;
    const third = await book.standings(asksOf(afterVote));
    assert.deepEqual(relay.countByPath(since)[EVALUATIONS], 1, 'only the activity voted on is read again');
    assert.equal(relay.requests.at(-1)?.path, EVALUATIONS);
    assert.deepEqual((relay.requests.at(-1)?.asked as { activityId?: string }).activityId, voted.id);
    assert.notEqual(third.get(voted.id)?.summary, again.get(voted.id)?.summary, 'its standing says the new vote');
    assert.equal(third.get(submitted[1]?.id ?? '')?.summary, again.get(submitted[1]?.id ?? '')?.summary);
  });

  it('works the standings out a few per turn of the event loop, after the responses were handled', async () => {
    const submitted = await Promise.all(Array.from({ length: 5 }, () => largeTransfer()));
    let turns = 0;
    let worked = 0;
    const perTurn: number[] = [];
    const sources = sourcesFor();
    const book = new StandingBook(
      {
        ...sources,
        // Counts the standings read in each turn: the words are worked out right after the turn that read them.
        evaluations: (activity) => {
          worked++;
          return sources.evaluations(activity);
        },
      },
      {
        perTurn: 2,
        nextTurn: async () => {
          turns++;
          perTurn.push(worked);
          worked = 0;
          await new Promise<void>((resolve) => setImmediate(resolve));
        },
      },
    );
    const found = await book.standings(asksOf(await reread(submitted)));
    assert.equal(found.size, 5);
    assert.ok(turns >= 3, `five standings two per turn take three turns at least (took ${turns})`);
    assert.ok(
      perTurn.every((n) => n <= 2),
      `no turn works out more than two: ${perTurn.join(', ')}`,
    );
    const turnsBefore = turns;
    assert.equal((await book.standings(asksOf(await reread(submitted)))).size, 5);
    assert.equal(turns, turnsBefore, 'kept standings need no turn of their own');
  });
});
