/**
 * One activity of the store, and where its body is in the journal: its keys at once, its whole record on
 * first read, checked then against the head that indexed it (see activityStore.ts for the record's layout).
 */
import type { RecordSource } from './storage/storage';

/** What the indexes and the listings read of an activity, without its body. */
export interface ActivityKeys {
  readonly id: string;
  readonly organizationId: string;
  readonly fingerprint: string;
  /** Who submitted it: with the fingerprint, what makes a repeat. */
  readonly initiatorUserId: string;
  readonly status: string;
  readonly type: string;
}

/** An activity's keys as a record's head holds them: [id, organizationId, fingerprint, initiatorUserId, status, type]. */
export type KeyTuple = readonly [string, string, string, string, string, string];

/** Where an `activities` record's activities are in the journal: one per record, shared by its activities. */
export class ActivitiesPlace {
  constructor(
    readonly source: RecordSource,
    readonly lineStart: number,
    readonly lineEnd: number,
    readonly start: number,
    readonly end: number,
  ) {}

  /** The record's activities, read back and parsed (anew on each call); `count` is how many its head names. */
  activities(count?: number): unknown[] {
    return ActivitiesPlace.parse(this.bytes(), count);
  }

  /** The record's activities as the journal holds them; throws when the file changed since it was checked. */
  bytes(): Buffer {
    return this.source.read(this.lineStart, this.lineEnd, this.start, this.end);
  }

  static parse(bytes: Buffer, count?: number): unknown[] {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    if (!Array.isArray(parsed) || (count !== undefined && parsed.length !== count))
      throw new Error(`a journal record names ${String(count)} activities in its head and holds others`);
    return parsed;
  }
}

/**
 * An `activities` record read back with only its head parsed: its activities' keys and its effects, and where
 * its activities are. Once applied, only that place is kept, by the store's entries; the head is let go of.
 */
export class UnreadActivities {
  constructor(
    readonly keys: readonly KeyTuple[],
    readonly effects: readonly unknown[],
    readonly place: ActivitiesPlace,
  ) {}

  /** The record's activities, parsed (anew on each call). */
  activities(): unknown[] {
    return this.place.activities(this.keys.length);
  }
}

/**
 * An activity whose journal record no longer reads as it was written: its body does not parse, or does not
 * hold what the record's head says (another id, organization, fingerprint, initiator, type or status). Only
 * that record's activities are affected; every other activity reads as before.
 */
export class DamagedActivityError extends Error {
  override readonly name = 'DamagedActivityError';
  constructor(
    readonly activityId: string,
    readonly reason: string,
  ) {
    super(`activity ${activityId} cannot be read from the journal: ${reason}`);
  }
}

/** Told once about each activity found damaged, when its body is first read. */
export type DamageReporter = (activityId: string, reason: string) => void;

const HEAD_FIELDS = ['id', 'organizationId', 'fingerprint', 'initiatorUserId', 'type', 'status'] as const;

/** One activity of the store: its keys at once, its whole record on first read. */
export class StoredActivity<A extends ActivityKeys> {
  readonly id: string;
  readonly organizationId: string;
  readonly fingerprint: string;
  readonly initiatorUserId: string;
  readonly type: string;
  #status: string;
  #record: A | undefined;
  /** Where the unread record is: its journal record's activities, and its index among them. */
  #place: ActivitiesPlace | undefined;
  #index = 0;
  /** Why the record cannot be read, once that is known. */
  #damage: string | undefined;
  readonly #report: DamageReporter;

  constructor(keys: ActivityKeys, record: A | undefined, report: DamageReporter = () => undefined) {
    this.id = keys.id;
    this.organizationId = keys.organizationId;
    this.fingerprint = keys.fingerprint;
    this.initiatorUserId = keys.initiatorUserId;
    this.type = keys.type;
    this.#status = keys.status;
    this.#record = record;
    this.#report = report;
  }

  /** The current status, read without parsing the activity. */
  get status(): string {
    return this.#record?.status ?? this.#status;
  }

  /** Whether the whole record is in memory already. */
  get parsed(): boolean {
    return this.#record !== undefined;
  }

  /** Whether the record was found damaged when it was read (it then throws DamagedActivityError). */
  get damaged(): boolean {
    return this.#damage !== undefined;
  }

  /** The whole record, parsed on first read; the same object from then on. Throws DamagedActivityError. */
  get record(): A {
    if (this.#damage !== undefined) throw new DamagedActivityError(this.id, this.#damage);
    if (this.#record === undefined) {
      this.#record = this.#read(this.#place as ActivitiesPlace, this.#index, this.#status);
      this.#place = undefined;
    }
    return this.#record;
  }

  /** The activity at `index` of a journal record, checked against the head's keys; throws when damaged. */
  #read(place: ActivitiesPlace, index: number, status: string): A {
    // Bytes that fail their checksum now changed after start-up: refused on this read, and read again on the next.
    const bytes = place.bytes();
    let found: unknown;
    try {
      found = ActivitiesPlace.parse(bytes)[index];
    } catch (error) {
      this.#damaged(`its journal record does not parse (${error instanceof Error ? error.message : 'unreadable'})`);
    }
    const body = (typeof found === 'object' && found !== null ? found : {}) as Partial<Record<string, unknown>>;
    const expected: Record<(typeof HEAD_FIELDS)[number], string> = {
      id: this.id,
      organizationId: this.organizationId,
      fingerprint: this.fingerprint,
      initiatorUserId: this.initiatorUserId,
      type: this.type,
      status,
    };
    const differs = HEAD_FIELDS.find((field) => body[field] !== expected[field]);
    if (differs !== undefined) this.#damaged(`its journal record's body does not match its head (${differs} differs)`);
    return found as A;
  }

  #damaged(reason: string): never {
    this.#damage = reason.slice(0, 300);
    this.#record = undefined;
    this.#place = undefined;
    this.#report(this.id, this.#damage);
    throw new DamagedActivityError(this.id, this.#damage);
  }

  /** A newer version of the activity, in memory: merged into the record (so every holder sees it). */
  update(activity: A): void {
    if (this.#record === undefined) {
      // A version is whole (it holds every field of the one before), so it replaces the unread one.
      this.#record = activity;
      this.#place = undefined;
      this.#damage = undefined;
    } else Object.assign(this.#record, activity);
  }

  /** A newer version of the activity, still unread (a later journal record). */
  defer(status: string, source: UnreadActivities, index: number): void {
    if (this.#record === undefined) {
      this.#status = status;
      this.#place = source.place;
      this.#index = index;
      this.#damage = undefined;
    } else {
      try {
        Object.assign(this.#record, this.#read(source.place, index, status));
      } catch (error) {
        if (!(error instanceof DamagedActivityError)) throw error;
      }
    }
  }
}
