/**
 * The journal's bytes. One record per line:
 *
 *     <crc32, 8 hex> <sequence number> <rest, 10 digits> <JSON>\n
 *
 * The checksum covers everything after it up to the newline. Sequence numbers count from 1 with no gap.
 * `rest` is the number of bytes from the start of this line to the end of the group write it belongs
 * to: what a crash during that write can have left torn.
 *
 * Journals written before records carried sequence numbers hold `<crc32> <JSON>\n` lines; they are read
 * as they are (their line number is their sequence number), and new records are appended after them in
 * the current form.
 *
 * Reading never guesses. A record that is incomplete at the end of the file is a torn write, cut off
 * only when it is no longer than the group write it came from. Anything else (a complete line that
 * fails its checksum, a gap in the sequence, CR LF line endings, zeros or garbage) is damage, reported
 * with its offset and what was found there.
 */
import { crc32 } from 'node:zlib';
import type { RecordPlace, RecordSource } from './storage';

export const NEWLINE = 0x0a;
const REST_DIGITS = 10;
/** The largest record an older sandbox could have left torn (its bodies were capped well below this). */
const LEGACY_MAX_RECORD_BYTES = 16 * 1024 * 1024;

export interface JournalDamage {
  /** Where the damage starts, in bytes from the start of the file. */
  readonly offset: number;
  /** The 1-based number the damaged record would have had. */
  readonly recordNumber: number;
  /** What was found there, in words. */
  readonly found: string;
  /** Records (complete lines, and a last incomplete one) from the damage to the end, all dropped by a repair. */
  readonly recordsFromDamage: number;
}

export interface JournalScan {
  readonly records: unknown[];
  /** Where the good records end: the file's length, unless a torn tail or damage follows. */
  readonly goodLength: number;
  /** The sequence number of the last good record (0 when there is none). */
  readonly lastSequence: number;
  /** How many good records are in the earlier format, without sequence numbers. */
  readonly legacyRecords: number;
  /** Set when the bytes after `goodLength` are damage rather than a torn last write. */
  readonly damage: JournalDamage | undefined;
}

/** A line's checksum as it is written: the CRC-32 of `bytes` (everything after the checksum), 8 hex digits. */
function checksum(bytes: Buffer): string {
  return crc32(bytes).toString(16).padStart(8, '0');
}

/** Encodes a group of records, already serialised to JSON, that one write will carry. */
export function encodeGroup(jsons: readonly Buffer[], firstSequence: number): Buffer {
  const heads = jsons.map((_, i) => `${firstSequence + i} `);
  const lengths = jsons.map((json, i) => 9 + (heads[i] ?? '').length + REST_DIGITS + 1 + json.length + 1);
  const total = lengths.reduce((sum, n) => sum + n, 0);
  const out = Buffer.allocUnsafe(total);
  let offset = 0;
  let rest = total;
  jsons.forEach((json, i) => {
    const start = offset;
    offset += 9;
    offset += out.write(`${heads[i] ?? ''}${String(rest).padStart(REST_DIGITS, '0')} `, offset, 'latin1');
    offset += json.copy(out, offset);
    const crc = checksum(out.subarray(start + 9, offset));
    out.write(`${crc} `, start, 'latin1');
    out[offset++] = NEWLINE;
    rest -= lengths[i] ?? 0;
  });
  return out;
}

type Decoded =
  | { readonly ok: true; readonly value: unknown; readonly sequence: number | undefined; readonly rest: number }
  | { readonly ok: false; readonly found: string };

