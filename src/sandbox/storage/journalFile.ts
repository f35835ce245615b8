/**
 * The journal's file work below the journal itself: backups taken before a repair, the directory synced after a
 * rename, and the journal file read through a moving window at start-up and one record at a time afterwards.
 */
import { closeSync, existsSync, fchmodSync, fstatSync, fsyncSync, openSync, readSync, write, writeSync } from 'node:fs';
import { checkedSlice, NEWLINE, type JournalBytes } from './journalFormat';

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

export function syncDirectory(dir: string): void {
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
export class JournalFile implements JournalBytes {
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

export function writeAll(fd: number, buffer: Buffer): Promise<void> {
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
