/**
 * Exporting and importing private keys and wallets (swagger `v1ExportPrivateKeyIntent`,
 * `v1InitImportPrivateKeyIntent`, `v1ImportPrivateKeyIntent`, their wallet counterparts and their results). Bundles
 * are JSON text, encrypted with HPKE to a P-256 key.
 */
import * as z from 'zod';
import { idSchema } from './common';
import { curves } from './privateKey';
import { walletAccountParamsSchema } from './wallet';

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

/** The languages a mnemonic may be exported in (swagger `v1MnemonicLanguage`). */
export const mnemonicLanguages = [
  'MNEMONIC_LANGUAGE_ENGLISH',
  'MNEMONIC_LANGUAGE_SIMPLIFIED_CHINESE',
  'MNEMONIC_LANGUAGE_TRADITIONAL_CHINESE',
  'MNEMONIC_LANGUAGE_CZECH',
  'MNEMONIC_LANGUAGE_FRENCH',
  'MNEMONIC_LANGUAGE_ITALIAN',
  'MNEMONIC_LANGUAGE_JAPANESE',
  'MNEMONIC_LANGUAGE_KOREAN',
  'MNEMONIC_LANGUAGE_SPANISH',
] as const;

/** export_wallet: the wallet's mnemonic, encrypted to `targetPublicKey` (swagger `v1ExportWalletIntent`). */
export const exportWalletParametersSchema = z.strictObject({
  walletId: idSchema,
  targetPublicKey: exportPrivateKeyParametersSchema.shape.targetPublicKey,
  language: z.enum(mnemonicLanguages).optional(),
});
export type ExportWalletParameters = z.infer<typeof exportWalletParametersSchema>;
export const exportWalletResultSchema = z.looseObject({ walletId: z.string(), exportBundle: z.string() });

/** export_wallet_account: the account's private key, encrypted to `targetPublicKey`. */
export const exportWalletAccountParametersSchema = z.strictObject({
  address: idSchema,
  targetPublicKey: exportPrivateKeyParametersSchema.shape.targetPublicKey,
});
export type ExportWalletAccountParameters = z.infer<typeof exportWalletAccountParametersSchema>;
export const exportWalletAccountResultSchema = z.looseObject({ address: z.string(), exportBundle: z.string() });

export const initImportWalletParametersSchema = initImportPrivateKeyParametersSchema;
export type InitImportWalletParameters = z.infer<typeof initImportWalletParametersSchema>;
export const initImportWalletResultSchema = initImportPrivateKeyResultSchema;

/** import_wallet: a mnemonic encrypted to the import target, and the accounts to derive from it. */
export const importWalletParametersSchema = z.strictObject({
  userId: idSchema,
  walletName: z.string().trim().min(1, 'must not be empty').max(256, 'is too long'),
  encryptedBundle: importPrivateKeyParametersSchema.shape.encryptedBundle,
  accounts: z.array(walletAccountParamsSchema).max(100, 'has too many entries'),
});
export type ImportWalletParameters = z.infer<typeof importWalletParametersSchema>;
export const importWalletResultSchema = z.looseObject({ walletId: z.string(), addresses: z.array(z.string()) });
