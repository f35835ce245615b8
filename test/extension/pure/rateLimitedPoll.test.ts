/**
 * A 429's Retry-After, from the wire to the poll: the client reports it on the ServiceError it throws (seconds or an
 * HTTP date, bounded), and the organization store's plan waits at least that long before its next look.
 */
import * as assert from 'node:assert/strict';
import { ServiceError } from '../../../src/api';
import { MAX_REPORTED_RETRY_AFTER_MS } from '../../../src/api/transport/retryPolicy';
import { nextLookDelayMs, type PlanInput } from '../../../src/extension/store/pollPlan';
import { freshPollState, nextPollState } from '../../../src/extension/store/pollSchedule';
import { rpc, withClients } from '../../api/clientFixture';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';
import type { TestServer } from '../../support/testServer';
import { ORG } from '../../api/sampleRecords';

/** The plan right after a look the service refused with a 429, two seconds being the configured interval. */
const afterOne429 = (retryAfterMs: number | undefined): PlanInput => ({
  intervalMs: 2000,
  focused: true,
  watchers: { views: 1, pages: 0, inbox: true },
  pending: 1,
  poll: nextPollState(freshPollState, 'rateLimited'),
  ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
});

/** The ServiceError of a 429, as the client threw it. */
function refusedWith(error: unknown): ServiceError {
  assert.ok(error instanceof ServiceError, `a ServiceError, not ${String(error)}`);
  assert.equal(error.status, 429);
  return error;
}

/** What a call refused with a 429 reports: the ServiceError's Retry-After. */
async function refusal(call: () => Promise<unknown>): Promise<ServiceError> {
  try {
    await call();
  } catch (error) {
    return refusedWith(error);
  }
  assert.fail('the call was not refused');
}

describe("a 429's Retry-After reaches the poll", () => {
  describe("from the sandbox's rate limiter", () => {
    let t: TestSandbox;
    before(async () => {
      t = await startTestSandbox({ rateLimit: 2 });
    });
    after(() => t.close());

    it('is on the ServiceError the client throws once it stops retrying', async function () {
      this.timeout(20_000);
      // One attempt per call: the first refusal comes back as it is, not after the client's own waits.
      const client = t.clientFor('Demo', 0, { maxAttempts: 1 });
      const organizationId = t.organization('Demo').organizationId;
      const answers = await Promise.allSettled(Array.from({ length: 8 }, () => client.whoami({ organizationId })));
      const refused = answers.filter((answer) => answer.status === 'rejected');
      assert.ok(refused.length > 0, 'the rate limiter refused some of 8 requests at once');
      const error = refusedWith((refused[0] as PromiseRejectedResult).reason);
      // The sandbox says one second, as its header reads.
      assert.equal(error.retryAfterMs, 1000);
      const delay = nextLookDelayMs(afterOne429(error.retryAfterMs));
      assert.ok(delay !== undefined && delay >= error.retryAfterMs, `the next look comes after ${delay} ms`);
    });
  });

  describe('from a service that asks for longer', () => {
    let server: TestServer;
    const clientFor = withClients((started) => (server = started));

    it('reads an HTTP date against the service clock, and the next look waits that long', async () => {
      const serviceNow = Date.parse('2026-11-26T12:00:00Z');
      server.respond(() => ({
        status: 429,
        headers: {
          Date: new Date(serviceNow).toUTCString(),
          'Retry-After': new Date(serviceNow + 90_000).toUTCString(),
        },
        json: rpc(8, 'Too many requests'),
      }));
      // The local clock is a day off: the wait is the service's 90 seconds all the same.
      const error = await refusal(() =>
        clientFor({ maxAttempts: 1, now: () => serviceNow + 86_400_000 }).whoami({ organizationId: ORG }),
      );
      assert.equal(error.retryAfterMs, 90_000);
      const without = nextLookDelayMs(afterOne429(undefined));
      assert.ok(without !== undefined && without < 90_000, `without a Retry-After the back-off is ${without} ms`);
      assert.equal(nextLookDelayMs(afterOne429(error.retryAfterMs)), 90_000);
    });

    it('bounds a wait in seconds, and leaves it unset when the service did not say', async () => {
      server.respond(() => ({ status: 429, headers: { 'Retry-After': '86400' }, json: rpc(8, 'Too many requests') }));
      const client = clientFor({ maxAttempts: 1 });
      assert.equal(
        (await refusal(() => client.whoami({ organizationId: ORG }))).retryAfterMs,
        MAX_REPORTED_RETRY_AFTER_MS,
      );
      server.respond(() => ({ status: 429, json: rpc(8, 'Too many requests') }));
      assert.equal((await refusal(() => client.whoami({ organizationId: ORG }))).retryAfterMs, undefined);
    });
  });
});
