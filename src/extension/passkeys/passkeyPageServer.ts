/**
 * The one-time local page a passkey ceremony runs in: browsers let `navigator.credentials` run only in a page of
 * a secure context (https, or http://localhost), which a VS Code webview is not, so the ceremony happens in the
 * user's browser, on a page this server serves for one ceremony only.
 *
 * What makes it hostile-proof:
 *  - it listens on 127.0.0.1, on a random port, and serves one path: `/<token>`, 32 random bytes in base64url;
 *    every other path is a 404, and nothing else secret is ever in a URL;
 *  - the answer is taken once: only a POST to that path, whose Origin is exactly the allowed one (the origin of
 *    the URL the browser opened), with a JSON body; any second POST is refused (410);
 *  - no CORS headers ever (no other origin may read anything), a strict Content-Security-Policy with a per-page
 *    nonce (no remote loads, no inline code but its own), no framing, no referrer, no caching;
 *  - it answers only to the names of this machine (`localhost`, `127.0.0.1`, `[::1]`, with its own port, or the
 *    host of the allowed origin when a port forward or a proxy maps it): another name is a DNS rebinding attempt
 *    and gets a 421;
 *  - it holds at most a few connections at once, and when the ceremony ends every socket is closed, even one
 *    that sent half a request and went quiet;
 *  - the server closes once the answer arrived, on cancel (in VS Code, or the page's Cancel button or its tab
 *    closing, which the page posts as `{ "cancelled": true }`), or after two minutes.
 *
 * Pure Node (no `vscode`): the extension opens the URL, and the tests drive this server over plain HTTP.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { passkeyPageHtml, type PasskeyPageContent } from './passkeyPageHtml';
import { errorText } from '../../api/core';

export const PASSKEY_PAGE_TIMEOUT_MS = 2 * 60_000;
/** An attestation is a few kilobytes; anything far larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** One browser tab needs two or three; more at once is someone else. Connections beyond it are dropped. */
export const PASSKEY_PAGE_MAX_CONNECTIONS = 8;
/** The names this machine is reached by; the port must be the server's own. */
const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

export class PasskeyPageError extends Error {
  override readonly name = 'PasskeyPageError';
  constructor(
    message: string,
    readonly reason: 'timeout' | 'cancelled' | 'closed' | 'badAnswer' | 'refusedInBrowser',
  ) {
    super(message);
  }
}

export interface PasskeyPageOptions {
  readonly content: PasskeyPageContent;
  /** Default two minutes. */
  readonly timeoutMs?: number;
}

export interface PasskeyPage {
  /** `http://localhost:<port>/<token>`: what the extension maps with asExternalUri and opens. */
  readonly localUrl: string;
  readonly port: number;
  /**
   * The only Origin whose POST is taken: the origin of the URL the browser really opens (after port forwarding
   * or a proxy). Until it is set, every POST is refused.
   */
  allowOrigin(origin: string): void;
  /** The page's answer (a JSON object), once; rejects on timeout, cancel, close or a malformed answer. */
  readonly answer: Promise<Record<string, unknown>>;
  /** Stops the page: the server closes and `answer` rejects if it has not settled. */
  cancel(): void;
}

const SECURITY_HEADERS = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function reply(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    Connection: 'close',
    ...headers,
  });
  res.end(text);
}

