import * as z from 'zod';
import { idSchema, openEnum, timestampSchema } from './common';

export const createPrivateKeyTagParametersSchema = z.strictObject({
  privateKeyTagName: z.string().min(1, 'must not be empty').max(256, 'is too long'),
  privateKeyIds: z.array(idSchema).max(1000, 'has too many entries'),
});
export type CreatePrivateKeyTagParameters = z.infer<typeof createPrivateKeyTagParametersSchema>;

export const createPrivateKeyTagResultSchema = z.looseObject({
  privateKeyTagId: z.string(),
  privateKeyIds: z.array(z.string()),
});

export const tagSchema = z.looseObject({
  tagId: z.string(),
  tagName: z.string(),
  tagType: openEnum(['TAG_TYPE_USER', 'TAG_TYPE_PRIVATE_KEY']),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Tag = z.infer<typeof tagSchema>;

export const listPrivateKeyTagsResponseSchema = z.looseObject({ privateKeyTags: z.array(tagSchema) });

/** update_private_key_tag: swagger `v1UpdatePrivateKeyTagIntent`, `v1UpdatePrivateKeyTagResult`. */
export const updatePrivateKeyTagParametersSchema = z.strictObject({
  privateKeyTagId: idSchema,
  newPrivateKeyTagName: z.string().min(1, 'must not be empty').max(256, 'is too long').optional(),
  addPrivateKeyIds: z.array(idSchema).max(1000, 'has too many entries'),
  removePrivateKeyIds: z.array(idSchema).max(1000, 'has too many entries'),
});
export type UpdatePrivateKeyTagParameters = z.infer<typeof updatePrivateKeyTagParametersSchema>;
export const updatePrivateKeyTagResultSchema = z.looseObject({ privateKeyTagId: z.string() });
