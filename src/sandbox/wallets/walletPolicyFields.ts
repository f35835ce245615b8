/**
 * The wallets an activity names, for its policies: the account a signing's `signWith` is (and its wallet), the
 * account an export names by `address`, the wallet a `walletId` names, and the wallets of `walletIds` or
 * `walletAccountIds`. Read from the intent by field name, so every wallet activity is covered by the same few lines;
 * a name that finds nothing gives no keyword (a policy reading it errors, as on the service).
 */
import { ActivityType } from '../../api';
import { walletFieldsOf, type WalletFields } from '../../api/remote';
import type { ActivityRecord, Organization } from '../state';
import type { WalletRecord } from './walletRecords';

const EXPORT_WALLET_ACCOUNT = 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

export function walletPolicyFieldsOf(activity: ActivityRecord, organization: Organization): WalletFields {
  const intent = Object.values(activity.intent)[0];
  if (typeof intent !== 'object' || intent === null || activity.type === ActivityType.CreateWallet) return {};
  const fields = intent as Record<string, unknown>;
  const { wallets } = organization;
  const named = typeof fields['signWith'] === 'string' ? fields['signWith'] : fields['address'];
  if (typeof named === 'string') {
    const account = wallets.byAddress(named);
    if (!account) return {};
    return walletFieldsOf({
      account,
      wallet: wallets.byId.get(account.walletId),
      withPath: activity.type === EXPORT_WALLET_ACCOUNT,
    });
  }
  if (typeof fields['walletId'] === 'string') return walletFieldsOf({ wallet: wallets.byId.get(fields['walletId']) });
  const several = [
    ...strings(fields['walletIds']),
    ...strings(fields['walletAccountIds']).map((id) => wallets.accounts.get(id)?.walletId ?? ''),
  ];
  if (several.length === 0) return {};
  const found = [...new Set(several)].map((id) => wallets.byId.get(id)).filter((w): w is WalletRecord => !!w);
  return walletFieldsOf({ wallets: found });
}
