import * as assert from 'node:assert/strict';
import { Agent, type Dispatcher } from 'undici';
import { CancelledError, ClockSkewError, ServiceError, TransportError } from '../../src/api';
import { CountersignClient } from '../../src/api/remote';
import { startTestServer, type Reply, type TestServer } from '../support/testServer';
import { rpc, withClients } from './clientFixture';
import { ORG, apiKeyRecord } from './sampleRecords';

/** An undici Agent that counts what it is asked to send. */
class CountingAgent extends Agent {
  dispatched = 0;
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.dispatched++;
    return super.dispatch(options, handler);
  }
}

describe('CountersignClient errors', () => {
  let server: TestServer;
  const clientFor = withClients((started) => (server = started));

  describe('rpcStatus errors carry status, rpcStatus, turnkeyErrorCode and a hint', () => {
    const cases: Array<{
      title: string;
      reply: Reply;
      call?: (c: CountersignClient) => Promise<unknown>;
      code?: string;
      hint: RegExp;
    }> = [
      {
        title: 'PUBLIC_KEY_NOT_FOUND',
        reply: {
          status: 401,
          json: rpc(16, 'could not find public key in organization or its parent organization', 'PUBLIC_KEY_NOT_FOUND'),
        },
        code: 'PUBLIC_KEY_NOT_FOUND',
        hint: /not registered in this organization or its parent/,
      },
      {
        title: 'CREDENTIAL_NOT_FOUND',
        reply: { status: 401, json: rpc(16, 'credential not found', 'CREDENTIAL_NOT_FOUND') },
        code: 'CREDENTIAL_NOT_FOUND',
        hint: /not registered in this organization or its parent/,
      },
      {
        title: 'the key-not-found message without a code',
        reply: { status: 401, json: rpc(16, 'could not find public key in organization or its parent organization') },
        hint: /not registered in this organization or its parent/,
      },
      {
        title: 'ORGANIZATION_MISMATCH',
        reply: { status: 400, json: rpc(3, 'organization mismatch', 'ORGANIZATION_MISMATCH') },
        code: 'ORGANIZATION_MISMATCH',
        hint: /does not match the organization/,
      },
      {
        title: 'INVALID_ORGANIZATION_ID',
        reply: { status: 400, json: rpc(3, 'malformed organization ID provided', 'INVALID_ORGANIZATION_ID') },
        code: 'INVALID_ORGANIZATION_ID',
        hint: /organization ID is not valid/,
      },
      {
        title: 'SIGNATURE_INVALID',
        reply: { status: 401, json: rpc(16, 'could not verify api key signature', 'SIGNATURE_INVALID') },
        code: 'SIGNATURE_INVALID',
        hint: /could not verify the request's signature/,
      },
      {
        title: 'API_KEY_EXPIRED',
        reply: { status: 401, json: rpc(16, 'expired api key', 'API_KEY_EXPIRED') },
        code: 'API_KEY_EXPIRED',
        hint: /expired/,
      },
      {
        title: 'RATE_LIMIT_EXCEEDED',
        reply: {
          status: 429,
          json: rpc(8, 'Too many requests. Please wait and try again in a few seconds', 'RATE_LIMIT_EXCEEDED'),
        },
        code: 'RATE_LIMIT_EXCEEDED',
        hint: /limiting the request rate/,
      },
      {
        title: 'a bare 429',
        reply: { status: 429, text: 'slow down' },
        hint: /limiting the request rate/,
      },
      {
        title: 'fingerprint not found (404 on approve)',
        reply: { status: 404, json: rpc(5, 'activity not found') },
        call: (c) => c.approveActivity({ organizationId: ORG, parameters: { fingerprint: 'sha256:nope' } }),
        hint: /No activity with that fingerprint/,
      },
      {
        title: 'fingerprint not found (404 on reject)',
        reply: { status: 404, json: rpc(5, 'activity not found') },
        call: (c) => c.rejectActivity({ organizationId: ORG, parameters: { fingerprint: 'sha256:nope' } }),
        hint: /No activity with that fingerprint/,
      },
      {
        title: 'ORGANIZATION_NOT_FOUND',
        reply: { status: 404, json: rpc(5, 'no organization found with the given ID', 'ORGANIZATION_NOT_FOUND') },
        code: 'ORGANIZATION_NOT_FOUND',
        hint: /No organization has this ID/,
      },
    ];
    for (const c of cases) {
      it(c.title, async () => {
        server.respond(() => c.reply);
        const client = clientFor({ maxAttempts: 1 });
        const call = c.call ?? ((cl: CountersignClient) => cl.getApiKey({ organizationId: ORG, apiKeyId: 'key-1' }));
        await assert.rejects(call(client), (error: unknown) => {
          assert.ok(error instanceof ServiceError, String(error));
          assert.ok(!(error instanceof ClockSkewError));
          assert.equal(error.status, c.reply.status);
          assert.equal(error.turnkeyErrorCode, c.code);
          if (c.reply.json) {
            assert.deepEqual(error.rpcStatus, c.reply.json);
            assert.ok(error.message.includes((c.reply.json as { message: string }).message));
          }
          assert.match(error.hint ?? '', c.hint);
          return true;
        });
      });
    }
  });

  it('reports a non-JSON error body with its status and a short clean excerpt', async () => {
    const html = `<html>\u0000\u001b[31m<body>${'Bad gateway '.repeat(100)}</body></html>`;
    server.respond(() => ({ status: 502, text: html }));
    await assert.rejects(clientFor({ maxAttempts: 1 }).whoami({ organizationId: ORG }), (error: unknown) => {
      assert.ok(error instanceof ServiceError);
      assert.equal(error.status, 502);
      assert.equal(error.rpcStatus, undefined);
      const quoted = /"(.*)"$/.exec(error.message)?.[1] ?? '';
      assert.ok(quoted.startsWith('[31m Bad gateway Bad gateway'), quoted);
      assert.ok(!quoted.includes('<'), `tags are left out: ${quoted}`);
      assert.ok(quoted.length <= 200, `excerpt of ${quoted.length} characters`);
      // eslint-disable-next-line no-control-regex -- the message must hold no control character
      assert.doesNotMatch(error.message, /[\u0000-\u001f]/);
      assert.match(error.message, /could not carry out whoami \(HTTP 502\)/);
      return true;
    });
  });

  it('shows an HTML error page by its title', async () => {
    server.respond(() => ({
      status: 503,
      text: '<!doctype html><html><head><title>503 Service Unavailable</title></head><body><h1>down</h1></body></html>',
    }));
    await assert.rejects(
      clientFor({ maxAttempts: 1 }).getApiKey({ organizationId: ORG, apiKeyId: 'k' }),
      (error: unknown) => {
        assert.ok(error instanceof ServiceError);
        assert.match(
          error.message,
          /get API key \(HTTP 503\) with a body that is not an error record: "503 Service Unavailable"$/,
        );
        return true;
      },
    );
  });

  describe('redirects', () => {
    it('refuses a 3xx and never sends the stamp to the redirect target', async () => {
      const target = await startTestServer(() => ({ json: { apiKey: apiKeyRecord() } }));
      try {
        server.respond(() => ({ status: 307, headers: { Location: `${target.baseUrl}/public/v1/query/get_api_key` } }));
        await assert.rejects(clientFor().getApiKey({ organizationId: ORG, apiKeyId: 'key-1' }), (error: unknown) => {
          assert.ok(error instanceof TransportError);
          assert.equal(error.kind, 'redirect');
          assert.match(error.message, /HTTP 307/);
          return true;
        });
        assert.equal(server.requests.length, 1, 'a redirect is not retried');
        assert.equal(target.requests.length, 0, 'the redirect target received a request');
      } finally {
        await target.close();
      }
    });
  });

  describe('URL policy', () => {
    it('refuses plain http to a host other than this computer, sending nothing', async () => {
      const agent = new CountingAgent();
      try {
        const client = clientFor({ dispatcher: agent }, 'http://api.example.com');
        await assert.rejects(client.whoami({ organizationId: ORG }), (error: unknown) => {
          assert.ok(error instanceof TransportError);
          assert.equal(error.kind, 'insecureUrl');
          assert.match(error.message, /HTTPS only/);
          return true;
        });
        await assert.rejects(client.stampRequest('whoami', { organizationId: ORG }), TransportError);
        assert.equal(agent.dispatched, 0);
        // The same agent does carry requests to a loopback host.
        server.respond(() => ({ json: { organizationId: ORG, organizationName: 'a', userId: 'u', username: 'n' } }));
        await clientFor({ dispatcher: agent }).whoami({ organizationId: ORG });
        assert.equal(agent.dispatched, 1);
      } finally {
        await agent.close();
      }
    });
  });

  describe('timeouts and network errors', () => {
    it('gives up after the response timeout with a TransportError', async () => {
      server.respond(() => ({ delayMs: 5_000, json: {} }));
      await assert.rejects(
        clientFor({ timeoutMs: 100, maxAttempts: 1 }).whoami({ organizationId: ORG }),
        (error: unknown) => {
          assert.ok(error instanceof TransportError);
          assert.equal(error.kind, 'timeout');
          return true;
        },
      );
      assert.equal(server.requests.length, 1);
    });

    it('reports a refused connection after 3 attempts', async () => {
      const closed = await startTestServer();
      const url = closed.baseUrl;
      await closed.close();
      const agent = new CountingAgent();
      try {
        await assert.rejects(
          clientFor({ dispatcher: agent }, url).whoami({ organizationId: ORG }),
          (error: unknown) => {
            assert.ok(error instanceof TransportError);
            assert.equal(error.kind, 'connection');
            assert.match(error.message, /refused/);
            return true;
          },
        );
        assert.equal(agent.dispatched, 3);
      } finally {
        await agent.close();
      }
    });

    it('is cancelled by an AbortSignal', async () => {
      server.respond(() => ({ delayMs: 5_000, json: {} }));
      const controller = new AbortController();
      const pending = clientFor().whoami({ organizationId: ORG }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      await assert.rejects(pending, CancelledError);
    });
  });
});
