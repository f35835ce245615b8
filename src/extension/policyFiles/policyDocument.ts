/**
 * A policy file (`*.policy.json`: one policy, or an array of them) read with jsonc-parser, keeping where each
 * field sits. An expression (`condition`, `consensus`, `time`) is a JSON string: its characters and the file's
 * differ wherever the string has an escape, so each expression carries the file offset of every character of its
 * value, and an offset in the file finds the expression and the character it falls in. Pure: tested in Node.
 */
import { parseTree, type Node } from 'jsonc-parser';

export type ExpressionField = 'condition' | 'consensus' | 'time';
export const EXPRESSION_FIELDS: readonly ExpressionField[] = ['condition', 'consensus', 'time'];

/** A string value of the file: its text, and the file offset of each of its characters (one more for its end). */
export interface FileString {
  readonly value: string;
  /** The offset of the string node (its opening quote) and its length, quotes included. */
  readonly offset: number;
  readonly length: number;
  /** `at[i]` is the file offset of character i of `value`; `at[value.length]` that of the closing quote. */
  readonly at: readonly number[];
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
  const at: number[] = [];
  let value = '';
  const end = offset + length - 1;
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

function entryOf(text: string, node: Node, index: number): PolicyEntry {
  const fields: Partial<Record<StringField, FileString>> = {};
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || !value || value.type !== 'string') continue;
    const name = String(key.value);
    if ((STRING_FIELDS as readonly string[]).includes(name))
      fields[name as StringField] = {
        ...fileString(text, value.offset, value.length),
        property: { offset: property.offset, length: property.length },
      };
  }
  return { offset: node.offset, index, ...fields };
}

export function readPolicyFile(text: string): PolicyFile {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return { entries: [], unreadable: true };
  if (root.type === 'object') return { entries: [entryOf(text, root, 0)], unreadable: false };
  if (root.type !== 'array') return { entries: [], unreadable: true };
  const entries = (root.children ?? [])
    .map((child, index) => ({ child, index }))
    .filter(({ child }) => child.type === 'object')
    .map(({ child, index }) => entryOf(text, child, index));
  return { entries, unreadable: false };
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

/** The character of the expression at (or just after) a file offset. */
export function innerOffset(expression: FileString, offset: number): number {
  const { at } = expression;
  let i = 0;
  while (i < at.length - 1 && at[i]! < offset) i++;
  return i;
}

/** The file range of characters [start, end) of an expression. */
export function fileRange(expression: FileString, start: number, end: number): { start: number; end: number } {
  const last = expression.at.length - 1;
  const from = expression.at[Math.max(0, Math.min(start, last))]!;
  const to = expression.at[Math.max(0, Math.min(end, last))]!;
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
