/**
 * A policy file (`*.policy.json`: one policy, or an array of them) read in one pass (policyFileReader.ts), keeping
 * where each field sits. An expression (`condition`, `consensus`, `time`) is a JSON string: its characters and the
 * file's differ wherever the string has an escape, so an expression with escapes carries the file offset of every
 * character of its value, and an offset in the file finds the expression and the character it falls in. Pure:
 * tested in Node.
 */
import { CHECK_BUDGET, MAX_READ_LENGTH } from './policyFileLimits';
import { scanPolicyFile, type RawEntry } from './policyFileReader';

export type ExpressionField = 'condition' | 'consensus' | 'time';
export const EXPRESSION_FIELDS: readonly ExpressionField[] = ['condition', 'consensus', 'time'];

/** A string value of the file: its text, and the file offset of each of its characters (one more for its end). */
export interface FileString {
  readonly value: string;
  /** The offset of the string node (its opening quote) and its length, quotes included. */
  readonly offset: number;
  readonly length: number;
  /**
   * When the string has escapes: `at[i]` is the file offset of character i of `value`, `at[value.length]` that of
   * the closing quote. Without escapes character i sits at `offset + 1 + i`, and no table is kept.
   */
  readonly at?: readonly number[];
  /** The whole property (`"consensus": "…"`), for a fix that removes it. */
  readonly property?: { readonly offset: number; readonly length: number };
}

export interface PolicyEntry {
  /** Where the policy's object starts in the file (where its lens goes). */
  readonly offset: number;
  /** Its position in the file's array, or 0 for a file holding one policy. */
  readonly index: number;
  readonly policyName?: FileString;
  readonly effect?: FileString;
  readonly notes?: FileString;
  readonly condition?: FileString;
  readonly consensus?: FileString;
  readonly time?: FileString;
}

export interface PolicyFile {
  readonly entries: readonly PolicyEntry[];
  /** True when the file is not a JSON object or array of objects (the JSON schema says why). */
  readonly unreadable: boolean;
  /** Where its brackets first nest deeper than a policy file needs (policyFileReader.ts), when they do. */
  readonly deepAt?: number;
  /** Where reading stopped: the text's length, or where MAX_READ_LENGTH stopped it. */
  readonly readTo: number;
}

const STRING_FIELDS = ['policyName', 'effect', 'notes', 'condition', 'consensus', 'time'] as const;
type StringField = (typeof STRING_FIELDS)[number];

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Reads a JSON string literal as it stands in the file, starting at `offset` (its opening quote). */
export function fileString(text: string, offset: number, length: number): FileString {
  const end = offset + length - 1;
  const inner = text.slice(offset + 1, Math.max(offset + 1, end));
  if (!inner.includes('\\')) return { value: inner, offset, length };
  const at: number[] = [];
  let value = '';
  let i = offset + 1;
  while (i < end) {
    const c = text[i]!;
    if (c !== '\\') {
      at.push(i);
      value += c;
      i++;
      continue;
    }
    const next = text[i + 1] ?? '';
    if (next === 'u') {
      const code = Number.parseInt(text.slice(i + 2, i + 6), 16);
      at.push(i);
      value += Number.isNaN(code) ? '' : String.fromCharCode(code);
      i += 6;
      continue;
    }
    at.push(i);
    value += SIMPLE_ESCAPES[next] ?? next;
    i += 2;
  }
  at.push(Math.min(i, end));
  return { value, offset, length, at };
}

function entryOf(text: string, raw: RawEntry): PolicyEntry {
  const entry: { -readonly [K in keyof PolicyEntry]: PolicyEntry[K] } = { offset: raw.offset, index: raw.index };
  for (const [name, found] of raw.strings) {
    if (!(STRING_FIELDS as readonly string[]).includes(name)) continue;
    const read = fileString(text, found.offset, found.length);
    const property = { offset: found.propertyOffset, length: found.propertyLength };
    entry[name as StringField] = read.at
      ? { value: read.value, offset: read.offset, length: read.length, at: read.at, property }
      : { value: read.value, offset: read.offset, length: read.length, property };
  }
  return entry;
}

/** The policies of a file: all of them, or in a file larger than MAX_READ_LENGTH those its check reaches. */
export function readPolicyFile(text: string): PolicyFile {
  const budget = { names: new Set<string>(EXPRESSION_FIELDS), ...CHECK_BUDGET };
  const raw = scanPolicyFile(text, MAX_READ_LENGTH, text.length > MAX_READ_LENGTH ? budget : undefined);
  return {
    entries: raw.entries.map((entry) => entryOf(text, entry)),
    unreadable: raw.unreadable,
    readTo: raw.readTo,
    ...(raw.deepAt !== undefined ? { deepAt: raw.deepAt } : {}),
  };
}

/** The expression the file offset falls in (strictly inside its quotes), and the offset inside the expression. */
export function expressionAt(
  file: PolicyFile,
  offset: number,
): { entry: PolicyEntry; field: ExpressionField; expression: FileString; inner: number } | undefined {
  for (const entry of file.entries) {
    for (const field of EXPRESSION_FIELDS) {
      const expression = entry[field];
      if (!expression || offset <= expression.offset || offset >= expression.offset + expression.length) continue;
      return { entry, field, expression, inner: innerOffset(expression, offset) };
    }
  }
  return undefined;
}

/** The file offset of character i of a string's value (i = its length: the closing quote). */
function fileOffsetOf(expression: FileString, i: number): number {
  const last = expression.at ? expression.at.length - 1 : expression.value.length;
  const clamped = Math.max(0, Math.min(i, last));
  return expression.at ? expression.at[clamped]! : expression.offset + 1 + clamped;
}

/** The character of the expression at (or just after) a file offset: the first whose file offset is not before it. */
export function innerOffset(expression: FileString, offset: number): number {
  const { at } = expression;
  if (!at) return Math.max(0, Math.min(offset - expression.offset - 1, expression.value.length));
  let low = 0;
  let high = at.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (at[middle]! < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The file range of characters [start, end) of an expression. */
export function fileRange(expression: FileString, start: number, end: number): { start: number; end: number } {
  const from = fileOffsetOf(expression, start);
  const to = fileOffsetOf(expression, end);
  return { start: from, end: Math.max(to, from) };
}

/** An expression's value as JSON string content (what goes between the quotes when text is replaced). */
export function jsonStringContent(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** The policy as the service takes it, from an entry whose required fields are there. */
export interface FilePolicy {
  readonly policyName: string;
  readonly effect: string;
  readonly notes: string;
  readonly condition?: string;
  readonly consensus?: string;
  readonly time?: string;
}

export function filePolicy(entry: PolicyEntry): FilePolicy | undefined {
  if (!entry.policyName || !entry.effect) return undefined;
  return {
    policyName: entry.policyName.value,
    effect: entry.effect.value,
    notes: entry.notes?.value ?? '',
    ...(entry.condition ? { condition: entry.condition.value } : {}),
    ...(entry.consensus ? { consensus: entry.consensus.value } : {}),
    ...(entry.time ? { time: entry.time.value } : {}),
  };
}
