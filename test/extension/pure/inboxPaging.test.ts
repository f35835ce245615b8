/**
 * The inbox counts every activity that waits for the user, not only the newest page: against a real sandbox whose
 * Team organization (quorum 2) holds more open activities than one page of list_activities, the second root user's
 * inbox holds them all, the oldest too; where the bound on pages stops the reading, the count says "at least".
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import type { ListActivitiesRequest } from '../../../src/api/remote';
import { awaitsVote, organizationFacts } from '../../../src/extension/inbox/inboxRules';
import { listOpenActivities, OPEN_PAGE_SIZE } from '../../../src/extension/inbox/openActivities';
import {
  awaitingCountFigure,
  awaitingCountText,
  awaitingGroupLabel,
} from '../../../src/extension/wording/awaitingWords';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';

/** More than one page of the service's largest. */
const WAITING = OPEN_PAGE_SIZE + 5;

describe('inbox: more open activities than one page', function () {
  this.timeout(60_000);
  let t: TestSandbox;
  let submitted: Activity[];

  before(async () => {
    t = await startTestSandbox();
    const team = t.organization('Team');
    const submitter = t.clientFor('Team', 0);
    submitted = [];
    for (let index = 0; index < WAITING; index += 1) {
      submitted.push(
        await submitter.createPrivateKeyTag({
          organizationId: team.organizationId,
          parameters: { privateKeyTagName: `waiting ${index}`, privateKeyIds: [] },
        }),
      );
    }
    assert.ok(submitted.every((activity) => activity.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED'));
  });
  after(async () => {
    await t.close();
  });

  /** The second root user's listing, counting the requests it makes. */
  function secondUser(): { list: (request: ListActivitiesRequest) => Promise<Activity[]>; requests: () => number } {
    const client = t.clientFor('Team', 1);
    let requests = 0;
    return {
      list: (request) => {
        requests += 1;
        return client.listActivities(request);
      },
      requests: () => requests,
    };
  }

  async function awaitingOf(open: readonly Activity[]): Promise<Activity[]> {
    const team = t.organization('Team');
    const client = t.clientFor('Team', 1);
    const me = await client.whoami({ organizationId: team.organizationId });
    const facts = organizationFacts(me.userId, await client.getOrganization({ organizationId: team.organizationId }));
    return open.filter((activity) => awaitsVote(activity, facts, t.clock.now()));
  }

  it(`counts all ${WAITING} activities awaiting the vote, the oldest too, and reads no page more than needed`, async () => {
    const team = t.organization('Team');
    const { list, requests } = secondUser();
    const { open, listedAll } = await listOpenActivities(list, team.organizationId, t.clock.now());
    assert.equal(listedAll, true);
    assert.equal(open.length, WAITING);
    assert.equal(new Set(open.map((a) => a.id)).size, WAITING, 'no activity twice');
    assert.ok(
      open.some((a) => a.id === submitted[0]?.id),
      'the oldest, past the first page',
    );
    assert.equal(requests(), 2, 'a full page, then a short one');
    const awaiting = await awaitingOf(open);
    assert.equal(awaiting.length, WAITING);
    assert.equal(awaitingGroupLabel(awaiting.length), `Awaiting your vote (${WAITING})`);
    assert.equal(awaitingCountText(awaiting.length), `${WAITING} activities wait for your vote`);
  });

  it('pages by the cursor until a short page, whatever the page size', async () => {
    const team = t.organization('Team');
    const { list, requests } = secondUser();
    const { open, listedAll } = await listOpenActivities(list, team.organizationId, t.clock.now(), {
      pageSize: 10,
      maxPages: 20,
    });
    assert.equal(listedAll, true);
    assert.deepEqual(
      open.map((a) => a.id),
      [...submitted].reverse().map((a) => a.id),
      'every one, newest first',
    );
    assert.equal(requests(), Math.floor(WAITING / 10) + 1, 'the full pages, then a short one');
  });

  it('says "at least" when the bound on pages stops the reading at a full page', async () => {
    const team = t.organization('Team');
    const { list, requests } = secondUser();
    const { open, listedAll } = await listOpenActivities(list, team.organizationId, t.clock.now(), {
      pageSize: 50,
      maxPages: 2,
    });
    assert.equal(requests(), 2);
    assert.equal(open.length, 100);
    assert.equal(listedAll, false, 'more may wait');
    const awaiting = await awaitingOf(open);
    assert.equal(awaitingGroupLabel(awaiting.length, !listedAll), 'Awaiting your vote (100+)');
    assert.equal(awaitingCountText(awaiting.length, !listedAll), 'At least 100 activities wait for your vote');
    assert.equal(awaitingCountFigure(awaiting.length, !listedAll), '100+');
  });
});
