import * as z from 'zod';
import { openEnum, timestampSchema } from './common';

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
