/**
 * One look of the poll: read the open activities (one read in flight, shared), then at most a few activities one by
 * one (lookTargets.ts chooses them), then the wallets while a view shows them; keep what was read and say what
 * changed. It takes the store's parts it needs explicitly, and holds only the read in flight and the turn.
 */
import { ServiceError } from '../../api';
import { errorText } from '../../api/core';
import type { HeldActivities } from './heldActivities';
import { singleReads } from './lookTargets';
import type { PollOutcome } from './pollSchedule';
import type { LookResult } from './poller';
import type { PendingRegistrations } from './registrations';
import type { ActivityNews } from './activityChanges';
import type { Interest, OpenSnapshot, StoreChange, StoreDeps, StoreSession } from './storeTypes';

export interface LookParts {
  readonly deps: Pick<StoreDeps, 'listOpen' | 'warn' | 'debug'>;
  readonly held: HeldActivities;
  readonly registrations: PendingRegistrations;
  /** Who watches now. */
  interests(): Iterable<Interest>;
  /** Grows when the store is emptied: what a read brings after that is not kept. */
  generation(): number;
  session(): Promise<StoreSession | undefined>;
  /** Whether the wallets changed since last read (counting its requests). */
  walletsChanged(session: StoreSession, count: { requests: number }): Promise<boolean>;
  /** Tells readers what the activities read brought (a completion also marks the organization to read again). */
  tell(news: ActivityNews): void;
  fire(change: Partial<StoreChange>): void;
}

export class StoreLook {
  readonly #parts: LookParts;
  #openRead: Promise<OpenSnapshot | undefined> | undefined;
  #turn = 0;

  constructor(parts: LookParts) {
    this.#parts = parts;
  }

  /** The read of the open activities in flight, if any. */
  get openRead(): Promise<OpenSnapshot | undefined> | undefined {
    return this.#openRead;
  }

  async look(): Promise<LookResult> {
    const { held, registrations } = this.#parts;
    const count = { requests: 0 };
    let outcome: PollOutcome = 'unchanged';
    try {
      const session = await this.#parts.session();
      if (!session) return { outcome, requests: 0 };
      const generation = this.#parts.generation();
      // Registrations submitted before a profile switch are read again when their organization is back.
      for (const registration of registrations.of(session.profile.organizationId)) {
        if (!held.has(registration.activity.id)) held.follow(registration.activity.id);
      }
      const openBefore = held.open;
      const open = await this.readOpen(session, count);
      if (open !== openBefore) outcome = 'changed';
      const changed: string[] = [];
      let completed = false;
      for (const activityId of singleReads(held.held(this.#parts.interests()), this.#turn++)) {
        count.requests++;
        const activity = await session.client.getActivity({
          organizationId: session.profile.organizationId,
          activityId,
        });
        if (generation !== this.#parts.generation()) return { outcome, requests: count.requests };
        if (!held.keepLooked(activityId, activity)) continue;
        changed.push(activityId);
        if (activity.status === 'ACTIVITY_STATUS_COMPLETED') completed = true;
      }
      this.#parts.tell({ changed, completed });
      if (changed.length > 0) outcome = 'changed';
      // A wallet made, renamed, exported or deleted elsewhere, while a view shows the wallets.
      if (this.#followsWallets() && (await this.#parts.walletsChanged(session, count))) {
        outcome = 'changed';
        this.#parts.fire({ organization: true });
      }
      return { outcome, requests: count.requests };
    } catch (error) {
      if (error instanceof ServiceError && error.status === 429) {
        // The client gave up after its own waits: the service's last Retry-After is the least the next look waits.
        this.#parts.deps.warn('Rate limited while looking at the organization; slowing down');
        return { outcome: 'rateLimited', requests: count.requests, retryAfterMs: error.retryAfterMs };
      }
      this.#parts.deps.debug('Could not look at the organization', { error: errorText(error) });
      return { outcome: 'failed', requests: count.requests };
    }
  }

  /** Reads the open activities, or shares the read in flight; returns the snapshot kept. */
  readOpen(session: StoreSession, count: { requests: number }): Promise<OpenSnapshot | undefined> {
    if (this.#openRead) return this.#openRead;
    const generation = this.#parts.generation();
    const { organizationId } = session.profile;
    const list = (request: Parameters<typeof session.client.listActivities>[0]) => {
      count.requests++;
      return session.client.listActivities(request);
    };
    const read = this.#parts.deps
      .listOpen(list, organizationId, Date.now())
      .then((found) =>
        generation === this.#parts.generation() ? this.#keepOpen({ organizationId, ...found }) : undefined,
      )
      .finally(() => {
        if (this.#openRead === read) this.#openRead = undefined;
      });
    this.#openRead = read;
    return read;
  }

  /** Forgets the read in flight (the store was emptied). */
  clear(): void {
    this.#openRead = undefined;
  }

  #keepOpen(found: OpenSnapshot): OpenSnapshot {
    const { snapshot, changed } = this.#parts.held.keepOpen(found);
    if (changed) this.#parts.fire({ activityIds: changed, open: true });
    return snapshot;
  }

  #followsWallets(): boolean {
    return [...this.#parts.interests()].some((interest) => interest.kind === 'view' && interest.wallets === true);
  }
}
