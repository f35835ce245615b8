/**
 * What the extension knows of the active profile's organization, in one place: its activities by id (with the
 * Activities view's listing and the open ones, those that can still gather votes), the organization itself
 * (names, root quorum, users, keys, tags), its smart contract interfaces, and who governs it (governance.ts: its
 * policies, users with their tags, tag names, and each activity's policy evaluations).
 *
 * It runs the only poll: one timer, paced by pollPlan.ts (window focus, who watches, pending work, 429s). Each
 * look (storeLook.ts) reads the open activities (one request while fewer than a page are open), then at most a few
 * activities one by one: those a page shows or this window submitted or voted on, when the listing does not cover
 * them, and those that just left the open set. What it holds of them is kept in heldActivities.ts. Readers (the
 * trees, the inbox, the lenses, the review pages) follow `onDidChange`, which names what changed; none of them polls.
 *
 * This file is the store's surface: what readers read, the actions commands tell, and telling readers.
 *
 * One store per profile: when the active profile (or its organization or address) changes, everything known is
 * dropped and readers hear `reset`.
 */
import * as vscode from 'vscode';
import type { Activity } from '../../api';
import { NO_CHANGE, isTerminal, type ActivityNews } from './activityChanges';
import { MAX_PAGE, readListing, readMore, type ListingHost } from './activityListing';
import { HeldActivities } from './heldActivities';
import { OrganizationReads } from './organizationReads';
import { pendingCount } from './lookTargets';
import type { Watchers } from './pollPlan';
import { Poller } from './poller';
import { PendingRegistrations, type PendingRegistration } from './registrations';
import { StandingBook } from './standingBook';
import { StoreLook } from './storeLook';
import type { ActivityListing, Interest, OpenSnapshot, StoreChange, StoreDeps } from './storeTypes';

export type * from './storeTypes';
export type { Governance } from './governance';
export type { OrganizationFacts } from './organizationFacts';
export type { InterfaceListing } from './organizationReads';
export type { PendingRegistration } from './registrations';
export { MAX_SINGLE_READS_PER_LOOK } from './lookTargets';

export class OrganizationStore extends OrganizationReads {
  readonly #changed = this.register(new vscode.EventEmitter<StoreChange>());
  /** Fires with what changed: activity ids, the open set, the organization, the interfaces, or all (reset). */
  readonly onDidChange = this.#changed.event;
  /** Fires after each look of the poll (tests count looks and requests with it). */
  readonly onDidLook;

