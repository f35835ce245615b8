/**
 * The organization's wallets with their accounts, as the store reads them (list_wallets, then list_wallet_accounts
 * page by page across wallets), and the name each account reads as wherever its address is shown:
 * `Treasury cold · account 0`. Pure (no `vscode`).
 */
import type { Wallet, WalletAccount } from '../../api';

export interface WalletEntry {
  readonly wallet: Wallet;
  /** Oldest first, as the service lists them. */
  readonly accounts: readonly WalletAccount[];
}

export interface OwnedAccount {
  readonly wallet: Wallet;
  readonly account: WalletAccount;
  /** `Treasury cold · account 0`: the wallet's name and the account's. */
  readonly name: string;
}

export interface WalletBook {
  /** In the order list_wallets gave them. */
  readonly wallets: readonly WalletEntry[];
  /** Every account, by its address as the service wrote it and lower-cased (hex addresses are case-blind). */
  readonly byAddress: ReadonlyMap<string, OwnedAccount>;
  /** False when the reading stopped at its bound: the organization holds more accounts than `wallets` lists. */
  readonly listedAll: boolean;
}

/** Ethereum-style paths (m/44'/60'/0'/0/N) count by their last index, Solana-style (m/44'/501'/N'/0') by the account. */
const ADDRESS_INDEX_PATH = /^m\/44'\/\d+'\/0'\/0\/(\d+)$/;
const ACCOUNT_INDEX_PATH = /^m\/44'\/\d+'\/(\d+)'(?:\/0'?)?$/;

/** The account's own name, else the short form of its path (`account 3`), else the path as written. */
export function accountLabel(account: Pick<WalletAccount, 'path'> & { readonly name?: string | undefined }): string {
  if (account.name) return account.name;
  const index = ADDRESS_INDEX_PATH.exec(account.path)?.[1] ?? ACCOUNT_INDEX_PATH.exec(account.path)?.[1];
  return index === undefined ? account.path : `account ${index}`;
}

export function walletBookOf(
  wallets: readonly Wallet[],
  accounts: readonly WalletAccount[],
  listedAll = true,
): WalletBook {
  const byWallet = new Map<string, WalletAccount[]>(wallets.map((w) => [w.walletId, []]));
  const byAddress = new Map<string, OwnedAccount>();
  const walletOf = new Map(wallets.map((w) => [w.walletId, w]));
  for (const account of accounts) {
    const wallet = walletOf.get(account.walletId);
    if (!wallet) continue;
    byWallet.get(wallet.walletId)?.push(account);
    const owned = { wallet, account, name: `${wallet.walletName} · ${accountLabel(account)}` };
    byAddress.set(account.address, owned);
    byAddress.set(account.address.toLowerCase(), owned);
  }
  return {
    wallets: wallets.map((wallet) => ({ wallet, accounts: byWallet.get(wallet.walletId) ?? [] })),
    byAddress,
    listedAll,
  };
}

/**
 * Whether `wallets` (as list_wallets gives them now) are the book's: the same ids, names, and `exported` and
 * `imported`. Accounts added to a wallet elsewhere are not seen here: that would take a read of the accounts.
 */
export function sameWallets(book: WalletBook, wallets: readonly Wallet[]): boolean {
  if (book.wallets.length !== wallets.length) return false;
  const known = new Map(book.wallets.map(({ wallet }) => [wallet.walletId, wallet]));
  return wallets.every((wallet) => {
    const kept = known.get(wallet.walletId);
    return (
      kept !== undefined &&
      kept.walletName === wallet.walletName &&
      kept.exported === wallet.exported &&
      kept.imported === wallet.imported
    );
  });
}

/** The organization's account at `address` (any case for hex), or undefined. */
export function ownedAccount(book: WalletBook | undefined, address: string): OwnedAccount | undefined {
  return book?.byAddress.get(address) ?? book?.byAddress.get(address.toLowerCase());
}

/** What reading the wallet book needs of the client. */
export interface WalletReader {
  listWallets(request: { organizationId: string }): Promise<readonly Wallet[]>;
  listWalletAccounts(request: {
    organizationId: string;
    paginationOptions?: { limit?: string; after?: string };
  }): Promise<readonly WalletAccount[]>;
}

const PAGE = 100;
/** 50,000 accounts: beyond it the book says it did not list everything. */
const MAX_PAGES = 500;

/** Reads the organization's wallets and every account, a page of 100 at a time (oldest first). */
export async function readWalletBook(client: WalletReader, organizationId: string): Promise<WalletBook> {
  const [wallets, accounts] = await Promise.all([client.listWallets({ organizationId }), allAccounts()]);
  return walletBookOf(wallets, accounts.list, accounts.listedAll);

  async function allAccounts(): Promise<{ list: WalletAccount[]; listedAll: boolean }> {
    const list: WalletAccount[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const accounts = await client.listWalletAccounts({
        organizationId,
        paginationOptions: { limit: String(PAGE), ...(after ? { after } : {}) },
      });
      list.push(...accounts);
      const last = accounts.at(-1);
      if (accounts.length < PAGE || !last) return { list, listedAll: true };
      after = last.walletAccountId;
    }
    return { list, listedAll: false };
  }
}