const HEAD = /^([0-9a-f]{8}) (?:(\d{1,15}) (\d{10}) )?\{/;

function describeBad(line: Buffer): string {
  if (line.length > 0 && line.every((b) => b === 0)) return `${line.length} zero bytes where a record should be`;
  if (line[line.length - 1] === 0x0d)
    return 'a line ending in CR LF: the file was converted to Windows line endings (converting it back to LF, e.g. with dos2unix, restores it)';
  return `a line that is not a journal record (it starts ${JSON.stringify(line.subarray(0, 24).toString('latin1'))})`;
}

function decodeLine(
  line: Buffer,
  legacyAllowed: boolean,
  decode: (json: Buffer, place: RecordPlace) => unknown,
  place: { source: RecordSource; lineStart: number },
): Decoded {
  const head = HEAD.exec(line.toString('latin1', 0, 40));
  if (!head) return { ok: false, found: describeBad(line) };
  const [prefix, crc, sequence, rest] = head;
  if (sequence === undefined && !legacyAllowed)
    return { ok: false, found: 'a record without a sequence number after records that have one' };
  if (checksum(line.subarray(9)) !== crc)
    return {
      ok: false,
      found:
        line[line.length - 1] === 0x0d
          ? describeBad(line)
          : 'a complete record whose checksum does not match its bytes',
    };
  let value: unknown;
  try {
    const jsonStart = prefix.length - 1;
    value = decode(line.subarray(jsonStart), {
      source: place.source,
      lineStart: place.lineStart,
      lineEnd: place.lineStart + line.length,
      jsonStart: place.lineStart + jsonStart,
    });
  } catch {
    return { ok: false, found: 'a record whose checksum matches but whose JSON does not parse' };
  }
  return {
    ok: true,
    value,
    sequence: sequence === undefined ? undefined : Number(sequence),
    rest: rest === undefined ? line.length + 1 : Number(rest),
  };
}

/**
 * The bytes of a journal as the scan reads them: line by line from the start, and whatever follows the last
 * newline. A file is read through a window (journalStorage.ts), so a line's bytes are valid only until the next;
 * `read` (what a codec's `RecordPlace` reads back later) reads them again.
 */
export interface JournalBytes extends RecordSource {
  readonly length: number;
  /** The line that starts at `offset` (without its newline) and where its newline is; undefined when none follows. */
  lineAt(offset: number): { readonly line: Buffer; readonly end: number } | undefined;
  /** Every byte from `offset` to the end. */
  rest(offset: number): Buffer;
}

/** `line`'s bytes `from` to `to`, once its checksum (its first 8 characters, over what follows them) matches. */
export function checkedSlice(line: Buffer, from: number, to: number, lineStart: number): Buffer {
  if (line.length < 9 || checksum(line.subarray(9)) !== line.toString('latin1', 0, 8))
    throw new Error(
      `the journal's record at byte ${lineStart} no longer matches its checksum: the file changed after start-up`,
    );
  return line.subarray(from, to);
}

/** A journal held whole in memory. */
export class JournalBuffer implements JournalBytes {
  constructor(readonly bytes: Buffer) {}

  get length(): number {
    return this.bytes.length;
  }

  lineAt(offset: number): { readonly line: Buffer; readonly end: number } | undefined {
    const end = this.bytes.indexOf(NEWLINE, offset);
    return end === -1 ? undefined : { line: this.bytes.subarray(offset, end), end };
  }

  rest(offset: number): Buffer {
    return this.bytes.subarray(offset);
  }

  read(lineStart: number, lineEnd: number, start: number, end: number): Buffer {
    return checkedSlice(this.bytes.subarray(lineStart, lineEnd), start - lineStart, end - lineStart, lineStart);
  }
}

function countRecords(bytes: Buffer): number {
  let count = 0;
  let at = bytes.indexOf(NEWLINE);
  let last = 0;
  while (at !== -1) {
    count++;
    last = at + 1;
    at = bytes.indexOf(NEWLINE, last);
  }
  return count + (last < bytes.length ? 1 : 0);
}

/**
 * How long a torn last write may be, judged from the incomplete record's own header when it can be read,
 * otherwise from the group the last good record belongs to.
 */
function tornBound(
  tail: Buffer,
  expected: number,
  legacyAllowed: boolean,
  groupLeft: number,
  lastGroup: number,
): number {
  const head = HEAD.exec(tail.toString('latin1', 0, 40));
  if (head?.[2] !== undefined && Number(head[2]) === expected) return Number(head[3]);
  if (head && head[2] === undefined && legacyAllowed) return LEGACY_MAX_RECORD_BYTES;
  return groupLeft > 0 ? groupLeft : lastGroup;
}

function describeTail(tail: Buffer, bound: number): string {
  const zeros = tail.every((b) => b === 0) ? `${tail.length} zero bytes` : undefined;
  let trailingZeros = 0;
  while (trailingZeros < tail.length && tail[tail.length - 1 - trailingZeros] === 0) trailingZeros++;
  const what =
    zeros ??
    (trailingZeros > 512
      ? `an incomplete record followed by ${trailingZeros} zero bytes`
      : `an incomplete record of ${tail.length} bytes`);
  return `${what} at the end, longer than the last group write could have left (${bound} bytes)`;
}

/**
 * The journal's records, read with `decode` (by default, JSON.parse of each line's JSON). With `replay`, each good
 * record goes to it as it is read, and `records` stays empty.
 */
export function scanJournal(
  input: Buffer | JournalBytes,
  decode: (json: Buffer, place: RecordPlace) => unknown = (json) => JSON.parse(json.toString('utf8')),
  replay?: (record: unknown) => void,
): JournalScan {
  const bytes = Buffer.isBuffer(input) ? new JournalBuffer(input) : input;
  const records: unknown[] = [];
  let offset = 0;
  let sequence = 0;
  let legacyRecords = 0;
  /** Bytes of the last good record's group still to come after it, and the size of that group. */
  let groupLeft = 0;
  let lastGroup = 0;
  const damaged = (found: string): JournalScan => ({
    records,
    goodLength: offset,
    lastSequence: sequence,
    legacyRecords,
    damage: { offset, recordNumber: sequence + 1, found, recordsFromDamage: countRecords(bytes.rest(offset)) },
  });
  while (offset < bytes.length) {
    const next = bytes.lineAt(offset);
    const legacyAllowed = legacyRecords === sequence;
    if (next === undefined) {
      const tail = bytes.rest(offset);
      const bound = tornBound(tail, sequence + 1, legacyAllowed, groupLeft, lastGroup);
      if (tail.length <= bound) break;
      return damaged(describeTail(tail, bound));
    }
    const { line, end } = next;
    const decoded = decodeLine(line, legacyAllowed, decode, { source: bytes, lineStart: offset });
    if (!decoded.ok) return damaged(decoded.found);
    if (decoded.sequence !== undefined && decoded.sequence !== sequence + 1)
      return damaged(`record number ${decoded.sequence} where ${sequence + 1} was expected: a gap in the sequence`);
    if (decoded.sequence === undefined) legacyRecords++;
    const length = end + 1 - offset;
    if (groupLeft === 0) lastGroup = decoded.rest;
    groupLeft = Math.max(0, decoded.rest - length);
    if (replay) replay(decoded.value);
    else records.push(decoded.value);
    sequence++;
    offset = end + 1;
  }
  return { records, goodLength: offset, lastSequence: sequence, legacyRecords, damage: undefined };
}
