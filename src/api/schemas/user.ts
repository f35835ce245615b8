/**
 * Users, user tags and the root quorum (swagger `v1User`, `v1CreateUsersIntentV4`, `v1UserParamsV4`,
 * `v1ApiKeyParamsV2`, `v1GetUsersRequest`, `v1GetUserRequest`, `v1CreateUserTagIntent`, `v1UpdateUserTagIntent`,
 * `v1DeleteUserTagsIntent`, `v1ListUserTagsRequest`, `v1UpdateRootQuorumIntent`).
 */
import * as z from 'zod';
import { apiKeySchema } from './apiKey';
import { authenticatorParamsSchema, authenticatorSchema } from './authenticator';
import { idSchema, timestampSchema, uint64StringSchema } from './common';
import { tagSchema } from './privateKeyTag';

/** The service's limits: 100 users in an organization, 10 API keys that never expire per user (and 10 that do). */
export const MAX_USERS_PER_ORGANIZATION = 100;
export const MAX_LONG_LIVED_API_KEYS_PER_USER = 10;
export const MAX_EXPIRING_API_KEYS_PER_USER = 10;

const nameSchema = z.string().trim().min(1, 'must not be empty').max(256, 'is too long');
const idListSchema = z.array(idSchema).max(100, 'has too many entries');

export const apiKeyCurves = ['API_KEY_CURVE_P256', 'API_KEY_CURVE_SECP256K1', 'API_KEY_CURVE_ED25519'] as const;

export const apiKeyParamsSchema = z.strictObject({
  apiKeyName: nameSchema,
  publicKey: z.string().min(1, 'must not be empty').max(200, 'is too long'),
  curveType: z.enum(apiKeyCurves),
  expirationSeconds: uint64StringSchema.optional(),
});
export type ApiKeyParams = z.infer<typeof apiKeyParamsSchema>;

export const userParamsSchema = z.strictObject({
  userName: nameSchema,
  userEmail: z.string().max(320, 'is too long').optional(),
  userPhoneNumber: z.string().max(32, 'is too long').optional(),
  apiKeys: z
    .array(apiKeyParamsSchema)
    .max(
      MAX_LONG_LIVED_API_KEYS_PER_USER + MAX_EXPIRING_API_KEYS_PER_USER,
      `must list at most ${MAX_LONG_LIVED_API_KEYS_PER_USER + MAX_EXPIRING_API_KEYS_PER_USER} API keys`,
    ),
  authenticators: z.array(authenticatorParamsSchema).max(10, 'must list at most 10 authenticators'),
  oauthProviders: z.array(z.looseObject({ providerName: z.string() })).max(10, 'has too many entries'),
  userTags: idListSchema,
});
export type UserParams = z.infer<typeof userParamsSchema>;

export const createUsersParametersSchema = z.strictObject({
  users: z
    .array(userParamsSchema)
    .min(1, 'must list at least one user')
    .max(MAX_USERS_PER_ORGANIZATION, `must list at most ${MAX_USERS_PER_ORGANIZATION} users`),
});
export type CreateUsersParameters = z.infer<typeof createUsersParametersSchema>;
export const createUsersResultSchema = z.looseObject({ userIds: z.array(z.string()) });

export const userSchema = z.looseObject({
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string().optional(),
  userPhoneNumber: z.string().optional(),
  authenticators: z.array(authenticatorSchema).default([]),
  apiKeys: z.array(apiKeySchema).default([]),
  userTags: z.array(z.string()).default([]),
  oauthProviders: z.array(z.looseObject({})).default([]),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

export const listUsersResponseSchema = z.looseObject({ users: z.array(userSchema) });
export const getUserRequestSchema = z.strictObject({ organizationId: idSchema, userId: idSchema });
export const getUserResponseSchema = z.looseObject({ user: userSchema });

export const createUserTagParametersSchema = z.strictObject({
  userTagName: nameSchema,
  userIds: idListSchema,
});
export type CreateUserTagParameters = z.infer<typeof createUserTagParametersSchema>;
export const createUserTagResultSchema = z.looseObject({ userTagId: z.string(), userIds: z.array(z.string()) });

export const updateUserTagParametersSchema = z.strictObject({
  userTagId: idSchema,
  newUserTagName: nameSchema.optional(),
  addUserIds: idListSchema,
  removeUserIds: idListSchema,
});
export type UpdateUserTagParameters = z.infer<typeof updateUserTagParametersSchema>;
export const updateUserTagResultSchema = z.looseObject({ userTagId: z.string() });

export const deleteUserTagsParametersSchema = z.strictObject({
  userTagIds: idListSchema.min(1, 'must list at least one user tag'),
});
export type DeleteUserTagsParameters = z.infer<typeof deleteUserTagsParametersSchema>;
export const deleteUserTagsResultSchema = z.looseObject({
  userTagIds: z.array(z.string()),
  userIds: z.array(z.string()),
});

export const listUserTagsResponseSchema = z.looseObject({ userTags: z.array(tagSchema) });

export const updateRootQuorumParametersSchema = z.strictObject({
  threshold: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100'),
  userIds: idListSchema.min(1, 'must list at least one user'),
});
export type UpdateRootQuorumParameters = z.infer<typeof updateRootQuorumParametersSchema>;
export const updateRootQuorumResultSchema = z.looseObject({});
