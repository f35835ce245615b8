import * as assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import type { Logger } from '../../src/api';
import { operations } from '../../src/api/remote';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

/** Everything logged, as `level message`, for the tests that read how a refusal was logged. */
function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return {
    lines,
    logger: { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
  };
}

interface Opened {
  readonly socket: Socket;
  /** Everything the server sent, once it closed the connection (or the test's own deadline passed). */
  readonly closed: Promise<{ text: string; afterMs: number; reset: boolean }>;
}

function open(baseUrl: string, deadlineMs = 15_000): Promise<Opened> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(Number(url.port), url.hostname);
    let text = '';
    let reset = false;
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => (reset = true));
    const closed = new Promise<{ text: string; afterMs: number; reset: boolean }>((done) => {
      const timer = setTimeout(() => socket.destroy(), deadlineMs);
      socket.on('close', () => {
        clearTimeout(timer);
        done({ text, afterMs: performance.now() - started, reset });
      });
    });
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

const PATH = operations.whoami.path;
const MB = 1024 * 1024;

describe('sandbox: hostile clients', function () {
  this.timeout(60_000);
  let t: TestSandbox;
  let lines: string[];
  beforeEach(async () => {
    const recording = recordingLogger();
    lines = recording.lines;
    t = await startTestSandbox({
      logger: recording.logger,
      headersTimeoutMs: 1_000,
      requestTimeoutMs: 2_000,
      maxConnections: 8,
    });
  });
  afterEach(() => t.close());

  async function stillServes(): Promise<void> {
    const demo = t.organization('Demo');
    const who = await t.clientFor('Demo').whoami({ organizationId: demo.organizationId });
    assert.equal(who.organizationId, demo.organizationId);
  }

  it('answers 413 to a chunked body over the limit while it is still arriving, without reading it all', async () => {
    const { socket, closed } = await open(t.baseUrl);
    socket.write(
      `POST ${PATH} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n`,
    );
    const chunk = Buffer.alloc(MB, 0x20);
    let sent = 0;
    // Up to 80 MB, stopping as soon as the answer has come.
    while (sent < 80 * MB && !socket.destroyed) {
      const flushed = socket.write(`${chunk.length.toString(16)}\r\n`) && socket.write(chunk) && socket.write('\r\n');
      sent += chunk.length;
      if (!flushed) await new Promise((resolve) => setTimeout(resolve, 5));
      if (/^HTTP\/1\.1 413/.test(await Promise.race([closed.then((c) => c.text), Promise.resolve('')]))) break;
    }
    socket.end();
    const { text } = await closed;
    assert.match(text, /^HTTP\/1\.1 413/, `got ${text.slice(0, 80) || 'no answer'} after ${sent / MB} MB`);
    assert.match(text, /request body too large/);
    assert.ok(sent < 80 * MB, 'the server read all 80 MB');
    await stillServes();
  });

  for (const declared of [3 * MB, 200 * MB]) {
    it(`answers 413 at once to a declared length over the limit (${declared / MB} MB), before the body is sent`, async () => {
      const { socket, closed } = await open(t.baseUrl);
      socket.write(`POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Length: ${declared}\r\n\r\n{`);
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          if (text.includes('\r\n\r\n')) resolve(text);
        });
        socket.on('close', () => resolve(text));
      });
      assert.match(answer, /^HTTP\/1\.1 413/);
      socket.destroy();
      await closed;
      await stillServes();
    });
  }

  it('logs a client that goes away mid-body at debug level, not as an internal error', async () => {
    const { socket, closed } = await open(t.baseUrl);
    socket.write(`POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"organizationId":`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await closed;
    await stillServes();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(
      lines.filter((l) => l.startsWith('error')),
      [],
    );
    assert.ok(
      lines.some((l) => /^debug .*went away/.test(l)),
      lines.join('\n'),
    );
  });

  it('ends a request whose body trickles in slower than the request timeout', async () => {
    const { socket, closed } = await open(t.baseUrl);
    socket.write(`POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n`);
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    const { text, afterMs } = await closed;
    clearInterval(trickle);
    assert.ok(afterMs < 10_000, `held for ${Math.round(afterMs)} ms`);
    assert.match(text, /^HTTP\/1\.1 408|^$/);
    await stillServes();
  });

  it('ends a connection whose headers never finish within the header timeout', async () => {
    const { socket, closed } = await open(t.baseUrl);
    socket.write(`POST ${PATH} HTTP/1.1\r\nHost: x\r\n`);
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
    const { afterMs } = await closed;
    clearInterval(trickle);
    assert.ok(afterMs < 10_000, `held for ${Math.round(afterMs)} ms`);
    await stillServes();
  });

  it('refuses connections past its limit, and serves again once they are gone', async () => {
    const idle = await Promise.all(Array.from({ length: 8 }, () => open(t.baseUrl)));
    const extra = await open(t.baseUrl);
    const { afterMs } = await extra.closed;
    assert.ok(afterMs < 5_000, 'the connection past the limit was kept');
    for (const { socket } of idle) socket.destroy();
    await Promise.all(idle.map((o) => o.closed));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stillServes();
  });
});
