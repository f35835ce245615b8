/**
 * The facts the inbox, the dialogs and the rows read of the organization: who the key's user is, the root quorum,
 * and names for ids and addresses (users, private keys by id and address, tags). Pure (no `vscode`).
 */
import type { OrganizationData } from '../../api';
import { organizationNames } from '../wording/voteDialogWords';

/** The current user and the organization's root quorum, with names for ids and addresses. */
export interface OrganizationFacts {
  readonly organizationId: string;
  readonly userId: string;
  readonly threshold: number;
  readonly rootUserIds: readonly string[];
  /** User, private key and tag names by id; private key names by address too. */
  readonly names: ReadonlyMap<string, string>;
}

export function organizationFacts(userId: string, data: OrganizationData): OrganizationFacts {
  const names = new Map(organizationNames(data).names);
  for (const key of data.privateKeys) {
    const addresses = (key as { addresses?: unknown }).addresses;
    if (Array.isArray(addresses)) {
      for (const entry of addresses as unknown[]) {
        const address = (entry as { address?: unknown } | null)?.address;
        if (typeof address === 'string') names.set(address, key.privateKeyName);
      }
    }
  }
  return {
    organizationId: data.organizationId,
    userId,
    threshold: data.rootQuorum.threshold,
    rootUserIds: data.rootQuorum.userIds,
    names,
  };
}
