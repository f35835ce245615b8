/**
 * HD wallets and their accounts (swagger `v1Wallet`, `v1WalletAccount`, `v1WalletAccountParams`): the reads
 * (list_wallets, get_wallet, list_wallet_accounts, get_wallet_account), the activities that make and change them
 * (create_wallet, create_wallet_accounts, update_wallet, delete_wallets, delete_wallet_accounts) and
 * sign_raw_payloads, which signs several payloads with one key or account.
 */
import * as z from 'zod';
import { idSchema, openEnum, timestampSchema } from './common';
import { curves } from './privateKey';
import { hashFunctions, payloadEncodings, signRawPayloadResultSchema } from './signing';

/** Every value of the swagger's `v1AddressFormat`; which of them the sandbox derives is its own choice. */
export const walletAddressFormats = [
  'ADDRESS_FORMAT_UNCOMPRESSED',
  'ADDRESS_FORMAT_COMPRESSED',
  'ADDRESS_FORMAT_ETHEREUM',
  'ADDRESS_FORMAT_SOLANA',
  'ADDRESS_FORMAT_COSMOS',
  'ADDRESS_FORMAT_TRON',
  'ADDRESS_FORMAT_SUI',
  'ADDRESS_FORMAT_APTOS',
  'ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH',
  'ADDRESS_FORMAT_BITCOIN_MAINNET_P2SH',
  'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH',
  'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WSH',
  'ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR',
  'ADDRESS_FORMAT_BITCOIN_TESTNET_P2PKH',
  'ADDRESS_FORMAT_BITCOIN_TESTNET_P2SH',
  'ADDRESS_FORMAT_BITCOIN_TESTNET_P2WPKH',
  'ADDRESS_FORMAT_BITCOIN_TESTNET_P2WSH',
  'ADDRESS_FORMAT_BITCOIN_TESTNET_P2TR',
  'ADDRESS_FORMAT_BITCOIN_SIGNET_P2PKH',
  'ADDRESS_FORMAT_BITCOIN_SIGNET_P2SH',
  'ADDRESS_FORMAT_BITCOIN_SIGNET_P2WPKH',
  'ADDRESS_FORMAT_BITCOIN_SIGNET_P2WSH',
  'ADDRESS_FORMAT_BITCOIN_SIGNET_P2TR',
  'ADDRESS_FORMAT_BITCOIN_REGTEST_P2PKH',
  'ADDRESS_FORMAT_BITCOIN_REGTEST_P2SH',
  'ADDRESS_FORMAT_BITCOIN_REGTEST_P2WPKH',
  'ADDRESS_FORMAT_BITCOIN_REGTEST_P2WSH',
  'ADDRESS_FORMAT_BITCOIN_REGTEST_P2TR',
  'ADDRESS_FORMAT_SEI',
  'ADDRESS_FORMAT_XLM',
  'ADDRESS_FORMAT_DOGE_MAINNET',
  'ADDRESS_FORMAT_DOGE_TESTNET',
  'ADDRESS_FORMAT_TON_V3R2',
  'ADDRESS_FORMAT_TON_V4R2',
  'ADDRESS_FORMAT_TON_V5R1',
  'ADDRESS_FORMAT_XRP',
  'ADDRESS_FORMAT_SPARK_MAINNET',
  'ADDRESS_FORMAT_SPARK_REGTEST',
] as const;
export type WalletAddressFormat = (typeof walletAddressFormats)[number];

export const mnemonicLengths = [12, 15, 18, 21, 24] as const;

const nameSchema = z.string().trim().min(1, 'must not be empty').max(256, 'is too long');

export const walletAccountParamsSchema = z.strictObject({
  curve: z.enum(curves),
  pathFormat: z.enum(['PATH_FORMAT_BIP32']),
  path: z.string().min(1, 'must not be empty').max(256, 'is too long'),
  addressFormat: z.enum(walletAddressFormats),
  name: nameSchema.optional(),
});
export type WalletAccountParams = z.infer<typeof walletAccountParamsSchema>;

const accountListSchema = z.array(walletAccountParamsSchema).max(100, 'has too many entries');

/** create_wallet: swagger `v1CreateWalletIntent`, `v1CreateWalletResult`. */
export const createWalletParametersSchema = z.strictObject({
  walletName: nameSchema,
  accounts: accountListSchema,
  mnemonicLength: z
    .number()
    .int()
    .refine((n) => (mnemonicLengths as readonly number[]).includes(n), 'must be 12, 15, 18, 21 or 24')
    .optional(),
});
export type CreateWalletParameters = z.infer<typeof createWalletParametersSchema>;
export const createWalletResultSchema = z.looseObject({ walletId: z.string(), addresses: z.array(z.string()) });

