import * as assert from 'node:assert/strict';
import { randomUUID, sign } from 'node:crypto';
import { ApiKeyStamper as OfficialStamper } from '@turnkey/api-key-stamper';
import { ClockSkewError, type Stamper, type Whoami } from '../../src/api';
import { ApiKeyStamper, CountersignClient, generateApiKeyPair, operations } from '../../src/api/remote';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { expectRpcStatus, rawRequest, stampedRequest } from './rawHttp';

const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

/** DER of (r, s) as the stampers write it: INTEGERs with a leading zero when the top bit is set. */
function derSignature(r: bigint, s: bigint): string {
  const integer = (n: bigint): Buffer => {
    let hex = n.toString(16);
    if (hex.length % 2) hex = `0${hex}`;
    let bytes = Buffer.from(hex, 'hex');
    if ((bytes[0] ?? 0) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
    return Buffer.concat([Buffer.from([0x02, bytes.length]), bytes]);
  };
  const body = Buffer.concat([integer(r), integer(s)]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]).toString('hex');
}

describe('sandbox: authentication', () => {
  let t: TestSandbox;
  let demoId: string;
  const whoamiPath = operations.whoami.path;
  const tagPath = operations.createPrivateKeyTag.path;

  before(async () => {
    t = await startTestSandbox();
    demoId = t.organization('Demo').organizationId;
  });
  after(() => t.close());

  const tagBody = (timestampMs: number, name = randomUUID()): string =>
    JSON.stringify({
      type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
      timestampMs: String(timestampMs),
      organizationId: demoId,
      parameters: { privateKeyTagName: name, privateKeyIds: [] },
    });

  it('refuses a request without a stamp: 401, SIGNATURE_MISSING', async () => {
    const response = await stampedRequest(t.baseUrl, whoamiPath, JSON.stringify({ organizationId: demoId }), undefined);
    expectRpcStatus(response, 401, 'SIGNATURE_MISSING', /without a stamp \(X-Stamp\/X-Stamp-Webauthn header\)/);
    assert.equal((JSON.parse(response.text) as { code: number }).code, 16);
  });

  it('refuses a stamp made over other bytes: 401, SIGNATURE_INVALID', async () => {
    const body = JSON.stringify({ organizationId: demoId });
    const stamp = t.stamperFor('Demo').stampSync(`${body} `).stampHeaderValue;
    const response = await rawRequest(t.baseUrl, whoamiPath, body, { 'X-Stamp': stamp });
    expectRpcStatus(response, 401, 'SIGNATURE_INVALID', /could not verify api key signature/);
  });

  it('refuses a stamp that is not a stamp: 401, SIGNATURE_INVALID', async () => {
    for (const value of [
      'not base64 at all!',
      Buffer.from('{"publicKey":1}').toString('base64url'),
      Buffer.from('[]').toString('base64url'),
    ]) {
      const response = await rawRequest(t.baseUrl, whoamiPath, JSON.stringify({ organizationId: demoId }), {
        'X-Stamp': value,
      });
      expectRpcStatus(response, 401, 'SIGNATURE_INVALID', /stamp/);
    }
  });

  it('refuses a WebAuthn stamp that is not one (401, SIGNATURE_INVALID); passkey stamps are covered in webauthn.test', async () => {
    for (const value of ['{}', 'not json', '{"credentialId":"AAAA"}']) {
      const response = await rawRequest(t.baseUrl, whoamiPath, JSON.stringify({ organizationId: demoId }), {
        'X-Stamp-Webauthn': value,
      });
      expectRpcStatus(response, 401, 'SIGNATURE_INVALID', /could not extract webauthn stamp/);
    }
  });

  it('refuses a valid stamp by a key registered nowhere: 401, PUBLIC_KEY_NOT_FOUND', async () => {
    const pair = generateApiKeyPair();
    const stranger = new ApiKeyStamper({ apiPrivateKey: pair.privateKey, apiPublicKey: pair.publicKey });
    const response = await stampedRequest(t.baseUrl, whoamiPath, JSON.stringify({ organizationId: demoId }), stranger);
    expectRpcStatus(
      response,
      401,
      'PUBLIC_KEY_NOT_FOUND',
      /could not find public key in organization or its parent organization/,
    );
  });

  it('refuses a key of another organization (Team key on Demo)', async () => {
    const response = await stampedRequest(
      t.baseUrl,
      whoamiPath,
      JSON.stringify({ organizationId: demoId }),
      t.stamperFor('Team'),
    );
    expectRpcStatus(response, 401, 'PUBLIC_KEY_NOT_FOUND');
  });

  it('refuses an expired API key (401, API_KEY_EXPIRED) and accepts one still within its lifetime', async () => {
    const user = t.organization('Demo').users[0];
    assert.ok(user);
    const expired = generateApiKeyPair();
    const fresh = generateApiKeyPair();
    const now = t.clock.now();
    await t.engine.addApiKey(demoId, user.userId, {
      apiKeyId: randomUUID(),
      apiKeyName: 'expired',
      publicKey: expired.publicKey,
      createdAtMs: now - 2 * 3_600_000,
      expirationSeconds: '3600',
    });
    await t.engine.addApiKey(demoId, user.userId, {
      apiKeyId: randomUUID(),
      apiKeyName: 'fresh',
      publicKey: fresh.publicKey,
      createdAtMs: now,
      expirationSeconds: '3600',
    });
    const body = JSON.stringify({ organizationId: demoId });
    const refused = await stampedRequest(
      t.baseUrl,
      whoamiPath,
      body,
      new ApiKeyStamper({ apiPrivateKey: expired.privateKey, apiPublicKey: expired.publicKey }),
    );
    expectRpcStatus(refused, 401, 'API_KEY_EXPIRED', /expired api key/);
    const accepted = await stampedRequest(
      t.baseUrl,
      whoamiPath,
      body,
      new ApiKeyStamper({ apiPrivateKey: fresh.privateKey, apiPublicKey: fresh.publicKey }),
    );
    assert.equal(accepted.status, 200);
    // The same key expires when the clock passes its lifetime.
    t.clock.advance(3_601_000);
    try {
      const later = await stampedRequest(
        t.baseUrl,
        whoamiPath,
        body,
        new ApiKeyStamper({ apiPrivateKey: fresh.privateKey, apiPublicKey: fresh.publicKey }),
      );
      expectRpcStatus(later, 401, 'API_KEY_EXPIRED');
    } finally {
      t.clock.advance(-3_601_000);
    }
  });

  it('refuses an API key whose expirationSeconds is not a whole number of seconds, instead of never expiring it', async () => {
    const user = t.organization('Demo').users[0];
    assert.ok(user);
    const body = JSON.stringify({ organizationId: demoId });
    for (const expirationSeconds of ['never', 'abc', 'Infinity', '1e400', '3600.5', '-1', ' ', '0x10']) {
      const pair = generateApiKeyPair();
      await t.engine.addApiKey(demoId, user.userId, {
        apiKeyId: randomUUID(),
        apiKeyName: `odd expiry ${expirationSeconds}`,
        publicKey: pair.publicKey,
        createdAtMs: t.clock.now(),
        expirationSeconds,
      });
      const response = await stampedRequest(
        t.baseUrl,
        whoamiPath,
        body,
        new ApiKeyStamper({ apiPrivateKey: pair.privateKey, apiPublicKey: pair.publicKey }),
      );
      expectRpcStatus(response, 401, 'API_KEY_EXPIRED', /expirationSeconds is not a whole number of seconds/);
    }
  });

  it('refuses a timestampMs more than 1 hour old or more than 5 minutes ahead, and accepts one just inside', async () => {
    const now = t.clock.now();
    const stamper = t.stamperFor('Demo');
    const old = await stampedRequest(t.baseUrl, tagPath, tagBody(now - 3_600_000 - 5_000), stamper);
    expectRpcStatus(old, 401, 'TIMESTAMP_OUT_OF_RANGE', /timestamp is too old/);
    const ahead = await stampedRequest(t.baseUrl, tagPath, tagBody(now + 300_000 + 5_000), stamper);
    expectRpcStatus(ahead, 401, 'TIMESTAMP_OUT_OF_RANGE', /in the future/);
    assert.equal((await stampedRequest(t.baseUrl, tagPath, tagBody(now - 3_500_000), stamper)).status, 200);
    assert.equal((await stampedRequest(t.baseUrl, tagPath, tagBody(now + 240_000), stamper)).status, 200);
  });

  it('reports a stale timestamp to the client as a clock problem', async () => {
    const client = t.clientFor('Demo');
    await assert.rejects(
      client.createPrivateKeyTag({
        organizationId: demoId,
        timestampMs: String(t.clock.now() - 7_200_000),
        parameters: { privateKeyTagName: 'stale', privateKeyIds: [] },
      }),
      { name: 'ClockSkewError', status: 401 },
    );
  });

  it('tells a client whose clock runs 10 minutes ahead how far off it is (the Date header follows the sandbox clock)', async () => {
    const ahead = t.clientFor('Demo', 0, { now: () => t.clock.now() + 600_000 });
    await assert.rejects(
      ahead.createPrivateKeyTag({
        organizationId: demoId,
        parameters: { privateKeyTagName: 'ahead', privateKeyIds: [] },
      }),
      (error: unknown) =>
        error instanceof ClockSkewError &&
        Math.abs((error.clockSkewMs ?? 0) - 600_000) < 5_000 &&
        /10 minutes ahead/.test(error.message),
    );
    t.clock.advance(86_400_000);
    try {
      const response = await stampedRequest(
        t.baseUrl,
        whoamiPath,
        JSON.stringify({ organizationId: demoId }),
        t.stamperFor('Demo'),
      );
      assert.ok(Math.abs(Date.parse(String(response.headers['date'])) - t.clock.now()) < 5_000);
    } finally {
      t.clock.advance(-86_400_000);
    }
  });

  it('refuses a malformed organization ID (400) and an unknown one (404)', async () => {
    const stamper = t.stamperFor('Demo');
    expectRpcStatus(
      await stampedRequest(t.baseUrl, whoamiPath, JSON.stringify({ organizationId: 'not-a-uuid' }), stamper),
      400,
      'INVALID_ORGANIZATION_ID',
      /malformed organization ID/,
    );
    expectRpcStatus(
      await stampedRequest(t.baseUrl, whoamiPath, JSON.stringify({ organizationId: randomUUID() }), stamper),
      404,
      'ORGANIZATION_NOT_FOUND',
      /no organization found/,
    );
  });

  it('accepts a high-S signature, a padded or standard base64 stamp, and any key order inside it', async () => {
    const body = JSON.stringify({ organizationId: demoId });
    const key = t.organization('Demo').users[0]?.apiKeys[0];
    assert.ok(key);
    const { createPrivateKey } = await import('node:crypto');
    const { p256 } = await import('@noble/curves/nist.js');
    const point = p256.Point.fromBytes(Buffer.from(key.publicKey, 'hex')).toAffine();
    const privateKey = createPrivateKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        d: Buffer.from(key.privateKey, 'hex').toString('base64url'),
        x: Buffer.from(point.x.toString(16).padStart(64, '0'), 'hex').toString('base64url'),
        y: Buffer.from(point.y.toString(16).padStart(64, '0'), 'hex').toString('base64url'),
      },
    });
    const raw = sign('sha256', Buffer.from(body), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    const r = BigInt(`0x${raw.subarray(0, 32).toString('hex')}`);
    let s = BigInt(`0x${raw.subarray(32).toString('hex')}`);
    if (s <= P256_ORDER / 2n) s = P256_ORDER - s; // force high S
    const signature = derSignature(r, s);
    const stampJson = JSON.stringify({ signature, scheme: 'SIGNATURE_SCHEME_TK_API_P256', publicKey: key.publicKey });
    for (const header of [Buffer.from(stampJson).toString('base64'), Buffer.from(stampJson).toString('base64url')]) {
      const response = await rawRequest(t.baseUrl, whoamiPath, body, { 'X-Stamp': header });
      assert.equal(response.status, 200, response.text);
    }
  });

  it('accepts stamps of the official @turnkey/api-key-stamper (node and purejs runtimes), without a Content-Type', async () => {
    const key = t.organization('Demo').users[0]?.apiKeys[0];
    assert.ok(key);
    for (const runtimeOverride of ['node', 'purejs'] as const) {
      const official: Stamper = new OfficialStamper({
        apiPublicKey: key.publicKey,
        apiPrivateKey: key.privateKey,
        runtimeOverride,
      });
      const client: CountersignClient = new CountersignClient({ baseUrl: t.baseUrl }, official, {
        maxAttempts: 1,
        now: t.clock.now,
      });
      try {
        const me: Whoami = await client.whoami({ organizationId: demoId });
        assert.equal(me.organizationName, 'Demo');
        const activity = await client.createPrivateKeyTag({
          organizationId: demoId,
          parameters: { privateKeyTagName: `official ${runtimeOverride}`, privateKeyIds: [] },
        });
        assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
      } finally {
        await client.close();
      }
      const body = JSON.stringify({ organizationId: demoId });
      const stamp = await official.stamp(body);
      const response = await rawRequest(t.baseUrl, whoamiPath, body, {
        [stamp.stampHeaderName]: stamp.stampHeaderValue,
      });
      assert.equal(response.status, 200, response.text);
    }
  });
});
