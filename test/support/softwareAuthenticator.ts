/**
 * A passkey in software, for tests: a P-256 key answering assertion requests the way a platform
 * authenticator does (rpId hash, flags UP|UV, a counter that grows, a `webauthn.get` client data with
 * the challenge in base64url). Never for products: a real passkey's private key never leaves its device.
 */
import { createHash, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { WebauthnAssertion, WebauthnAssertionRequest } from '../../src/api';

export interface SoftwareAuthenticatorOptions {
  /** 32-byte scalar hex; a fresh key when absent. */
  readonly privateKey?: string;
  /** base64url; 16 random bytes when absent. */
  readonly credentialId?: string;
  /** Used when a request names no rpId. Default `localhost`. */
  readonly rpId?: string;
  readonly origin?: string;
}

const FLAGS_USER_PRESENT_AND_VERIFIED = 0x01 | 0x04;

export class SoftwareAuthenticator {
  readonly credentialId: string;
  /** Compressed SEC1 hex, the form the sandbox stores. */
  readonly publicKey: string;
  readonly rpId: string;
  readonly origin: string;
  /** How many assertions were made; also the counter in the next one's authenticator data. */
  signCount = 0;
  readonly #key: KeyObject;

  constructor(options: SoftwareAuthenticatorOptions = {}) {
    const secret = options.privateKey === undefined ? p256.utils.randomSecretKey() : hexToBytes(options.privateKey);
    this.publicKey = bytesToHex(p256.getPublicKey(secret, true));
    const point = p256.Point.fromBytes(p256.getPublicKey(secret, false)).toAffine();
    const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
    const coordinate = (n: bigint): string => b64(hexToBytes(n.toString(16).padStart(64, '0')));
    this.#key = createPrivateKey({
      format: 'jwk',
      key: { kty: 'EC', crv: 'P-256', d: b64(secret), x: coordinate(point.x), y: coordinate(point.y) },
    });
    this.credentialId = options.credentialId ?? randomBytes(16).toString('base64url');
    this.rpId = options.rpId ?? 'localhost';
    this.origin = options.origin ?? `https://${this.rpId}`;
  }

  /** The callback a WebauthnStamper takes. Refuses, like a browser, when this credential is not allowed. */
  readonly getAssertion = (request: WebauthnAssertionRequest): Promise<WebauthnAssertion> => {
    if (request.allowCredentials !== undefined && !request.allowCredentials.includes(this.credentialId)) {
      return Promise.reject(new Error('NotAllowedError: this authenticator holds none of the allowed credentials'));
    }
    this.signCount += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.signCount);
    const authenticatorData = Buffer.concat([
      createHash('sha256')
        .update(request.rpId ?? this.rpId, 'utf8')
        .digest(),
      Buffer.from([FLAGS_USER_PRESENT_AND_VERIFIED]),
      counter,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: Buffer.from(request.challenge).toString('base64url'),
        origin: this.origin,
        crossOrigin: false,
      }),
      'utf8',
    );
    return Promise.resolve(this.signAssertion(authenticatorData, clientDataJSON));
  };

  /** Signs whatever data it is given, as this credential would: for tests that forge one field and keep a valid signature. */
  signAssertion(authenticatorData: Uint8Array, clientDataJSON: Uint8Array): WebauthnAssertion {
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
    return {
      credentialId: this.credentialId,
      authenticatorData: new Uint8Array(authenticatorData),
      clientDataJSON: new Uint8Array(clientDataJSON),
      signature: new Uint8Array(sign('sha256', signed, { key: this.#key, dsaEncoding: 'der' })),
    };
  }
}
