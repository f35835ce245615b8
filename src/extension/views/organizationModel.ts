/**
 * What the Organization view reads of the active organization, each list on its own so that one failing list
 * shows its error and Retry while the others still show: its smart contract interfaces (the list the ABI lenses
 * read too), private keys, policies and tags (the store's governance read), users with their passkeys, and wallets
 * with their accounts (the store's wallet book), and its sub-organizations with their names. When none of the organization's lists can be read, the read fails
 * as a whole, so that the view says so once.
 */
import type { Policy, PrivateKey, SmartContractInterface, Tag } from '../../api';
import { CancelledError } from '../../api/core';
import type { Services } from '../services';
import type { Governance } from '../store/governance';
import type { SubOrganizationList } from '../store/subOrganizationReads';
import type { WalletBook } from '../store/walletBook';
import { noGovernance } from './governanceItems';
import type { OrganizationUser } from './treeElements';

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

export interface OrganizationModel {
  readonly organizationId: string;
  readonly smartContractInterfaces: Outcome<SmartContractInterface[]>;
  readonly privateKeys: Outcome<PrivateKey[]>;
  readonly privateKeyTags: Outcome<readonly Tag[]>;
  readonly policies: Outcome<readonly Policy[]>;
  /** Who governs the organization (policies, users' tags, tag names), when it could be read: names for ids. */
  readonly governance: Governance | undefined;
  /** The organization's users, each with their passkeys. */
  readonly users: Outcome<OrganizationUser[]>;
  /** The organization's wallets, each with its accounts, as the store read them. */
  readonly wallets: Outcome<WalletBook>;
  /** Its sub-organizations with their names (what each holds is read when it is opened). */
  readonly subOrganizations: Outcome<SubOrganizationList>;
}

/** The organization's lists, read through the store; `readAnew` marks the store's copy stale first. */
export async function readOrganizationModel(
  services: Services,
  organizationId: string,
  readAnew: boolean,
): Promise<OrganizationModel> {
  const started = Date.now();
  const store = await services.store();
  if (readAnew) store.markStale('organization', { quietly: true });
  const settle = async <T>(what: string, load: () => Promise<T>): Promise<Outcome<T>> => {
    try {
      return { ok: true, value: await load() };
    } catch (error) {
      if (!(error instanceof CancelledError)) services.log.failure(`Could not load ${what}`, error);
      return { ok: false, error };
    }
  };
  const [smartContractInterfaces, privateKeys, governance, users, wallets, subOrganizations] = await Promise.all([
    // The list the ABI lenses read too: one request serves both.
    settle('smart contract interfaces', async () => [...((await store.interfaces()) ?? [])]),
    settle('private keys', async () => [...((await store.privateKeys()) ?? [])]),
    // Policies, users' tags and the tag names, as the store read them: shared with the inbox and the review pages.
    settle('policies, users and tags', async () => (await store.governance()) ?? noGovernance(organizationId)),
    // The organization as the store read it (names, quorum and users): shared with the inbox and the review pages.
    settle('users and passkeys', async () => (await store.organizationData())?.users ?? []),
    // The wallets with every account, as the store read them: the same book names addresses everywhere else.
    settle('wallets', async () => (await store.walletBook()) ?? { wallets: [], byAddress: new Map(), listedAll: true }),
    // Nothing read without a session (the profile changed under the load).
    settle(
      'sub-organizations',
      async () => (await store.subOrganizations()) ?? { organizationId, entries: [], more: false },
    ),
  ]);
  // Nothing of the organization could be read (a key the service does not know, a service that is down): the
  // view says so once, with its hint and Retry, not as groups that each hide the same error.
  const lists = [smartContractInterfaces, privateKeys, governance];
  const first = lists[0];
  if (first && !first.ok && lists.every((list) => !list.ok)) throw first.error;
  services.log.debug('Organization loaded', { organizationId, durationMs: Date.now() - started });
  const part = <T>(pick: (read: Governance) => T): Outcome<T> =>
    governance.ok ? { ok: true, value: pick(governance.value) } : governance;
  return {
    organizationId,
    smartContractInterfaces,
    privateKeys,
    privateKeyTags: part((read) => read.privateKeyTags),
    policies: part((read) => read.policies),
    governance: governance.ok ? governance.value : undefined,
    users,
    wallets,
    subOrganizations,
  };
}
