/** Plain node:http requests to the sandbox, for what the client would never send. */
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { turnkeyErrorCodeOf, TURNKEY_ERROR_DETAIL_TYPE, type RpcStatus } from '../../src/api';
import { ApiKeyStamper, rpcStatusSchema } from '../../src/api/remote';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

export function rawRequest(
  baseUrl: string,
  path: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const req = request(
      url,
      { method, headers: { 'Content-Length': String(Buffer.byteLength(body)), ...headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends `body` stamped by `stamper` (or unstamped), exactly as given. */
export async function stampedRequest(
  baseUrl: string,
  path: string,
  body: string | Buffer,
  stamper: ApiKeyStamper | undefined,
): Promise<RawResponse> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (stamper)
    headers['X-Stamp'] = stamper.stampSync(typeof body === 'string' ? body : body.toString('utf8')).stampHeaderValue;
  if (stamper && Buffer.isBuffer(body)) throw new Error('stamp Buffers with stampBytes');
  return rawRequest(baseUrl, path, body, headers);
}

/** Asserts a well-formed rpcStatus answer and returns it. */
export function expectRpcStatus(
  response: RawResponse,
  httpStatus: number,
  turnkeyErrorCode?: string,
  messagePattern?: RegExp,
): RpcStatus {
  assert.equal(response.status, httpStatus, `HTTP ${response.status}: ${response.text.slice(0, 300)}`);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const parsed = rpcStatusSchema.safeParse(JSON.parse(response.text));
  assert.ok(parsed.success, `not an rpcStatus: ${response.text.slice(0, 300)}`);
  const status = parsed.data;
  assert.ok(status.message.length > 0);
  assert.ok(
    status.details?.some((d) => d['@type'] === TURNKEY_ERROR_DETAIL_TYPE),
    'no TurnkeyErrorDetail in details',
  );
  if (turnkeyErrorCode !== undefined) assert.equal(turnkeyErrorCodeOf(status), turnkeyErrorCode);
  if (messagePattern) assert.match(status.message, messagePattern);
  return status;
}
