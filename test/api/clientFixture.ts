/** What the client's suites share: a client stamping for a recording test server, and the wire checks. */
import * as assert from 'node:assert/strict';
import { COUNTERSIGN_VERSION, type ClientOptions } from '../../src/api';
import { CountersignClient } from '../../src/api/remote';
import { startTestServer, type RecordedRequest, type TestServer } from '../support/testServer';
import { publicKey, testStamper } from './clientHelpers';
import { assertStampVerifiesIndependently } from './independentVerify';
import { ORG } from './sampleRecords';

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

/** An rpcStatus error body, with a turnkeyErrorCode detail when one is given. */
export const rpc = (code: number, message: string, turnkeyErrorCode?: string): Record<string, unknown> => ({
  code,
  message,
  details: turnkeyErrorCode ? [{ '@type': 'type.googleapis.com/errors.v1.TurnkeyErrorDetail', turnkeyErrorCode }] : [],
});

/** A submission's input: a tag for no key. */
export const tagInput = { organizationId: ORG, parameters: { privateKeyTagName: 'treasury', privateKeyIds: [] } };

/** Makes a client with the given options (retries 1 ms apart unless they say otherwise), for the test server. */
export type ClientFor = (options?: ClientOptions, baseUrl?: string) => CountersignClient;

/**
 * Before each test of the calling suite, a fresh test server, handed to `take`; the returned function makes clients
 * for it. The clients and the server are closed after the test.
 */
export function withClients(take: (server: TestServer) => void): ClientFor {
  let server: TestServer | undefined;
  const clients: CountersignClient[] = [];
  beforeEach(async () => {
    server = await startTestServer();
    take(server);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await server?.close();
    server = undefined;
  });
  return (options = {}, baseUrl) => {
    if (!server) throw new Error('clients are made inside a test, once the server has started');
    const client = new CountersignClient({ baseUrl: baseUrl ?? server.baseUrl }, testStamper(), {
      retryBaseDelayMs: 1,
      ...options,
    });
    clients.push(client);
    return client;
  };
}
