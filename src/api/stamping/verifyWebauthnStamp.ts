/**
 * Verifies an `X-Stamp-Webauthn` header over the raw body bytes and a credential's public key, as the
 * service does: the client data must be a `webauthn.get` whose challenge is the UTF-8 bytes of
 * hex(sha256(body)), the user must have been present, and the ES256 signature (DER) must cover
 * authenticatorData ‖ SHA-256(clientDataJSON). Fields may be base64 or base64url, padded or not, since
 * the specification says base64 and the service's own stamper sends base64url.
 */
import { createHash, createPublicKey, verify as nodeVerify, type KeyObject } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { decodeBase64Lenient, normalizeCredentialId, webauthnChallenge } from './webauthnStamper';

export type WebauthnStampProblem =
  | 'malformed'
  | 'badClientData'
  | 'wrongType'
  | 'wrongChallenge'
  | 'wrongRelyingParty'
  | 'userNotPresent'
  | 'badPublicKey'
  | 'badSignature';

export type WebauthnStampVerification =
  | { readonly ok: true; readonly credentialId: string; readonly userVerified: boolean; readonly signCount: number }
  | { readonly ok: false; readonly problem: WebauthnStampProblem; readonly detail: string };

export interface DecodedWebauthnStamp {
  /** base64url without padding, whatever spelling the header used. */
  readonly credentialId: string;
  readonly authenticatorData: Uint8Array;
  readonly clientDataJson: Uint8Array;
  readonly signature: Uint8Array;
}

/** A passkey stamp is a few hundred bytes; anything far larger is not one. */
const MAX_HEADER_LENGTH = 16 * 1024;

/** Decodes the header's JSON and its four fields, or returns undefined when it is not a WebAuthn stamp. */
export function decodeWebauthnStamp(headerValue: string): DecodedWebauthnStamp | undefined {
  if (headerValue.length > MAX_HEADER_LENGTH) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(headerValue);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const fields = parsed as Record<string, unknown>;
  const text = (name: string): string | undefined => {
    const value = fields[name];
    return typeof value === 'string' ? value : undefined;
  };
  const rawCredentialId = text('credentialId');
  const credentialId = rawCredentialId === undefined ? undefined : normalizeCredentialId(rawCredentialId);
  const authenticatorData = decodeField(text('authenticatorData'));
  const clientDataJson = decodeField(text('clientDataJson'));
  const signature = decodeField(text('signature'));
  if (credentialId === undefined || !authenticatorData || !clientDataJson || !signature) return undefined;
  return { credentialId, authenticatorData, clientDataJson, signature };
}

function decodeField(value: string | undefined): Uint8Array | undefined {
  if (value === undefined) return undefined;
  const bytes = decodeBase64Lenient(value);
  return bytes && bytes.length > 0 ? bytes : undefined;
}

/** A P-256 public key from compressed (33 bytes) or uncompressed (65 bytes) SEC1 hex. */
function publicKeyObject(publicKeyHex: string): KeyObject | undefined {
  if (!/^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/.test(publicKeyHex)) return undefined;
  let affine: { x: bigint; y: bigint };
  try {
    affine = p256.Point.fromBytes(hexToBytes(publicKeyHex.toLowerCase())).toAffine();
  } catch {
    return undefined;
  }
  const coordinate = (n: bigint): string => Buffer.from(n.toString(16).padStart(64, '0'), 'hex').toString('base64url');
  return createPublicKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', x: coordinate(affine.x), y: coordinate(affine.y) },
  });
}

export interface WebauthnVerifyOptions {
  /** When given, the authenticator data's rpId hash must be SHA-256 of this relying party id. */
  readonly rpId?: string;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;

/**
 * Checks the stamp against `body` and the credential's public key (P-256 SEC1 hex, compressed or not).
 * It does not say whether the credential is registered anywhere; the caller resolves the credential id.
 */
export function verifyWebauthnStamp(
  body: Uint8Array | string,
  stamp: string | DecodedWebauthnStamp,
  publicKeyHex: string,
  options: WebauthnVerifyOptions = {},
): WebauthnStampVerification {
  const decoded = typeof stamp === 'string' ? decodeWebauthnStamp(stamp) : stamp;
  if (!decoded) {
    return {
      ok: false,
      problem: 'malformed',
      detail: 'the stamp is not JSON with base64url authenticatorData, clientDataJson, credentialId and signature',
    };
  }
  const { authenticatorData, clientDataJson, signature } = decoded;
  if (authenticatorData.length < 37)
    return { ok: false, problem: 'malformed', detail: 'the authenticator data is shorter than 37 bytes' };

  let clientData: unknown;
  try {
    clientData = JSON.parse(Buffer.from(clientDataJson).toString('utf8'));
  } catch {
    return { ok: false, problem: 'badClientData', detail: 'the client data is not JSON' };
  }
  if (typeof clientData !== 'object' || clientData === null)
    return { ok: false, problem: 'badClientData', detail: 'the client data is not a JSON object' };
  const { type, challenge } = clientData as Record<string, unknown>;
  if (type !== 'webauthn.get') {
    return {
      ok: false,
      problem: 'wrongType',
      detail: `the client data type is ${typeof type === 'string' ? JSON.stringify(type.slice(0, 40)) : 'missing'}, not "webauthn.get"`,
    };
  }
  const signedChallenge = typeof challenge === 'string' ? decodeBase64Lenient(challenge) : undefined;
  if (!signedChallenge || !Buffer.from(signedChallenge).equals(Buffer.from(webauthnChallenge(body)))) {
    return { ok: false, problem: 'wrongChallenge', detail: 'the challenge is not the hex SHA-256 of the request body' };
  }

  if (options.rpId !== undefined) {
    const expected = createHash('sha256').update(options.rpId, 'utf8').digest();
    if (!expected.equals(Buffer.from(authenticatorData.subarray(0, 32)))) {
      return { ok: false, problem: 'wrongRelyingParty', detail: 'the authenticator data is for another relying party' };
    }
  }
  const flags = authenticatorData[32] ?? 0;
  if ((flags & FLAG_USER_PRESENT) === 0)
    return { ok: false, problem: 'userNotPresent', detail: 'the authenticator did not report user presence' };

  const key = publicKeyObject(publicKeyHex);
  if (!key) return { ok: false, problem: 'badPublicKey', detail: 'the credential public key is not a P-256 key' };
  const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJson).digest()]);
  let valid: boolean;
  try {
    valid = nodeVerify('sha256', signed, { key, dsaEncoding: 'der' }, signature);
  } catch {
    valid = false;
  }
  if (!valid)
    return {
      ok: false,
      problem: 'badSignature',
      detail: 'the signature does not match the authenticator data and client data',
    };
  return {
    ok: true,
    credentialId: decoded.credentialId,
    userVerified: (flags & FLAG_USER_VERIFIED) !== 0,
    signCount: Buffer.from(authenticatorData.subarray(33, 37)).readUInt32BE(0),
  };
}
