/**
 * The sandbox's HTTP face, on node:http. Routes come from the client's own operation table, so a path
 * can only be wrong in one place. Every answer is JSON: the operation's response, or an rpcStatus with
 * the HTTP status of its gRPC code. Nothing a request sends can produce a stack trace or a crash.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { GrpcCode, type Logger } from '../api';
import { operationByPath } from '../api/remote';
import type { ActivityEngine } from './activityEngine';
import { DamagedActivityError } from './activityStore';
import { describeCause } from './errorCause';
import { authenticateStamp, findCaller, findOrganization } from './authenticate';
import { operationKind } from './authorization';
import type { RequestContext } from './handlers/context';
import { runQuery } from './handlers/queries';
import { runSubmission } from './handlers/submissions';
import { bucketOf, RateLimits, UNAUTHENTICATED_BUCKET } from './rateLimits';
import { damagedActivity, invalidRequest, RpcError, storageUnavailable } from './rpcError';

/** Large enough for a 400 KB interface even when JSON escaping doubles it. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/**
 * After a 413, the rest of an oversized body is read and thrown away (so the client, still sending,
 * gets to read the answer) up to this much; past it the connection is cut.
 */
const MAX_DRAIN_BYTES = 8 * MAX_BODY_BYTES;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONNECTIONS = 256;

export interface HttpServerOptions {
  readonly engine: ActivityEngine;
  readonly now: () => number;
  readonly logger: Logger;
  /** Requests per second for each credential, and for all unauthenticated requests together; undefined for none. */
  readonly rateLimit?: number | undefined;
  readonly maxBodyBytes?: number;
  readonly headersTimeoutMs?: number | undefined;
  readonly requestTimeoutMs?: number | undefined;
  readonly maxConnections?: number | undefined;
}

/** The client closed the connection before its request was complete: nobody is left to answer. */
class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
  nowMs: number,
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  // The Date header follows the sandbox's clock, which is the one timestamps are checked against.
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    Date: new Date(nowMs).toUTCString(),
    ...headers,
  });
  res.end(text);
}

