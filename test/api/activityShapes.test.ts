import * as assert from 'node:assert/strict';
import type { Activity } from '../../src/api';
import { CountersignClient, activityResponseSchema } from '../../src/api/remote';
import { startTestServer, type TestServer } from '../support/testServer';
import { testStamper } from './clientHelpers';
import { ORG, activityRecord, nestedActivityRecord } from './sampleRecords';

function withoutTimestamp(activity: Activity): Omit<Activity, 'timestampMs'> {
  const { timestampMs: _ignored, ...rest } = activity;
  return rest;
}

describe('activity shapes', () => {
  let server: TestServer;
  let client: CountersignClient;
  beforeEach(async () => {
    server = await startTestServer();
    client = new CountersignClient({ baseUrl: server.baseUrl }, testStamper());
  });
  afterEach(async () => {
    await client.close();
    await server.close();
  });

  it('reads the spec shape (top level) and the API document shape (result.activity) to the same Activity', async () => {
    server.respond(() => ({ json: { activity: activityRecord() } }));
    const flat = await client.getActivity({ organizationId: ORG, activityId: 'act-1' });
    server.respond(() => ({ json: { activity: nestedActivityRecord() } }));
    const nested = await client.getActivity({ organizationId: ORG, activityId: 'act-1' });
    assert.deepEqual(withoutTimestamp(nested), withoutTimestamp(flat));
    assert.equal(nested.timestampMs, '1700000000000');
    assert.equal(flat.fingerprint, 'sha256:abc');
    assert.equal(nested.votes.length, 1);
    assert.deepEqual(nested.intent, {
      createPrivateKeyTagIntent: { privateKeyTagName: 'treasury', privateKeyIds: [] },
    });
    assert.deepEqual(Object.keys(nested.result), ['createPrivateKeyTagResult']);
  });

  it('parses an activity type and status it has never heard of', async () => {
    server.respond(() => ({
      json: {
        activity: activityRecord({
          type: 'ACTIVITY_TYPE_SOMETHING_NEW_V9',
          status: 'ACTIVITY_STATUS_SOMETHING_NEW',
          result: {},
        }),
      },
    }));
    const activity = await client.getActivity({ organizationId: ORG, activityId: 'act-1' });
    assert.equal(activity.type, 'ACTIVITY_TYPE_SOMETHING_NEW_V9');
    assert.equal(activity.status, 'ACTIVITY_STATUS_SOMETHING_NEW');
  });

  it('fills defaults for a minimal activity (no votes, flags or fingerprint)', () => {
    const parsed = activityResponseSchema.parse({
      activity: { id: 'a', organizationId: ORG, status: 'ACTIVITY_STATUS_PENDING', type: 'T' },
    });
    assert.deepEqual(parsed.activity.votes, []);
    assert.equal(parsed.activity.canApprove, false);
    assert.equal(parsed.activity.fingerprint, '');
  });

  it('tells a canApprove the service left out from one it sent as false, on the activity or its nested record', () => {
    const base = { id: 'a', organizationId: ORG, status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', type: 'T' };
    const absent = activityResponseSchema.parse({ activity: base }).activity;
    assert.deepEqual([absent.canApprove, absent.canApproveKnown], [false, false]);
    const sent = activityResponseSchema.parse({ activity: { ...base, canApprove: false } }).activity;
    assert.deepEqual([sent.canApprove, sent.canApproveKnown], [false, true]);
    const nested = activityResponseSchema.parse({
      activity: { ...base, result: { activity: { canApprove: true } } },
    }).activity;
    assert.deepEqual([nested.canApprove, nested.canApproveKnown], [true, true]);
  });
});
