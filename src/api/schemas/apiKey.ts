import * as z from 'zod';
import { idSchema, openEnum, timestampSchema, uint64StringSchema } from './common';

export const credentialTypes = [
  'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
  'CREDENTIAL_TYPE_API_KEY_P256',
  'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256',
  'CREDENTIAL_TYPE_API_KEY_SECP256K1',
  'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
  'CREDENTIAL_TYPE_API_KEY_ED25519',
  'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
  'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256',
  'CREDENTIAL_TYPE_OAUTH_KEY_P256',
  'CREDENTIAL_TYPE_LOGIN',
] as const;

export const apiKeySchema = z.looseObject({
  credential: z.looseObject({
    publicKey: z.string(),
    type: openEnum(credentialTypes),
    sessionProfileId: z.string().optional(),
  }),
  apiKeyId: z.string(),
  apiKeyName: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  expirationSeconds: uint64StringSchema.optional(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const getApiKeyRequestSchema = z.strictObject({
  organizationId: idSchema,
  apiKeyId: idSchema,
});
export const getApiKeyResponseSchema = z.looseObject({ apiKey: apiKeySchema });
