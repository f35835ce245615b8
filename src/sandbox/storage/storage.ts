/**
 * Where the sandbox keeps what it has acknowledged. Records are plain JSON values; the engine hands a
 * record here, waits until `append` has resolved, and only then applies it to its in-memory state and
 * answers, so an acknowledged change is always on disk (or, in memory mode, nowhere).
 */
export interface Storage {
  /** Every record appended so far, oldest first, as read when the storage was opened. */
  readonly recovered: readonly unknown[];
  /** Why the storage stopped accepting records (a failed write or sync); undefined while it works. */
  readonly failure: Error | undefined;
  /** Resolves once the record is durable. Records become durable in the order they were appended. */
  append(record: unknown): Promise<void>;
  /** Flushes what is pending and releases the file handles. Idempotent. */
  close(): Promise<void>;
}

/**
 * Faults to inject into the journal's writes and syncs, for tests of a full disk or a failing device.
 * `write` may let part of the bytes reach the file before the error, as a full disk does.
 */
export interface StorageFaults {
  write?(length: number): { readonly written: number; readonly error: Error } | undefined;
  sync?(): Error | undefined;
}