/** Starts the page's server on 127.0.0.1 and a random port. */
export async function startPasskeyPage(options: PasskeyPageOptions): Promise<PasskeyPage> {
  const token = randomBytes(32).toString('base64url');
  const path = `/${token}`;
  let allowedOrigin: string | undefined;
  let taken = false;
  let settled = false;
  let resolveAnswer: (answer: Record<string, unknown>) => void = () => undefined;
  let rejectAnswer: (error: PasskeyPageError) => void = () => undefined;
  const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
    resolveAnswer = resolve;
    rejectAnswer = reject;
  });
  // A rejection nobody awaited yet (cancelled before the caller awaits) must not crash the host.
  answer.catch(() => undefined);

  let port = 0;
  const server = createServer((req, res) => handle(req, res));
  server.maxConnections = PASSKEY_PAGE_MAX_CONNECTIONS;
  /** Every open socket, so that none outlives the ceremony. */
  const sockets = new Set<Socket>();
  /** Each socket's request in hand: one whose answer has begun closes once it is sent (Connection: close). */
  const responses = new WeakMap<Socket, ServerResponse>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const finish = (outcome: { answer: Record<string, unknown> } | { error: PasskeyPageError }): void => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    // Nothing new is accepted; answers being written are sent, then their sockets close; every other socket
    // (idle, half a request, a body still arriving) closes now.
    server.close();
    for (const socket of sockets) if (responses.get(socket)?.headersSent !== true) socket.destroy();
    if ('answer' in outcome) resolveAnswer(outcome.answer);
    else rejectAnswer(outcome.error);
  };
  const timeoutMs = options.timeoutMs ?? PASSKEY_PAGE_TIMEOUT_MS;
  const timer = setTimeout(
    () =>
      finish({
        error: new PasskeyPageError(
          `The passkey page got no answer within ${Math.round(timeoutMs / 1000)} seconds, so it closed.`,
          'timeout',
        ),
      }),
    timeoutMs,
  );
  timer.unref();

  function handle(req: IncomingMessage, res: ServerResponse): void {
    responses.set(req.socket, res);
    if (!isOwnHost(req.headers.host, port, allowedOrigin)) {
      req.resume();
      reply(res, 421, 'This page answers only at localhost.');
      return;
    }
    const requestPath = (req.url ?? '/').split('?')[0];
    if (requestPath !== path) {
      req.resume();
      reply(res, 404, 'Not found.');
      return;
    }
    if (req.method === 'GET') {
      req.resume();
      if (taken || settled) {
        reply(res, 410, 'This page was used once and is closed. Run the command again in VS Code.');
        return;
      }
      const nonce = randomBytes(18).toString('base64url');
      const html = passkeyPageHtml(options.content, nonce);
      reply(res, 200, html, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': contentSecurityPolicy(nonce),
      });
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      reply(res, 405, 'Method not allowed.', { Allow: 'GET, POST' });
      return;
    }
    if (!isAllowedOrigin(req.headers.origin, allowedOrigin)) {
      req.resume();
      reply(res, 403, 'This page answers only to itself.');
      return;
    }
    if (taken || settled) {
      req.resume();
      reply(res, 410, 'This page already answered once.');
      return;
    }
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/json') {
      req.resume();
      reply(res, 415, 'The answer must be JSON.');
      return;
    }
    taken = true;
    readAnswer(req).then(
      (parsed) => {
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          reply(res, 400, 'The answer is not a JSON object.');
          finish({
            error: new PasskeyPageError('The passkey page sent an answer that is not a JSON object.', 'badAnswer'),
          });
          return;
        }
        const record = parsed as Record<string, unknown>;
        if (record['cancelled'] === true) {
          reply(res, 200, 'Noted.');
          // Cancel on the page is the user's word; a tab closed may have been an accident, and is said so.
          finish({
            error:
              record['closed'] === true
                ? new PasskeyPageError('The passkey page was closed in the browser before it answered.', 'closed')
                : new PasskeyPageError('The passkey page was cancelled in the browser.', 'cancelled'),
          });
          return;
        }
        if (typeof record['error'] === 'string') {
          reply(res, 200, 'Noted.');
          finish({
            error: new PasskeyPageError(
              `The browser did not complete the passkey request: ${record['error'].slice(0, 200)}`,
              'refusedInBrowser',
            ),
          });
          return;
        }
        reply(res, 200, 'Received.');
        finish({ answer: record });
      },
      (error: unknown) => {
        reply(res, 400, 'The answer could not be read.');
        finish({
          error: new PasskeyPageError(`The passkey page's answer could not be read: ${errorText(error)}`, 'badAnswer'),
        });
      },
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    localUrl: `http://localhost:${port}${path}`,
    port,
    allowOrigin(origin: string) {
      allowedOrigin = origin;
    },
    answer,
    cancel() {
      finish({ error: new PasskeyPageError('The passkey page was closed before it answered.', 'cancelled') });
    },
  };
}

/**
 * Whether the Host header names this machine at the server's port, or at the port of the allowed origin when that
 * origin is this machine (a port forward or code-server's proxy serves the page under another port). Names are
 * compared without case.
 */
function isOwnHost(host: string | undefined, port: number, allowedOrigin: string | undefined): boolean {
  if (host === undefined) return false;
  const wanted = host.toLowerCase();
  if (LOOPBACK_HOSTNAMES.some((name) => wanted === `${name}:${port}`)) return true;
  if (allowedOrigin === undefined) return false;
  try {
    const allowed = new URL(allowedOrigin);
    return LOOPBACK_HOSTNAMES.includes(allowed.hostname) && allowed.host.toLowerCase() === wanted;
  } catch {
    return false;
  }
}

/**
 * Whether a POST's Origin header is the allowed origin: scheme, host and port compared as parsed URLs, never as
 * text that begins alike (`http://localhost:5432` is neither `…:54321` nor `…:5432.evil.example`), and the header
 * nothing but an origin, as browsers send it (no path, no user, no trailing slash; `null` is none).
 */
function isAllowedOrigin(header: string | undefined, allowedOrigin: string | undefined): boolean {
  if (header === undefined || allowedOrigin === undefined) return false;
  const sent = parsedUrl(header);
  const allowed = parsedUrl(allowedOrigin);
  if (!sent || !allowed || sent.origin !== header) return false;
  return sent.protocol === allowed.protocol && sent.hostname === allowed.hostname && sent.port === allowed.port;
}

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function readAnswer(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        reject(new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new Error('the answer is not JSON'));
      }
    });
    req.on('error', () => reject(new Error('the connection broke')));
  });
}
