/**
 * An append-only journal, one record per line: `<crc32 hex> <json>\n`. Appends are grouped: while one
 * write + fdatasync is in flight, new records queue up and go out together in the next one, so the cost
 * of a sync is shared by every request that arrived meanwhile. Only when its group is synced does an
 * append resolve.
 *
 * On open, a last line that is incomplete or fails its checksum (a write torn by a crash) is cut off:
 * it was never acknowledged. A damaged line followed by good ones is not a torn write, and opening fails
 * rather than silently dropping acknowledged records.
 */
import { closeSync, fdatasync, ftruncateSync, fsyncSync, openSync, readFileSync, write } from 'node:fs';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Storage } from './storage';

export const JOURNAL_FILE_NAME = 'journal.log';

interface Pending {
  readonly bytes: Buffer;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

export interface RecoveryReport {
  readonly records: number;
  /** Bytes cut from the end because the last record was torn. */
  readonly truncatedBytes: number;
}

function encodeRecord(record: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(record), 'utf8');
  const crc = crc32(json).toString(16).padStart(8, '0');
  return Buffer.concat([Buffer.from(`${crc} `, 'latin1'), json, Buffer.from('\n', 'latin1')]);
}

/** Parses the journal's bytes; returns the records and the length of the good prefix. */
export function readJournal(bytes: Buffer): { records: unknown[]; goodLength: number } {
  const records: unknown[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf(0x0a, offset);
    const line = end === -1 ? undefined : bytes.subarray(offset, end);
    const record = line === undefined ? undefined : decodeLine(line);
    if (record === undefined) {
      // Anything after the first bad line must be a torn tail, not acknowledged data.
      const nextGood = end === -1 ? -1 : findGoodLineAfter(bytes, end + 1);
      if (nextGood !== -1) {
        throw new Error(
          `the journal is damaged at byte ${offset}, before records that are intact; refusing to drop them`,
        );
      }
      return { records, goodLength: offset };
    }
    records.push(record.value);
    offset = end + 1;
  }
  return { records, goodLength: offset };
}

function decodeLine(line: Buffer): { value: unknown } | undefined {
  if (line.length < 10 || line[8] !== 0x20) return undefined;
  const json = line.subarray(9);
  if (crc32(json).toString(16).padStart(8, '0') !== line.subarray(0, 8).toString('latin1')) return undefined;
  try {
    return { value: JSON.parse(json.toString('utf8')) as unknown };
  } catch {
    return undefined;
  }
}

function findGoodLineAfter(bytes: Buffer, from: number): number {
  let offset = from;
  while (offset < bytes.length) {
    const end = bytes.indexOf(0x0a, offset);
    if (end === -1) return -1;
    if (decodeLine(bytes.subarray(offset, end)) !== undefined) return offset;
    offset = end + 1;
  }
  return -1;
}

export class JournalStorage implements Storage {
  readonly recovered: readonly unknown[];
  readonly recovery: RecoveryReport;
  readonly #fd: number;
  #queue: Pending[] = [];
  #flushing: Promise<void> | undefined;
  #closed = false;
  #failure: Error | undefined;
  /** Records written and fdatasync calls made since open: how well appends are grouped. */
  readonly stats = { records: 0, syncs: 0 };

  private constructor(fd: number, recovered: unknown[], recovery: RecoveryReport) {
    this.#fd = fd;
    this.recovered = recovered;
    this.recovery = recovery;
  }

  /** Opens (or creates) the journal in `dir`, cutting off a torn last record. */
  static open(dir: string): JournalStorage {
    const file = path.join(dir, JOURNAL_FILE_NAME);
    const fd = openSync(file, 'a+', 0o600);
    try {
      const bytes = readFileSync(file);
      const { records, goodLength } = readJournal(bytes);
      const truncatedBytes = bytes.length - goodLength;
      if (truncatedBytes > 0) {
        ftruncateSync(fd, goodLength);
        fsyncSync(fd);
      }
      return new JournalStorage(fd, records, { records: records.length, truncatedBytes });
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  append(record: unknown): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the journal is closed'));
    if (this.#failure) return Promise.reject(this.#failure);
    const bytes = encodeRecord(record);
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ bytes, resolve, reject });
      if (!this.#flushing) this.#flushing = this.#drain();
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const group = this.#queue;
      this.#queue = [];
      try {
        await writeAll(this.#fd, Buffer.concat(group.map((p) => p.bytes)));
        await new Promise<void>((resolve, reject) =>
          fdatasync(this.#fd, (error) => (error ? reject(error) : resolve())),
        );
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

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    while (this.#flushing) await this.#flushing;
    closeSync(this.#fd);
  }
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
