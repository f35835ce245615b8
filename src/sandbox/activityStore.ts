/**
 * The sandbox's activities, indexed by id, by fingerprint, by submission (fingerprint and signer) and by
 * organization, and parsed only when first read.
 *
 * A journal of 100,000 activities is mostly activity bodies (intents, votes, results) that start-up never
 * needs. So an `activities` record is written with a small head first: for each activity the few fields the
 * indexes and the listings' filters read (its keys), then the record's effects; the activities follow. Start-up
 * parses the head only, and keeps where the activities are in the journal file: on first read they are read
 * back from there, checked again against the record's checksum, parsed, and checked against the head (a record
 * that fails is that record's loss alone: see DamagedActivityError). The bodies stay on disk meanwhile (200 MB
 * for 100,000 activities). A record written any other way (before heads, or by hand) is parsed whole, as before.
 *
 * The line stays one JSON object, the head members before the activities:
 *
 *     {"kind":"activities","headBytes":<n>,"keys":[[id,organizationId,fingerprint,initiatorUserId,status,type],…],
 *      "effects":[…],"activities":[…]}
 *
 * where `<n>` is the length in bytes of the members from `"keys"` up to (not including) `,"activities":`.
 *
 * Nothing here knows the rest of the sandbox's state: other state (users, keys, passkeys, interfaces) is kept
 * by SandboxState beside this store, from the same records.
 */

import type { RecordCodec, RecordPlace, RecordSource } from './storage/storage';
import {
  ActivitiesPlace,
  StoredActivity,
  UnreadActivities,
  type ActivityKeys,
  type DamageReporter,
  type KeyTuple,
} from './storedActivity';

export {
  ActivitiesPlace,
  DamagedActivityError,
  StoredActivity,
  UnreadActivities,
  type ActivityKeys,
  type DamageReporter,
  type KeyTuple,
} from './storedActivity';

export class ActivityStore<A extends ActivityKeys> {
  readonly #byId = new Map<string, StoredActivity<A>>();
  /** The first activity with each fingerprint: what a vote's `fingerprint` names. */
  readonly #byFingerprint = new Map<string, StoredActivity<A>>();
  /**
   * The later ones, by other signers: the same body signed by another user is that user's own request. (Rare:
   * so the first is looked up without building a key per activity.)
   */
  readonly #sameFingerprint = new Map<string, StoredActivity<A>[]>();
  /** Oldest first. */
  readonly #byOrganization = new Map<string, StoredActivity<A>[]>();
  /** One copy of each organization id, user id, status and type read back, instead of one per activity. */
  readonly #words = new Map<string, string>();
  /** Told of each activity found damaged; set by whoever holds a log. */
  onDamaged: DamageReporter = () => undefined;
  readonly #report: DamageReporter = (id, reason) => this.onDamaged(id, reason);

  get size(): number {
    return this.#byId.size;
  }

  /** A new activity, or a newer version of one (merged into the record every holder has). */
  put(activity: A): void {
    const existing = this.#byId.get(activity.id);
    if (existing) existing.update(activity);
    else this.#add(new StoredActivity(activity, activity, this.#report));
  }

  /** The activities of a record read back from the journal, their bodies still unparsed. */
  putUnread(record: UnreadActivities): void {
    record.keys.forEach(([id, organizationId, fingerprint, initiatorUserId, status, type], index) => {
      const existing = this.#byId.get(id);
      if (existing) {
        existing.defer(this.#word(status), record, index);
        return;
      }
      const stored = new StoredActivity<A>(
        {
          id,
          organizationId: this.#word(organizationId),
          fingerprint,
          initiatorUserId: this.#word(initiatorUserId),
          status: this.#word(status),
          type: this.#word(type),
        },
        undefined,
        this.#report,
      );
      stored.defer(stored.status, record, index);
      this.#add(stored);
    });
  }

  #word(text: string): string {
    const known = this.#words.get(text);
    if (known !== undefined) return known;
    this.#words.set(text, text);
    return text;
  }

  #add(stored: StoredActivity<A>): void {
    this.#byId.set(stored.id, stored);
    const first = this.#byFingerprint.get(stored.fingerprint);
    if (first === undefined) this.#byFingerprint.set(stored.fingerprint, stored);
    else {
      const more = this.#sameFingerprint.get(stored.fingerprint) ?? [];
      more.push(stored);
      this.#sameFingerprint.set(stored.fingerprint, more);
    }
    let list = this.#byOrganization.get(stored.organizationId);
    if (!list) this.#byOrganization.set(stored.organizationId, (list = []));
    list.push(stored);
  }

  /** The activity with this id, its keys only (nothing is parsed). */
  entry(id: string): StoredActivity<A> | undefined {
    return this.#byId.get(id);
  }

  byId(id: string): A | undefined {
    return this.#byId.get(id)?.record;
  }

  /** The first activity with this fingerprint. */
  byFingerprint(fingerprint: string): A | undefined {
    return this.#byFingerprint.get(fingerprint)?.record;
  }

  /** The activity a submission repeats: the same body (fingerprint), signed by the same user. */
  bySubmission(fingerprint: string, signerUserId: string): A | undefined {
    const first = this.#byFingerprint.get(fingerprint);
    if (first === undefined) return undefined;
    if (first.initiatorUserId === signerUserId) return first.record;
    const more = this.#sameFingerprint.get(fingerprint) ?? [];
    for (let i = more.length - 1; i >= 0; i--) if (more[i]?.initiatorUserId === signerUserId) return more[i]?.record;
    return undefined;
  }

  /** The organization's activities, oldest first; each parses on first read of its `record`. */
  ofOrganization(organizationId: string): readonly StoredActivity<A>[] {
    return this.#byOrganization.get(organizationId) ?? [];
  }
}

