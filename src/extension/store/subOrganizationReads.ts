/**
 * The active organization's sub-organizations, as the store reads them: the list (list_suborgs, then each one's
 * get_organization for its name and users, which a parent may read) and, for each one opened, what it holds (its
 * wallets with their accounts, and its policies). The parent reads and never writes there. Each read is one Slot:
 * shared while in flight, kept until something completes in the organization, dropped with everything known.
 */
import type { CountersignClient, OrganizationData, Policy } from '../../api';
import { Slot } from './slot';
import { readWalletBook, type WalletEntry } from './walletBook';

/** At most this many sub-organizations are listed (one page of list_suborgs); `more` says whether there are more. */
export const LISTED_SUB_ORGANIZATIONS = 100;
/** At most this many get_organization reads at a time while the list's names are read. */
const NAME_READS_AT_ONCE = 4;

export interface SubOrganizationEntry {
  readonly organizationId: string;
  /** Its name as the service gives it ('' when it has none): a teammate's text. */
  readonly name: string;
  readonly users: OrganizationData['users'];
}

export interface SubOrganizationList {
  /** The parent organization. */
  readonly organizationId: string;
  /** Oldest first, as the service lists them. */
  readonly entries: readonly SubOrganizationEntry[];
  /** More than LISTED_SUB_ORGANIZATIONS exist: only the first are listed. */
  readonly more: boolean;
}

/** What one sub-organization holds, read when it is opened. */
export interface SubOrganizationContents {
  readonly organizationId: string;
  readonly wallets: readonly WalletEntry[];
  /** False when the organization holds more accounts than `wallets` lists (the wallet book's bound). */
  readonly listedAllAccounts: boolean;
  readonly policies: readonly Policy[];
}

export type SubOrganizationReader = Pick<
  CountersignClient,
  'getSubOrgIds' | 'getOrganization' | 'listPolicies' | 'listWallets' | 'listWalletAccounts'
>;

/** Runs `work` on each item, `atOnce` at a time, keeping the order of `items`. */
async function eachAtMost<T, R>(items: readonly T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}

async function readList(client: SubOrganizationReader, organizationId: string): Promise<SubOrganizationList> {
  const limit = String(LISTED_SUB_ORGANIZATIONS);
  const ids = await client.getSubOrgIds({ organizationId, paginationOptions: { limit } });
  const last = ids[ids.length - 1];
  const more =
    last !== undefined &&
    ids.length >= LISTED_SUB_ORGANIZATIONS &&
    (await client.getSubOrgIds({ organizationId, paginationOptions: { limit: '1', after: last } })).length > 0;
  const entries = await eachAtMost(ids.slice(0, LISTED_SUB_ORGANIZATIONS), NAME_READS_AT_ONCE, async (id) => {
    const data = await client.getOrganization({ organizationId: id });
    return { organizationId: id, name: data.name, users: data.users };
  });
  return { organizationId, entries, more };
}

async function readContents(client: SubOrganizationReader, organizationId: string): Promise<SubOrganizationContents> {
  // The wallet book's read, as for the active organization: a parent reads its sub-organization's wallets.
  const [book, policies] = await Promise.all([
    readWalletBook(client, organizationId),
    client.listPolicies({ organizationId }),
  ]);
  return { organizationId, wallets: book.wallets, listedAllAccounts: book.listedAll, policies };
}

export class SubOrganizationReads {
  readonly #list = new Slot<SubOrganizationList>();
  readonly #contents = new Map<string, Slot<SubOrganizationContents>>();

  list(generation: number, organizationId: string, client: SubOrganizationReader): Promise<SubOrganizationList> {
    return this.#list.read(generation, () => readList(client, organizationId));
  }

  /** What the sub-organization holds: its wallets with their accounts, and its policies. */
  contents(
    generation: number,
    subOrganizationId: string,
    client: SubOrganizationReader,
  ): Promise<SubOrganizationContents> {
    let slot = this.#contents.get(subOrganizationId);
    if (!slot) {
      slot = new Slot<SubOrganizationContents>();
      this.#contents.set(subOrganizationId, slot);
    }
    return slot.read(generation, () => readContents(client, subOrganizationId));
  }

  markStale(): void {
    this.#list.markStale();
    // Those no longer listed are forgotten; the others are read again when opened.
    this.#contents.clear();
  }

  clear(): void {
    this.#list.clear();
    this.#contents.clear();
  }
}
