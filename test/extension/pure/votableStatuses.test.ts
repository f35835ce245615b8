/**
 * One list of the statuses in which an activity can still gather votes: the open listing asks the service for
 * them, and the store takes an activity it holds in one of them, missing from a complete listing, as one that ended.
 */
import * as assert from 'node:assert/strict';
import { activityStatuses, VOTABLE_STATUSES, type Activity } from '../../../src/api';
import { listOpenActivities } from '../../../src/extension/inbox/openActivities';
import { gathering } from '../../../src/extension/store/activityChanges';

const activityIn = (status: string): Activity => ({ id: status, status }) as unknown as Activity;

describe('the statuses that gather votes', () => {
  it('are the ones the open listing asks for', async () => {
    const asked: unknown[] = [];
    await listOpenActivities(
      (request) => {
        asked.push(request.filterByStatus);
        return Promise.resolve([]);
      },
      'org',
      Date.now(),
    );
    assert.deepEqual(asked, [[...VOTABLE_STATUSES]]);
  });

  it("are the ones the store's look expects a complete listing to hold", () => {
    for (const status of activityStatuses) {
      assert.equal(gathering(activityIn(status)), VOTABLE_STATUSES.includes(status), status);
    }
    assert.ok(gathering(activityIn('ACTIVITY_STATUS_PENDING')), 'a pending activity can still gather votes');
  });
});