/** create_wallet_accounts: `persist: false` previews the addresses and creates nothing. */
export const createWalletAccountsParametersSchema = z.strictObject({
  walletId: idSchema,
  accounts: accountListSchema.min(1, 'must list at least one account'),
  persist: z.boolean().optional(),
});
export type CreateWalletAccountsParameters = z.infer<typeof createWalletAccountsParametersSchema>;
export const createWalletAccountsResultSchema = z.looseObject({ addresses: z.array(z.string()) });

export const updateWalletParametersSchema = z.strictObject({ walletId: idSchema, walletName: nameSchema.optional() });
export type UpdateWalletParameters = z.infer<typeof updateWalletParametersSchema>;
export const updateWalletResultSchema = z.looseObject({ walletId: z.string() });

export const deleteWalletsParametersSchema = z.strictObject({
  walletIds: z.array(idSchema).min(1, 'must list at least one wallet').max(100, 'has too many entries'),
  deleteWithoutExport: z.boolean().optional(),
});
export type DeleteWalletsParameters = z.infer<typeof deleteWalletsParametersSchema>;
export const deleteWalletsResultSchema = z.looseObject({ walletIds: z.array(z.string()) });

export const deleteWalletAccountsParametersSchema = z.strictObject({
  walletAccountIds: z.array(idSchema).min(1, 'must list at least one account').max(100, 'has too many entries'),
  deleteWithoutExport: z.boolean().optional(),
});
export type DeleteWalletAccountsParameters = z.infer<typeof deleteWalletAccountsParametersSchema>;
export const deleteWalletAccountsResultSchema = z.looseObject({ walletAccountIds: z.array(z.string()) });

/** sign_raw_payloads: one key or account, several payloads, one encoding and hash function for all. */
export const signRawPayloadsParametersSchema = z.strictObject({
  signWith: idSchema,
  payloads: z
    .array(z.string().max(262_144, 'is too long'))
    .min(1, 'must list at least one payload')
    .max(100, 'has too many entries'),
  encoding: z.enum(payloadEncodings),
  hashFunction: z.enum(hashFunctions),
});
export type SignRawPayloadsParameters = z.infer<typeof signRawPayloadsParametersSchema>;
export const signRawPayloadsResultSchema = z.looseObject({ signatures: z.array(signRawPayloadResultSchema) });

export const walletSchema = z.looseObject({
  walletId: z.string(),
  walletName: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  exported: z.boolean(),
  imported: z.boolean(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletAccountSchema = z.looseObject({
  walletAccountId: z.string(),
  organizationId: z.string(),
  walletId: z.string(),
  curve: openEnum(curves),
  pathFormat: z.string(),
  path: z.string(),
  addressFormat: z.string(),
  address: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  publicKey: z.string().optional(),
  walletDetails: walletSchema.optional(),
  name: z.string().optional(),
});
export type WalletAccount = z.infer<typeof walletAccountSchema>;

const organizationIdSchema = idSchema;
export const listWalletsRequestSchema = z.strictObject({ organizationId: organizationIdSchema });
export const listWalletsResponseSchema = z.looseObject({ wallets: z.array(walletSchema) });
export const getWalletRequestSchema = z.strictObject({ organizationId: organizationIdSchema, walletId: idSchema });
export const getWalletResponseSchema = z.looseObject({ wallet: walletSchema });

export const listWalletAccountsRequestSchema = z.strictObject({
  organizationId: organizationIdSchema,
  walletId: idSchema.optional(),
  includeWalletDetails: z.boolean().optional(),
  paginationOptions: z
    .strictObject({ limit: z.string().max(20).optional(), before: idSchema.optional(), after: idSchema.optional() })
    .optional(),
});
export type ListWalletAccountsRequest = z.infer<typeof listWalletAccountsRequestSchema>;
export const listWalletAccountsResponseSchema = z.looseObject({ accounts: z.array(walletAccountSchema) });

export const getWalletAccountRequestSchema = z.strictObject({
  organizationId: organizationIdSchema,
  walletId: idSchema,
  address: idSchema.optional(),
  path: z.string().min(1).max(256).optional(),
});
export type GetWalletAccountRequest = z.infer<typeof getWalletAccountRequestSchema>;
export const getWalletAccountResponseSchema = z.looseObject({ account: walletAccountSchema });
