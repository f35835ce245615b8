/**
 * An append-only journal (see journalFormat.ts for its bytes). Appends are grouped: while one write +
 * fdatasync is in flight, new records queue up and go out together in the next one, so the cost of a
 * sync is shared by every request that arrived meanwhile. Only when its group is synced does an append
 * resolve. A failed write or sync stops the journal for good: every later append is refused, and the
 * sandbox refuses every request until it is restarted and has read back what the disk really holds.
 *
 * Opening never guesses: a torn last write is cut off (it was never acknowledged); damage stops the
 * open with a `JournalDamagedError`, unless the caller asked for a repair.
 */
import {
  closeSync,
  existsSync,
  fchmodSync,
  fdatasync,
  fsyncSync,
  ftruncateSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import * as path from 'node:path';
import { encodeGroup, scanJournal, type JournalDamage } from './journalFormat';
import { backupFile, JournalFile, syncDirectory, writeAll } from './journalFile';
import { jsonRecords, type RecordCodec, type Storage, type StorageFaults } from './storage';

export const JOURNAL_FILE_NAME = 'journal.log';

export interface OpenOptions {
  readonly faults?: StorageFaults;
  /** How records are written and read (default plain JSON). */
  readonly codec?: RecordCodec;
  /**
   * Receives each good record, in order, as it is read, instead of `recovered` keeping them all: what a record
   * leaves behind once applied can then go before the rest is read. Should the journal turn out damaged (and not
   * be repaired), the open throws after some records were given: the receiver's work is then to be dropped.
   */
  readonly replay?: (record: unknown) => void;
}

interface Pending {
  readonly json: Buffer;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

export interface RecoveryReport {
  readonly records: number;
  /** Bytes cut from the end because the last write was torn. */
  readonly truncatedBytes: number;
  /** Records read in the format from before sequence numbers (appended to in the current one). */
  readonly legacyRecords: number;
  /** Set when a damaged journal was repaired on request. */
  readonly repaired?: { readonly backup: string; readonly offset: number; readonly droppedRecords: number };
}

/** The journal is damaged: what, where, and the two ways on. */
export class JournalDamagedError extends Error {
  override readonly name = 'JournalDamagedError';
  readonly file: string;
  readonly damage: JournalDamage;

  constructor(file: string, damage: JournalDamage, repairDoes?: string) {
    const repair =
      repairDoes ??
      `copies the journal to a timestamped backup and cuts it at byte ${damage.offset}, dropping ${damage.recordsFromDamage} record(s) from there on`;
    super(
      `The sandbox journal ${file} is damaged at byte ${damage.offset} (record ${damage.recordNumber}): found ${damage.found}. ` +
        `Nothing was changed and the sandbox did not start. Either start it with --repair, which ${repair}, ` +
        `or start it on a fresh data directory.`,
    );
    this.file = file;
    this.damage = damage;
  }
}

export class JournalStorage implements Storage {
  readonly recovered: readonly unknown[];
  readonly recovery: RecoveryReport;
  readonly #fd: number;
  readonly #file: JournalFile;
  readonly #faults: StorageFaults;
  readonly #codec: RecordCodec;
  #nextSequence: number;
  #queue: Pending[] = [];
  #flushing: Promise<void> | undefined;
  #closed = false;
  #failure: Error | undefined;
  /** Records written and fdatasync calls made since open: how well appends are grouped. */
  readonly stats = { records: 0, syncs: 0 };

  private constructor(
    file: JournalFile,
    recovered: unknown[],
    recovery: RecoveryReport,
    faults: StorageFaults,
    codec: RecordCodec,
  ) {
    this.#fd = file.fd;
    this.#file = file;
    this.recovered = recovered;
    this.recovery = recovery;
    this.#nextSequence = recovery.records + 1;
    this.#faults = faults;
    this.#codec = codec;
  }

  /** Whether `dir` holds a journal (empty or not). */
  static exists(dir: string): boolean {
    return existsSync(path.join(dir, JOURNAL_FILE_NAME));
  }

  /**
   * Creates the journal with its first record, whole or not at all: written to a temporary file, synced,
   * and renamed into place, so a journal never exists without it.
   */
  static create(dir: string, first: unknown, options: OpenOptions = {}): JournalStorage {
    const codec = options.codec ?? jsonRecords;
    const file = path.join(dir, JOURNAL_FILE_NAME);
    const temp = `${file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, encodeGroup([codec.encode(first)], 1));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
    syncDirectory(dir);
    return JournalStorage.open(dir, { ...options, repair: false });
  }

  /**
   * Opens the journal in `dir`: cuts off a torn last write, and refuses damage with a
   * `JournalDamagedError` unless `repair` is set, in which case the journal is first copied to a
   * timestamped backup and then cut at the damage.
   */
  static open(dir: string, options: OpenOptions & { repair?: boolean } = {}): JournalStorage {
    const file = path.join(dir, JOURNAL_FILE_NAME);
    const fd = openSync(file, 'a+', 0o600);
    const codec = options.codec ?? jsonRecords;
    try {
      // It holds every private key: owner only, even when an older sandbox, a copy or an editor left it 0644.
      fchmodSync(fd, 0o600);
      const journal = new JournalFile(fd);
      const scan = scanJournal(journal, (json, place) => codec.decode(json, place), options.replay);
      journal.endScan();
      let repaired: RecoveryReport['repaired'];
      if (scan.damage) {
        if (options.repair !== true) throw new JournalDamagedError(file, scan.damage);
        const backup = backupFile(file);
        repaired = { backup, offset: scan.damage.offset, droppedRecords: scan.damage.recordsFromDamage };
      }
      const truncatedBytes = journal.length - scan.goodLength;
      if (truncatedBytes > 0) {
        ftruncateSync(fd, scan.goodLength);
        fsyncSync(fd);
      }
      const report: RecoveryReport = {
        records: scan.lastSequence,
        truncatedBytes: repaired ? 0 : truncatedBytes,
        legacyRecords: scan.legacyRecords,
        ...(repaired ? { repaired } : {}),
      };
      return new JournalStorage(journal, scan.records, report, options.faults ?? {}, codec);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  /** Removes the journal of `dir` (used only after it was backed up, to start afresh). */
  static remove(dir: string): void {
    rmSync(path.join(dir, JOURNAL_FILE_NAME), { force: true });
  }

  get failure(): Error | undefined {
    return this.#failure;
  }

  append(record: unknown): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the journal is closed'));
    if (this.#failure) return Promise.reject(this.#failure);
    // Serialised now: the record may be changed once it is applied, and what was decided is what is kept.
    const json = this.#codec.encode(record);
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ json, resolve, reject });
      if (!this.#flushing) this.#flushing = this.#drain();
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const group = this.#queue;
      this.#queue = [];
      try {
        const bytes = encodeGroup(
          group.map((p) => p.json),
          this.#nextSequence,
        );
        await this.#write(bytes);
        await this.#sync();
        this.#nextSequence += group.length;
        this.stats.records += group.length;
        this.stats.syncs += 1;
        for (const p of group) p.resolve();
      } catch (error) {
        // After a failed write the file's tail is unknown: refuse everything from now on.
        this.#failure = error instanceof Error ? error : new Error(String(error));
        for (const p of [...group, ...this.#queue]) p.reject(this.#failure);
        this.#queue = [];
      }
    }
    this.#flushing = undefined;
  }

  async #write(bytes: Buffer): Promise<void> {
    const fault = this.#faults.write?.(bytes.length);
    if (fault) {
      if (fault.written > 0) await writeAll(this.#fd, bytes.subarray(0, Math.min(fault.written, bytes.length)));
      throw fault.error;
    }
    await writeAll(this.#fd, bytes);
  }

  #sync(): Promise<void> {
    const fault = this.#faults.sync?.();
    if (fault) return Promise.reject(fault);
    return new Promise<void>((resolve, reject) => fdatasync(this.#fd, (error) => (error ? reject(error) : resolve())));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    while (this.#flushing) await this.#flushing;
    this.#file.close();
    closeSync(this.#fd);
  }
}

/** Parses the journal's bytes; returns the good records and the length of the good prefix. */
export function readJournal(bytes: Buffer): { records: unknown[]; goodLength: number } {
  const { records, goodLength } = scanJournal(bytes);
  return { records, goodLength };
}
