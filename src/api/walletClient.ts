/**
 * The client's wallet methods, one per operation and named after it; CountersignClient's constructor gives each
 * instance these, sending through its own query and submit.
 */
import type * as z from 'zod';
import type { RequestOptions, SubmitInput } from './clientTypes';
import type { Operations, QueryOperationName, SubmitOperationName } from './operations';
import type { Activity } from './schemas/activity';
import type {
  CreateWalletAccountsParameters,
  CreateWalletParameters,
  DeleteWalletAccountsParameters,
  DeleteWalletsParameters,
  GetWalletAccountRequest,
  ListWalletAccountsRequest,
  SignRawPayloadsParameters,
  UpdateWalletParameters,
  Wallet,
  WalletAccount,
} from './schemas/wallet';
import type {
  ExportWalletAccountParameters,
  ExportWalletParameters,
  ImportWalletParameters,
  InitImportWalletParameters,
} from './schemas/keyTransfer';

/** How the client sends a query and a submission. */
export interface ClientSend {
  query<N extends QueryOperationName>(
    name: N,
    input: object,
    opts: RequestOptions | undefined,
  ): Promise<z.output<Operations[N]['response']>>;
  submit(name: SubmitOperationName, input: object, opts: RequestOptions | undefined): Promise<Activity>;
}

export interface WalletMethods {
  listWallets(req: { organizationId: string }, opts?: RequestOptions): Promise<Wallet[]>;
  getWallet(req: { organizationId: string; walletId: string }, opts?: RequestOptions): Promise<Wallet>;
  /** One page of accounts, of one wallet or of all (oldest first); `paginationOptions.after` names the last seen. */
  listWalletAccounts(req: ListWalletAccountsRequest, opts?: RequestOptions): Promise<WalletAccount[]>;
  /** The account at `address` or at `path` in the wallet. */
  getWalletAccount(req: GetWalletAccountRequest, opts?: RequestOptions): Promise<WalletAccount>;
  /** Creates an HD wallet (a fresh mnemonic) with its first accounts; the result has its id and their addresses. */
  createWallet(req: SubmitInput<CreateWalletParameters>, opts?: RequestOptions): Promise<Activity>;
  /** Adds accounts; with `persist: false` the result lists their addresses and nothing is created. */
  createWalletAccounts(req: SubmitInput<CreateWalletAccountsParameters>, opts?: RequestOptions): Promise<Activity>;
  updateWallet(req: SubmitInput<UpdateWalletParameters>, opts?: RequestOptions): Promise<Activity>;
  /** An unexported wallet is deleted only with `deleteWithoutExport: true`. */
  deleteWallets(req: SubmitInput<DeleteWalletsParameters>, opts?: RequestOptions): Promise<Activity>;
  deleteWalletAccounts(req: SubmitInput<DeleteWalletAccountsParameters>, opts?: RequestOptions): Promise<Activity>;
  /** Signs several payloads with one key or wallet account. */
  signRawPayloads(req: SubmitInput<SignRawPayloadsParameters>, opts?: RequestOptions): Promise<Activity>;
  /** The wallet's mnemonic, encrypted to `targetPublicKey` (uncompressed P-256, hex) in an export bundle. */
  exportWallet(req: SubmitInput<ExportWalletParameters>, opts?: RequestOptions): Promise<Activity>;
  /** The account's private key, encrypted to `targetPublicKey` in an export bundle. */
  exportWalletAccount(req: SubmitInput<ExportWalletAccountParameters>, opts?: RequestOptions): Promise<Activity>;
  /** An import bundle: the key to encrypt a mnemonic to, signed by the service. */
  initImportWallet(req: SubmitInput<InitImportWalletParameters>, opts?: RequestOptions): Promise<Activity>;
  /** A wallet from a mnemonic encrypted to the import bundle's key, with the accounts listed. */
  importWallet(req: SubmitInput<ImportWalletParameters>, opts?: RequestOptions): Promise<Activity>;
}

export function walletMethods(send: ClientSend): WalletMethods {
  return {
    listWallets: async (req, opts) => (await send.query('listWallets', req, opts)).wallets,
    getWallet: async (req, opts) => (await send.query('getWallet', req, opts)).wallet,
    listWalletAccounts: async (req, opts) => (await send.query('listWalletAccounts', req, opts)).accounts,
    getWalletAccount: async (req, opts) => (await send.query('getWalletAccount', req, opts)).account,
    createWallet: (req, opts) => send.submit('createWallet', req, opts),
    createWalletAccounts: (req, opts) => send.submit('createWalletAccounts', req, opts),
    updateWallet: (req, opts) => send.submit('updateWallet', req, opts),
    deleteWallets: (req, opts) => send.submit('deleteWallets', req, opts),
    deleteWalletAccounts: (req, opts) => send.submit('deleteWalletAccounts', req, opts),
    signRawPayloads: (req, opts) => send.submit('signRawPayloads', req, opts),
    exportWallet: (req, opts) => send.submit('exportWallet', req, opts),
    exportWalletAccount: (req, opts) => send.submit('exportWalletAccount', req, opts),
    initImportWallet: (req, opts) => send.submit('initImportWallet', req, opts),
    importWallet: (req, opts) => send.submit('importWallet', req, opts),
  };
}
