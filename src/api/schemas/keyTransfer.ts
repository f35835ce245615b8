/**
 * Exporting and importing private keys (swagger `v1ExportPrivateKeyIntent`, `v1InitImportPrivateKeyIntent`,
 * `v1ImportPrivateKeyIntent` and their results). Bundles are JSON text, encrypted with HPKE to a P-256 key.
 */
import * as z from 'zod';
import { idSchema } from './common';
import { curves } from './privateKey';

const addressSchema = z.looseObject({ format: z.string().optional(), address: z.string().optional() });

export const exportPrivateKeyParametersSchema = z.strictObject({
  privateKeyId: idSchema,
  /** An uncompressed P-256 public key in hex: the bundle is encrypted to it. */
  targetPublicKey: z.string().min(1, 'must not be empty').max(200, 'is too long'),
});
export type ExportPrivateKeyParameters = z.infer<typeof exportPrivateKeyParametersSchema>;
export const exportPrivateKeyResultSchema = z.looseObject({ privateKeyId: z.string(), exportBundle: z.string() });

export const initImportPrivateKeyParametersSchema = z.strictObject({ userId: idSchema });
export type InitImportPrivateKeyParameters = z.infer<typeof initImportPrivateKeyParametersSchema>;
export const initImportPrivateKeyResultSchema = z.looseObject({ importBundle: z.string() });

export const importPrivateKeyParametersSchema = z.strictObject({
  userId: idSchema,
  privateKeyName: z.string().trim().min(1, 'must not be empty').max(256, 'is too long'),
  encryptedBundle: z.string().min(1, 'must not be empty').max(16384, 'is too long'),
  curve: z.enum(curves),
  addressFormats: z.array(z.string().min(1, 'must not be empty').max(64, 'is too long')).max(50, 'is too long'),
});
export type ImportPrivateKeyParameters = z.infer<typeof importPrivateKeyParametersSchema>;
export const importPrivateKeyResultSchema = z.looseObject({
  privateKeyId: z.string(),
  addresses: z.array(addressSchema),
});
