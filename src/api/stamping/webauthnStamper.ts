/**
 * The `X-Stamp-Webauthn` header: a passkey assertion whose challenge is the request body's digest.
 * The challenge bytes are the UTF-8 bytes of hex(sha256(body)) (64 bytes), not the 32 raw digest bytes,
 * because that is what the service recomputes. The header value is plain JSON (not base64-wrapped) whose
 * four fields are base64url without padding.
 *
 * The stamper never touches a key: `getAssertion` is where a browser, an operating-system passkey prompt
 * or a test authenticator answers `navigator.credentials.get()`-style requests.
 */
import { createHash } from 'node:crypto';
import { InvalidInputError } from '../errors';
import { WEBAUTHN_STAMP_HEADER, type Stamp, type Stamper } from './stamper';

export type UserVerificationRequirement = 'preferred' | 'required' | 'discouraged';

/** What the authenticator is asked to sign; the fields of PublicKeyCredentialRequestOptions we use. */
export interface WebauthnAssertionRequest {
  readonly challenge: Uint8Array;
  readonly rpId?: string;
  /** Credential ids (base64url) the authenticator may use; absent lets it pick any discoverable one. */
  readonly allowCredentials?: readonly string[];
  readonly userVerification: UserVerificationRequirement;
  readonly timeoutMs: number;
}

/** The authenticator's answer, as an AuthenticatorAssertionResponse gives it. */
export interface WebauthnAssertion {
  /** The credential's id, base64url (standard base64 is accepted and converted). */
  readonly credentialId: string;
  readonly authenticatorData: Uint8Array;
  readonly clientDataJSON: Uint8Array;
  /** ES256: an ASN.1 DER ECDSA signature. */
  readonly signature: Uint8Array;
}

export type GetWebauthnAssertion = (request: WebauthnAssertionRequest) => Promise<WebauthnAssertion>;

export interface WebauthnStamperConfig {
  readonly getAssertion: GetWebauthnAssertion;
  readonly rpId?: string;
  readonly allowCredentials?: readonly string[];
  /** Default `preferred`, as the service's own passkey stamper. */
  readonly userVerification?: UserVerificationRequirement;
  /** Default five minutes, as the service's own passkey stamper. */
  readonly timeoutMs?: number;
}

export const DEFAULT_WEBAUTHN_TIMEOUT_MS = 5 * 60_000;

/** The hex SHA-256 of the body's UTF-8 bytes: the string whose UTF-8 bytes are the challenge. */
export function webauthnChallengeHex(body: string | Uint8Array): string {
  return createHash('sha256')
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('hex');
}

/** The challenge a passkey must sign for this body: UTF-8 bytes of hex(sha256(body)). */
export function webauthnChallenge(body: string | Uint8Array): Uint8Array {
  return new Uint8Array(Buffer.from(webauthnChallengeHex(body), 'utf8'));
}

const BASE64_ANY = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes base64 or base64url, padded or not; undefined for anything else. */
export function decodeBase64Lenient(text: string): Uint8Array | undefined {
  const trimmed = text.trim();
  if (!BASE64_ANY.test(trimmed) || trimmed.replace(/=+$/, '').length % 4 === 1) return undefined;
  return new Uint8Array(Buffer.from(trimmed, 'base64'));
}

/** The canonical spelling of a credential id: base64url without padding; undefined when it is not base64. */
export function normalizeCredentialId(credentialId: string): string | undefined {
  const bytes = decodeBase64Lenient(credentialId);
  if (!bytes || bytes.length === 0) return undefined;
  return Buffer.from(bytes).toString('base64url');
}

function checkBytes(field: string, value: unknown, minLength: number): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length < minLength) {
    throw new InvalidInputError(
      'passkey assertion',
      `The authenticator's ${field} is missing or too short.`,
      'The authenticator answered with an incomplete assertion; try again or use another passkey.',
    );
  }
  return value;
}

export class WebauthnStamper implements Stamper {
  readonly #getAssertion: GetWebauthnAssertion;
  readonly #rpId: string | undefined;
  readonly #allowCredentials: readonly string[] | undefined;
  readonly #userVerification: UserVerificationRequirement;
  readonly #timeoutMs: number;

  constructor(config: WebauthnStamperConfig) {
    this.#getAssertion = config.getAssertion;
    this.#rpId = config.rpId;
    this.#allowCredentials = config.allowCredentials?.map((id) => {
      const normalized = normalizeCredentialId(id);
      if (normalized === undefined)
        throw new InvalidInputError('passkey credential id', 'A credential id is not base64url.');
      return normalized;
    });
    this.#userVerification = config.userVerification ?? 'preferred';
    this.#timeoutMs = config.timeoutMs ?? DEFAULT_WEBAUTHN_TIMEOUT_MS;
  }

  /** Asks the authenticator to sign this body's challenge. Its errors (a cancelled prompt, say) pass through. */
  async stamp(body: string): Promise<Stamp> {
    const assertion = await this.#getAssertion({
      challenge: webauthnChallenge(body),
      ...(this.#rpId !== undefined ? { rpId: this.#rpId } : {}),
      ...(this.#allowCredentials !== undefined ? { allowCredentials: [...this.#allowCredentials] } : {}),
      userVerification: this.#userVerification,
      timeoutMs: this.#timeoutMs,
    });
    const credentialId =
      typeof assertion.credentialId === 'string' ? normalizeCredentialId(assertion.credentialId) : undefined;
    if (credentialId === undefined) {
      throw new InvalidInputError(
        'passkey assertion',
        "The authenticator's credential id is not base64url.",
        'The authenticator answered with an incomplete assertion; try again or use another passkey.',
      );
    }
    // authenticatorData is at least the rpId hash (32), the flags (1) and the counter (4).
    const authenticatorData = checkBytes('authenticator data', assertion.authenticatorData, 37);
    const clientDataJSON = checkBytes('client data', assertion.clientDataJSON, 2);
    const signature = checkBytes('signature', assertion.signature, 8);
    const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
    // Key order as the service's own stamper writes it; note the lowercase "Json".
    const value = JSON.stringify({
      authenticatorData: b64url(authenticatorData),
      clientDataJson: b64url(clientDataJSON),
      credentialId,
      signature: b64url(signature),
    });
    return { stampHeaderName: WEBAUTHN_STAMP_HEADER, stampHeaderValue: value };
  }

  toJSON(): object {
    return { type: 'WebauthnStamper', rpId: this.#rpId, userVerification: this.#userVerification };
  }
}
