/**
 * The wallets an activity names, for its policies, found in the organization's wallet records by the one
 * activityWalletFields of src/api/policy, which the editor's Evaluate Policy reads too.
 */
import { activityWalletFields, type WalletDirectory, type WalletFields } from '../../api/remote';
import type { ActivityRecord, Organization } from '../state';

export function walletPolicyFieldsOf(activity: ActivityRecord, organization: Organization): WalletFields {
  const { wallets } = organization;
  const directory: WalletDirectory = {
    wallet: (walletId) => wallets.byId.get(walletId),
    accountAt: (address) => wallets.byAddress(address),
    account: (walletAccountId) => wallets.accounts.get(walletAccountId),
  };
  return activityWalletFields(activity, directory);
}
