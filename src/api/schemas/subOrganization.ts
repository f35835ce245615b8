/**
 * Sub-organizations (swagger `v1CreateSubOrganizationIntentV8`, `v1RootUserParamsV5`,
 * `v1CreateSubOrganizationResultV8`, `v1GetSubOrgIdsRequest`, `v1GetSubOrgIdsResponse`).
 */
import * as z from 'zod';
import { authenticatorParamsSchema } from './authenticator';
import { idSchema } from './common';
import { apiKeyParamsSchema, MAX_EXPIRING_API_KEYS_PER_USER, MAX_LONG_LIVED_API_KEYS_PER_USER } from './user';

const nameSchema = z.string().trim().min(1, 'must not be empty').max(256, 'is too long');

export const rootUserParamsSchema = z.strictObject({
  userName: nameSchema,
  userEmail: z.string().max(320, 'is too long').optional(),
  userPhoneNumber: z.string().max(32, 'is too long').optional(),
  apiKeys: z
    .array(apiKeyParamsSchema)
    .max(MAX_LONG_LIVED_API_KEYS_PER_USER + MAX_EXPIRING_API_KEYS_PER_USER, 'has too many API keys'),
  authenticators: z.array(authenticatorParamsSchema).max(10, 'must list at most 10 authenticators'),
  oauthProviders: z.array(z.looseObject({ providerName: z.string() })).max(10, 'has too many entries'),
});
export type RootUserParams = z.infer<typeof rootUserParamsSchema>;

/** The wallet a sub-organization may be created with (`v1WalletParams`). */
export const subOrganizationWalletSchema = z.looseObject({
  walletName: nameSchema,
  accounts: z.array(z.looseObject({})).max(100, 'has too many entries'),
  mnemonicLength: z.number().int().optional(),
});

export const createSubOrganizationParametersSchema = z.strictObject({
  subOrganizationName: nameSchema,
  rootUsers: z.array(rootUserParamsSchema).min(1, 'must list at least one root user').max(100, 'is too long'),
  rootQuorumThreshold: z.number().int().min(1, 'must be at least 1'),
  wallet: subOrganizationWalletSchema.optional(),
  disableEmailRecovery: z.boolean().optional(),
  disableEmailAuth: z.boolean().optional(),
  disableSmsAuth: z.boolean().optional(),
  disableOtpEmailAuth: z.boolean().optional(),
  verificationToken: z.string().max(8192, 'is too long').optional(),
  clientSignature: z.looseObject({}).optional(),
});
export type CreateSubOrganizationParameters = z.infer<typeof createSubOrganizationParametersSchema>;
export const createSubOrganizationResultSchema = z.looseObject({
  subOrganizationId: z.string(),
  wallet: z.looseObject({ walletId: z.string(), addresses: z.array(z.string()) }).optional(),
  rootUserIds: z.array(z.string()).optional(),
});

export const getSubOrgIdsRequestSchema = z.strictObject({
  organizationId: idSchema,
  filterType: z.string().max(64, 'is too long').optional(),
  filterValue: z.string().max(1024, 'is too long').optional(),
  paginationOptions: z
    .strictObject({
      limit: z
        .string()
        .regex(/^\d{1,3}$/, 'must be a number from 1 to 100 in a string')
        .optional(),
      before: z.string().max(256).optional(),
      after: z.string().max(256).optional(),
    })
    .optional(),
});
export type GetSubOrgIdsRequest = z.infer<typeof getSubOrgIdsRequestSchema>;
export const getSubOrgIdsResponseSchema = z.looseObject({ organizationIds: z.array(z.string()) });
