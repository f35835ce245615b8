/**
 * Where the sandbox keeps what it has acknowledged. Records are plain JSON values; the engine applies a
 * record to its in-memory state first and then hands it here, and answers the request only once
 * `append` has resolved, so an acknowledged activity is always on disk (or, in memory mode, nowhere).
 */
export interface Storage {
  /** Every record appended so far, oldest first, as read when the storage was opened. */
  readonly recovered: readonly unknown[];
  /** Resolves once the record is durable. Records become durable in the order they were appended. */
  append(record: unknown): Promise<void>;
  /** Flushes what is pending and releases the file handles. Idempotent. */
  close(): Promise<void>;
}
