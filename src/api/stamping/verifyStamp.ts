/**
 * Verifies an `X-Stamp` header over the raw body bytes, as the service does: lenient base64 (padding and
 * either alphabet), any JSON key order, DER signatures with high or low S.
 */
import { createPublicKey, verify as nodeVerify, type KeyObject } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { API_KEY_SIGNATURE_SCHEME } from './stamper';

export type StampProblem = 'malformed' | 'unsupportedScheme' | 'badPublicKey' | 'badSignature';

export type StampVerification =
  | { readonly ok: true; readonly publicKey: string; readonly scheme: string }
  | { readonly ok: false; readonly problem: StampProblem; readonly detail: string };

export interface DecodedStamp {
  readonly publicKey: string;
  readonly scheme: string;
  readonly signature: string;
}

/** Decodes the header value to its JSON fields, or returns undefined when it is not a stamp. */
export function decodeStamp(headerValue: string): DecodedStamp | undefined {
  const text = headerValue.trim();
  if (text.length === 0 || text.length > 4096 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { publicKey, scheme, signature } = parsed as Record<string, unknown>;
  if (typeof publicKey !== 'string' || typeof scheme !== 'string' || typeof signature !== 'string') return undefined;
  return { publicKey, scheme, signature };
}

const keyCache = new Map<string, KeyObject>();
const KEY_CACHE_LIMIT = 1024;

function publicKeyObject(compressedHex: string): KeyObject | undefined {
  const cached = keyCache.get(compressedHex);
  if (cached) return cached;
  let affine: { x: bigint; y: bigint };
  try {
    affine = p256.Point.fromBytes(hexToBytes(compressedHex)).toAffine();
  } catch {
    return undefined;
  }
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: Buffer.from(affine.x.toString(16).padStart(64, '0'), 'hex').toString('base64url'),
      y: Buffer.from(affine.y.toString(16).padStart(64, '0'), 'hex').toString('base64url'),
    },
  });
  if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
  keyCache.set(compressedHex, key);
  return key;
}

/** Checks the stamp's signature over `body`. It does not say whether the key is registered anywhere. */
export function verifyApiKeyStamp(body: Uint8Array, headerValue: string): StampVerification {
  const stamp = decodeStamp(headerValue);
  if (!stamp)
    return {
      ok: false,
      problem: 'malformed',
      detail: 'the stamp is not base64url-encoded JSON with publicKey, scheme and signature',
    };
  if (stamp.scheme !== API_KEY_SIGNATURE_SCHEME) {
    return {
      ok: false,
      problem: 'unsupportedScheme',
      detail: `unsupported signature scheme ${stamp.scheme.slice(0, 64)}`,
    };
  }
  const publicKey = stamp.publicKey.toLowerCase();
  if (!/^0[23][0-9a-f]{64}$/.test(publicKey)) {
    return { ok: false, problem: 'badPublicKey', detail: 'the public key is not a compressed P-256 key' };
  }
  const key = publicKeyObject(publicKey);
  if (!key) return { ok: false, problem: 'badPublicKey', detail: 'the public key is not a point on P-256' };
  if (!/^[0-9a-fA-F]{16,288}$/.test(stamp.signature) || stamp.signature.length % 2 !== 0) {
    return { ok: false, problem: 'badSignature', detail: 'the signature is not DER hex' };
  }
  let valid: boolean;
  try {
    valid = nodeVerify('sha256', body, { key, dsaEncoding: 'der' }, Buffer.from(stamp.signature, 'hex'));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, problem: 'badSignature', detail: 'the signature does not match the body' };
  return { ok: true, publicKey, scheme: stamp.scheme };
}
