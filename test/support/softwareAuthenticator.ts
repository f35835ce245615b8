/**
 * A passkey in software, for tests: a P-256 key answering assertion requests the way a platform
 * authenticator does (rpId hash, flags UP|UV, a counter that grows, a `webauthn.get` client data with
 * the challenge in base64url). Never for products: a real passkey's private key never leaves its device.
 */
import { createHash, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { Attestation, WebauthnAssertion, WebauthnAssertionRequest } from '../../src/api';

/** How to make an attestation: each field can be forged to test a refusal. */
export interface AttestOptions {
  /** base64url, as the create_authenticators parameters carry it. */
  readonly challenge: string;
  readonly format?: 'none' | 'packed';
  readonly type?: string;
  readonly origin?: string;
  /** The RP ID whose SHA-256 the authenticator data carries. */
  readonly rpId?: string;
  /** Default UP|UV|AT. */
  readonly flags?: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
/** COSE key labels and values (RFC 9053): kty EC2, alg ES256, crv P-256. */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

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
  readonly #point: { x: Uint8Array; y: Uint8Array };

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
    this.#point = {
      x: hexToBytes(point.x.toString(16).padStart(64, '0')),
      y: hexToBytes(point.y.toString(16).padStart(64, '0')),
    };
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

  /**
   * What `navigator.credentials.create()` would answer for this credential, as create_authenticators takes it:
   * a `none` attestation, or a `packed` self-attestation signed by the credential's own key.
   */
  attest(options: AttestOptions): Attestation {
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [COSE.kty, COSE.EC2],
        [COSE.alg, COSE.ES256],
        [COSE.crv, COSE.P256],
        [COSE.x, this.#point.x],
        [COSE.y, this.#point.y],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      createHash('sha256')
        .update(options.rpId ?? this.rpId, 'utf8')
        .digest(),
      Buffer.from([options.flags ?? FLAG_UP | FLAG_UV | FLAG_AT]),
      Buffer.alloc(4),
      Buffer.alloc(16), // AAGUID: all zeros, as software and privacy-preserving authenticators send
      idLength,
      credentialId,
      Buffer.from(coseKey),
    ]);
    const clientDataJson = Buffer.from(
      JSON.stringify({
        type: options.type ?? 'webauthn.create',
        challenge: options.challenge,
        origin: options.origin ?? this.origin,
        crossOrigin: false,
      }),
      'utf8',
    );
    const clientDataHash = createHash('sha256').update(clientDataJson).digest();
    const attStmt =
      options.format === 'packed'
        ? new Map<string, number | Uint8Array>([
            ['alg', COSE.ES256],
            [
              'sig',
              new Uint8Array(
                sign('sha256', Buffer.concat([authData, clientDataHash]), { key: this.#key, dsaEncoding: 'der' }),
              ),
            ],
          ])
        : new Map<string, number | Uint8Array>();
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, number | Uint8Array>>([
        ['fmt', options.format ?? 'none'],
        ['attStmt', attStmt],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      credentialId: this.credentialId,
      clientDataJson: clientDataJson.toString('base64url'),
      attestationObject: Buffer.from(attestationObject).toString('base64url'),
      transports: ['AUTHENTICATOR_TRANSPORT_USB'],
    };
  }

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
