/**
 * Where the sandbox keeps what it has acknowledged. Records are plain JSON values; the engine hands a
 * record here, waits until `append` has resolved, and only then applies it to its in-memory state and
 * answers, so an acknowledged change is always on disk (or, in memory mode, nowhere).
 */
export interface Storage {
  /** Every record appended before the storage was opened, oldest first, as read then (until let go of, once applied). */
  readonly recovered: readonly unknown[];
  /** Why the storage stopped accepting records (a failed write or sync); undefined while it works. */
  readonly failure: Error | undefined;
  /** Resolves once the record is durable. Records become durable in the order they were appended. */
  append(record: unknown): Promise<void>;
  /** Flushes what is pending and releases the file handles. Idempotent. */
  close(): Promise<void>;
}

/**
 * How records become the JSON of a journal line and back. The default is plain JSON; the sandbox's codec writes
 * its activities behind a small head, so that start-up can index them without parsing them (activityStore.ts).
 */
export interface RecordCodec {
  encode(record: unknown): Buffer;
  /**
   * Throws when the bytes are not a record. `json` is valid only during the call (the journal is read through a
   * window that moves on); a codec that leaves part of a record unread keeps its `place` and reads it back later.
   */
  decode(json: Buffer, place?: RecordPlace): unknown;
}

/** Where a record's JSON lies in the journal, and how to read part of it back later. */
export interface RecordPlace {
  readonly source: RecordSource;
  /** Offsets in the journal file of the record's line (its newline excluded) and of its JSON. */
  readonly lineStart: number;
  readonly lineEnd: number;
  readonly jsonStart: number;
}

/** Reads back bytes of records that start-up checked and let go of. */
export interface RecordSource {
  /**
   * Bytes `start` to `end` (offsets in the journal file) of the line `lineStart` to `lineEnd`, read again and
   * checked against the line's checksum; throws when they no longer match.
   */
  read(lineStart: number, lineEnd: number, start: number, end: number): Buffer;
}

export const jsonRecords: RecordCodec = {
  encode: (record) => Buffer.from(JSON.stringify(record), 'utf8'),
  decode: (json) => JSON.parse(json.toString('utf8')) as unknown,
};

/**
 * Faults to inject into the journal's writes and syncs, for tests of a full disk or a failing device.
 * `write` may let part of the bytes reach the file before the error, as a full disk does.
 */
export interface StorageFaults {
  write?(length: number): { readonly written: number; readonly error: Error } | undefined;
  sync?(): Error | undefined;
}
