/** The client's retries, clock skew, response shapes and activity outcomes, against a test server. */
import * as assert from 'node:assert/strict';
import {
  ActivityFailedError,
  ActivityRejectedError,
  CancelledError,
  ClockSkewError,
  ResponseShapeError,
  ServiceError,
} from '../../src/api';
import { inSequence, type TestServer } from '../support/testServer';
import { recordingLogger } from './clientHelpers';
import { rpc, tagInput, withClients } from './clientFixture';
import { ORG, activityRecord, apiKeyRecord } from './sampleRecords';

describe('CountersignClient errors', () => {
  let server: TestServer;
  const clientFor = withClients((started) => (server = started));

  describe('retries', () => {
    it('gives up a call made after its owner closed the client, as cancelled, without sending or retrying', async () => {
      const { logger, entries } = recordingLogger();
      const client = clientFor({ maxAttempts: 3, logger });
      await client.close();
      await assert.rejects(client.createPrivateKeyTag(tagInput), (error: unknown) => error instanceof CancelledError);
      assert.equal(server.requests.length, 0);
      assert.deepEqual(
        entries.filter((e) => e.level === 'error' || e.level === 'warn'),
        [],
        'a call given up is not a failure to log',
      );
    });

    it('stops after 3 attempts of a 5xx, re-sending byte-identical bodies with the same stamp', async () => {
      server.respond(() => ({ status: 503, json: rpc(14, 'unavailable') }));
      await assert.rejects(clientFor({ maxAttempts: 10 }).createPrivateKeyTag(tagInput), (error: unknown) => {
        assert.ok(error instanceof ServiceError);
        assert.equal(error.status, 503);
        return true;
      });
      assert.equal(server.requests.length, 3);
      const [first, ...rest] = server.requests;
      for (const request of rest) {
        assert.ok(request.body.equals(first!.body));
        assert.equal(request.stampHeader, first!.stampHeader);
        assert.equal(request.stamp?.ok, true);
      }
    });

    it('succeeds when a retry does, with the same timestampMs (the same activity)', async () => {
      server.respond(
        inSequence(
          { status: 500, json: rpc(13, 'internal') },
          { destroy: true },
          { json: { activity: activityRecord() } },
        ),
      );
      const activity = await clientFor().createPrivateKeyTag(tagInput);
      assert.equal(activity.id, 'act-1');
      assert.equal(server.requests.length, 3);
      assert.equal(new Set(server.requests.map((r) => r.text)).size, 1);
      assert.equal(new Set(server.requests.map((r) => r.stampHeader)).size, 1);
      assert.ok(server.requests.every((r) => r.stamp?.ok));
    });

    it('does not retry a 4xx other than 429', async () => {
      server.respond(() => ({ status: 400, json: rpc(3, 'bad request body', 'REQUEST_INVALID') }));
      await assert.rejects(clientFor().whoami({ organizationId: ORG }), ServiceError);
      assert.equal(server.requests.length, 1);
    });

    it('honours Retry-After on a 429', async () => {
      server.respond(
        inSequence(
          { status: 429, headers: { 'Retry-After': '1' }, json: rpc(8, 'Too many requests') },
          { json: { activity: activityRecord() } },
        ),
      );
      const { logger, entries } = recordingLogger();
      await clientFor({ logger }).getActivity({ organizationId: ORG, activityId: 'act-1' });
      assert.equal(server.requests.length, 2);
      const retry = entries.find((e) => e.fields?.['delayMs'] !== undefined);
      assert.equal(retry?.fields?.['delayMs'], 1000);
      const gap = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt;
      assert.ok(gap >= 950, `retried after ${gap} ms`);
    });

    it('honours maxAttempts below 3', async () => {
      server.respond(() => ({ status: 500, json: rpc(13, 'internal') }));
      await assert.rejects(clientFor({ maxAttempts: 2 }).whoami({ organizationId: ORG }), ServiceError);
      assert.equal(server.requests.length, 2);
    });
  });

  describe('clock skew', () => {
    it('names the skew when the service refuses the timestamp', async () => {
      server.respond(() => ({ status: 401, json: rpc(16, 'timestamp is too far in the future') }));
      const client = clientFor({ now: () => Date.now() + 10 * 60_000 });
      await assert.rejects(client.createPrivateKeyTag(tagInput), (error: unknown) => {
        assert.ok(error instanceof ClockSkewError);
        assert.match(error.message, /your clock is 10 minutes ahead of the service/);
        assert.ok(error.clockSkewMs !== undefined && Math.abs(error.clockSkewMs - 600_000) < 5_000);
        return true;
      });
    });

    it('blames the clock for an auth failure when Date differs by more than 5 minutes', async () => {
      server.respond(() => ({ status: 401, json: rpc(16, 'could not verify api key signature', 'SIGNATURE_INVALID') }));
      await assert.rejects(
        clientFor({ now: () => Date.now() - 20 * 60_000 }).whoami({ organizationId: ORG }),
        (error: unknown) => {
          assert.ok(error instanceof ClockSkewError);
          assert.match(error.message, /your clock is 20 minutes behind the service/);
          assert.equal(error.turnkeyErrorCode, 'SIGNATURE_INVALID');
          return true;
        },
      );
    });

    it('does not blame a correct clock', async () => {
      server.respond(() => ({ status: 401, json: rpc(16, 'could not verify api key signature', 'SIGNATURE_INVALID') }));
      await assert.rejects(clientFor().whoami({ organizationId: ORG }), (error: unknown) => {
        assert.ok(error instanceof ServiceError && !(error instanceof ClockSkewError));
        return true;
      });
    });
  });

  describe('response shapes', () => {
    it('names the field of a wrong-shaped response', async () => {
      const bad = apiKeyRecord();
      (bad['credential'] as Record<string, unknown>)['publicKey'] = 5;
      server.respond(() => ({ json: { apiKey: bad } }));
      await assert.rejects(clientFor().getApiKey({ organizationId: ORG, apiKeyId: 'key-1' }), (error: unknown) => {
        assert.ok(error instanceof ResponseShapeError);
        assert.equal(error.field, 'apiKey.credential.publicKey');
        assert.match(error.message, /apiKey\.credential\.publicKey/);
        return true;
      });
    });

    it('says a field that is not there is missing', async () => {
      server.respond(() => ({ json: {} }));
      await assert.rejects(clientFor().listActivities({ organizationId: ORG }), (error: unknown) => {
        assert.ok(error instanceof ResponseShapeError);
        assert.equal(error.field, 'activities');
        assert.match(error.message, /activities.*is missing/);
        return true;
      });
    });

    it('names an array element and a nested activity field', async () => {
      server.respond(() => ({ json: { activities: [activityRecord(), { ...activityRecord(), status: 7 }] } }));
      await assert.rejects(
        clientFor().listActivities({ organizationId: ORG }),
        (e: unknown) => e instanceof ResponseShapeError && e.field === 'activities.1.status',
      );
      server.respond(() => ({
        json: {
          activity: {
            id: 'a',
            organizationId: ORG,
            status: 'ACTIVITY_STATUS_PENDING',
            type: 'T',
            result: { activity: { votes: 'none' } },
          },
        },
      }));
      await assert.rejects(
        clientFor().getActivity({ organizationId: ORG, activityId: 'a' }),
        (e: unknown) => e instanceof ResponseShapeError && e.field === 'activity.result.activity.votes',
      );
    });

    it('refuses a 2xx body that is not JSON, or a completed activity without its result', async () => {
      server.respond(() => ({ text: '<html>ok</html>' }));
      await assert.rejects(clientFor().whoami({ organizationId: ORG }), ResponseShapeError);
      server.respond(() => ({ json: { activity: activityRecord({ result: {} }) } }));
      await assert.rejects(
        clientFor().createPrivateKeyTag(tagInput),
        (e: unknown) => e instanceof ResponseShapeError && e.field === 'activity.result.createPrivateKeyTagResult',
      );
    });
  });

  describe('activity outcomes', () => {
    it('throws ActivityFailedError carrying the activity and its failure', async () => {
      const failure = rpc(9, 'tag name already exists');
      server.respond(() => ({
        json: { activity: activityRecord({ status: 'ACTIVITY_STATUS_FAILED', result: {}, failure }) },
      }));
      await assert.rejects(clientFor().createPrivateKeyTag(tagInput), (error: unknown) => {
        assert.ok(error instanceof ActivityFailedError);
        assert.equal(error.activity.id, 'act-1');
        assert.deepEqual(error.failure, failure);
        assert.match(error.message, /tag name already exists/);
        return true;
      });
    });

    it('throws ActivityRejectedError carrying the activity', async () => {
      server.respond(() => ({
        json: { activity: activityRecord({ status: 'ACTIVITY_STATUS_REJECTED', result: {} }) },
      }));
      await assert.rejects(
        clientFor().createPrivateKeyTag(tagInput),
        (error: unknown) =>
          error instanceof ActivityRejectedError && error.activity.status === 'ACTIVITY_STATUS_REJECTED',
      );
    });
  });
});