const KIND_ACTIVITIES = 'activities';
const HEAD_PREFIX = Buffer.from(`{"kind":"${KIND_ACTIVITIES}","headBytes":`, 'latin1');
const BODY_MEMBER = Buffer.from(',"activities":', 'latin1');
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;
const MAX_HEAD_DIGITS = 12;

interface ActivitiesRecord {
  readonly kind: typeof KIND_ACTIVITIES;
  readonly activities: readonly ActivityKeys[];
  readonly effects?: readonly unknown[];
}

function isActivitiesRecord(record: unknown): record is ActivitiesRecord {
  if (typeof record !== 'object' || record === null) return false;
  const { kind, activities, effects } = record as Partial<Record<string, unknown>>;
  return (
    kind === KIND_ACTIVITIES &&
    Array.isArray(activities) &&
    (effects === undefined || Array.isArray(effects)) &&
    Object.keys(record).every((key) => key === 'kind' || key === 'activities' || key === 'effects')
  );
}

const keysOf = (a: ActivityKeys): readonly string[] => [
  a.id,
  a.organizationId,
  a.fingerprint,
  a.initiatorUserId,
  a.status,
  a.type,
];

/** A record's JSON as the journal holds it: `activities` records with their head first, any other as it is. */
export function encodeRecord(record: unknown): Buffer {
  if (!isActivitiesRecord(record)) return Buffer.from(JSON.stringify(record), 'utf8');
  const head = JSON.stringify({
    keys: record.activities.map(keysOf),
    ...(record.effects === undefined ? {} : { effects: record.effects }),
  }).slice(1, -1);
  const activities = JSON.stringify(record.activities);
  return Buffer.from(
    `${HEAD_PREFIX.toString('latin1')}${Buffer.byteLength(head, 'utf8')},${head}${BODY_MEMBER.toString('latin1')}${activities}}`,
    'utf8',
  );
}

function isKeyTuples(value: unknown): value is KeyTuple[] {
  return (
    Array.isArray(value) &&
    (value as unknown[]).every(
      (entry) => Array.isArray(entry) && entry.length === 6 && entry.every((field) => typeof field === 'string'),
    )
  );
}

/** Reads back from the JSON itself: a record decoded without a place in a journal. */
class InMemory implements RecordSource {
  constructor(readonly json: Buffer) {}

  read(_lineStart: number, _lineEnd: number, start: number, end: number): Buffer {
    return this.json.subarray(start, end);
  }
}

/** An `activities` record's head and where its activities are, or undefined when it has no head. */
function readHead(json: Buffer, place: RecordPlace | undefined): UnreadActivities | undefined {
  // Compared in place: a view per comparison would cost more than the comparison, 100,000 times over.
  if (json.length < HEAD_PREFIX.length || HEAD_PREFIX.compare(json, 0, HEAD_PREFIX.length) !== 0) return undefined;
  let at = HEAD_PREFIX.length;
  let headBytes = 0;
  while (at < json.length && at - HEAD_PREFIX.length <= MAX_HEAD_DIGITS) {
    const digit = (json[at] ?? 0) - 0x30;
    if (digit < 0 || digit > 9) break;
    headBytes = headBytes * 10 + digit;
    at++;
  }
  if (at === HEAD_PREFIX.length || json[at] !== COMMA) return undefined;
  const start = at + 1;
  const end = start + headBytes;
  if (
    end + BODY_MEMBER.length >= json.length ||
    BODY_MEMBER.compare(json, end, end + BODY_MEMBER.length) !== 0 ||
    json[json.length - 1] !== CLOSE_BRACE
  )
    return undefined;
  let head: unknown;
  try {
    head = JSON.parse(`{${json.toString('utf8', start, end)}}`);
  } catch {
    return undefined;
  }
  const { keys, effects } = head as { keys?: unknown; effects?: unknown };
  if (!isKeyTuples(keys) || (effects !== undefined && !Array.isArray(effects))) return undefined;
  // Offsets in the journal file (or, without a place, in a copy of the JSON).
  const where = place ?? { source: new InMemory(Buffer.from(json)), lineStart: 0, lineEnd: json.length, jsonStart: 0 };
  return new UnreadActivities(
    keys,
    (effects as unknown[] | undefined) ?? [],
    new ActivitiesPlace(
      where.source,
      where.lineStart,
      where.lineEnd,
      where.jsonStart + end + BODY_MEMBER.length,
      where.jsonStart + json.length - 1,
    ),
  );
}

/**
 * A record from its JSON: an `activities` record with a head as `UnreadActivities` (its activities unparsed,
 * read back from `place` when first needed, or from a copy of `json` without one), any other parsed whole.
 * Throws when the bytes are not JSON.
 */
export function decodeRecord(json: Buffer, place?: RecordPlace): unknown {
  return readHead(json, place) ?? JSON.parse(json.toString('utf8'));
}

/** The sandbox's journal codec: `activities` records behind their head, every other record as plain JSON. */
export const sandboxRecords: RecordCodec = { encode: encodeRecord, decode: decodeRecord };
