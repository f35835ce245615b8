/** A stamp is one HTTP header whose value proves who sent exactly these body bytes. */
export interface Stamp {
  /** `X-Stamp` for API keys, `X-Stamp-Webauthn` for passkeys. */
  readonly stampHeaderName: string;
  readonly stampHeaderValue: string;
}

/**
 * Signs a request body. The body string passed in is the exact string that will be sent;
 * implementations must sign its UTF-8 bytes and nothing else.
 */
export interface Stamper {
  stamp(body: string): Promise<Stamp>;
}

export const API_KEY_STAMP_HEADER = 'X-Stamp';
export const WEBAUTHN_STAMP_HEADER = 'X-Stamp-Webauthn';
export const API_KEY_SIGNATURE_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';
