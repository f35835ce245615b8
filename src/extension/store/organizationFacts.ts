/**
 * The facts the inbox, the dialogs and the rows read of the organization: who the key's user is, the root quorum,
 * and names for ids and addresses (users, private keys by id and address, wallets and their accounts, tags). Pure
 * (no `vscode`).
 */
import type { OrganizationData } from '../../api';
import { organizationNames } from '../wording/voteDialogWords';
import type { WalletBook } from './walletBook';

/** The current user and the organization's root quorum, with names for ids and addresses. */
export interface OrganizationFacts {
  readonly organizationId: string;
  readonly userId: string;
  readonly threshold: number;
  readonly rootUserIds: readonly string[];
  /**
   * User, private key, wallet and tag names by id; private key and wallet account names by address too (a wallet
   * account as `Treasury cold · account 0`), hex addresses also lower-cased.
   */
  readonly names: ReadonlyMap<string, string>;
  /** The wallets and their accounts, when they could be read. */
  readonly wallets?: WalletBook | undefined;
}

export function organizationFacts(userId: string, data: OrganizationData, wallets?: WalletBook): OrganizationFacts {
  const names = new Map(organizationNames(data).names);
  for (const { wallet } of wallets?.wallets ?? []) names.set(wallet.walletId, wallet.walletName);
  for (const [address, owned] of wallets?.byAddress ?? []) names.set(address, owned.name);
  for (const key of data.privateKeys) {
    const addresses = (key as { addresses?: unknown }).addresses;
    if (Array.isArray(addresses)) {
      for (const entry of addresses as unknown[]) {
        const address = (entry as { address?: unknown } | null)?.address;
        if (typeof address === 'string') {
          names.set(address, key.privateKeyName);
          names.set(address.toLowerCase(), key.privateKeyName);
        }
      }
    }
  }
  return {
    organizationId: data.organizationId,
    userId,
    threshold: data.rootQuorum.threshold,
    rootUserIds: data.rootQuorum.userIds,
    names,
    wallets,
  };
}
