/**
 * The sandbox as a WebAuthn relying party, through @simplewebauthn/server (the well-kept library of the field;
 * it runs only here, in the sandbox's own process): attestations of create_authenticators and the assertions
 * of `X-Stamp-Webauthn` stamps are checked by it, never by hand-written CBOR, COSE or signature code.
 *
 * Origins and RP IDs: while the organization leaves FEATURE_NAME_WEBAUTHN_ORIGINS unset, any http(s) origin is
 * accepted, with the RP IDs a browser lets that origin use (its host or a parent domain). Once it is set, only
 * the listed origins (see organizationFeatures.ts) and their RP IDs are.
 *
 * Signature counters are neither stored nor compared (the counter given to the library is always 0), as
 * organizationFeatures.ts explains.
 */
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import {
  COSEALG,
  convertAAGUIDToString,
  cose,
  decodeAttestationObject,
  decodeCredentialPublicKey,
  isoCBOR,
  parseAuthenticatorData,
} from '@simplewebauthn/server/helpers';
import { ECDH } from 'node:crypto';
import { errorText, type Attestation, type DecodedWebauthnStamp } from '../api';
import { webauthnChallenge } from '../api/remote';
import { allowedPasskeyOrigins, rpIdsOf } from './organizationFeatures';
import type { Organization } from './state';

/** What a verified attestation registers. */
export interface AttestedCredential {
  /** base64url without padding. */
  readonly credentialId: string;
  /** Compressed SEC1 hex, the form API keys use too. */
  readonly publicKey: string;
  readonly aaguid: string;
  readonly attestationType: string;
}

export type Verdict<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly detail: string };

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/** The origin the client data names, when it is an http(s) origin. */
function clientOrigin(clientDataJson: Uint8Array): string | undefined {
  try {
    const origin = (JSON.parse(Buffer.from(clientDataJson).toString('utf8')) as { origin?: unknown }).origin;
    if (typeof origin !== 'string') return undefined;
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origins and RP IDs the organization accepts for this client data; undefined when its origin is none. */
function expectations(
  organization: Organization,
  clientDataJson: Uint8Array,
): { origins: string[]; rpIds: string[] } | { refusal: string } {
  const origin = clientOrigin(clientDataJson);
  const allowed = allowedPasskeyOrigins(organization);
  if (allowed === 'any') {
    if (origin === undefined) return { refusal: 'the client data names no http(s) origin' };
    return { origins: [origin], rpIds: rpIdsOf(origin) };
  }
  if (origin === undefined || !allowed.includes(origin)) {
    return {
      refusal: `the origin ${origin === undefined ? '(none)' : JSON.stringify(origin.slice(0, 100))} is not among the organization's allowed WebAuthn origins`,
    };
  }
  return { origins: allowed, rpIds: allowed.flatMap(rpIdsOf) };
}

/** The library's refusal in the service's words: what was wrong, never the values it compared. */
function describe(error: unknown, ceremony: 'create' | 'get'): string {
  const message = errorText(error);
  if (/challenge/i.test(message))
    return ceremony === 'get'
      ? 'the challenge is not the hex SHA-256 of the request body'
      : 'the client data does not carry the challenge given in the parameters';
  if (/response type/i.test(message)) return `the client data type is not "webauthn.${ceremony}"`;
  if (/origin/i.test(message)) return "the client data's origin is not accepted";
  if (/RP ID/i.test(message)) return "the authenticator data's RP ID belongs to none of the RP IDs its origin may use";
  if (/user (presence|not present)/i.test(message)) return 'the authenticator did not report user presence';
  if (/alg/i.test(message)) return 'the credential is not a P-256 (ES256) key';
  if (/attestation/i.test(message)) return `the attestation does not verify (${message.slice(0, 120)})`;
  return message.slice(0, 160);
}

/** A COSE EC2 P-256 key as compressed SEC1 hex; undefined for any other key. */
function compressedKeyOf(coseKey: Uint8Array): string | undefined {
  try {
    const key = decodeCredentialPublicKey(new Uint8Array(coseKey));
    if (!cose.isCOSEPublicKeyEC2(key) || key.get(cose.COSEKEYS.alg) !== COSEALG.ES256) return undefined;
    const x = key.get(cose.COSEKEYS.x);
    const y = key.get(cose.COSEKEYS.y);
    if (key.get(cose.COSEKEYS.crv) !== cose.COSECRV.P256 || x === undefined || y === undefined) return undefined;
    const point = Buffer.concat([Buffer.from([0x04]), x, y]);
    return ECDH.convertKey(point, 'prime256v1', undefined, 'hex', 'compressed') as string;
  } catch {
    return undefined;
  }
}

/** The COSE form of a stored key, which the library verifies with. */
function coseKeyOf(compressedHex: string): Uint8Array {
  const point = ECDH.convertKey(compressedHex, 'prime256v1', 'hex', undefined, 'uncompressed') as Buffer;
  const key = new Map<number, number | Uint8Array>([
    [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
    [cose.COSEKEYS.alg, COSEALG.ES256],
    [cose.COSEKEYS.crv, cose.COSECRV.P256],
    [cose.COSEKEYS.x, new Uint8Array(point.subarray(1, 33))],
    [cose.COSEKEYS.y, new Uint8Array(point.subarray(33, 65))],
  ]);
  return isoCBOR.encode(key);
}

/**
 * Verifies one attestation of create_authenticators as a relying party does: type `webauthn.create`, the
 * challenge the parameters give, an origin the organization allows, the RP ID hash, user presence, attested
 * credential data with a P-256 key, and the attestation statement (`none`, `packed`, and the other formats the
 * library knows).
 */
export async function verifyAttestation(
  organization: Organization,
  challenge: string,
  attestation: Attestation,
): Promise<Verdict<AttestedCredential>> {
  const clientDataJson = Buffer.from(attestation.clientDataJson, 'base64url');
  const expected = expectations(organization, clientDataJson);
  if ('refusal' in expected) return { ok: false, detail: expected.refusal };
  const credentialId = b64url(Buffer.from(attestation.credentialId, 'base64url'));
  const wantedChallenge = b64url(Buffer.from(challenge, 'base64url'));
  try {
    const verified = await verifyRegistrationResponse({
      response: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJson),
          attestationObject: b64url(Buffer.from(attestation.attestationObject, 'base64url')),
        },
      },
      expectedChallenge: (sent) => b64url(Buffer.from(sent, 'base64url')) === wantedChallenge,
      expectedOrigin: expected.origins,
      expectedRPID: expected.rpIds,
      expectedType: 'webauthn.create',
      requireUserPresence: true,
      // As the service's own passkey flows: verification is preferred, not required (security keys without a PIN).
      requireUserVerification: false,
      supportedAlgorithmIDs: [COSEALG.ES256],
    });
    if (!verified.verified) return { ok: false, detail: 'the attestation does not verify' };
    const info = verified.registrationInfo;
    if (info.credential.id !== credentialId)
      return { ok: false, detail: "the credential id is not the one in the authenticator's data" };
    const publicKey = compressedKeyOf(info.credential.publicKey);
    if (publicKey === undefined) return { ok: false, detail: 'the credential is not a P-256 (ES256) key' };
    return { ok: true, value: { credentialId, publicKey, aaguid: info.aaguid, attestationType: info.fmt } };
  } catch (error) {
    return { ok: false, detail: describe(error, 'create') };
  }
}

