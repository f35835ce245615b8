import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { ApiKeyStamper, decodeStamp, verifyApiKeyStamp } from '../../src/api/remote';
import { readFixture } from '../support/fixtures';
import {
  assertStampVerifiesIndependently,
  decodeHeaderByHand,
  officialCryptoModule,
  officialStamperModule,
  verifyWithNodeCrypto,
  verifyWithNoble,
} from './independentVerify';

interface StampVector {
  privateKey: string;
  publicKey: string;
  body: string;
  sha256: string;
  signatureDer: string;
  stampHeader: string;
}
interface CliStamp {
  publicKey: string;
  message: string;
  stampHeader: string;
}

const vector = JSON.parse(readFixture('vectors', 'apiKeyStamp.json')) as StampVector;
const cli = JSON.parse(readFixture('vectors', 'goCliStamp.json')) as CliStamp;

const bodies = [
  vector.body,
  '{"organizationId":"00000000-0000-4000-8000-000000000000"}',
  JSON.stringify({
    type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
    timestampMs: '1',
    organizationId: 'o',
    parameters: { fingerprint: 'sha256:ü' },
  }),
  '',
];

describe('stamping', () => {
  describe('the deterministic vector (wire facts §5)', () => {
    it('has the documented SHA-256 of its byte-exact body', () => {
      assert.equal(createHash('sha256').update(vector.body, 'utf8').digest('hex'), vector.sha256);
    });

    it('is reproduced byte for byte by the deterministic (RFC 6979) stamper', async () => {
      const stamper = new ApiKeyStamper({
        apiPrivateKey: vector.privateKey,
        apiPublicKey: vector.publicKey,
        deterministic: true,
      });
      const stamp = await stamper.stamp(vector.body);
      assert.equal(stamp.stampHeaderName, 'X-Stamp');
      assert.equal(stamp.stampHeaderValue, vector.stampHeader);
      const decoded = decodeHeaderByHand(stamp.stampHeaderValue);
      assert.equal(decoded.signature, vector.signatureDer);
      assert.deepEqual(decoded.keyOrder, ['publicKey', 'scheme', 'signature']);
    });

    it('verifies with node:crypto and @noble/curves, and fails for one extra byte', () => {
      const body = Buffer.from(vector.body, 'utf8');
      assert.ok(verifyWithNodeCrypto(body, vector.publicKey, vector.signatureDer));
      assert.ok(verifyWithNoble(body, vector.publicKey, vector.signatureDer));
      const longer = Buffer.from(`${vector.body} `, 'utf8');
      assert.equal(verifyWithNodeCrypto(longer, vector.publicKey, vector.signatureDer), false);
      assert.equal(verifyWithNoble(longer, vector.publicKey, vector.signatureDer), false);
      assert.equal(verifyApiKeyStamp(longer, vector.stampHeader).ok, false);
    });
  });

  describe('the official CLI stamp quoted in the wire facts', () => {
    it('verifies with verifyApiKeyStamp despite its publicKey, signature, scheme key order', () => {
      const result = verifyApiKeyStamp(Buffer.from(cli.message, 'utf8'), cli.stampHeader);
      assert.deepEqual(result, { ok: true, publicKey: cli.publicKey, scheme: 'SIGNATURE_SCHEME_TK_API_P256' });
      assert.deepEqual(decodeHeaderByHand(cli.stampHeader).keyOrder, ['publicKey', 'signature', 'scheme']);
    });

    it('does not verify over another message', () => {
      const result = verifyApiKeyStamp(Buffer.from(cli.message.replace('hello', 'Hello'), 'utf8'), cli.stampHeader);
      assert.equal(result.ok, false);
    });

    it('verifies padded and standard-alphabet spellings of the header (lenient decoding)', () => {
      const padded = Buffer.from(Buffer.from(cli.stampHeader, 'base64url').toString('utf8'), 'utf8').toString('base64');
      assert.ok(padded.includes('='));
      assert.equal(verifyApiKeyStamp(Buffer.from(cli.message, 'utf8'), padded).ok, true);
    });
  });

  describe('our stamps', () => {
    const stamper = new ApiKeyStamper({ apiPrivateKey: vector.privateKey, apiPublicKey: vector.publicKey });

    it('verify independently (node:crypto and @noble/curves) for every body, including non-ASCII and empty', async () => {
      for (const body of bodies) {
        const stamp = await stamper.stamp(body);
        assertStampVerifiesIndependently(Buffer.from(body, 'utf8'), stamp.stampHeaderValue, vector.publicKey);
      }
    });

    it('verify with the official @turnkey/crypto verifyStampSignature', async () => {
      const { verifyStampSignature } = officialCryptoModule();
      for (const body of bodies.filter((b) => b !== '')) {
        const stamp = decodeStamp((await stamper.stamp(body)).stampHeaderValue);
        assert.ok(stamp);
        assert.equal(await verifyStampSignature(stamp.publicKey, stamp.signature, body), true);
      }
    });

    it('equal the official purejs stamper byte for byte in deterministic mode', async () => {
      const { ApiKeyStamper: Official } = officialStamperModule();
      const official = new Official({
        apiPrivateKey: vector.privateKey,
        apiPublicKey: vector.publicKey,
        runtimeOverride: 'purejs',
      });
      const ours = new ApiKeyStamper({
        apiPrivateKey: vector.privateKey,
        apiPublicKey: vector.publicKey,
        deterministic: true,
      });
      for (const body of bodies) {
        assert.deepEqual(await ours.stamp(body), await official.stamp(body));
      }
    });
  });

  describe('the official stamper', () => {
    it('produces stamps (node and purejs runtimes) that verifyApiKeyStamp accepts', async () => {
      const { ApiKeyStamper: Official } = officialStamperModule();
      for (const runtimeOverride of ['node', 'purejs'] as const) {
        const official = new Official({
          apiPrivateKey: vector.privateKey,
          apiPublicKey: vector.publicKey,
          runtimeOverride,
        });
        for (const body of bodies) {
          const stamp = await official.stamp(body);
          assert.equal(stamp.stampHeaderName, 'X-Stamp');
          const result = verifyApiKeyStamp(Buffer.from(body, 'utf8'), stamp.stampHeaderValue);
          assert.ok(result.ok, `${runtimeOverride} stamp of ${JSON.stringify(body)} refused`);
        }
      }
    });
  });

  describe('verifyApiKeyStamp', () => {
    it('refuses a stamp that is not base64url JSON, another scheme, or a bad key', () => {
      const body = Buffer.from(vector.body, 'utf8');
      assert.equal(verifyApiKeyStamp(body, 'not a stamp!').ok, false);
      const other = (fields: Record<string, string>): string =>
        Buffer.from(
          JSON.stringify({
            publicKey: vector.publicKey,
            scheme: 'SIGNATURE_SCHEME_TK_API_P256',
            signature: vector.signatureDer,
            ...fields,
          }),
        ).toString('base64url');
      assert.deepEqual(verifyApiKeyStamp(body, other({})).ok, true);
      const scheme = verifyApiKeyStamp(body, other({ scheme: 'SIGNATURE_SCHEME_TK_API_SECP256K1' }));
      assert.equal(scheme.ok === false && scheme.problem, 'unsupportedScheme');
      const key = verifyApiKeyStamp(body, other({ publicKey: `04${vector.publicKey.slice(2)}` }));
      assert.equal(key.ok === false && key.problem, 'badPublicKey');
    });
  });
});
