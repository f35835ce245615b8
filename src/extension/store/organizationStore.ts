/**
 * What the extension knows of the active profile's organization, in one place: its activities by id (with the
 * Activities view's listing and the open ones, those that can still gather votes), the organization itself
 * (names, root quorum, users, keys, tags), its smart contract interfaces, and who governs it (governance.ts: its
 * policies, users with their tags, tag names, and each activity's policy evaluations).
 *
 * It runs the only poll: one timer, paced by pollPlan.ts (window focus, who watches, pending work, 429s). Each
 * look reads the open activities (one request while fewer than a page are open), then at most a few activities
 * one by one: those a page shows or this window submitted or voted on, when the listing does not cover them, and
 * those that just left the open set. Readers (the trees, the inbox, the lenses, the review pages) follow
 * `onDidChange`, which names what changed; none of them polls.
 *
 * One store per profile: when the active profile (or its organization or address) changes, everything known is
 * dropped and readers hear `reset`.
 */
import * as vscode from 'vscode';
import { ServiceError } from '../../api';
import type { Activity } from '../../api';
import { NO_CHANGE, differs, isTerminal, keepListed, openChanges, withActivity } from './activityChanges';
import { MAX_PAGE, readListing, readMore, type ListingHost } from './activityListing';
import { OrganizationReads } from './organizationReads';
import { errorText } from '../ui/errorText';
import { pendingCount, singleReads, type Held } from './lookTargets';
import type { Watchers } from './pollPlan';
import type { PollOutcome } from './pollSchedule';
import { Poller, type LookResult } from './poller';
import { PendingRegistrations, type PendingRegistration } from './registrations';
import { StandingBook } from './standingBook';
import type { ActivityListing, Interest, OpenSnapshot, StoreChange } from './storeTypes';
import type { StoreDeps, StoreSession } from './storeTypes';

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

  readonly #activities = new Map<string, Activity>();
  /** Submitted or voted on here: read until they end, when the open listing does not show them. */
  readonly #followed = new Set<string>();
  /** Submitted or voted on in this window, whichever profile was active. */
  readonly #here = new Set<string>();
  /** Left the open set since the last look: read once, to learn how they ended. */
  readonly #leaving = new Set<string>();
  readonly #registrations = new PendingRegistrations();
  #open: OpenSnapshot | undefined;
  #openRead: Promise<OpenSnapshot | undefined> | undefined;
  #listing: ActivityListing | undefined;
  readonly #pages: ListingHost = {
    listing: () => this.#listing,
    generation: () => this.generation,
    keep: (activities, listing) => {
      const { changed, ended, completed } = keepListed(this.#activities, activities);
      for (const id of ended) this.#followed.delete(id);
      this.#listing = listing;
      // News of an activity is told whichever read brought it: a poll after this one finds nothing new to tell.
      if (completed) this.markReadsStale('organization');
      if (changed.length > 0) this.#fire({ activityIds: changed, organization: completed, interfaces: completed });
    },
  };
  /** Loaded with the first standing asked (it brings the policy engine); dropped with everything known. */
  #standings: StandingBook | undefined;

  readonly #poller: Poller;
  #turn = 0;

  constructor(deps: StoreDeps) {
    super(deps);
    this.#poller = this.register(
      new Poller({
        intervalMs: () => deps.intervalMs(),
        focused: () => deps.focused(),
        pending: () => pendingCount(this.#held()),
        look: () => this.#look(),
      }),
    );
    this.onDidLook = this.#poller.onDidLook;
  }

  // ---- what is known ----

  activity(activityId: string): Activity | undefined {
    return this.#activities.get(activityId);
  }

  /** The open activities as the last look found them; undefined before the first one. */
  get open(): OpenSnapshot | undefined {
    return this.#open;
  }

  get listing(): ActivityListing | undefined {
    return this.#listing;
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
    const known = this.#activities.get(activityId);
    if (known && (!options.fresh || isTerminal(known))) return known;
    const session = await this.session();
    if (!session) return undefined;
    const { organizationId } = session.profile;
    const generation = this.generation;
    const activity = await session.client.getActivity({ organizationId, activityId });
    if (generation !== this.generation) return activity;
    const before = this.#activities.get(activity.id);
    this.#activities.set(activity.id, activity);
    if (before && differs(before, activity)) this.#fire({ activityIds: [activity.id] });
    return activity;
  }

  /** The first activity `matches` accepts among those known, else among the newest page, read now. */
  async findActivity(matches: (activity: Activity) => boolean): Promise<Activity | undefined> {
    const known = [...this.#activities.values()].find(matches);
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
    const before = this.#openRead;
    const session = await this.session();
    if (!session) return undefined;
    if (before && this.#openRead === before) await before.catch(() => undefined);
    return this.#readOpen(session, { requests: 0 });
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
    return this.#here.has(activityId);
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
    this.#here.add(activity.id);
    if (change.organization) this.markReadsStale('organization');
    const before = this.#activities.get(activity.id);
    this.#activities.set(activity.id, activity);
    if (isTerminal(activity)) this.#followed.delete(activity.id);
    else this.#followed.add(activity.id);
    const open = this.#open?.open.some((a) => a.id === activity.id) === true;
    if (open && this.#open) this.#open = withActivity(this.#open, activity);
    const activityIds = differs(before, activity) || open ? [activity.id] : [];
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
    this.#followed.add(registration.activity.id);
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
    const settled = this.#registrations.settle((id) => this.#activities.get(id), this.knownInterfaces);
    if (settled.changed) this.#fire({ registrations: true, completedRegistrations: settled.completed });
    return listing;
  }

  /** Someone watches until the returned disposable goes: a view shown, a page shown, the inbox. */
  watch(interest: Interest): vscode.Disposable {
    return this.#poller.watch(interest);
  }

  // ---- the poll ----

  #followsWallets(): boolean {
    return [...this.#poller.interests].some((interest) => interest.kind === 'view' && interest.wallets === true);
  }

  #held(): Held {
    const [activities, followed, leaving] = [this.#activities, this.#followed, this.#leaving];
    return { activities, open: this.#open, followed, leaving, interests: this.#poller.interests };
  }

  async #look(): Promise<LookResult> {
    const count = { requests: 0 };
    let outcome: PollOutcome = 'unchanged';
    try {
      const session = await this.session();
      if (!session) return { outcome, requests: 0 };
      const generation = this.generation;
      // Registrations submitted before a profile switch are read again when their organization is back.
      for (const registration of this.#registrations.of(session.profile.organizationId)) {
        if (!this.#activities.has(registration.activity.id)) this.#followed.add(registration.activity.id);
      }
      const openBefore = this.#open;
      const open = await this.#readOpen(session, count);
      if (open !== openBefore) outcome = 'changed';
      const changed: string[] = [];
      let completed = false;
      for (const activityId of singleReads(this.#held(), this.#turn++)) {
        count.requests++;
        const activity = await session.client.getActivity({
          organizationId: session.profile.organizationId,
          activityId,
        });
        if (generation !== this.generation) return { outcome, requests: count.requests };
        this.#leaving.delete(activityId);
        if (isTerminal(activity)) this.#followed.delete(activityId);
        if (!differs(this.#activities.get(activityId), activity)) continue;
        this.#activities.set(activityId, activity);
        changed.push(activityId);
        if (activity.status === 'ACTIVITY_STATUS_COMPLETED') completed = true;
      }
      if (completed) this.markReadsStale('organization');
      if (changed.length > 0) {
        outcome = 'changed';
        this.#fire({ activityIds: changed, organization: completed, interfaces: completed });
      }
      // A wallet made, renamed, exported or deleted elsewhere, while a view shows the wallets.
      if (this.#followsWallets() && (await this.walletsChanged(session, count))) {
        outcome = 'changed';
        this.#fire({ organization: true });
      }
      return { outcome, requests: count.requests };
    } catch (error) {
      if (error instanceof ServiceError && error.status === 429) {
        // The client gave up after its own waits: the service's last Retry-After is the least the next look waits.
        this.deps.warn('Rate limited while looking at the organization; slowing down');
        return { outcome: 'rateLimited', requests: count.requests, retryAfterMs: error.retryAfterMs };
      }
      this.deps.debug('Could not look at the organization', { error: errorText(error) });
      return { outcome: 'failed', requests: count.requests };
    }
  }

  #readOpen(session: StoreSession, count: { requests: number }): Promise<OpenSnapshot | undefined> {
    if (this.#openRead) return this.#openRead;
    const generation = this.generation;
    const { organizationId } = session.profile;
    const list = (request: Parameters<typeof session.client.listActivities>[0]) => {
      count.requests++;
      return session.client.listActivities(request);
    };
    const read = this.deps
      .listOpen(list, organizationId, Date.now())
      .then((found) => (generation === this.generation ? this.#applyOpen({ organizationId, ...found }) : undefined))
      .finally(() => {
        if (this.#openRead === read) this.#openRead = undefined;
      });
    this.#openRead = read;
    return read;
  }

  /** Keeps what the listing found; returns the snapshot kept (the same object when nothing changed). */
  #applyOpen(found: OpenSnapshot): OpenSnapshot {
    const previous = this.#open;
    const { changed, leaving, setChanged } = openChanges(previous, found, this.#activities);
    for (const activity of found.open) this.#activities.set(activity.id, activity);
    for (const id of leaving) this.#leaving.add(id);
    if (!setChanged && previous) return previous;
    this.#open = found;
    this.#fire({ activityIds: changed, open: true });
    return found;
  }

  // ---- the profile ----

  protected override clear(): void {
    super.clear();
    this.#activities.clear();
    this.#followed.clear();
    this.#leaving.clear();
    this.#open = undefined;
    this.#openRead = undefined;
    this.#listing = undefined;
    this.#standings?.clear();
    this.#standings = undefined;
    this.#fire({ reset: true, open: true, organization: true, interfaces: true });
    this.#poller.reset();
  }

  #fire(change: Partial<StoreChange>): void {
    if (this.disposed) return;
    const settled =
      (change.activityIds?.length ?? 0) > 0
        ? this.#registrations.settle((id) => this.#activities.get(id), this.knownInterfaces)
        : undefined;
    const registrations = settled?.changed ? { registrations: true, completedRegistrations: settled.completed } : {};
    this.#changed.fire({ ...NO_CHANGE, ...change, ...registrations });
  }
}
