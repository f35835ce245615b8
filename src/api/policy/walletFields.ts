/**
 * What a policy reads about the wallets an activity names (`wallet`, `wallets`, `wallet_account`), from the
 * wallet and account as the API serves them: a policy's `wallet.label` is the wallet's name, and
 * `wallet_account.address` the account's address. On an export of one account (EXPORT_WALLET_ACCOUNT) the
 * account's path is read as `path_indexes` and `path_hardened` too.
 */
import type { Wallet, WalletAccount } from '../schemas/wallet';

export interface PolicyWallet {
  id: string;
  imported: boolean;
  exported: boolean;
  label: string;
}

export interface PolicyWalletAccount {
  address: string;
  path_indexes?: bigint[];
  path_hardened?: boolean[];
}

export interface WalletFields {
  wallet?: PolicyWallet;
  wallets?: PolicyWallet[];
  wallet_account?: PolicyWalletAccount;
}

/** What an activity names: one wallet, several, or one account (with its wallet). */
export interface NamedWallets {
  readonly wallet?: Pick<Wallet, 'walletId' | 'walletName' | 'imported' | 'exported'>;
  readonly wallets?: readonly Pick<Wallet, 'walletId' | 'walletName' | 'imported' | 'exported'>[];
  readonly account?: Pick<WalletAccount, 'address' | 'path'>;
  /** Whether the account's path is shown (EXPORT_WALLET_ACCOUNT). */
  readonly withPath?: boolean;
}

const policyWallet = (w: NonNullable<NamedWallets['wallet']>): PolicyWallet => ({
  id: w.walletId,
  imported: w.imported,
  exported: w.exported,
  label: w.walletName,
});

/** `m/44'/60'/0'/0/1` → indexes [44, 60, 0, 0, 1] and hardened [true, true, true, false, false]. */
function pathFields(path: string): Pick<PolicyWalletAccount, 'path_indexes' | 'path_hardened'> {
  const steps = path.trim().split('/').slice(1);
  return {
    path_indexes: steps.map((s) => BigInt(/^\d+/.exec(s)?.[0] ?? '0')),
    path_hardened: steps.map((s) => /['hH]$/.test(s)),
  };
}

export function walletFieldsOf(named: NamedWallets): WalletFields {
  const fields: WalletFields = {};
  if (named.wallet) fields.wallet = policyWallet(named.wallet);
  if (named.wallets) fields.wallets = named.wallets.map(policyWallet);
  if (named.account)
    fields.wallet_account = {
      address: named.account.address,
      ...(named.withPath ? pathFields(named.account.path) : {}),
    };
  return fields;
}
