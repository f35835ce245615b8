/** The wallet operations of the table in operations.ts: their paths, activity types and schemas. */
import { query, submit } from './operationKinds';
import { ActivityType } from './wireValues';
import {
  createWalletAccountsParametersSchema,
  createWalletAccountsResultSchema,
  createWalletParametersSchema,
  createWalletResultSchema,
  deleteWalletAccountsParametersSchema,
  deleteWalletAccountsResultSchema,
  deleteWalletsParametersSchema,
  deleteWalletsResultSchema,
  getWalletAccountRequestSchema,
  getWalletAccountResponseSchema,
  getWalletRequestSchema,
  getWalletResponseSchema,
  listWalletAccountsRequestSchema,
  listWalletAccountsResponseSchema,
  listWalletsRequestSchema,
  listWalletsResponseSchema,
  signRawPayloadsParametersSchema,
  signRawPayloadsResultSchema,
  updateWalletParametersSchema,
  updateWalletResultSchema,
} from './schemas/wallet';

export const walletOperations = {
  listWallets: query('list_wallets', listWalletsRequestSchema, listWalletsResponseSchema),
  getWallet: query('get_wallet', getWalletRequestSchema, getWalletResponseSchema),
  listWalletAccounts: query('list_wallet_accounts', listWalletAccountsRequestSchema, listWalletAccountsResponseSchema),
  getWalletAccount: query('get_wallet_account', getWalletAccountRequestSchema, getWalletAccountResponseSchema),
  createWallet: submit(
    'create_wallet',
    ActivityType.CreateWallet,
    'createWallet',
    createWalletParametersSchema,
    createWalletResultSchema,
  ),
  createWalletAccounts: submit(
    'create_wallet_accounts',
    ActivityType.CreateWalletAccounts,
    'createWalletAccounts',
    createWalletAccountsParametersSchema,
    createWalletAccountsResultSchema,
  ),
  updateWallet: submit(
    'update_wallet',
    ActivityType.UpdateWallet,
    'updateWallet',
    updateWalletParametersSchema,
    updateWalletResultSchema,
  ),
  deleteWallets: submit(
    'delete_wallets',
    ActivityType.DeleteWallets,
    'deleteWallets',
    deleteWalletsParametersSchema,
    deleteWalletsResultSchema,
  ),
  deleteWalletAccounts: submit(
    'delete_wallet_accounts',
    ActivityType.DeleteWalletAccounts,
    'deleteWalletAccounts',
    deleteWalletAccountsParametersSchema,
    deleteWalletAccountsResultSchema,
  ),
  signRawPayloads: submit(
    'sign_raw_payloads',
    ActivityType.SignRawPayloads,
    'signRawPayloads',
    signRawPayloadsParametersSchema,
    signRawPayloadsResultSchema,
  ),
} as const;
