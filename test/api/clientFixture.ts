/** What the client's suites share: a client stamping for a recording test server, and the wire checks. */
import * as assert from 'node:assert/strict';
import { COUNTERSIGN_VERSION } from '../../src/api';
import { CountersignClient } from '../../src/api/remote';
import { startTestServer, type RecordedRequest, type TestServer } from '../support/testServer';
import { publicKey, testStamper } from './clientHelpers';
import { assertStampVerifiesIndependently } from './independentVerify';

/** The client's clock in these suites. */
export const NOW = 1_700_000_000_000;

/** What every request of the client must look like on the wire. */
export function assertWellFormed(request: RecordedRequest, expectedPath: string): void {
  assert.equal(request.method, 'POST');
  assert.equal(request.path, expectedPath);
  assert.equal(request.headers['content-type'], 'application/json');
  assert.equal(request.headers['accept'], 'application/json');
  assert.equal(request.headers['x-client-version'], `countersign/${COUNTERSIGN_VERSION}`);
  assert.equal(request.headers['content-length'], String(request.body.length));
  assert.ok(request.stampHeader, 'no X-Stamp header');
  assert.equal(request.headers['x-stamp-webauthn'], undefined);
  assert.deepEqual(request.stamp, { ok: true, publicKey, scheme: 'SIGNATURE_SCHEME_TK_API_P256' });
  assertStampVerifiesIndependently(request.body, request.stampHeader, publicKey);
}

/**
 * Before each test of the calling suite, a fresh test server and a client for it (clock at NOW), handed to `take`;
 * both are closed after the test.
 */
export function withTestClient(take: (started: { server: TestServer; client: CountersignClient }) => void): void {
  let started: { server: TestServer; client: CountersignClient } | undefined;
  beforeEach(async () => {
    const server = await startTestServer();
    started = { server, client: new CountersignClient({ baseUrl: server.baseUrl }, testStamper(), { now: () => NOW }) };
    take(started);
  });
  afterEach(async () => {
    await started?.client.close();
    await started?.server.close();
    started = undefined;
  });
}
