/**
 * The one-time passkey page's connections, over raw sockets to 127.0.0.1: it answers only to this machine's
 * names at its own port (a DNS rebinding page is refused), it takes exactly one of two posts sent at once, it
 * holds a bounded number of connections, and when the ceremony ends no socket outlives it, not even one that
 * sent half a request and went quiet.
 */
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { PasskeyPageContent } from '../../../src/extension/passkeys/passkeyPageHtml';
import {
  PASSKEY_PAGE_MAX_CONNECTIONS,
  PasskeyPageError,
  startPasskeyPage,
  type PasskeyPage,
} from '../../../src/extension/passkeys/passkeyPageServer';

const ORIGIN = 'http://localhost:1';

const content: PasskeyPageContent = {
  ceremony: 'get',
  title: 'Approve with your passkey',
  intro: 'Check, then sign.',
  rows: [{ label: 'Activity', value: 'Create private key tag' }],
  button: 'Approve with passkey',
  publicKey: { challenge: 'AAAA', rpId: 'localhost', allowCredentials: [] },
  messages: { waiting: 'w', done: 'd', failed: 'f', notLocalhost: 'n', cancel: 'c', cancelled: 'x' },
};

/** One request through node:http with the Host header given; resolves with the status. */
function statusOf(
  page: PasskeyPage,
  method: string,
  host: string,
  headers: Record<string, string> = {},
  body?: string,
) {
  const url = new URL(page.localUrl);
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method,
        headers: { ...headers, Host: host },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A raw TCP connection to the page: what it received so far, a wait for some text, and its close. */
interface RawConnection {
  readonly socket: Socket;
  text(): string;
  /** Resolves once the text received matches; rejects if the connection closes first. */
  waitFor(pattern: RegExp): Promise<string>;
  readonly closed: Promise<void>;
}

async function rawConnection(page: PasskeyPage): Promise<RawConnection> {
  const socket = connect({ host: '127.0.0.1', port: page.port });
  let received = '';
  let ended = false;
  const waiters: (() => void)[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    for (const waiter of waiters.splice(0)) waiter();
  });
  // A reset counts as closed too: what matters is that the connection is gone.
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      ended = true;
      for (const waiter of waiters.splice(0)) waiter();
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    text: () => received,
    closed,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (pattern.test(received)) resolve(received);
          else if (ended)
            reject(new Error(`the connection closed before ${pattern}; it received ${JSON.stringify(received)}`));
          else waiters.push(check);
        };
        check();
      });
    },
  };
}

/** The final status of the answer a raw connection received (after any "100 Continue"). */
function finalStatus(text: string): number | undefined {
  const statuses = [...text.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => Number(m[1]));
  return statuses.find((status) => status >= 200);
}

