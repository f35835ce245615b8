/**
 * What the organization store deals in: the session it reads with, what it tells its readers, and who watches.
 * Structural types only, so that the store needs nothing from the feature folders.
 */
import type { Activity, CountersignClient, OrganizationData, SmartContractInterface } from '../../api';

/** The active profile and a client stamping with its key (Services' Session has this shape). */
export interface StoreSession {
  readonly profile: { readonly id: string; readonly organizationId: string; readonly baseUrl: string };
  readonly client: CountersignClient;
}

export type ListActivitiesRequest = Parameters<CountersignClient['listActivities']>[0];

/** The organization's open activities (those that can still gather votes), newest first. */
export interface OpenActivities {
  readonly open: readonly Activity[];
  /** False when the reading stopped at its bound: more may be open than `open` holds. */
  readonly listedAll: boolean;
}

export interface OpenSnapshot extends OpenActivities {
  readonly organizationId: string;
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

/** The organization as one read (get_organization) with who the key's user is (whoami). */
export interface OrganizationSnapshot {
  readonly organizationId: string;
  readonly userId: string;
  readonly data: OrganizationData;
}

/** The Activities view's listing: ids in the service's order across pages (the last one is the cursor). */
export interface ActivityListing {
  readonly organizationId: string;
  readonly order: readonly string[];
  readonly hasMore: boolean;
}

/** What changed in one step; readers redraw only that. */
export interface StoreChange {
  /** Activities read anew with a different status or votes, or told by a submission or a vote. */
  readonly activityIds: readonly string[];
  /** The set of open activities changed (entered, left, or one of them changed). */
  readonly open: boolean;
  /** The organization (names, quorum, users, keys, tags) should be read again: something completed. */
  readonly organization: boolean;
  readonly interfaces: boolean;
  /**
   * What the Activities view lists may have changed (an activity submitted or voted on here, the view's settings):
   * its listing and the open activity documents are read again.
   */
  readonly listing: boolean;
  /**
   * The active profile, its key or its local sandbox changed (reset): who signs may be another, and the organization
   * and its interfaces are read again (`organization` and `interfaces` are not set for it).
   */
  readonly profile: boolean;
  /** Another profile (or organization) is active: everything known was dropped. */
  readonly reset: boolean;
  /** A registration submitted here began or stopped waiting for votes (registrations.ts). */
  readonly registrations: boolean;
  /** Registrations that waited and have completed: the interfaces they replace may now be deleted. */
  readonly completedRegistrations: readonly PendingRegistration[];
}

/** Who wants the store kept current. A page names the activity it shows. */
export type Interest =
  | { readonly kind: 'inbox' }
  /** `wallets`: the view shows the organization's wallets, and each look compares them (one list_wallets). */
  | { readonly kind: 'view'; readonly viewId: string; readonly wallets?: boolean }
  | { readonly kind: 'page'; readonly activityId: string };

/** One look of the poll, for the log and the tests. */
export interface LookReport {
  readonly requests: number;
  readonly outcome: 'changed' | 'unchanged' | 'rateLimited' | 'failed';
  /** The delay chosen for the next look, or undefined when none is planned. */
  readonly nextDelayMs: number | undefined;
}

export interface StoreDeps {
  session(): Promise<StoreSession | undefined>;
  intervalMs(): number;
  focused(): boolean;
  /** Reads the open activities page by page (the inbox's rules decide what is open). */
  listOpen(
    listActivities: (request: ListActivitiesRequest) => Promise<readonly Activity[]>,
    organizationId: string,
    nowMs: number,
  ): Promise<OpenActivities>;
  debug(message: string, fields?: Readonly<Record<string, string | number | boolean | undefined>>): void;
  warn(message: string): void;
}
