/**
 * Checks a stamp without any of Countersign's own code: the header is decoded by hand, and the
 * signature is verified once with node:crypto (OpenSSL) and once with @noble/curves.
 */
import { createHash, createPublicKey, ECDH, verify } from 'node:crypto';
import { createRequire } from 'node:module';
import { p256 } from '@noble/curves/nist.js';

export interface DecodedHeader {
  readonly publicKey: string;
  readonly scheme: string;
  readonly signature: string;
  readonly keyOrder: string[];
}

export function decodeHeaderByHand(headerValue: string): DecodedHeader {
  if (!/^[A-Za-z0-9_-]+$/.test(headerValue)) throw new Error('not unpadded base64url');
  const json = JSON.parse(Buffer.from(headerValue, 'base64url').toString('utf8')) as Record<string, unknown>;
  const { publicKey, scheme, signature } = json;
  if (typeof publicKey !== 'string' || typeof scheme !== 'string' || typeof signature !== 'string')
    throw new Error('missing fields');
  return { publicKey, scheme, signature, keyOrder: Object.keys(json) };
}

export function verifyWithNodeCrypto(body: Uint8Array, publicKeyHex: string, signatureDerHex: string): boolean {
  const uncompressed = Buffer.from(
    ECDH.convertKey(publicKeyHex, 'prime256v1', 'hex', 'hex', 'uncompressed') as string,
    'hex',
  );
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: uncompressed.subarray(1, 33).toString('base64url'),
      y: uncompressed.subarray(33, 65).toString('base64url'),
    },
  });
  return verify('sha256', body, { key, dsaEncoding: 'der' }, Buffer.from(signatureDerHex, 'hex'));
}

export function verifyWithNoble(body: Uint8Array, publicKeyHex: string, signatureDerHex: string): boolean {
  const digest = createHash('sha256').update(body).digest();
  return p256.verify(Buffer.from(signatureDerHex, 'hex'), digest, Buffer.from(publicKeyHex, 'hex'), {
    prehash: false,
    lowS: false,
    format: 'der',
  });
}

/** Both verifiers, on the decoded header; throws with a reason when either refuses. */
export function assertStampVerifiesIndependently(
  body: Uint8Array,
  headerValue: string,
  expectedPublicKey: string,
): void {
  const stamp = decodeHeaderByHand(headerValue);
  if (stamp.scheme !== 'SIGNATURE_SCHEME_TK_API_P256') throw new Error(`scheme ${stamp.scheme}`);
  if (stamp.publicKey !== expectedPublicKey) throw new Error('public key differs');
  if (!/^[0-9a-f]+$/.test(stamp.signature)) throw new Error('signature is not lowercase hex');
  if (!verifyWithNodeCrypto(body, stamp.publicKey, stamp.signature))
    throw new Error('node:crypto refused the signature');
  if (!verifyWithNoble(body, stamp.publicKey, stamp.signature)) throw new Error('@noble/curves refused the signature');
}

/** The official packages, loaded at run time (their typings pull in the DOM library). */
export interface OfficialStamperModule {
  ApiKeyStamper: new (config: {
    apiPublicKey: string;
    apiPrivateKey: string;
    runtimeOverride?: 'node' | 'purejs' | 'browser';
  }) => {
    stamp(body: string): Promise<{ stampHeaderName: string; stampHeaderValue: string }>;
  };
}
export interface OfficialCryptoModule {
  verifyStampSignature: (publicKey: string, signature: string, signedData: string) => Promise<boolean>;
}

const load = createRequire(__filename);
export function officialStamperModule(): OfficialStamperModule {
  return load('@turnkey/api-key-stamper') as OfficialStamperModule;
}
export function officialCryptoModule(): OfficialCryptoModule {
  return load('@turnkey/crypto') as OfficialCryptoModule;
}
