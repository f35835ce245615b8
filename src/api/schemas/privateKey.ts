import * as z from 'zod';
import { idSchema, openEnum, timestampSchema } from './common';

export const curves = ['CURVE_SECP256K1', 'CURVE_ED25519', 'CURVE_P256'] as const;

export const privateKeySchema = z.looseObject({
  privateKeyId: z.string(),
  publicKey: z.string(),
  privateKeyName: z.string(),
  curve: openEnum(curves),
  addresses: z.array(z.looseObject({ format: z.string().optional(), address: z.string().optional() })),
  privateKeyTags: z.array(z.string()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  exported: z.boolean(),
  imported: z.boolean(),
});
export type PrivateKey = z.infer<typeof privateKeySchema>;

export const listPrivateKeysResponseSchema = z.looseObject({ privateKeys: z.array(privateKeySchema) });

export const getPrivateKeyRequestSchema = z.strictObject({ organizationId: idSchema, privateKeyId: idSchema });
export const getPrivateKeyResponseSchema = z.looseObject({ privateKey: privateKeySchema });

/** Address formats the sandbox derives (swagger `v1AddressFormat` lists many more, for other chains). */
export const addressFormats = ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_COMPRESSED', 'ADDRESS_FORMAT_UNCOMPRESSED'];

export const privateKeyParamsSchema = z.strictObject({
  privateKeyName: z.string().trim().min(1, 'must not be empty').max(256, 'is too long'),
  curve: z.enum(curves),
  privateKeyTags: z.array(idSchema).max(100, 'has too many entries'),
  addressFormats: z.array(z.string().min(1, 'must not be empty').max(64, 'is too long')).max(50, 'is too long'),
});
export type PrivateKeyParams = z.infer<typeof privateKeyParamsSchema>;

/** create_private_keys (V2): swagger `v1CreatePrivateKeysIntentV2`, `v1CreatePrivateKeysResultV2`. */
export const createPrivateKeysParametersSchema = z.strictObject({
  privateKeys: z.array(privateKeyParamsSchema).min(1, 'must list at least one private key').max(100, 'is too long'),
});
export type CreatePrivateKeysParameters = z.infer<typeof createPrivateKeysParametersSchema>;
export const createPrivateKeysResultSchema = z.looseObject({
  privateKeys: z.array(
    z.looseObject({
      privateKeyId: z.string(),
      addresses: z.array(z.looseObject({ format: z.string().optional(), address: z.string().optional() })),
    }),
  ),
});