/** The head of a JSON post from the allowed origin that waits for "100 Continue" before sending its body. */
function postHead(page: PasskeyPage, body: string): string {
  const path = new URL(page.localUrl).pathname;
  return [
    `POST ${path} HTTP/1.1`,
    `Host: localhost:${page.port}`,
    `Origin: ${ORIGIN}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Expect: 100-continue',
    '',
    '',
  ].join('\r\n');
}

describe('passkey page: hosts, concurrent posts and connections', function () {
  this.timeout(10_000);
  const pages: PasskeyPage[] = [];
  const connections: RawConnection[] = [];
  const start = async (): Promise<PasskeyPage> => {
    const page = await startPasskeyPage({ content });
    pages.push(page);
    return page;
  };
  const open = async (page: PasskeyPage): Promise<RawConnection> => {
    const connection = await rawConnection(page);
    connections.push(connection);
    return connection;
  };
  afterEach(() => {
    for (const page of pages.splice(0)) page.cancel();
    for (const connection of connections.splice(0)) connection.socket.destroy();
  });

  it("refuses a Host that is not this machine at the page's port (DNS rebinding), and still answers its own names", async () => {
    const page = await start();
    const port = page.port;
    for (const host of [
      `evil.example:${port}`,
      `localhost.evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      'localhost',
      `localhost:${port + 1}`,
      `127.0.0.1:${port}0`,
      `[::2]:${port}`,
    ]) {
      assert.equal(await statusOf(page, 'GET', host), 421, host);
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LocalHost:${port}`]) {
      assert.equal(await statusOf(page, 'GET', host), 200, host);
    }
    // A rebinding page cannot answer either, even with the right Origin: the page still waits.
    page.allowOrigin(ORIGIN);
    const json = { 'Content-Type': 'application/json', Origin: ORIGIN };
    assert.equal(await statusOf(page, 'POST', `evil.example:${port}`, json, '{"id":"rebound"}'), 421);
    // A port forward maps the page under another port: the allowed origin's host is this machine's too.
    assert.equal(await statusOf(page, 'GET', 'localhost:1'), 200);
    assert.equal(await statusOf(page, 'POST', `localhost:${port}`, json, '{"id":"own"}'), 200);
    assert.deepEqual(await page.answer, { id: 'own' });
    // An allowed origin elsewhere widens nothing: only this machine's names are ever answered.
    const proxied = await start();
    proxied.allowOrigin('https://proxy.example.dev');
    assert.equal(await statusOf(proxied, 'GET', 'proxy.example.dev'), 421);
  });

  it('takes exactly one of two posts sent at once, and refuses the other with a 410', async () => {
    const page = await start();
    page.allowOrigin(ORIGIN);
    const bodies = ['{"id":"first"}', '{"id":"second"}'];
    const [a, b] = await Promise.all([open(page), open(page)]);
    assert.ok(a && b);
    // Both heads go out before either body: each request is in the server's hands once it says "100 Continue".
    a.socket.write(postHead(page, bodies[0] ?? ''));
    b.socket.write(postHead(page, bodies[1] ?? ''));
    await Promise.all([a.waitFor(/100 Continue/), b.waitFor(/100 Continue/)]);
    // The one refused has its final answer already; the one taken waits for its body.
    const refused = await Promise.race([
      a.waitFor(/HTTP\/1\.1 [2-5]\d\d /).then(() => a),
      b.waitFor(/HTTP\/1\.1 [2-5]\d\d /).then(() => b),
    ]);
    const taken = refused === a ? b : a;
    assert.equal(finalStatus(refused.text()), 410, refused.text());
    assert.match(refused.text(), /already answered once/);
    assert.equal(finalStatus(taken.text()), undefined, 'the other still waits for its body');
    const takenBody = taken === a ? bodies[0] : bodies[1];
    taken.socket.write(takenBody ?? '');
    await taken.waitFor(/HTTP\/1\.1 200 /);
    assert.deepEqual(await page.answer, JSON.parse(takenBody ?? ''));
  });

  it('closes every socket when the ceremony ends: an idle one, half a request, a body that never comes', async () => {
    const page = await start();
    page.allowOrigin(ORIGIN);
    const idle = await open(page);
    const half = await open(page);
    half.socket.write(`GET ${new URL(page.localUrl).pathname} HTTP/1.1\r\nHost: localhost:${page.port}\r\n`);
    const uploading = await open(page);
    uploading.socket.write(postHead(page, '{"id":"never sent"}'));
    await uploading.waitFor(/100 Continue/);
    page.cancel();
    await assert.rejects(
      page.answer,
      (error: unknown) => error instanceof PasskeyPageError && error.reason === 'cancelled',
    );
    await Promise.all([idle.closed, half.closed, uploading.closed]);
    assert.equal(finalStatus(uploading.text()), undefined, 'the upload got no answer: the ceremony was over');
  });

  it(`holds at most ${PASSKEY_PAGE_MAX_CONNECTIONS} connections: one more is dropped unanswered, the others stay`, async () => {
    const page = await start();
    const held = await Promise.all(Array.from({ length: PASSKEY_PAGE_MAX_CONNECTIONS }, () => open(page)));
    const extra = await open(page);
    await extra.closed;
    assert.equal(extra.text(), '', 'dropped without an answer');
    // The ones held are still served: a request on one of them gets the page.
    const first = held[0];
    assert.ok(first);
    first.socket.write(`GET ${new URL(page.localUrl).pathname} HTTP/1.1\r\nHost: localhost:${page.port}\r\n\r\n`);
    await first.waitFor(/^HTTP\/1\.1 200 /);
    page.cancel();
    await Promise.all(held.map((connection) => connection.closed));
  });
});
