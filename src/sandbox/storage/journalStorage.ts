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
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  write,
  writeSync,
} from 'node:fs';
import * as path from 'node:path';
import {
  checkedSlice,
  encodeGroup,
  NEWLINE,
  scanJournal,
  type JournalBytes,
  type JournalDamage,
} from './journalFormat';
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

/** `20260102T030405Z`: when a backup was taken, sortable and safe in a file name. */
function timestampForFileName(now: Date): string {
  return now
    .toISOString()
    .replaceAll(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** How much of a file a backup copies at a time. */
const COPY_CHUNK_BYTES = 1024 * 1024;

/**
 * Copies the file next to itself as `<name>.<timestamp>.bak`, and returns the backup's path. The backup
 * holds every private key, so it is created readable by its owner only, whatever the file's own mode
 * (a plain copy would keep it, 0644 included).
 */
export function backupFile(file: string): string {
  let backup = `${file}.${timestampForFileName(new Date())}.bak`;
  for (let n = 2; existsSync(backup); n++) backup = `${file}.${timestampForFileName(new Date())}-${n}.bak`;
  const from = openSync(file, 'r');
  try {
    const to = openSync(backup, 'wx', 0o600);
    try {
      fchmodSync(to, 0o600);
      const chunk = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
      for (let read = readSync(from, chunk); read > 0; read = readSync(from, chunk)) writeSync(to, chunk, 0, read);
      fsyncSync(to);
    } finally {
      closeSync(to);
    }
  } finally {
    closeSync(from);
  }
  return backup;
}

function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some platforms cannot sync a directory; the rename is still atomic.
  }
}

/** Reads `length` bytes at `position` into `buffer` from its start; fewer only at the end of the file. */
function readAt(fd: number, buffer: Buffer, length: number, position: number): number {
  let done = 0;
  while (done < length) {
    const read = readSync(fd, buffer, done, length - done, position + done);
    if (read === 0) break;
    done += read;
  }
  return done;
}

/** The first size of the window the journal is read through; it doubles for a longer line. */
const WINDOW_BYTES = 4 * 1024 * 1024;

/**
 * The journal file, read at start-up through a window of a few megabytes that moves along it (a journal of
 * 100,000 activities is 200 MB, which need not all be in memory at once), and read back afterwards one record at
 * a time, for the codec's unread parts, each checked again against its checksum.
 */
class JournalFile implements JournalBytes {
  #window = Buffer.alloc(0);
  #windowStart = 0;
  #windowLength = 0;
  #length: number;
  #closed = false;

  constructor(readonly fd: number) {
    this.#length = fstatSync(fd).size;
  }

  get length(): number {
    return this.#length;
  }

  lineAt(offset: number): { readonly line: Buffer; readonly end: number } | undefined {
    for (;;) {
      const from = offset - this.#windowStart;
      if (from >= 0 && from <= this.#windowLength) {
        const at = this.#window.indexOf(NEWLINE, from);
        if (at !== -1 && at < this.#windowLength)
          return { line: this.#window.subarray(from, at), end: this.#windowStart + at };
        if (this.#windowStart + this.#windowLength >= this.#length) return undefined;
      }
      this.#fill(offset);
    }
  }

  /** Moves the window to start at `offset`, twice as large when a line did not fit in it. */
  #fill(offset: number): void {
    const full = offset === this.#windowStart && this.#windowLength === this.#window.length;
    if (this.#window.length === 0 || full)
      this.#window = Buffer.allocUnsafe(Math.max(WINDOW_BYTES, this.#window.length * 2));
    const wanted = Math.min(this.#window.length, this.#length - offset);
    this.#windowStart = offset;
    this.#windowLength = readAt(this.fd, this.#window, wanted, offset);
    // A file that ended sooner than its size said ends there.
    if (this.#windowLength < wanted) this.#length = offset + this.#windowLength;
  }

  rest(offset: number): Buffer {
    const bytes = Buffer.allocUnsafe(Math.max(0, this.#length - offset));
    return bytes.subarray(0, readAt(this.fd, bytes, bytes.length, offset));
  }

  /** Lets go of the window once start-up has read the file. */
  endScan(): void {
    this.#window = Buffer.alloc(0);
    this.#windowLength = 0;
  }

  read(lineStart: number, lineEnd: number, start: number, end: number): Buffer {
    if (this.#closed) throw new Error('the journal is closed');
    const line = Buffer.allocUnsafe(lineEnd - lineStart);
    if (readAt(this.fd, line, line.length, lineStart) !== line.length)
      throw new Error(`the journal's record at byte ${lineStart} is no longer there: the file changed after start-up`);
    return checkedSlice(line, start - lineStart, end - lineStart, lineStart);
  }

  close(): void {
    this.#closed = true;
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

function writeAll(fd: number, buffer: Buffer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const step = (offset: number): void => {
      write(fd, buffer, offset, buffer.length - offset, null, (error, written) => {
        if (error) return reject(error);
        if (offset + written < buffer.length) return step(offset + written);
        resolve();
      });
    };
    step(0);
  });
}
