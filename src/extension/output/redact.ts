/**
 * Masks secrets in any text before it reaches the log, the output or a message. Two nets: the private keys
 * this window has seen (registered as they are loaded, matched exactly), and the shapes a secret takes on the
 * wire, so that a key or stamp nobody registered is still caught. Pure: no `vscode`, tested in plain Node.
 */

export const REDACTED = '[redacted]';

/**
 * - an X-Stamp / X-Stamp-Webauthn value: base64url of a JSON object that starts `{"publicKey":` or
 *   `{"authenticatorData":`/`{"credentialId":` (webauthn);
 * - a DER ECDSA signature in hex (`30` length `02` …), as stamps carry it;
 * - a key in the official CLI's file form (64 hex and `:p256`), and the value of any `privateKey` field.
 * A bare 64-hex run is not masked by shape: fingerprints and hashes look the same and must stay readable.
 */
const SHAPES: readonly RegExp[] = [
  /eyJ(?:wdWJsaWNLZXkiOi|hdXRoZW50aWNhdG9yRGF0YSI6|jcmVkZW50aWFsSWQiOi)[A-Za-z0-9_\-+/=]*/g,
  /(?<![0-9a-fA-F])30[0-9a-fA-F]{2}02[0-9a-fA-F]{120,}(?![0-9a-fA-F])/g,
  /(?<![0-9a-fA-F])[0-9a-fA-F]{64}:(?:p256|secp256k1|ed25519)\b/g,
];
const PRIVATE_KEY_FIELD = /("?privateKey"?\s*[:=]\s*"?)([^"\s,}]+)/gi;

export class Redactor {
  readonly #secrets = new Map<string, RegExp>();

  /** Remembers a secret so that it is masked wherever it appears, even in a shape the patterns miss. */
  add(secret: string): void {
    const trimmed = secret.trim();
    // Short strings are not secrets worth masking everywhere (and would mask ordinary words).
    if (trimmed.length >= 16 && !this.#secrets.has(trimmed.toLowerCase())) {
      this.#secrets.set(trimmed.toLowerCase(), new RegExp(trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'));
    }
  }

  redact(text: string): string {
    let result = text;
    for (const pattern of this.#secrets.values()) result = result.replace(pattern, REDACTED);
    for (const shape of SHAPES) result = result.replace(shape, REDACTED);
    return result.replace(PRIVATE_KEY_FIELD, (_match, name: string) => `${name}${REDACTED}`);
  }
}