/**
 * The credential an attestation registers, read again when create_authenticators executes (its intent holds the
 * attestation, already verified when it was submitted). Undefined when it holds none.
 */
export function attestedCredentialOf(attestation: Attestation): AttestedCredential | undefined {
  try {
    const decoded = decodeAttestationObject(new Uint8Array(Buffer.from(attestation.attestationObject, 'base64url')));
    const fmt = decoded.get('fmt');
    const authData = parseAuthenticatorData(decoded.get('authData'));
    if (!authData.credentialID || !authData.credentialPublicKey || !authData.aaguid) return undefined;
    const publicKey = compressedKeyOf(authData.credentialPublicKey);
    if (publicKey === undefined) return undefined;
    return {
      credentialId: b64url(authData.credentialID),
      publicKey,
      aaguid: convertAAGUIDToString(authData.aaguid),
      attestationType: typeof fmt === 'string' ? fmt : 'none',
    };
  } catch {
    return undefined;
  }
}

/**
 * Verifies a passkey stamp's assertion over `body` with a registered key: type `webauthn.get`, the challenge
 * (UTF-8 of hex(sha256(body))), an http(s) origin and an RP ID that origin may use, user presence, and the ES256
 * signature. The organization's own origin list is checked apart (checkPasskeyOrigin), once the organization the
 * request names is known.
 */
export async function verifyAssertion(
  body: Uint8Array,
  assertion: DecodedWebauthnStamp,
  publicKeyHex: string,
): Promise<Verdict<{ userVerified: boolean }>> {
  const origin = clientOrigin(assertion.clientDataJson);
  if (origin === undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(assertion.clientDataJson).toString('utf8'));
    } catch {
      return { ok: false, detail: 'the client data is not JSON' };
    }
    if ((parsed as { type?: unknown } | null)?.type !== 'webauthn.get')
      return { ok: false, detail: 'the client data type is not "webauthn.get"' };
    return { ok: false, detail: 'the client data names no http(s) origin' };
  }
  let coseKey: Uint8Array;
  try {
    coseKey = coseKeyOf(publicKeyHex);
  } catch {
    return { ok: false, detail: 'the credential public key is not a P-256 key' };
  }
  try {
    const verified = await verifyAuthenticationResponse({
      response: {
        id: assertion.credentialId,
        rawId: assertion.credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          authenticatorData: b64url(assertion.authenticatorData),
          clientDataJSON: b64url(assertion.clientDataJson),
          signature: b64url(assertion.signature),
        },
      },
      expectedChallenge: b64url(webauthnChallenge(body)),
      expectedOrigin: origin,
      expectedRPID: rpIdsOf(origin),
      expectedType: 'webauthn.get',
      credential: { id: assertion.credentialId, publicKey: new Uint8Array(coseKey), counter: 0 },
      requireUserVerification: false,
    });
    if (!verified.verified)
      return { ok: false, detail: 'the signature does not match the authenticator data and client data' };
    return { ok: true, value: { userVerified: verified.authenticationInfo.userVerified } };
  } catch (error) {
    return { ok: false, detail: describe(error, 'get') };
  }
}
