import * as assert from 'node:assert/strict';
import {
  ActivityFailedError,
  ActivityRejectedError,
  CancelledError,
  TransportError,
  type Activity,
} from '../../src/api';
import { CountersignClient, activityResponseSchema, waitForActivity } from '../../src/api/remote';
import { inSequence, startTestServer, type Reply, type TestServer } from '../support/testServer';
import { testStamper } from './clientHelpers';
import { ORG, activityRecord } from './sampleRecords';

const fast = { initialDelayMs: 1, minIntervalMs: 1, maxDelayMs: 5 };

function activityWith(status: string): Activity {
  return activityResponseSchema.parse({ activity: activityRecord({ status, result: {} }) }).activity;
}
function reply(status: string, extra: Parameters<typeof activityRecord>[0] = {}): Reply {
  return { json: { activity: activityRecord({ status, result: {}, ...extra }) } };
}

describe('waitForActivity', () => {
  let server: TestServer;
  let client: CountersignClient;
  beforeEach(async () => {
    server = await startTestServer();
    client = new CountersignClient({ baseUrl: server.baseUrl }, testStamper(), { retryBaseDelayMs: 1 });
  });
  afterEach(async () => {
    await client.close();
    await server.close();
  });

  it('polls get_activity until COMPLETED and returns it', async () => {
    server.respond(
      inSequence(
        reply('ACTIVITY_STATUS_PENDING'),
        reply('ACTIVITY_STATUS_PENDING'),
        reply('ACTIVITY_STATUS_COMPLETED'),
      ),
    );
    const done = await waitForActivity(client, activityWith('ACTIVITY_STATUS_CREATED'), fast);
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(server.requests.length, 3);
    for (const request of server.requests) {
      assert.equal(request.path, '/public/v1/query/get_activity');
      assert.equal(request.text, `{"organizationId":"${ORG}","activityId":"act-1"}`);
      assert.equal(request.stamp?.ok, true);
    }
  });

  it('returns an activity that needs consensus or authenticators', async () => {
    for (const status of ['ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED']) {
      server.respond(inSequence(reply('ACTIVITY_STATUS_PENDING'), reply(status)));
      const waited = await waitForActivity(client, activityWith('ACTIVITY_STATUS_PENDING'), fast);
      assert.equal(waited.status, status);
    }
  });

  it('does not poll an activity that is already settled', async () => {
    const done = await waitForActivity(client, activityWith('ACTIVITY_STATUS_COMPLETED'), fast);
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(server.requests.length, 0);
  });

  it('throws ActivityFailedError on FAILED and ActivityRejectedError on REJECTED', async () => {
    server.respond(
      inSequence(reply('ACTIVITY_STATUS_FAILED', { failure: { code: 9, message: 'no such key', details: [] } })),
    );
    await assert.rejects(waitForActivity(client, activityWith('ACTIVITY_STATUS_PENDING'), fast), (error: unknown) => {
      assert.ok(error instanceof ActivityFailedError);
      assert.equal(error.failure?.message, 'no such key');
      return true;
    });
    server.respond(() => reply('ACTIVITY_STATUS_REJECTED'));
    await assert.rejects(waitForActivity(client, activityWith('ACTIVITY_STATUS_PENDING'), fast), ActivityRejectedError);
  });

  it('is cancelled by an AbortSignal while it waits', async () => {
    server.respond(() => reply('ACTIVITY_STATUS_PENDING'));
    const controller = new AbortController();
    const waiting = waitForActivity(client, activityWith('ACTIVITY_STATUS_PENDING'), {
      ...fast,
      minIntervalMs: 20,
      signal: controller.signal,
    });
    const polled = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (server.requests.length >= 1) {
          clearInterval(check);
          resolve();
        }
      }, 2);
    });
    await polled;
    controller.abort();
    await assert.rejects(waiting, CancelledError);
    const count = server.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal(server.requests.length, count, 'it kept polling after the abort');
  });

  it('is cancelled while a poll is in flight', async () => {
    server.respond(() => ({ ...reply('ACTIVITY_STATUS_PENDING'), delayMs: 5_000 }));
    const controller = new AbortController();
    const waiting = waitForActivity(client, activityWith('ACTIVITY_STATUS_PENDING'), {
      ...fast,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 30);
    await assert.rejects(waiting, CancelledError);
  });

  it('gives up at the deadline with a timeout that says the activity is still pending', async () => {
    server.respond(() => reply('ACTIVITY_STATUS_PENDING'));
    await assert.rejects(
      waitForActivity(client, activityWith('ACTIVITY_STATUS_PENDING'), { ...fast, deadlineMs: 80 }),
      (error: unknown) => {
        assert.ok(error instanceof TransportError);
        assert.equal(error.kind, 'timeout');
        assert.match(error.message, /Activity act-1 is still PENDING/);
        return true;
      },
    );
    assert.ok(server.requests.length >= 1);
  });

  it('bounds a poll that hangs by the deadline', async () => {
    server.respond(() => ({ ...reply('ACTIVITY_STATUS_PENDING'), delayMs: 5_000 }));
    await assert.rejects(
      waitForActivity(client, activityWith('ACTIVITY_STATUS_PENDING'), { ...fast, deadlineMs: 100 }),
      (error: unknown) => {
        assert.ok(error instanceof TransportError && error.kind === 'timeout', String(error));
        return true;
      },
    );
  });

  it('never polls faster than minIntervalMs', async () => {
    server.respond(
      inSequence(
        reply('ACTIVITY_STATUS_PENDING'),
        reply('ACTIVITY_STATUS_PENDING'),
        reply('ACTIVITY_STATUS_COMPLETED'),
      ),
    );
    const started = Date.now();
    await waitForActivity(client, activityWith('ACTIVITY_STATUS_PENDING'), {
      initialDelayMs: 0,
      maxDelayMs: 0,
      minIntervalMs: 40,
    });
    const times = [started, ...server.requests.map((r) => r.receivedAt)];
    for (let i = 1; i < times.length; i++) {
      assert.ok(times[i]! - times[i - 1]! >= 35, `polled ${times[i]! - times[i - 1]!} ms after the previous one`);
    }
  });
});
