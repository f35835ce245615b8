/**
 * A relay on 127.0.0.1 between the extension and a real sandbox that records every request it passes on: its path,
 * the body asked and the body answered. Tests count the requests on the wire with it.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RelayedRequest {
  /** The request's path, e.g. `/public/v1/query/list_activities`. */
  readonly path: string;
  readonly asked: unknown;
  readonly answered: unknown;
}

export interface RecordingRelay {
  readonly url: string;
  /** Every request relayed, in the order their answers came back. */
  readonly requests: RelayedRequest[];
  /** How many requests went to each path since `since` (an index into `requests`). */
  countByPath(since?: number): Record<string, number>;
  close(): void;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text || '{}') as unknown;
  } catch {
    return undefined;
  }
}

export function startRecordingRelay(target: string): Promise<RecordingRelay> {
  const requests: RelayedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const upstream = request(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const text = Buffer.concat(parts);
            requests.push({
              path: req.url ?? '/',
              asked: parse(body.toString('utf8')),
              answered: parse(text.toString('utf8')),
            });
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(text);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        countByPath: (since = 0) => {
          const counts: Record<string, number> = {};
          for (const relayed of requests.slice(since)) counts[relayed.path] = (counts[relayed.path] ?? 0) + 1;
          return counts;
        },
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}