/**
 * Reads the body, up to `maxBytes`. Past it, resolves 'tooLarge' at once (the caller answers 413 while
 * the client may still be sending) and throws the rest away as it arrives, never keeping it; a body
 * that goes on past MAX_DRAIN_BYTES has its connection cut.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'tooLarge'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else if (size - chunk.length <= maxBytes) {
        chunks.length = 0;
        resolve('tooLarge');
      } else if (size > maxBytes + MAX_DRAIN_BYTES) req.socket.destroy();
    });
    req.on('end', () => {
      ended = true;
      resolve(Buffer.concat(chunks));
    });
    req.on('error', () => reject(new ClientGoneError()));
    req.on('close', () => {
      if (!ended) reject(new ClientGoneError());
    });
  });
}

export function createSandboxServer(options: HttpServerOptions): Server {
  const { engine, now, logger } = options;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const limits =
    options.rateLimit !== undefined && options.rateLimit > 0 ? new RateLimits(options.rateLimit) : undefined;

  /** What one request has been counted against: nothing yet, or its bucket (with the headers to send). */
  interface Charge {
    charged: boolean;
    readonly headers: Record<string, string>;
  }
  /** Counts the request in `bucket` (once); throws the 429 when the bucket is empty. */
  function chargeTo(charge: Charge, bucket: string): void {
    if (!limits || charge.charged) return;
    charge.charged = true;
    try {
      Object.assign(charge.headers, limits.take(bucket));
    } catch (error) {
      if (error instanceof RpcError) Object.assign(charge.headers, error.headers);
      throw error;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, charge: Charge): Promise<void> {
    const failure = engine.storageFailure;
    if (failure) {
      req.resume();
      throw storageUnavailable(failure);
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = operationByPath(path);
    if (!route) {
      req.resume();
      throw new RpcError(GrpcCode.NotFound, `Not Found: no operation is served at ${path.slice(0, 200)}`, 'NOT_FOUND');
    }
    if (req.method !== 'POST') {
      req.resume();
      throw new RpcError(
        GrpcCode.Unimplemented,
        `Method Not Allowed: ${route.operation.path} accepts POST only, not ${String(req.method).slice(0, 20)}`,
        'REQUEST_INVALID',
        {
          httpStatus: 405,
          headers: { Allow: 'POST' },
        },
      );
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBodyBytes) {
      // Answered before the body is read; what arrives after is thrown away, or, past the drain limit,
      // not even waited for: the connection is cut once the answer is out.
      if (declared > maxBodyBytes + MAX_DRAIN_BYTES) res.once('finish', () => req.socket.destroy());
      throw tooLargeError(maxBodyBytes);
    }
    const body = await readBody(req, maxBodyBytes);
    if (body === 'tooLarge') throw tooLargeError(maxBodyBytes);
    const stamp = authenticateStamp(req.headers, body);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch (error) {
      const reason = error instanceof SyntaxError ? error.message.slice(0, 200) : 'unparsable';
      throw invalidRequest(`bad request body: the body is not valid JSON (${reason})`, [
        { field: '(body)', description: 'is not valid JSON' },
      ]);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw invalidRequest('bad request body: the body must be a JSON object', [
        { field: '(body)', description: 'must be a JSON object' },
      ]);
    }
    const record = json as Record<string, unknown>;
    const nowMs = now();
    const organization = findOrganization(engine.state, record['organizationId']);
    const caller = await findCaller(engine.state, organization, stamp, body, nowMs, operationKind(route.operation));
    // Counted per credential once authenticated; anything refused before this point shares one bucket.
    chargeTo(charge, bucketOf(caller));
    const ctx: RequestContext = { engine, organization, caller, json: record, rawBody: body, nowMs };
    let answer: Record<string, unknown>;
    if (route.operation.kind === 'query') {
      // Reads only what the journal holds: changes decided a moment ago are first made durable.
      await engine.settled();
      answer = runQuery(route.name as Parameters<typeof runQuery>[0], route.operation, ctx);
    } else answer = await runSubmission(route.operation, ctx);
    send(res, 200, answer, charge.headers, now());
  }

  const server = createServer(
    {
      headersTimeout: options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
      requestTimeout: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      // How often those timeouts are checked; the default, 30 s, would let a slow client stay that long.
      connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS),
    },
    (req, res) => {
      const started = performance.now();
      const charge: Charge = { charged: false, headers: {} };
      handle(req, res, charge).then(
        () =>
          logger.debug('sandbox request', {
            path: req.url?.slice(0, 100),
            status: res.statusCode,
            durationMs: Math.round(performance.now() - started),
          }),
        (thrown: unknown) => {
          let error =
            thrown instanceof DamagedActivityError ? damagedActivity(thrown.activityId, thrown.reason) : thrown;
          if (error instanceof ClientGoneError) {
            logger.debug('sandbox client went away before its request was complete', { path: req.url?.slice(0, 100) });
            return;
          }
          try {
            chargeTo(charge, UNAUTHENTICATED_BUCKET);
          } catch (refusal) {
            error = refusal;
          }
          if (error instanceof RpcError) {
            send(res, error.httpStatus, error.body, { ...charge.headers, ...error.headers }, now());
            logger.debug('sandbox request refused', {
              path: req.url?.slice(0, 100),
              status: error.httpStatus,
              code: error.body.code,
            });
            return;
          }
          const reference = randomUUID();
          logger.error('sandbox request failed', {
            path: req.url?.slice(0, 100),
            reference,
            ...describeCause(error),
          });
          const internal = new RpcError(GrpcCode.Internal, `internal server error (${reference})`, 'INTERNAL');
          send(res, internal.httpStatus, internal.body, charge.headers, now());
        },
      );
    },
  );
  // A malformed request line or header gets an answer in the same format, not a bare socket close.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const refusal = timedOut
      ? new RpcError(GrpcCode.InvalidArgument, 'request timeout: the request did not arrive in time', 'REQUEST_INVALID')
      : invalidRequest('bad request: the HTTP request is malformed');
    const body = JSON.stringify(refusal.body);
    socket.end(
      `HTTP/1.1 ${timedOut ? '408 Request Timeout' : '400 Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  server.on('drop', () => logger.debug('sandbox connection refused: too many connections'));
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  server.keepAliveTimeout = 5_000;
  return server;
}

function tooLargeError(maxBodyBytes: number): RpcError {
  return new RpcError(
    GrpcCode.InvalidArgument,
    `request body too large: the limit is ${maxBodyBytes} bytes`,
    'REQUEST_INVALID',
    {
      httpStatus: 413,
      headers: { Connection: 'close' },
    },
  );
}
