/**
 * What a policy reads about the wallets an activity names (`wallet`, `wallets`, `wallet_account`), from the
 * wallet and account as the API serves them: a policy's `wallet.label` is the wallet's name, and
 * `wallet_account.address` the account's address. On an export of one account (EXPORT_WALLET_ACCOUNT) the
 * account's path is read as `path_indexes` and `path_hardened` too. Which wallets an activity names is found once
 * (activityWalletFields), for the sandbox that decides and the editor that tries a policy first.
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

type ServedWallet = NonNullable<NamedWallets['wallet']>;
type ServedAccount = Pick<WalletAccount, 'address' | 'path' | 'walletId'>;

/** Where the wallets an activity names are looked up: the organization's wallets and accounts. */
export interface WalletDirectory {
  wallet(walletId: string): ServedWallet | undefined;
  /** The account at this address, in any letter case. */
  accountAt(address: string): ServedAccount | undefined;
  account(walletAccountId: string): Pick<WalletAccount, 'walletId'> | undefined;
}

const CREATE_WALLET = 'ACTIVITY_TYPE_CREATE_WALLET';
const EXPORT_WALLET_ACCOUNT = 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The wallets an activity names, for its policies: the account a signing's `signWith` is (and its wallet), the
 * account an export names by `address`, the wallet a `walletId` names, and the wallets of `walletIds` or
 * `walletAccountIds`. Read from the intent by field name, so every wallet activity is covered by the same few
 * lines; a name that finds nothing gives no keyword (a policy reading it errors, as on the service). A wallet
 * being created is not one yet: create_wallet names none.
 */
export function activityWalletFields(
  activity: { readonly type: string; readonly intent: Readonly<Record<string, unknown>> },
  directory: WalletDirectory,
): WalletFields {
  const intent = Object.values(activity.intent)[0];
  if (typeof intent !== 'object' || intent === null || activity.type === CREATE_WALLET) return {};
  const fields = intent as Record<string, unknown>;
  const named = typeof fields['signWith'] === 'string' ? fields['signWith'] : fields['address'];
  if (typeof named === 'string') {
    const account = directory.accountAt(named);
    if (!account) return {};
    return walletFieldsOf({
      account,
      wallet: directory.wallet(account.walletId),
      withPath: activity.type === EXPORT_WALLET_ACCOUNT,
    });
  }
  if (typeof fields['walletId'] === 'string') return walletFieldsOf({ wallet: directory.wallet(fields['walletId']) });
  const several = [
    ...strings(fields['walletIds']),
    ...strings(fields['walletAccountIds']).map((id) => directory.account(id)?.walletId ?? ''),
  ];
  if (several.length === 0) return {};
  const found = [...new Set(several)].map((id) => directory.wallet(id)).filter((w): w is ServedWallet => !!w);
  return walletFieldsOf({ wallets: found });
}
