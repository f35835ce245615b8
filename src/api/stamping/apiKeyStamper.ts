/**
 * The `X-Stamp` header: ECDSA P-256 / SHA-256 over the exact body bytes, DER signature in lowercase hex,
 * wrapped with the compressed public key and the scheme in JSON, base64url without padding.
 */
import { createPrivateKey, sign as nodeSign, type KeyObject } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { parseApiKeyPair } from './apiKeys';
import { API_KEY_SIGNATURE_SCHEME, API_KEY_STAMP_HEADER, type Stamp, type Stamper } from './stamper';

export interface ApiKeyStamperConfig {
  readonly apiPublicKey: string;
  readonly apiPrivateKey: string;
  /**
   * Sign with RFC 6979 deterministic nonces (@noble/curves) instead of OpenSSL's random ones.
   * Slower (about 20×); useful for reproducible vectors. Signatures are never low-S normalised,
   * exactly like the service's own stampers.
   */
  readonly deterministic?: boolean;
}

export class ApiKeyStamper implements Stamper {
  readonly publicKey: string;
  readonly #secret: Uint8Array;
  readonly #keyObject: KeyObject;
  readonly #deterministic: boolean;

  constructor(config: ApiKeyStamperConfig) {
    const pair = parseApiKeyPair(config.apiPrivateKey, config.apiPublicKey);
    this.publicKey = pair.publicKey;
    this.#secret = hexToBytes(pair.privateKey);
    this.#deterministic = config.deterministic ?? false;
    const point = p256.Point.fromBytes(p256.getPublicKey(this.#secret, false)).toAffine();
    this.#keyObject = createPrivateKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        d: Buffer.from(this.#secret).toString('base64url'),
        x: Buffer.from(bigintTo32Bytes(point.x)).toString('base64url'),
        y: Buffer.from(bigintTo32Bytes(point.y)).toString('base64url'),
      },
    });
  }

  /** Synchronous form of stamp(), for hot paths and benchmarks. */
  stampSync(body: string): Stamp {
    const bytes = Buffer.from(body, 'utf8');
    const signature = this.#deterministic
      ? bytesToHex(p256.sign(bytes, this.#secret, { prehash: true, lowS: false, format: 'der' }))
      : nodeSign('sha256', bytes, { key: this.#keyObject, dsaEncoding: 'der' }).toString('hex');
    const stampJson = JSON.stringify({ publicKey: this.publicKey, scheme: API_KEY_SIGNATURE_SCHEME, signature });
    return {
      stampHeaderName: API_KEY_STAMP_HEADER,
      stampHeaderValue: Buffer.from(stampJson, 'utf8').toString('base64url'),
    };
  }

  stamp(body: string): Promise<Stamp> {
    return Promise.resolve(this.stampSync(body));
  }

  /** Never print key material, whatever a logger does with this object. */
  toJSON(): object {
    return { type: 'ApiKeyStamper', publicKey: this.publicKey };
  }
}

function bigintTo32Bytes(value: bigint): Uint8Array {
  return hexToBytes(value.toString(16).padStart(64, '0'));
}
