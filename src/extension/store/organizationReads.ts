/**
 * What the organization is, as the store reads it for the active profile: the organization itself (names, root
 * quorum, users, keys, tags), who the key's user is, its private keys, its wallets with their accounts
 * (walletBook.ts), its smart contract interfaces, who governs it (governance.ts), its sub-organizations and what each
 * holds (subOrganizationReads.ts), and the facts worked out of them. Each read shares one in flight and keeps what it
 * read until something marks it stale; another session (profile, address or organization) empties everything,
 * through the store's `clear`. The activities and the poll are the store's (organizationStore.ts), built on this.
 */
import type { Activity, OrganizationData, PolicyEvaluationRecord, PrivateKey, SmartContractInterface } from '../../api';
import { GovernanceReads, type Governance } from './governance';
import { Disposable } from './lifecycle';
import { organizationFacts, type OrganizationFacts } from './organizationFacts';
import { Slot } from './slot';
import { SubOrganizationReads, type SubOrganizationContents, type SubOrganizationList } from './subOrganizationReads';
import type { OrganizationSnapshot, StoreDeps, StoreSession } from './storeTypes';

import { readWalletBook, sameWallets, type WalletBook } from './walletBook';

/** The interfaces of one organization, as one read gave them. */
export interface InterfaceListing {
  readonly organizationId: string;
  readonly interfaces: readonly SmartContractInterface[];
}

export abstract class OrganizationReads extends Disposable {
  protected readonly deps: StoreDeps;
  /** Profile id, address and organization id of what is known; another session empties the store. */
  #key: string | undefined;
  #generation = 0;
  readonly #data = new Slot<OrganizationData>();
  /** Who the key's user is (whoami): read only by those who need it, not by the Organization view. */
  readonly #me = new Slot<string>();
  #snapshot: OrganizationSnapshot | undefined;
  /** The facts worked out of each snapshot (and the wallet book read with it), once per pair. */
  #facts = new WeakMap<
    OrganizationSnapshot,
    { readonly book: WalletBook | undefined; readonly facts: OrganizationFacts }
  >();
  readonly #wallets = new Slot<WalletBook>();
  readonly #interfaces = new Slot<readonly SmartContractInterface[]>();
  readonly #privateKeys = new Slot<readonly PrivateKey[]>();
  readonly #governance = new GovernanceReads();
  readonly #subOrganizations = new SubOrganizationReads();

  constructor(deps: StoreDeps) {
    super();
    this.deps = deps;
  }

  /** Bumped when the store is emptied: a read begun before is dropped. */
  protected get generation(): number {
    return this.#generation;
  }

  /** The organization (get_organization); read once, again after something completed. */
  async organizationData(): Promise<OrganizationData | undefined> {
    const session = await this.session();
    if (!session) return undefined;
    const { organizationId } = session.profile;
    return this.#data.read(this.#generation, () => session.client.getOrganization({ organizationId }));
  }

  /** The organization and who the key's user is; the same object while neither was read anew. */
  async organization(): Promise<OrganizationSnapshot | undefined> {
    const session = await this.session();
    if (!session) return undefined;
    const { organizationId } = session.profile;
    const generation = this.#generation;
    const [userId, data] = await Promise.all([
      this.#me.read(generation, async () => (await session.client.whoami({ organizationId })).userId),
      this.#data.read(generation, () => session.client.getOrganization({ organizationId })),
    ]);
    const known = this.#snapshot;
    if (known?.data === data && known.userId === userId) return known;
    const snapshot = { organizationId, userId, data };
    if (generation === this.#generation) this.#snapshot = snapshot;
    return snapshot;
  }

  /**
   * The user, the root quorum and the names (users, keys by id and address, wallet accounts by address, tags) of the
   * organization, worked out once per read of it. Undefined without a session; a failed read of the organization
   * throws; a failed read of the wallets leaves their accounts unnamed.
   */
  async facts(): Promise<OrganizationFacts | undefined> {
    const [snapshot, book] = await Promise.all([this.organization(), this.walletBook().catch(() => undefined)]);
    if (!snapshot) return undefined;
    const known = this.#facts.get(snapshot);
    if (known && known.book === book) return known.facts;
    const facts = organizationFacts(snapshot.userId, snapshot.data, book);
    this.#facts.set(snapshot, { book, facts });
    return facts;
  }

  /**
   * The organization's wallets with every account (list_wallets, then list_wallet_accounts a page at a time); read
   * once, again after something completed.
   */
  async walletBook(): Promise<WalletBook | undefined> {
    const session = await this.session();
    if (!session) return undefined;
    const { organizationId } = session.profile;
    return this.#wallets.read(this.#generation, () => readWalletBook(session.client, organizationId));
  }

  /**
   * Whether the wallets the service lists now (one list_wallets) differ from the book kept, which its next reader
   * then reads anew. Nothing is asked while no book is kept, or the kept one is already to be read again.
   */
  protected async walletsChanged(session: StoreSession, count: { requests: number }): Promise<boolean> {
    const book = this.#wallets.current;
    if (!book) return false;
    const generation = this.#generation;
    count.requests++;
    const wallets = await session.client.listWallets({ organizationId: session.profile.organizationId });
    if (generation !== this.#generation || this.#wallets.current !== book || sameWallets(book, wallets)) return false;
    this.#wallets.markStale();
    return true;
  }

  /** The organization's smart contract interfaces; read once, again after a registration or deletion. */
  async interfaces(): Promise<readonly SmartContractInterface[] | undefined> {
    const session = await this.session();
    if (!session) return undefined;
    const { organizationId } = session.profile;
    return this.#interfaces.read(this.#generation, () =>
      session.client.listSmartContractInterfaces({ organizationId }),
    );
  }

  /** The organization's interfaces with the organization they belong to (the ABI lenses' listing). */
  async interfaceListing(): Promise<InterfaceListing | undefined> {
    const session = await this.session();
    if (!session) return undefined;
    const { organizationId } = session.profile;
    const generation = this.#generation;
    const interfaces = await this.#interfaces.read(generation, () =>
      session.client.listSmartContractInterfaces({ organizationId }),
    );
    // Read for another organization when the profile changed meanwhile: that one's list is not this one's.
    return generation === this.#generation ? { organizationId, interfaces } : undefined;
  }

