/**
 * The wallet reads: list_wallets, get_wallet, list_wallet_accounts (one wallet's or all, oldest first, paged by
 * account id) and get_wallet_account (by address or path). A wallet is shown field by field: its mnemonic never is.
 */
import { timestampFromMs } from '../../api';
import { invalidRequest, notFound } from '../rpcError';
import type { RequestContext } from '../handlers/context';
import type { Organization } from '../state';
import type { WalletAccountRecord, WalletRecord } from './walletRecords';
import { canonicalPath } from './walletRules';

export const DEFAULT_ACCOUNT_PAGE = 10;
export const MAX_ACCOUNT_PAGE = 100;

type Handler = (ctx: RequestContext, request: Record<string, unknown>) => Record<string, unknown>;

export function renderWallet(wallet: WalletRecord): Record<string, unknown> {
  return {
    walletId: wallet.walletId,
    walletName: wallet.walletName,
    createdAt: timestampFromMs(wallet.createdAtMs),
    updatedAt: timestampFromMs(wallet.updatedAtMs),
    exported: wallet.exported,
    imported: wallet.imported,
  };
}

export function renderWalletAccount(
  organizationId: string,
  account: WalletAccountRecord,
  wallet?: WalletRecord,
): Record<string, unknown> {
  return {
    walletAccountId: account.walletAccountId,
    organizationId,
    walletId: account.walletId,
    curve: account.curve,
    pathFormat: account.pathFormat,
    path: account.path,
    addressFormat: account.addressFormat,
    address: account.address,
    createdAt: timestampFromMs(account.createdAtMs),
    updatedAt: timestampFromMs(account.updatedAtMs),
    publicKey: account.publicKey,
    ...(account.name !== undefined ? { name: account.name } : {}),
    ...(wallet ? { walletDetails: renderWallet(wallet) } : {}),
  };
}

export function findWallet(organization: Organization, walletId: string): WalletRecord {
  const wallet = organization.wallets.byId.get(walletId);
  if (!wallet) throw notFound(`wallet not found: no wallet with ID ${walletId} in this organization`);
  return wallet;
}

function pageLimit(text: string | undefined): number {
  const limit = text === undefined ? DEFAULT_ACCOUNT_PAGE : Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ACCOUNT_PAGE)
    throw invalidRequest(`invalid request: paginationOptions.limit: must be between 1 and ${MAX_ACCOUNT_PAGE}`, [
      { field: 'paginationOptions.limit', description: `must be between 1 and ${MAX_ACCOUNT_PAGE}` },
    ]);
  return limit;
}

function cursorIndex(list: readonly WalletAccountRecord[], id: string, field: string): number {
  const index = list.findIndex((a) => a.walletAccountId === id);
  if (index === -1)
    throw invalidRequest(
      `invalid request: paginationOptions.${field}: no wallet account with ID ${id} in this listing`,
      [{ field: `paginationOptions.${field}`, description: 'is not a wallet account of this listing' }],
    );
  return index;
}

export const walletQueries: Readonly<
  Record<'listWallets' | 'getWallet' | 'listWalletAccounts' | 'getWalletAccount', Handler>
> = {
  listWallets(ctx) {
    return { wallets: ctx.organization.wallets.list().map(renderWallet) };
  },

  getWallet(ctx, request) {
    return { wallet: renderWallet(findWallet(ctx.organization, String(request['walletId']))) };
  },

  listWalletAccounts(ctx, request) {
    const { wallets, record } = ctx.organization;
    const walletId = request['walletId'] as string | undefined;
    if (walletId !== undefined) findWallet(ctx.organization, walletId);
    const pagination = (request['paginationOptions'] ?? {}) as { limit?: string; before?: string; after?: string };
    const limit = pageLimit(pagination.limit);
    const list = wallets.accountsOf(walletId);
    let page: readonly WalletAccountRecord[];
    if (pagination.after !== undefined) {
      const start = cursorIndex(list, pagination.after, 'after') + 1;
      page = list.slice(start, start + limit);
    } else if (pagination.before !== undefined) {
      const end = cursorIndex(list, pagination.before, 'before');
      page = list.slice(Math.max(0, end - limit), end);
    } else page = list.slice(0, limit);
    const details = request['includeWalletDetails'] === true;
    return {
      accounts: page.map((a) =>
        renderWalletAccount(record.organizationId, a, details ? wallets.byId.get(a.walletId) : undefined),
      ),
    };
  },

  getWalletAccount(ctx, request) {
    const wallet = findWallet(ctx.organization, String(request['walletId']));
    const address = request['address'] as string | undefined;
    const path = request['path'] as string | undefined;
    if ((address === undefined) === (path === undefined))
      throw invalidRequest('invalid request: name the account by exactly one of address and path', [
        { field: 'address', description: 'exactly one of address and path' },
      ]);
    const accounts = ctx.organization.wallets.accountsOf(wallet.walletId);
    const found =
      address !== undefined
        ? accounts.find((a) => a.address.toLowerCase() === address.trim().toLowerCase())
        : accounts.find((a) => canonicalPath(a.path) === canonicalPath(path ?? ''));
    if (!found)
      throw notFound(
        `wallet account not found: no account with ${address !== undefined ? `address ${address}` : `path ${path}`} in wallet ${wallet.walletId}`,
      );
    return { account: renderWalletAccount(ctx.organization.record.organizationId, found) };
  },
};
