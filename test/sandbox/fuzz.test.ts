/**
 * Thousands of random and malformed requests, from a seeded generator so a failure can be replayed:
 * every answer must be a success of the operation or a well-formed rpcStatus (never a 5xx, never a
 * dropped connection), and the sandbox must still serve afterwards.
 */
import * as assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { TURNKEY_ERROR_DETAIL_TYPE } from '../../src/api';
import { operations, rpcStatusSchema, type ApiKeyStamper } from '../../src/api/remote';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

const REQUESTS = Number(process.env['SANDBOX_FUZZ_REQUESTS'] ?? 3000);
const CONCURRENCY = 8;
const SEED = Number(process.env['SANDBOX_FUZZ_SEED'] ?? 20261123);

/** mulberry32: small, fast, and the same sequence for the same seed. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly body: Buffer;
  readonly headers: Record<string, string>;
}

describe('sandbox: fuzz', function () {
  this.timeout(60_000);
  let t: TestSandbox;

  before(async () => {
    t = await startTestSandbox();
  });
  after(() => t.close());

  it(`answers ${REQUESTS} random and malformed requests with a success or a well-formed rpcStatus, then still serves`, async () => {
    const random = generator(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const int = (max: number): number => Math.floor(random() * max);
    const orgIds = [
      ...t.sandbox.credentials.organizations.map((o) => o.organizationId),
      'not-a-uuid',
      '00000000-0000-4000-8000-000000000000',
      '',
    ];
    const stampers: ApiKeyStamper[] = [
      t.stamperFor('Demo'),
      t.stamperFor('Team', 0),
      t.stamperFor('Team', 1),
      t.stamperFor('Demo Sub-organization'),
    ];
    const paths = [
      ...Object.values(operations).map((o) => o.path),
      '/',
      '/public/v1/query/unknown',
      '/public/v1/submit/',
      '/public/v1/query/whoami/extra',
      '/%00',
      '/public/v1/submit/create_private_key_tag?x=1',
    ];
    const randomString = (): string => {
      const alphabets = ['abc', '0123456789abcdef', '"\\{}[],:', '\u0000\u0001\u001f', 'é✓😀', ' \t\n'];
      const alphabet = pick(alphabets);
      let s = '';
      for (let i = int(40); i > 0; i--) s += alphabet[int(alphabet.length)];
      return s;
    };
    const randomValue = (depth: number): unknown => {
      switch (int(depth > 3 ? 6 : 9)) {
        case 0:
          return null;
        case 1:
          return random() < 0.5;
        case 2:
          return int(1e6) * (random() < 0.5 ? -1 : 1);
        case 3:
          return randomString();
        case 4:
          return pick(orgIds);
        case 5:
          return String(t.clock.now() + int(2e7) - 1e7);
        case 6:
          return Array.from({ length: int(4) }, () => randomValue(depth + 1));
        case 7:
          return Object.fromEntries(
            Array.from({ length: int(4) }, () => [
              pick(['organizationId', 'parameters', 'type', randomString()]),
              randomValue(depth + 1),
            ]),
          );
        default:
          return '['.repeat(int(5000));
      }
    };
    const plausibleBody = (path: string): Record<string, unknown> => {
      const operation = Object.values(operations).find((o) => o.path === path);
      const organizationId = pick(orgIds);
      if (!operation || operation.kind === 'query') {
        return {
          organizationId,
          ...(random() < 0.5
            ? { activityId: randomString(), apiKeyId: randomString(), smartContractInterfaceId: randomString() }
            : {}),
        };
      }
      const parameters: Record<string, unknown> = pick([
        { privateKeyTagName: randomString() || 'x', privateKeyIds: random() < 0.5 ? [] : [randomString()] },
        {
          smartContractAddress: pick(['0x5FbDB2315678afecb367f032d93F642f64180aa3', randomString()]),
          smartContractInterface: pick([
            '[]',
            '[{"type":"function","name":"f","inputs":[]}]',
            randomString(),
            `${'['.repeat(3000)}${']'.repeat(3000)}`,
          ]),
          type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
          label: 'fuzz',
        },
        { fingerprint: randomString() || 'x' },
        { smartContractInterfaceId: randomString() || 'x' },
        { deleteWithoutExport: random() < 0.5 },
      ]);
      return {
        type: operation.activityType,
        timestampMs: String(t.clock.now() - int(4e6) + 3e5),
        organizationId,
        parameters,
        ...(random() < 0.2 ? { generateAppProofs: true } : {}),
      };
    };
    const mutate = (value: Record<string, unknown>): Record<string, unknown> => {
      const copy: Record<string, unknown> = { ...value };
      const keys = Object.keys(copy);
      if (keys.length > 0 && random() < 0.5) copy[pick(keys)] = randomValue(0);
      if (random() < 0.2) delete copy[pick(keys)];
      if (random() < 0.1) copy[randomString()] = randomValue(0);
      return copy;
    };
    const makeRequest = (): FuzzRequest => {
      const path = pick(paths);
      const method = random() < 0.05 ? pick(['GET', 'PUT', 'DELETE', 'PATCH']) : 'POST';
      let text: string;
      let raw: Buffer | undefined;
      const shape = random();
      if (shape < 0.1) raw = Buffer.from(Array.from({ length: int(200) }, () => int(256)));
      if (shape < 0.1) text = '';
      else if (shape < 0.2) text = JSON.stringify(plausibleBody(path)).slice(0, int(80));
      else if (shape < 0.3) text = JSON.stringify(randomValue(0)) ?? 'undefined';
      else if (shape < 0.7) text = JSON.stringify(mutate(plausibleBody(path)));
      else text = JSON.stringify(plausibleBody(path));
      const body = raw ?? Buffer.from(text, 'utf8');
      const headers: Record<string, string> = {};
      if (random() < 0.8)
        headers['Content-Type'] = pick(['application/json', 'text/plain', 'application/json; charset=utf-8']);
      const stampKind = random();
      if (stampKind < 0.75) headers['X-Stamp'] = pick(stampers).stampSync(body.toString('utf8')).stampHeaderValue;
      else if (stampKind < 0.85)
        headers['X-Stamp'] = pick(stampers).stampSync(`${body.toString('utf8')}x`).stampHeaderValue;
      else if (stampKind < 0.95) headers['X-Stamp'] = Buffer.from(randomString()).toString('base64url') || 'x';
      return { method, path, body: raw ? Buffer.from(body) : body, headers };
    };

    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const problems: string[] = [];
    let sent = 0;
    const statusCounts = new Map<number, number>();
    const send = (r: FuzzRequest): Promise<void> =>
      new Promise((resolve) => {
        const req = request(
          new URL(r.path, t.baseUrl),
          { method: r.method, agent, headers: { ...r.headers, 'Content-Length': String(r.body.length) } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const status = res.statusCode ?? 0;
              statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
              const text = Buffer.concat(chunks).toString('utf8');
              let json: unknown;
              try {
                json = JSON.parse(text);
              } catch {
                problems.push(`${r.method} ${r.path}: HTTP ${status}, body is not JSON`);
                return resolve();
              }
              if (status === 200) {
                if (typeof json !== 'object' || json === null) problems.push(`${r.path}: 200 without an object`);
              } else if (status >= 500 || status < 400) {
                problems.push(`${r.method} ${r.path}: HTTP ${status}: ${text.slice(0, 200)}`);
              } else {
                const parsed = rpcStatusSchema.safeParse(json);
                if (
                  !parsed.success ||
                  parsed.data.message.length === 0 ||
                  !parsed.data.details?.some((d) => d['@type'] === TURNKEY_ERROR_DETAIL_TYPE)
                ) {
                  problems.push(
                    `${r.method} ${r.path}: HTTP ${status}, not a well-formed rpcStatus: ${text.slice(0, 200)}`,
                  );
                }
              }
              resolve();
            });
          },
        );
        req.on('error', (error) => {
          problems.push(`${r.method} ${r.path}: connection error ${error.message}`);
          resolve();
        });
        req.end(r.body);
      });

    const deadline = Date.now() + 45_000;
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS && Date.now() < deadline) {
        sent++;
        await send(makeRequest());
      }
    });
    await Promise.all(workers);
    agent.destroy();
    assert.deepEqual(problems.slice(0, 10), [], `seed ${SEED}: ${problems.length} bad answers`);
    // The title's count, every one of them answered: the deadline only bounds a run that hangs.
    assert.equal(sent, REQUESTS, `only ${sent} of ${REQUESTS} requests were sent before the deadline`);
    // Most classes of answer were exercised, not only one refusal.
    assert.ok(
      (statusCounts.get(200) ?? 0) > 0 && (statusCounts.get(400) ?? 0) > 0 && (statusCounts.get(401) ?? 0) > 0,
      JSON.stringify([...statusCounts]),
    );

    const demoId = t.organization('Demo').organizationId;
    const me = await t.clientFor('Demo').whoami({ organizationId: demoId });
    assert.equal(me.organizationId, demoId);
  });
});
