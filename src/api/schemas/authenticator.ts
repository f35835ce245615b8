/**
 * Passkeys (swagger `v1Authenticator`, `v1CreateAuthenticatorsIntentV2`, `v1AuthenticatorParamsV2`, `v1Attestation`,
 * `v1DeleteAuthenticatorsIntent`, `v1GetAuthenticatorsRequest`, `v1GetAuthenticatorRequest`).
 */
import * as z from 'zod';
import { MAX_AUTHENTICATORS_PER_USER } from '../wireValues';
import { idSchema, openEnum, timestampSchema } from './common';

export const authenticatorTransports = [
  'AUTHENTICATOR_TRANSPORT_BLE',
  'AUTHENTICATOR_TRANSPORT_INTERNAL',
  'AUTHENTICATOR_TRANSPORT_NFC',
  'AUTHENTICATOR_TRANSPORT_USB',
  'AUTHENTICATOR_TRANSPORT_HYBRID',
] as const;
export type AuthenticatorTransport = (typeof authenticatorTransports)[number];

/** base64url (the spec's "base64 url encoded"), padding tolerated. */
const base64urlSchema = (max: number) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max, 'is too long')
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** What `navigator.credentials.create()` answered, as the service takes it. */
export const attestationSchema = z.strictObject({
  credentialId: base64urlSchema(1400),
  clientDataJson: base64urlSchema(8192),
  attestationObject: base64urlSchema(65536),
  transports: z.array(z.enum(authenticatorTransports)).max(authenticatorTransports.length),
});
export type Attestation = z.infer<typeof attestationSchema>;

export const authenticatorParamsSchema = z.strictObject({
  authenticatorName: z.string().trim().min(1, 'must not be empty').max(256, 'is too long'),
  /** The challenge given to `navigator.credentials.create()`, base64url: the client data must carry it. */
  challenge: base64urlSchema(1024),
  attestation: attestationSchema,
});
export type AuthenticatorParams = z.infer<typeof authenticatorParamsSchema>;

export const createAuthenticatorsParametersSchema = z.strictObject({
  userId: idSchema,
  authenticators: z
    .array(authenticatorParamsSchema)
    .min(1, 'must list at least one authenticator')
    .max(MAX_AUTHENTICATORS_PER_USER, `must list at most ${MAX_AUTHENTICATORS_PER_USER} authenticators`),
});
export type CreateAuthenticatorsParameters = z.infer<typeof createAuthenticatorsParametersSchema>;
export const createAuthenticatorsResultSchema = z.looseObject({ authenticatorIds: z.array(z.string()) });

export const deleteAuthenticatorsParametersSchema = z.strictObject({
  userId: idSchema,
  authenticatorIds: z.array(idSchema).min(1, 'must list at least one authenticator').max(100, 'is too long'),
});
export type DeleteAuthenticatorsParameters = z.infer<typeof deleteAuthenticatorsParametersSchema>;
export const deleteAuthenticatorsResultSchema = z.looseObject({ authenticatorIds: z.array(z.string()) });

export const authenticatorSchema = z.looseObject({
  transports: z.array(openEnum(authenticatorTransports)).default([]),
  attestationType: z.string().default(''),
  aaguid: z.string().default(''),
  credentialId: z.string(),
  model: z.string().default(''),
  credential: z.looseObject({ publicKey: z.string(), type: z.string() }),
  authenticatorId: z.string(),
  authenticatorName: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Authenticator = z.infer<typeof authenticatorSchema>;

export const getAuthenticatorsRequestSchema = z.strictObject({ organizationId: idSchema, userId: idSchema });
export const getAuthenticatorsResponseSchema = z.looseObject({ authenticators: z.array(authenticatorSchema) });
export const getAuthenticatorRequestSchema = z.strictObject({ organizationId: idSchema, authenticatorId: idSchema });
export const getAuthenticatorResponseSchema = z.looseObject({ authenticator: authenticatorSchema });
