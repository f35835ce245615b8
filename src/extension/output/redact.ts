/**
 * Masks secrets in any text before it reaches the log, the output or a message. Two nets: the private keys
 * this window has seen (registered as they are loaded, matched exactly, in hex, base64 and base64url), and the
 * shapes a secret takes on the wire, so that a key or stamp nobody registered is still caught. Pure: no
 * `vscode`, tested in plain Node (including a fuzzer over every spelling the key importer accepts).
 */

export const REDACTED = '[redacted]';

/**
 * A quote as it appears in a log line: plain, single, or escaped inside JSON strings nested up to three deep.
 * The backslashes are bounded so that a long run of them cannot make a pattern backtrack for seconds.
 */
const Q = String.raw`(?:\\{0,7}["'])`;

/**
 * - a DER ECDSA signature in hex (`30` length `02` …), as API key stamps carry it;
 * - a key in the official CLI's file form (64 hex, then `:p256` in any case and spacing, as the importer takes);
 * - the value of a private key field, however it is spelt (`privateKey`, `private_key`, `PRIVATE-KEY`,
 *   `apiPrivateKey`), quoted, escaped or bare, after `:` or `=`;
 * - an `X-Stamp` / `X-Stamp-Webauthn` header's value, after its name;
 * - a passkey stamp's JSON object (it carries `authenticatorData` / `clientDataJson`), in any key order, and
 *   those fields and a base64 `signature` wherever they appear on their own (a multi-line value cut into lines).
 * A bare 64-hex run is not masked by shape: fingerprints and hashes look the same and must stay readable.
 */
const SHAPES: readonly [RegExp, string][] = [
  [/(?<![0-9a-fA-F])30[0-9a-fA-F]{2}02[0-9a-fA-F]{100,}(?![0-9a-fA-F])/g, REDACTED],
  [/(?<![0-9a-fA-F])(?:0x)?[0-9a-fA-F]{64}\s*:\s*(?:p256|secp256k1|ed25519)\b/gi, REDACTED],
  [
    new RegExp(String.raw`(${Q}?\b(?:api[_-]?)?private[_-]?key${Q}?\s*[:=]\s*${Q}?)[^"'\\\s,;&}]+`, 'gi'),
    `$1${REDACTED}`,
  ],
  [
    new RegExp(String.raw`(\bx-stamp(?:-webauthn)?${Q}?\s*[:=]\s*${Q}?)(?:\{[^{}]*\}?|[^"'\\\s,;&}]+)`, 'gi'),
    `$1${REDACTED}`,
  ],
  [new RegExp(String.raw`\{[^{}]*${Q}(?:authenticatorData|clientDataJson)${Q}[^{}]*\}?`, 'gi'), REDACTED],
  [
    new RegExp(String.raw`(${Q}?\b(?:authenticatorData|clientDataJson)${Q}?\s*[:=]\s*${Q}?)[A-Za-z0-9+/_=-]+`, 'gi'),
    `$1${REDACTED}`,
  ],
  // A passkey's signature is base64 (an app proof's or a vote's is hex, and public): mask the base64 ones.
  [
    new RegExp(
      String.raw`(${Q}?\bsignature${Q}?\s*[:=]\s*${Q}?)(?=[0-9a-fA-F]*[g-zG-Z+/_-])[A-Za-z0-9+/_=-]{16,}`,
      'gi',
    ),
    `$1${REDACTED}`,
  ],
];

/** A run of base64 or base64url long enough to hold a stamp. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{60,}={0,2}/g;
/** What an API key stamp's JSON holds, in whatever order and spacing it was written. */
const STAMP_JSON = /"(?:signature|scheme|publicKey|authenticatorData|clientDataJson)"\s*:/;

/** An X-Stamp value: base64 (either alphabet, padded or not) of a stamp's JSON. */
function maskEncodedStamps(text: string): string {
  return text.replace(BASE64_RUN, (run) =>
    STAMP_JSON.test(Buffer.from(run, 'base64').toString('latin1')) ? REDACTED : run,
  );
}

/** The spellings of a loaded private key: as given, and its 32 bytes in base64 and base64url (a JWK's `d`). */
function spellingsOf(secret: string): string[] {
  const hex = /^(?:0x)?([0-9a-f]{64})(?:\s*:\s*p256)?$/i.exec(secret)?.[1];
  if (hex === undefined) return [secret];
  const bytes = Buffer.from(hex, 'hex');
  const base64 = bytes.toString('base64');
  return [secret, hex, base64, base64.replace(/=+$/, ''), bytes.toString('base64url')];
}

export class Redactor {
  readonly #secrets = new Map<string, RegExp>();

  /** Remembers a secret so that it is masked wherever it appears, even in a shape the patterns miss. */
  add(secret: string): void {
    for (const spelling of spellingsOf(secret.trim())) {
      // Short strings are not secrets worth masking everywhere (and would mask ordinary words).
      if (spelling.length >= 16 && !this.#secrets.has(spelling.toLowerCase())) {
        const escaped = spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        this.#secrets.set(spelling.toLowerCase(), new RegExp(escaped, 'gi'));
      }
    }
  }

  redact(text: string): string {
    let result = text;
    for (const pattern of this.#secrets.values()) result = result.replace(pattern, REDACTED);
    result = maskEncodedStamps(result);
    for (const [shape, replacement] of SHAPES) result = result.replace(shape, replacement);
    return result;
  }
}