  /** The interfaces read last, stale or not (registrations settle by their labels). */
  protected get knownInterfaces(): readonly SmartContractInterface[] | undefined {
    return this.#interfaces.value;
  }

  /** The organization's private keys (list_private_keys); read once, again after something completed. */
  async privateKeys(): Promise<readonly PrivateKey[] | undefined> {
    const session = await this.session();
    if (!session) return undefined;
    const { organizationId } = session.profile;
    return this.#privateKeys.read(this.#generation, () => session.client.listPrivateKeys({ organizationId }));
  }

  /** Policies, users with their tags, and tag names; read once, again after something completed. */
  async governance(): Promise<Governance | undefined> {
    const session = await this.session();
    return session && this.#governance.read(this.#generation, session.profile.organizationId, session.client);
  }

  /** The organization's sub-organizations with their names (list_suborgs, get_organization); read like the rest. */
  async subOrganizations(): Promise<SubOrganizationList | undefined> {
    const session = await this.session();
    return session && this.#subOrganizations.list(this.#generation, session.profile.organizationId, session.client);
  }

  /** What a sub-organization of the active one holds (its wallets and policies): the parent only reads it. */
  async subOrganization(subOrganizationId: string): Promise<SubOrganizationContents | undefined> {
    const session = await this.session();
    if (!session) return undefined;
    return this.#subOrganizations.contents(this.#generation, subOrganizationId, session.client);
  }

  /** Why the activity was decided or waits (get_policy_evaluations); read again once its status or votes change. */
  async evaluations(activity: Activity): Promise<readonly PolicyEvaluationRecord[] | undefined> {
    const session = await this.session();
    return session && this.#governance.evaluations(session.profile.organizationId, activity, session.client);
  }

  /** The next reader of what `what` names reads it anew. */
  protected markReadsStale(what: 'profile' | 'organization' | 'interfaces'): void {
    if (what === 'profile') this.#me.markStale();
    if (what !== 'interfaces') {
      this.#data.markStale();
      this.#privateKeys.markStale();
      this.#wallets.markStale();
      this.#governance.markStale();
      this.#subOrganizations.markStale();
    }
    this.#interfaces.markStale();
  }

  /** The active session; another one than before empties the store first. */
  protected async session(): Promise<StoreSession | undefined> {
    const session = await this.deps.session();
    const key = session
      ? JSON.stringify([session.profile.id, session.profile.baseUrl, session.profile.organizationId])
      : undefined;
    if (key !== this.#key) {
      const had = this.#key !== undefined;
      this.#key = key;
      if (had) this.clear();
    }
    return session;
  }

  /** Empties what is known (the store empties its activities too, and tells its readers). */
  protected clear(): void {
    this.#generation++;
    this.#data.clear();
    this.#me.clear();
    this.#snapshot = undefined;
    this.#facts = new WeakMap();
    this.#interfaces.clear();
    this.#privateKeys.clear();
    this.#wallets.clear();
    this.#governance.clear();
    this.#subOrganizations.clear();
  }
}