  readonly #held = new HeldActivities();
  readonly #registrations = new PendingRegistrations();
  readonly #pages: ListingHost = {
    listing: () => this.#held.listing,
    generation: () => this.generation,
    keep: (activities, listing) => this.#tell(this.#held.keepListed(activities, listing)),
  };
  /** Loaded with the first standing asked (it brings the policy engine); dropped with everything known. */
  #standings: StandingBook | undefined;

  readonly #poller: Poller;
  readonly #look: StoreLook;

  constructor(deps: StoreDeps) {
    super(deps);
    this.#look = new StoreLook({
      deps,
      held: this.#held,
      registrations: this.#registrations,
      interests: () => this.#poller.interests,
      generation: () => this.generation,
      session: () => this.session(),
      walletsChanged: (session, count) => this.walletsChanged(session, count),
      tell: (news) => this.#tell(news),
      fire: (change) => this.#fire(change),
    });
    this.#poller = this.register(
      new Poller({
        intervalMs: () => deps.intervalMs(),
        focused: () => deps.focused(),
        pending: () => pendingCount(this.#held.held(this.#poller.interests)),
        look: () => this.#look.look(),
      }),
    );
    this.onDidLook = this.#poller.onDidLook;
  }

  // ---- what is known ----

  activity(activityId: string): Activity | undefined {
    return this.#held.get(activityId);
  }

  /** The open activities as the last look found them; undefined before the first one. */
  get open(): OpenSnapshot | undefined {
    return this.#held.open;
  }

  get listing(): ActivityListing | undefined {
    return this.#held.listing;
  }

  /** Who watches now (the pure schedule decides from it). */
  get watchers(): Watchers {
    return this.#poller.watchers;
  }

  /** Whether a look is planned (tests wait for the timer to go). */
  get polling(): boolean {
    return this.#poller.planned;
  }

  // ---- reads (each shares one in flight, and keeps what it read) ----

  /**
   * The activity as known, or read when it is not (or when `fresh`: a page opening shows it as it is now, not as a
   * listing read a while ago found it). Readers of a fresh read that changed it hear of it.
   */
  async readActivity(activityId: string, options: { readonly fresh?: boolean } = {}): Promise<Activity | undefined> {
    const known = this.#held.get(activityId);
    if (known && (!options.fresh || isTerminal(known))) return known;
    const session = await this.session();
    if (!session) return undefined;
    const { organizationId } = session.profile;
    const generation = this.generation;
    const activity = await session.client.getActivity({ organizationId, activityId });
    if (generation !== this.generation) return activity;
    this.#tell(this.#held.keepRead(activity));
    return activity;
  }

  /** The first activity `matches` accepts among those known, else among the newest page, read now. */
  async findActivity(matches: (activity: Activity) => boolean): Promise<Activity | undefined> {
    const known = this.#held.find(matches);
    if (known) return known;
    const session = await this.session();
    if (!session) return undefined;
    const { organizationId } = session.profile;
    const limit = String(MAX_PAGE);
    return (await session.client.listActivities({ organizationId, paginationOptions: { limit } })).find(matches);
  }

  /** Each activity's standing in words: kept while its votes and the policies stay; see standingBook.ts. */
  async standings(...[asks]: Parameters<StandingBook['standings']>): ReturnType<StandingBook['standings']> {
    this.#standings ??= new StandingBook(this);
    return this.#standings.standings(asks);
  }

  /**
   * Reads the open activities now: what it returns was read after the call (a read that began before it, perhaps
   * before a submission, is waited for and not taken). Reads that begin after the call are shared.
   */
  async refreshOpen(): Promise<OpenSnapshot | undefined> {
    const before = this.#look.openRead;
    const session = await this.session();
    if (!session) return undefined;
    if (before && this.#look.openRead === before) await before.catch(() => undefined);
    return this.#look.readOpen(session, { requests: 0 });
  }

  /** The Activities view's first page: as many as it showed before, at least `pageSize`. */
  async loadListing(pageSize: number): Promise<ActivityListing | undefined> {
    const session = await this.session();
    const listing = session && (await readListing(this.#pages, session, pageSize));
    if (listing) this.#poller.replan();
    return listing;
  }

  /** The next page of the listing, after its last activity; what is listed already is never asked again. */
  loadMore(pageSize: number): Promise<ActivityListing | undefined> {
    return readMore(this.#pages, () => this.session(), pageSize);
  }

  // ---- actions: what the commands tell ----

  /**
   * An activity this window submitted, as the service returned it: readers update at once, and the poll follows it
   * until it ends. `organization`: it changes the organization (interfaces, tags, keys, sub-organizations).
   */
  async submit(activity: Activity, options: { readonly organization?: boolean } = {}): Promise<void> {
    await this.#current();
    this.#note(activity, { listing: true, organization: options.organization === true });
  }

  /** The activity a vote cast here acted on, as read after the vote: followed like a submission. */
  async vote(activity: Activity): Promise<void> {
    await this.#current();
    this.#note(activity, { listing: false, organization: false });
  }

  /**
   * Brings the store to the active profile before it holds what that profile did: a switch it has not read yet
   * would otherwise empty the store just after, and the activity would be neither held nor followed.
   */
  async #current(): Promise<void> {
    await this.session().catch(() => undefined);
  }

  /** Whether this window submitted or voted on the activity (a notification for it would only repeat the outcome). */
  isSubmittedHere(activityId: string): boolean {
    return this.#held.isHere(activityId);
  }

  /**
   * Something changed that this window did not submit: the next reader reads it anew, and readers hear of it.
   * `quietly`: only the next read is fresh (a reader checking once more before saying something is missing).
   */
  markStale(what: 'activities' | 'organization' | 'interfaces', options: { readonly quietly?: boolean } = {}): void {
    if (what !== 'activities') this.markReadsStale(what);
    if (options.quietly) return;
    const organization = what === 'organization';
    this.#fire({ listing: what === 'activities', organization, interfaces: organization || what === 'interfaces' });
  }

  /**
   * The active profile, its key or its local sandbox changed: who signs may be another; readers hear `profile`.
   * (A session of another profile, address or organization empties the store by itself: readers hear `reset`.)
   */
  reset(): void {
    this.markReadsStale('profile');
    this.#fire({ profile: true });
  }

  #note(activity: Activity, change: { readonly listing: boolean; readonly organization: boolean }): void {
    if (change.organization) this.markReadsStale('organization');
    const { activityIds, open } = this.#held.note(activity);
    const { organization } = change;
    this.#fire({ activityIds, open, listing: change.listing, organization, interfaces: organization });
    this.#poller.freshen();
  }

  /**
   * A registration of an interface submitted here waits for the votes of others: the lenses say so until it ends,
   * and readers hear `completedRegistrations` when it completes. Its activity is followed until then.
   */
  notePendingRegistration(registration: PendingRegistration): void {
    this.#registrations.note(registration);
    this.#held.follow(registration.activity.id);
    this.#fire({ registrations: true });
    this.#poller.freshen();
  }

  /** The registrations submitted here that still wait, in `organizationId`. */
  pendingRegistrations(organizationId: string): readonly PendingRegistration[] {
    return this.#registrations.of(organizationId);
  }

  override async interfaceListing(): ReturnType<OrganizationReads['interfaceListing']> {
    const listing = await super.interfaceListing();
    // A registration whose label is now listed has completed, whoever's vote completed it.
    const settled = this.#registrations.settle((id) => this.#held.get(id), this.knownInterfaces);
    if (settled.changed) this.#fire({ registrations: true, completedRegistrations: settled.completed });
    return listing;
  }

  /** Someone watches until the returned disposable goes: a view shown, a page shown, the inbox. */
  watch(interest: Interest): vscode.Disposable {
    return this.#poller.watch(interest);
  }

  // ---- the profile ----

  protected override clear(): void {
    super.clear();
    this.#held.clear();
    this.#look.clear();
    this.#standings?.clear();
    this.#standings = undefined;
    this.#fire({ reset: true, open: true, organization: true, interfaces: true });
    this.#poller.reset();
  }

  /**
   * News of activities, whichever read brought it (the look, a listing page, a page's own read): a later read finds
   * nothing new to tell, so it is told now, once. A completion may have changed the organization.
   */
  #tell({ changed, completed }: ActivityNews): void {
    if (completed) this.markReadsStale('organization');
    if (changed.length > 0) this.#fire({ activityIds: changed, organization: completed, interfaces: completed });
  }

  #fire(change: Partial<StoreChange>): void {
    if (this.disposed) return;
    const settled =
      (change.activityIds?.length ?? 0) > 0
        ? this.#registrations.settle((id) => this.#held.get(id), this.knownInterfaces)
        : undefined;
    const registrations = settled?.changed ? { registrations: true, completedRegistrations: settled.completed } : {};
    this.#changed.fire({ ...NO_CHANGE, ...change, ...registrations });
  }
}
