/** A credential type in words: `CREDENTIAL_TYPE_API_KEY_P256` → "API key (P-256)". Pure. */
const WORDS: Readonly<Record<string, string>> = {
  CREDENTIAL_TYPE_API_KEY_P256: 'API key (P-256)',
  CREDENTIAL_TYPE_API_KEY_SECP256K1: 'API key (secp256k1)',
  CREDENTIAL_TYPE_API_KEY_ED25519: 'API key (Ed25519)',
  CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR: 'passkey',
  CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256: 'read-write session key (P-256)',
  CREDENTIAL_TYPE_OTP_AUTH_KEY_P256: 'one-time-password auth key (P-256)',
  CREDENTIAL_TYPE_OAUTH_KEY_P256: 'OAuth key (P-256)',
  CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256: 'email auth key (P-256)',
  CREDENTIAL_TYPE_RECOVER_USER_KEY_P256: 'recovery key (P-256)',
  CREDENTIAL_TYPE_LOGIN: 'login',
};

export function credentialTypeText(type: string): string {
  return (
    WORDS[type] ??
    type
      .replace(/^CREDENTIAL_TYPE_/, '')
      .toLowerCase()
      .replace(/_/g, ' ')
  );
}
