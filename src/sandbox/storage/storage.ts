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
  /** Throws when the bytes are not a record. */
  decode(json: Buffer): unknown;
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
