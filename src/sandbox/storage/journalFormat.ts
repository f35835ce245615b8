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

const NEWLINE = 0x0a;
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
    const crc = crc32(out.subarray(start + 9, offset))
      .toString(16)
      .padStart(8, '0');
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

function decodeLine(line: Buffer, legacyAllowed: boolean, decode: (json: Buffer) => unknown): Decoded {
  const head = HEAD.exec(line.toString('latin1', 0, 40));
  if (!head) return { ok: false, found: describeBad(line) };
  const [prefix, crc, sequence, rest] = head;
  if (sequence === undefined && !legacyAllowed)
    return { ok: false, found: 'a record without a sequence number after records that have one' };
  if (crc32(line.subarray(9)).toString(16).padStart(8, '0') !== crc)
    return {
      ok: false,
      found:
        line[line.length - 1] === 0x0d
          ? describeBad(line)
          : 'a complete record whose checksum does not match its bytes',
    };
  let value: unknown;
  try {
    value = decode(line.subarray(prefix.length - 1));
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

function countRecords(bytes: Buffer, from: number): number {
  let count = 0;
  let at = bytes.indexOf(NEWLINE, from);
  let last = from;
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
  bytes: Buffer,
  decode: (json: Buffer) => unknown = (json) => JSON.parse(json.toString('utf8')),
  replay?: (record: unknown) => void,
): JournalScan {
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
    damage: { offset, recordNumber: sequence + 1, found, recordsFromDamage: countRecords(bytes, offset) },
  });
  while (offset < bytes.length) {
    const end = bytes.indexOf(NEWLINE, offset);
    const legacyAllowed = legacyRecords === sequence;
    if (end === -1) {
      const tail = bytes.subarray(offset);
      const bound = tornBound(tail, sequence + 1, legacyAllowed, groupLeft, lastGroup);
      if (tail.length <= bound) break;
      return damaged(describeTail(tail, bound));
    }
    const decoded = decodeLine(bytes.subarray(offset, end), legacyAllowed, decode);
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
