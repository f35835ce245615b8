/**
 * The structure of a policy file read in one pass, without recursion and without building a tree: where each
 * policy object starts, its position in the file's array, and where each of its string properties sits. Any
 * depth of brackets is read (a stack, not the call stack); the first place nested deeper than MAX_FILE_DEPTH is
 * noted so that the editor says so. Forgiving as an editor must be: a missing comma, an unterminated string or a
 * stray bracket leave the rest readable, and comments are skipped (JSON with comments). Pure.
 */
import { MAX_FILE_DEPTH } from './policyFileLimits';

/** A string property of a policy object: the string's offset and length (quotes included), and the property's. */
export interface RawProperty {
  readonly offset: number;
  readonly length: number;
  readonly propertyOffset: number;
  readonly propertyLength: number;
}

export interface RawEntry {
  readonly offset: number;
  readonly index: number;
  /** By the property's name (its last occurrence, as JSON readers keep). */
  readonly strings: Map<string, RawProperty>;
}

export interface RawPolicyFile {
  readonly entries: readonly RawEntry[];
  readonly unreadable: boolean;
  /** Where reading stopped: the text's length, or the first token at or past the limit it was given. */
  readonly readTo: number;
  /** Where the brackets first nest deeper than MAX_FILE_DEPTH, when they do. */
  readonly deepAt?: number;
}

interface Frame {
  readonly object: boolean;
  /** The policy whose properties this object holds (the root object, or an object in the root array). */
  readonly entry: RawEntry | undefined;
  /** The root array: its elements are counted. */
  readonly root: boolean;
  count: number;
  key: { readonly name: string; readonly offset: number } | undefined;
  afterColon: boolean;
}

const QUOTE = 34;
const BACKSLASH = 92;
const SLASH = 47;
const STAR = 42;
const LF = 10;
const CR = 13;

/** Characters that end a bare word (a number, true, false, null, or anything else unquoted). */
function endsWord(code: number): boolean {
  return (
    code <= 32 ||
    code === QUOTE ||
    code === SLASH ||
    code === 0x7b /* { */ ||
    code === 0x7d /* } */ ||
    code === 0x5b /* [ */ ||
    code === 0x5d /* ] */ ||
    code === 0x2c /* , */ ||
    code === 0x3a /* : */
  );
}

/**
 * The end of the string starting at `start` (its opening quote): after the closing quote, or at a line break, or
 * at the end of the text; -1 when it reaches `n` before any of them.
 */
function stringEnd(text: string, start: number, n: number): number {
  let i = start + 1;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) return i + 1;
    if (code === LF || code === CR) return i;
    i += code === BACKSLASH ? 2 : 1;
  }
  return n >= text.length ? text.length : -1;
}

/** A property name as written: the text between its quotes, escapes read when it has any. */
function keyName(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, text.charCodeAt(end - 1) === QUOTE && end - 1 > start ? end - 1 : end);
  if (!inner.includes('\\')) return inner;
  try {
    return JSON.parse(`"${inner}"`) as string;
  } catch {
    return inner;
  }
}

/** Where reading may stop early: once the strings of the properties named have, together, passed a budget. */
export interface ReadBudget {
  readonly names: ReadonlySet<string>;
  /** Characters of those strings, quotes included. */
  readonly characters: number;
  readonly count: number;
}

/**
 * Reads `text` up to the first token that starts at or past `limit`, or up to the string that passes the budget
 * (that one included, so that the reader of the entries sees where it was passed).
 */
