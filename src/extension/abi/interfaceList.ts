/**
 * One list of smart contract interfaces per organization, shared by the ABI lenses and the Organization view.
 * It is read through the organization store when first asked for, then kept until the store tells of a change of
 * the organization or its interfaces (a registration or deletion, the poll seeing one complete) or of the profile.
 * Opening a file fetches nothing beyond this list.
 * It also remembers the registrations this window submitted that wait for approval, so that a lens can say so.
 */
import * as vscode from 'vscode';
import type { Activity, SmartContractInterface } from '../../api';
import { CancelledError } from '../../api/core';

/** What the list needs of a session: the organization and the two reads. */
export interface InterfaceListSession {
  readonly profile: { readonly id: string; readonly organizationId: string };
  readonly client: {
    listSmartContractInterfaces(input: { organizationId: string }): Promise<SmartContractInterface[]>;
    getActivity(input: { organizationId: string; activityId: string }): Promise<Activity>;
  };
}

export interface InterfaceListDeps {
  session(): Promise<InterfaceListSession | undefined>;
  failure(message: string, error: unknown): void;
}

/** A registration submitted here that waits for the votes of others. */
export interface PendingRegistration {
  readonly organizationId: string;
  readonly activity: Activity;
  readonly label: string;
  /** The canonical ABI registered, to tell the files it belongs to. */
  readonly canonicalJson: string;
  /** The interface it replaces, offered for deletion once the registration completes. */
  readonly replaces: SmartContractInterface | undefined;
}

export interface InterfaceListing {
  readonly organizationId: string;
  readonly profileId: string;
  readonly interfaces: readonly SmartContractInterface[];
}

interface Entry {
  listing: InterfaceListing | undefined;
  /** Read again by the next reader (a registration, a deletion, another profile). */
  stale: boolean;
  inFlight: Promise<InterfaceListing | undefined> | undefined;
}

export class InterfaceList implements vscode.Disposable {
  readonly #deps: InterfaceListDeps;
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, PendingRegistration>();
  readonly #changed = new vscode.EventEmitter<void>();
  readonly #completed = new vscode.EventEmitter<PendingRegistration>();
  /** The list or the waiting registrations changed: lenses are computed again. */
  readonly onDidChange = this.#changed.event;
  /** A registration that waited for approval has completed (the replaced interface may now be deleted). */
  readonly onDidComplete = this.#completed.event;

  constructor(deps: InterfaceListDeps) {
    this.#deps = deps;
  }

  /** The active organization's interfaces: kept until stale, else read; undefined without a session or on failure. */
  async list(): Promise<InterfaceListing | undefined> {
    const session = await this.#deps.session();
    if (!session) return undefined;
    const key = this.#key(session);
    const entry = this.#entry(key);
    if (entry.listing && !entry.stale) return entry.listing;
    return this.#fetch(session, entry);
  }

  /** Reads the list now (the Organization view's load), sharing a read already on its way. */
  async refresh(): Promise<readonly SmartContractInterface[]> {
    const session = await this.#deps.session();
    if (!session) return [];
    const entry = this.#entry(this.#key(session));
    const listing = await this.#fetch(session, entry);
    if (!listing) {
      if (entry.lastError instanceof Error) throw entry.lastError;
      throw new Error('The smart contract interfaces could not be listed.');
    }
    return listing.interfaces;
  }

  /** The list is stale after a registration or a deletion: the next reader fetches it. */
  invalidate(): void {
    for (const entry of this.#entries.values()) entry.stale = true;
    this.#changed.fire();
  }

  notePending(registration: PendingRegistration): void {
    this.#pending.set(registration.activity.id, registration);
    this.#changed.fire();
  }

  pending(organizationId: string): PendingRegistration[] {
    return [...this.#pending.values()].filter((p) => p.organizationId === organizationId);
  }

  #key(session: InterfaceListSession): string {
    return `${session.profile.id}\n${session.profile.organizationId}`;
  }

  #entry(key: string): Entry & { lastError?: unknown } {
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = { listing: undefined, stale: true, inFlight: undefined };
      this.#entries.set(key, entry);
    }
    return entry;
  }

  #fetch(session: InterfaceListSession, entry: Entry & { lastError?: unknown }): Promise<InterfaceListing | undefined> {
    entry.inFlight ??= this.#load(session, entry).finally(() => {
      entry.inFlight = undefined;
    });
    return entry.inFlight;
  }

  async #load(
    session: InterfaceListSession,
    entry: Entry & { lastError?: unknown },
  ): Promise<InterfaceListing | undefined> {
    const organizationId = session.profile.organizationId;
    // Stale from here: an invalidation while the read runs asks for another read.
    entry.stale = false;
    try {
      const interfaces = await session.client.listSmartContractInterfaces({ organizationId });
      const before = entry.listing ? fingerprint(entry.listing.interfaces) : undefined;
      const changed = before !== fingerprint(interfaces);
      entry.listing = { organizationId, profileId: session.profile.id, interfaces };
      entry.lastError = undefined;
      await this.#settlePending(session, interfaces);
      if (changed) this.#changed.fire();
      return entry.listing;
    } catch (error) {
      // A failed read is not kept: the next reader asks again.
      entry.stale = true;
      entry.lastError = error;
      // A read given up because the profile changed meanwhile failed for no one.
      if (!(error instanceof CancelledError)) this.#deps.failure('Could not list the smart contract interfaces', error);
      return undefined;
    }
  }

  /** Drops the waiting registrations that ended; a completed one is announced. */
  async #settlePending(session: InterfaceListSession, interfaces: readonly SmartContractInterface[]): Promise<void> {
    const organizationId = session.profile.organizationId;
    for (const registration of this.pending(organizationId)) {
      const registered = interfaces.some((sci) => sci.label === registration.label);
      let status = registered ? 'ACTIVITY_STATUS_COMPLETED' : registration.activity.status;
      if (!registered) {
        try {
          status = (await session.client.getActivity({ organizationId, activityId: registration.activity.id })).status;
        } catch (error) {
          // The session ended meanwhile (a profile switch closes its client): the next session's read settles it.
          if (error instanceof CancelledError) return;
          this.#deps.failure('Could not read a waiting registration', error);
        }
      }
      if (status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED' || status === 'ACTIVITY_STATUS_PENDING') continue;
      this.#pending.delete(registration.activity.id);
      this.#changed.fire();
      if (status === 'ACTIVITY_STATUS_COMPLETED') this.#completed.fire(registration);
    }
  }

  dispose(): void {
    this.#changed.dispose();
    this.#completed.dispose();
  }
}

/** What tells one list from another: ids and update times. */
function fingerprint(interfaces: readonly SmartContractInterface[]): string {
  return interfaces
    .map((sci) => `${sci.smartContractInterfaceId}@${sci.updatedAt.seconds}.${sci.updatedAt.nanos}`)
    .sort()
    .join(',');
}
