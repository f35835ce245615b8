import * as assert from 'node:assert/strict';
import { ApiKeyStamper, generateApiKeyPair, operations } from '../../src/api/remote';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { expectRpcStatus, rawRequest, stampedRequest, type RawResponse } from './rawHttp';

const RATE = 5;

describe('sandbox: --rate-limit counts each credential apart, and unauthenticated requests together', () => {
  let t: TestSandbox;
  beforeEach(async () => {
    t = await startTestSandbox({ rateLimit: RATE });
  });
  afterEach(() => t.close());

  const whoamiBody = (): string => JSON.stringify({ organizationId: t.organization('Demo').organizationId });
  const signed = (name: 'Demo' | 'Team', userIndex = 0): Promise<RawResponse> =>
    stampedRequest(t.baseUrl, operations.whoami.path, whoamiBody(), t.stamperFor(name, userIndex));
  const teamWhoami = (): Promise<RawResponse> =>
    stampedRequest(
      t.baseUrl,
      operations.whoami.path,
      JSON.stringify({ organizationId: t.organization('Team').organizationId }),
      t.stamperFor('Team'),
    );

  /** Requests that fail authentication three ways: no stamp, a stamp over other bytes, a key nobody registered. */
  function flood(count: number): Promise<RawResponse>[] {
    const stranger = generateApiKeyPair();
    const strangerStamper = new ApiKeyStamper({ apiPublicKey: stranger.publicKey, apiPrivateKey: stranger.privateKey });
    const demo = t.stamperFor('Demo');
    return Array.from({ length: count }, (_, i) => {
      const body = whoamiBody();
      if (i % 3 === 0) return stampedRequest(t.baseUrl, operations.whoami.path, body, undefined);
      if (i % 3 === 1) return stampedRequest(t.baseUrl, operations.whoami.path, body, strangerStamper);
      const stamp = demo.stampSync(`${body} `).stampHeaderValue;
      return rawRequest(t.baseUrl, operations.whoami.path, body, {
        'Content-Type': 'application/json',
        'X-Stamp': stamp,
      });
    });
  }

  it('a flood of unsigned and badly signed requests does not make a signed client wait', async () => {
    const refused = await Promise.all(flood(60));
    const limited = refused.filter((r) => r.status === 429);
    assert.ok(limited.length > 0, 'the unauthenticated requests were limited');
    for (const r of limited) {
      expectRpcStatus(r, 429, 'RATE_LIMIT_EXCEEDED', /Too many requests/);
      assert.equal(r.headers['ratelimit-limit'], String(RATE));
      assert.equal(r.headers['retry-after'], '1');
    }
    assert.ok(
      refused.every((r) => r.status === 401 || r.status === 429),
      refused.map((r) => r.status).join(' '),
    );
    // At once, while the unauthenticated bucket is empty: a signed client has its whole allowance.
    const answers = await Promise.all(Array.from({ length: RATE }, () => signed('Demo')));
    assert.deepEqual(
      answers.map((r) => r.status),
      Array.from({ length: RATE }, () => 200),
    );
    assert.equal(answers[0]?.headers['ratelimit-limit'], String(RATE));
    assert.ok(answers.every((r) => r.headers['ratelimit-remaining'] !== undefined));
  });

  it('gives two signed clients an allowance each, and limits each one past its own', async () => {
    const [demo, team] = await Promise.all([
      Promise.all(Array.from({ length: 4 * RATE }, () => signed('Demo'))),
      Promise.all(Array.from({ length: RATE }, () => teamWhoami())),
    ]);
    assert.deepEqual(
      team.map((r) => r.status),
      Array.from({ length: RATE }, () => 200),
      "Team's requests are not counted against Demo's",
    );
    const demoOk = demo.filter((r) => r.status === 200).length;
    assert.ok(demoOk >= RATE && demoOk < 4 * RATE, `${demoOk} of Demo's ${4 * RATE} passed`);
    for (const r of demo.filter((d) => d.status !== 200)) expectRpcStatus(r, 429, 'RATE_LIMIT_EXCEEDED');
  });
});
