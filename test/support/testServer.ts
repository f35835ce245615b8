/**
 * A tiny HTTP server on 127.0.0.1 for client tests: it records every request (raw body bytes, headers,
 * the socket's port), verifies its X-Stamp over the raw bytes, and answers with whatever the test says.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type StampVerification } from '../../src/api';
import { verifyApiKeyStamp } from '../../src/api/remote';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
  /** Our verifier's verdict on the X-Stamp header; undefined when there was none. */
  readonly stamp: StampVerification | undefined;
  readonly stampHeader: string | undefined;
  readonly remotePort: number | undefined;
  readonly receivedAt: number;
}

export interface Reply {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Serialised with JSON.stringify. */
  readonly json?: unknown;
  /** Sent as it is (wins over json). */
  readonly text?: string;
  /** Wait this long before answering (to trigger timeouts). */
  readonly delayMs?: number;
  /** Close the connection without answering (a network error). */
  readonly destroy?: boolean;
}

export type Responder = (request: RecordedRequest, index: number) => Reply | Promise<Reply>;

export interface TestServer {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

/** Answers in order; the last reply repeats. */
export function inSequence(...replies: Reply[]): Responder {
  return (_request, index) => replies[Math.min(index, replies.length - 1)] ?? { status: 500 };
}

/** A 401 rpcStatus for a bad stamp, otherwise `{}` with 200. */
const defaultResponder: Responder = (request) =>
  request.stamp?.ok
    ? { json: {} }
    : { status: 401, json: { code: 16, message: 'could not verify api key signature', details: [] } };

export async function startTestServer(responder: Responder = defaultResponder): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  let current = responder;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const header = req.headers['x-stamp'];
      const stampHeader = Array.isArray(header) ? header[0] : header;
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        text: body.toString('utf8'),
        stamp: stampHeader === undefined ? undefined : verifyApiKeyStamp(body, stampHeader),
        stampHeader,
        remotePort: req.socket.remotePort,
        receivedAt: Date.now(),
      };
      const index = requests.length;
      requests.push(recorded);
      void Promise.resolve(current(recorded, index)).then((reply) => {
        const send = (): void => answer(res, reply);
        if (reply.delayMs) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            send();
          }, reply.delayMs);
          timers.add(timer);
        } else {
          send();
        }
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    respond(next) {
      current = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  if (reply.destroy) {
    res.socket?.destroy();
    return;
  }
  const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
  res.writeHead(reply.status ?? 200, {
    'Content-Type': reply.text === undefined ? 'application/json' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...reply.headers,
  });
  res.end(text);
}
