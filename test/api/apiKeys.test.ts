import * as assert from 'node:assert/strict';
import { InvalidInputError } from '../../src/api';
import {
  ApiKeyStamper,
  derivePublicKey,
  generateApiKeyPair,
  parseApiKeyPair,
  parsePrivateKey,
  parsePublicKey,
  verifyApiKeyStamp,
} from '../../src/api/remote';
import { readFixture } from '../support/fixtures';

const privateKey = readFixture('keys', 'api-key.private').trim();
const publicKey = readFixture('keys', 'api-key.public').trim();

function refuses(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof InvalidInputError, `expected InvalidInputError, got ${String(error)}`);
    assert.match(error.message, pattern);
    assert.ok(!error.message.includes(privateKey), 'the message repeats the key');
    return true;
  });
}

describe('API keys', () => {
  it('reads a key file written by the official CLI (":p256" suffix, trailing newline)', () => {
    assert.equal(parsePrivateKey(readFixture('keys', 'cli-key.private')), privateKey);
  });

  it('reads a plain 64-hex key with a trailing newline, upper case or a 0x prefix', () => {
    assert.equal(parsePrivateKey(`${privateKey}\n`), privateKey);
    assert.equal(parsePrivateKey(`  ${privateKey.toUpperCase()}\r\n`), privateKey);
    assert.equal(parsePrivateKey(`0x${privateKey}`), privateKey);
  });

  it('refuses secp256k1 and ed25519 keys, naming the curve', () => {
    refuses(
      () => parsePrivateKey(readFixture('keys', 'secp256k1-key.private')),
      /secp256k1 key; Countersign signs with P-256/,
    );
    refuses(() => parsePrivateKey(`${privateKey}:ed25519`), /ed25519 key/);
    refuses(() => parsePrivateKey(`${privateKey}:rsa`), /Unknown key suffix/);
  });

  it('refuses the wrong length, saying how long it is', () => {
    refuses(() => parsePrivateKey(privateKey.slice(0, 62)), /64 hex characters .* this one has 62/);
    refuses(() => parsePrivateKey(publicKey), /this one has 66/);
    refuses(() => parsePrivateKey(''), /empty/);
  });

  it('refuses non-hex characters without echoing them', () => {
    refuses(() => parsePrivateKey(`${privateKey.slice(0, 63)}g`), /must be hexadecimal/);
  });

  it('refuses a zero scalar', () => {
    refuses(() => parsePrivateKey('0'.repeat(64)), /not a valid P-256 scalar/);
  });

  it('derives the compressed public key of the SDK test key', () => {
    assert.equal(derivePublicKey(privateKey), publicKey);
    assert.equal(derivePublicKey(readFixture('keys', 'cli-key.private')), publicKey);
  });

  it('checks public keys: compressed, on the curve', () => {
    assert.equal(parsePublicKey(`${publicKey.toUpperCase()}\n`), publicKey);
    refuses(() => parsePublicKey(`04${publicKey.slice(2)}`), /compressed P-256 key/);
    refuses(() => parsePublicKey(publicKey.slice(0, 64)), /compressed P-256 key/);
  });

  it('detects a private key that does not belong to the public key', () => {
    const other = generateApiKeyPair();
    refuses(() => parseApiKeyPair(privateKey, other.publicKey), /does not belong/);
    refuses(() => new ApiKeyStamper({ apiPrivateKey: other.privateKey, apiPublicKey: publicKey }), /does not belong/);
  });

  it('generates a key pair that parses, matches and signs verifiable stamps', async () => {
    const pair = generateApiKeyPair();
    assert.match(pair.privateKey, /^[0-9a-f]{64}$/);
    assert.match(pair.publicKey, /^0[23][0-9a-f]{64}$/);
    assert.deepEqual(parseApiKeyPair(pair.privateKey, pair.publicKey), pair);
    assert.notEqual(generateApiKeyPair().privateKey, pair.privateKey);
    const body = '{"organizationId":"x"}';
    const stamp = await new ApiKeyStamper({ apiPrivateKey: pair.privateKey, apiPublicKey: pair.publicKey }).stamp(body);
    assert.deepEqual(verifyApiKeyStamp(Buffer.from(body), stamp.stampHeaderValue), {
      ok: true,
      publicKey: pair.publicKey,
      scheme: 'SIGNATURE_SCHEME_TK_API_P256',
    });
  });

  it('never prints key material from a stamper', () => {
    const stamper = new ApiKeyStamper({ apiPrivateKey: privateKey, apiPublicKey: publicKey });
    assert.ok(!JSON.stringify(stamper).includes(privateKey));
  });
});
