/**
 * The people operations policies govern (swagger `v1CreateApiKeysIntentV2`, `v1DeleteApiKeysIntent`,
 * `v1DeleteUsersIntent`, `v1UpdateUserIntent` and their results).
 */
import * as z from 'zod';
import { idSchema } from './common';
import { apiKeyParamsSchema, MAX_EXPIRING_API_KEYS_PER_USER, MAX_LONG_LIVED_API_KEYS_PER_USER } from './user';

const idListSchema = z.array(idSchema).min(1, 'must list at least one id').max(100, 'has too many entries');

export const createApiKeysParametersSchema = z.strictObject({
  apiKeys: z
    .array(apiKeyParamsSchema)
    .min(1, 'must list at least one API key')
    .max(MAX_LONG_LIVED_API_KEYS_PER_USER + MAX_EXPIRING_API_KEYS_PER_USER, 'has too many API keys'),
  userId: idSchema,
});
export type CreateApiKeysParameters = z.infer<typeof createApiKeysParametersSchema>;
export const createApiKeysResultSchema = z.looseObject({ apiKeyIds: z.array(z.string()) });

export const deleteApiKeysParametersSchema = z.strictObject({ userId: idSchema, apiKeyIds: idListSchema });
export type DeleteApiKeysParameters = z.infer<typeof deleteApiKeysParametersSchema>;
export const deleteApiKeysResultSchema = z.looseObject({ apiKeyIds: z.array(z.string()) });

export const deleteUsersParametersSchema = z.strictObject({ userIds: idListSchema });
export type DeleteUsersParameters = z.infer<typeof deleteUsersParametersSchema>;
export const deleteUsersResultSchema = z.looseObject({ userIds: z.array(z.string()) });

export const updateUserParametersSchema = z.strictObject({
  userId: idSchema,
  userName: z.string().trim().min(1, 'must not be empty').max(256, 'is too long').optional(),
  userEmail: z.string().max(320, 'is too long').optional(),
  userTagIds: z.array(idSchema).max(100, 'has too many entries').optional(),
  userPhoneNumber: z.string().max(32, 'is too long').optional(),
});
export type UpdateUserParameters = z.infer<typeof updateUserParametersSchema>;
export const updateUserResultSchema = z.looseObject({ userId: z.string() });