export function scanPolicyFile(text: string, limit = Number.POSITIVE_INFINITY, budget?: ReadBudget): RawPolicyFile {
  const entries: RawEntry[] = [];
  const stack: Frame[] = [];
  let rootKind: 'object' | 'array' | 'other' | undefined;
  let deepAt: number | undefined;
  /** Levels open past MAX_FILE_DEPTH: only counted, since nothing in them is read. */
  let excess = 0;
  const n = Math.min(text.length, limit);
  let i = 0;
  let spent = 0;
  let counted = 0;
  let spentAll = false;

  /** A value starts at `offset` in the innermost container: an element of an array, a key or a property's value. */
  const value = (offset: number, end: number, isString: boolean): void => {
    const top = stack[stack.length - 1];
    if (!top || excess > 0) return;
    if (!top.object) {
      top.count++;
      return;
    }
    if (top.afterColon && top.key) {
      if (isString && top.entry) {
        top.entry.strings.set(top.key.name, {
          offset,
          length: end - offset,
          propertyOffset: top.key.offset,
          propertyLength: end - top.key.offset,
        });
        if (budget?.names.has(top.key.name)) {
          spent += end - offset;
          counted++;
          spentAll = spent > budget.characters || counted > budget.count;
        }
      }
      top.key = undefined;
      top.afterColon = false;
      return;
    }
    if (isString) top.key = { name: keyName(text, offset, end), offset };
  };

  const open = (offset: number, object: boolean): void => {
    if (stack.length >= MAX_FILE_DEPTH) {
      deepAt ??= offset;
      excess++;
      return;
    }
    const parent = stack[stack.length - 1];
    if (!parent && rootKind !== undefined) return;
    const index = parent && !parent.object ? parent.count : 0;
    const atPolicy = object && (parent === undefined || parent.root);
    // A nested container is a value of its parent: the parent's key (or element) is taken by it.
    value(offset, offset, false);
    if (!parent) rootKind = object ? 'object' : 'array';
    const entry: RawEntry | undefined = atPolicy ? { offset, index, strings: new Map() } : undefined;
    if (entry) entries.push(entry);
    stack.push({ object, entry, root: !parent && !object, count: 0, key: undefined, afterColon: false });
  };

  reading: while (i < n) {
    const code = text.charCodeAt(i);
    if (code <= 32) {
      i++;
      continue;
    }
    switch (code) {
      case 0x7b:
      case 0x5b:
        open(i, code === 0x7b);
        i++;
        continue;
      case 0x7d:
      case 0x5d:
        if (excess > 0) excess--;
        else stack.pop();
        i++;
        continue;
      case 0x2c: {
        const top = stack[stack.length - 1];
        if (top?.object && excess === 0) {
          top.key = undefined;
          top.afterColon = false;
        }
        i++;
        continue;
      }
      case 0x3a: {
        const top = stack[stack.length - 1];
        if (top?.object && top.key && excess === 0) top.afterColon = true;
        i++;
        continue;
      }
      case QUOTE: {
        const end = stringEnd(text, i, n);
        // A string cut by the limit is not read: a part of it would be checked as if it were the whole.
        if (end < 0) break reading;
        if (stack.length === 0 && rootKind === undefined) rootKind = 'other';
        else value(i, end, true);
        i = end;
        if (spentAll) break reading;
        continue;
      }
      case SLASH: {
        const next = text.charCodeAt(i + 1);
        if (next === SLASH) {
          while (i < n && text.charCodeAt(i) !== LF && text.charCodeAt(i) !== CR) i++;
          continue;
        }
        if (next === STAR) {
          const close = text.indexOf('*/', i + 2);
          i = close < 0 ? n : close + 2;
          continue;
        }
        break;
      }
      default:
        break;
    }
    // A bare word: a number, true, false, null, or a mistake.
    const start = i;
    i++;
    while (i < n && !endsWord(text.charCodeAt(i))) i++;
    if (stack.length === 0 && rootKind === undefined) rootKind = 'other';
    else value(start, i, false);
  }
  const unreadable = rootKind === undefined || rootKind === 'other';
  return {
    entries: unreadable ? [] : entries,
    unreadable,
    readTo: Math.min(i, text.length),
    ...(deepAt !== undefined ? { deepAt } : {}),
  };
}
