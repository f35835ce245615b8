/**
 * The wallet rows that commands receive as their first argument when run from the Organization view: a wallet
 * (with the accounts the view lists under it) and one of its accounts. Plain objects, as the other nodes.
 */
import type { Wallet, WalletAccount } from '../../api';

export interface WalletNode {
  readonly kind: 'wallet';
  readonly organizationId: string;
  readonly wallet: Wallet;
  /** Its accounts as the store read them, oldest first. */
  readonly accounts: readonly WalletAccount[];
}

export interface WalletAccountNode {
  readonly kind: 'walletAccount';
  readonly organizationId: string;
  readonly wallet: Wallet;
  readonly account: WalletAccount;
}
