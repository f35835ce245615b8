import * as assert from 'node:assert/strict';
import type { CountersignClient } from '../../src/api';
import { listActivitiesResponseSchema, operations } from '../../src/api/remote';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { expectRpcStatus, stampedRequest } from './rawHttp';

describe('sandbox: list_activities', () => {
  let t: TestSandbox;
  let demo: CountersignClient;
  let demoId: string;
  const ids: string[] = [];

  before(async () => {
    t = await startTestSandbox();
    demo = t.clientFor('Demo');
    demoId = t.organization('Demo').organizationId;
    for (let i = 0; i < 14; i++) {
      const a = await demo.createPrivateKeyTag({
        organizationId: demoId,
        parameters: { privateKeyTagName: `tag ${i}`, privateKeyIds: [] },
      });
      ids.push(a.id);
      t.clock.advance(1);
    }
    // Two failures of another type.
    for (let i = 0; i < 2; i++) {
      await demo
        .deleteSmartContractInterface({
          organizationId: demoId,
          parameters: { smartContractInterfaceId: `missing-${i}` },
        })
        .catch(() => undefined);
    }
  });
  after(() => t.close());

  it('lists newest first, 10 by default', async () => {
    const page = await demo.listActivities({ organizationId: demoId });
    assert.equal(page.length, 10);
    const all = await demo.listActivities({ organizationId: demoId, paginationOptions: { limit: '100' } });
    assert.equal(all.length, 16);
    const tags = all.filter((a) => a.type === 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG').map((a) => a.id);
    assert.deepEqual(tags, [...ids].reverse());
  });

  it('filters by status and by type', async () => {
    const failed = await demo.listActivities({
      organizationId: demoId,
      filterByStatus: ['ACTIVITY_STATUS_FAILED'],
      paginationOptions: { limit: '100' },
    });
    assert.equal(failed.length, 2);
    assert.ok(failed.every((a) => a.type === 'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE'));
    const tags = await demo.listActivities({
      organizationId: demoId,
      filterByType: ['ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'],
      paginationOptions: { limit: '100' },
    });
    assert.equal(tags.length, 14);
    const none = await demo.listActivities({ organizationId: demoId, filterByType: ['ACTIVITY_TYPE_CREATE_WALLET'] });
    assert.deepEqual(none, []);
    const both = await demo.listActivities({
      organizationId: demoId,
      filterByStatus: ['ACTIVITY_STATUS_COMPLETED'],
      filterByType: ['ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE'],
    });
    assert.deepEqual(both, []);
  });

  it('pages with limit and after, and back with before, without gaps or overlaps', async () => {
    const filter = { organizationId: demoId, filterByType: ['ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'] };
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await demo.listActivities({
        ...filter,
        paginationOptions: { limit: '4', ...(after ? { after } : {}) },
      });
      if (page.length === 0) break;
      assert.ok(page.length <= 4);
      seen.push(...page.map((a) => a.id));
      after = page[page.length - 1]?.id;
    }
    assert.deepEqual(seen, [...ids].reverse());
    const before = await demo.listActivities({
      ...filter,
      paginationOptions: { limit: '3', before: seen[5] as string },
    });
    assert.deepEqual(
      before.map((a) => a.id),
      seen.slice(2, 5),
    );
  });

  it('refuses a limit outside 1..100 and an unknown cursor with 400', async () => {
    const stamper = t.stamperFor('Demo');
    for (const limit of ['0', '101']) {
      const body = JSON.stringify({ organizationId: demoId, paginationOptions: { limit } });
      expectRpcStatus(
        await stampedRequest(t.baseUrl, operations.listActivities.path, body, stamper),
        400,
        'REQUEST_INVALID',
        /limit/,
      );
    }
    const body = JSON.stringify({ organizationId: demoId, paginationOptions: { after: 'nope' } });
    expectRpcStatus(
      await stampedRequest(t.baseUrl, operations.listActivities.path, body, stamper),
      400,
      'REQUEST_INVALID',
      /after/,
    );
  });

  it('lists activities in the spec shape only (no nested result.activity), which the client schema reads', async () => {
    const body = JSON.stringify({ organizationId: demoId, paginationOptions: { limit: '3' } });
    const response = await stampedRequest(t.baseUrl, operations.listActivities.path, body, t.stamperFor('Demo'));
    const json = JSON.parse(response.text) as {
      activities: { result: Record<string, unknown>; intent: object; votes: unknown[] }[];
    };
    assert.equal(json.activities.length, 3);
    for (const activity of json.activities) {
      assert.ok(!('activity' in activity.result));
      assert.ok(activity.intent && activity.votes.length >= 1);
    }
    assert.equal(listActivitiesResponseSchema.parse(json).activities.length, 3);
  });

  it("lists only the organization's own activities", async () => {
    const team = t.clientFor('Team');
    assert.deepEqual(await team.listActivities({ organizationId: t.organization('Team').organizationId }), []);
  });
});
