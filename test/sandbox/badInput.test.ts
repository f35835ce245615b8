import * as assert from 'node:assert/strict';
import { createServer, connect } from 'node:net';
import { operations, rpcStatusSchema } from '../../src/api/remote';
import { startSandbox } from '../../src/sandbox';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { expectRpcStatus, rawRequest, stampedRequest } from './rawHttp';

describe('sandbox: bad input', () => {
  let t: TestSandbox;
  let demoId: string;
  const tagPath = operations.createPrivateKeyTag.path;

  before(async () => {
    t = await startTestSandbox();
    demoId = t.organization('Demo').organizationId;
  });
  after(() => t.close());

  const envelope = (
    overrides: Record<string, unknown> = {},
    parameters: Record<string, unknown> = { privateKeyTagName: 'x', privateKeyIds: [] },
  ) =>
    JSON.stringify({
      type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
      timestampMs: String(t.clock.now()),
      organizationId: demoId,
      parameters,
      ...overrides,
    });

  const send = (body: string, path = tagPath) => stampedRequest(t.baseUrl, path, body, t.stamperFor('Demo'));

  it('refuses malformed JSON with 400 naming the problem', async () => {
    expectRpcStatus(await send('{"organizationId":'), 400, 'REQUEST_INVALID', /not valid JSON/);
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const body of ['[]', '"text"', 'null', '42'])
      expectRpcStatus(await send(body), 400, 'REQUEST_INVALID', /JSON object/);
  });

  it('refuses wrong types and missing fields, naming the field', async () => {
    const organizationNumber = await send(JSON.stringify({ organizationId: 42 }), operations.whoami.path);
    expectRpcStatus(organizationNumber, 400, 'REQUEST_INVALID', /organizationId/);
    const badIds = expectRpcStatus(
      await send(envelope({}, { privateKeyTagName: 'x', privateKeyIds: 'all' })),
      400,
      'REQUEST_INVALID',
      /parameters\.privateKeyIds/,
    );
    const violations = badIds.details?.find((d) =>
      Array.isArray((d as { fieldViolations?: unknown }).fieldViolations),
    ) as { fieldViolations: { field: string }[] } | undefined;
    assert.equal(violations?.fieldViolations[0]?.field, 'parameters.privateKeyIds');
    expectRpcStatus(
      await send(envelope({}, { privateKeyIds: [] })),
      400,
      'REQUEST_INVALID',
      /parameters\.privateKeyTagName/,
    );
    expectRpcStatus(await send(envelope({ parameters: undefined })), 400, 'REQUEST_INVALID', /parameters/);
    expectRpcStatus(await send(envelope({ timestampMs: undefined })), 400, 'REQUEST_INVALID', /timestampMs/);
    expectRpcStatus(await send(envelope({ timestampMs: 1700000000000 })), 400, 'REQUEST_INVALID', /timestampMs/);
    expectRpcStatus(await send(envelope({ surprise: true })), 400, 'REQUEST_INVALID', /surprise/);
    expectRpcStatus(
      await send(JSON.stringify({ organizationId: demoId, extra: 1 }), operations.whoami.path),
      400,
      'REQUEST_INVALID',
      /extra/,
    );
  });

  it('refuses a type that does not belong to the path', async () => {
    expectRpcStatus(
      await send(envelope({ type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE' })),
      400,
      'REQUEST_INVALID',
      /type: must be ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG/,
    );
  });

  it('answers an unknown path with 404 and another method with 405', async () => {
    expectRpcStatus(await send('{}', '/public/v1/query/nope'), 404, 'NOT_FOUND', /\/public\/v1\/query\/nope/);
    expectRpcStatus(await rawRequest(t.baseUrl, '/', ''), 404, 'NOT_FOUND');
    const get = await rawRequest(t.baseUrl, operations.whoami.path, '', {}, 'GET');
    expectRpcStatus(get, 405, undefined, /POST only/);
    assert.equal(get.headers['allow'], 'POST');
  });

  it('refuses an oversized body with 413 and keeps serving', async () => {
    const huge = Buffer.alloc(3 * 1024 * 1024, 0x20);
    expectRpcStatus(
      await rawRequest(t.baseUrl, tagPath, huge, { 'Content-Type': 'application/json' }),
      413,
      'REQUEST_INVALID',
      /too large/,
    );
    assert.equal((await send(JSON.stringify({ organizationId: demoId }), operations.whoami.path)).status, 200);
  });

  it('answers a malformed HTTP request with a 400 rpcStatus', async () => {
    const url = new URL(t.baseUrl);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write('THIS IS NOT HTTP\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    assert.match(text, /^HTTP\/1\.1 400/);
    assert.ok(rpcStatusSchema.safeParse(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).success);
  });

  it('created nothing for any refused request', async () => {
    const client = t.clientFor('Demo');
    assert.deepEqual(await client.listActivities({ organizationId: demoId }), []);
    assert.deepEqual(await client.listPrivateKeyTags({ organizationId: demoId }), []);
  });
});

describe('sandbox: rate limit and lifecycle', () => {
  it('answers 429 with ratelimit-* headers past the configured rate', async () => {
    const t = await startTestSandbox({ rateLimit: 5 });
    try {
      const demoId = t.organization('Demo').organizationId;
      const body = JSON.stringify({ organizationId: demoId });
      const responses = await Promise.all(
        Array.from({ length: 15 }, () => stampedRequest(t.baseUrl, operations.whoami.path, body, t.stamperFor('Demo'))),
      );
      const ok = responses.filter((r) => r.status === 200);
      const limited = responses.filter((r) => r.status === 429);
      assert.ok(ok.length >= 5 && ok.length <= 7, `${ok.length} passed`);
      assert.equal(ok.length + limited.length, 15);
      for (const r of limited) {
        expectRpcStatus(r, 429, 'RATE_LIMIT_EXCEEDED', /Too many requests/);
        assert.equal(r.headers['ratelimit-limit'], '5');
        assert.equal(r.headers['ratelimit-remaining'], '0');
        assert.equal(r.headers['retry-after'], '1');
      }
      assert.equal(ok[0]?.headers['ratelimit-limit'], '5');
      // The client tells the user what happened.
      const client = t.clientFor('Demo');
      await assert.rejects(client.whoami({ organizationId: demoId }), { status: 429 });
    } finally {
      await t.close();
    }
  });

  it('close() releases the port at once, even with an open keep-alive connection, and is idempotent', async () => {
    const sandbox = await startSandbox({ memory: true });
    const port = Number(new URL(sandbox.baseUrl).port);
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const started = Date.now();
    await Promise.all([sandbox.close(), sandbox.close()]);
    await sandbox.close();
    assert.ok(Date.now() - started < 1000, 'close took too long');
    socket.destroy();
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
});
