/**
 * Cuts a policy expression into tokens, each with its span. Strings are single-quoted with no escape (a quote
 * cannot appear inside one); a double quote, like any character outside the language, is an invalid token.
 * Error wording follows the service's parser ("parse error: Invalid token at <offset>"); see docs/policies.md.
 *
 * Policies are read on every creation and update, and an editor reads them on every keystroke: the tokens are
 * kept as numbers in flat arrays (a kind, a start and an end each), read from character codes, and a token's text
 * is cut out of the source only when the parser needs it (names, numbers, strings).
 */
import { ExpressionProblem, type Span } from './syntax';

/** Token kinds: the literal classes, then each operator, a single-character one by its character code. */
export const T = {
  EOF: 0,
  INT: 1,
  STRING: 2,
  IDENT: 3,
  AND: 4, // &&
  OR: 5, // ||
  EQ: 6, // ==
  NE: 7, // !=
  LE: 8, // <=
  GE: 9, // >=
  RANGE: 10, // ..
  BANG: 33,
  LPAREN: 40,
  RPAREN: 41,
  COMMA: 44,
  MINUS: 45,
  DOT: 46,
  COLON: 58,
  LT: 60,
  GT: 62,
  LBRACKET: 91,
  RBRACKET: 93,
  LBRACE: 123,
  RBRACE: 125,
} as const;

/** Which characters are a one-character operator on their own (their code is their kind). */
const SINGLE = new Uint8Array(128);
for (const c of '<>!()[]{},.:-') SINGLE[c.charCodeAt(0)] = 1;

/** What a character may be: 1 starts a name, 2 is a digit (and may go on a name). */
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) CLASS[c] = 1;
  else if (c >= 48 && c <= 57) CLASS[c] = 2;
}

/**
 * The tokens of the source read last. Their numbers live in arrays shared by every reading and overwritten by the
 * next one (reading is synchronous and the parser is done with its tokens when it returns), so a reading allocates
 * no array per token; `count` says how many of them belong to this reading.
 */
export class Tokens {
  /** Kind, start offset and end offset of each token, the first `count` of them; the last is EOF. */
  readonly kinds: Int32Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Of a name, a hash of its characters (see `name`). */
  readonly hashes: Int32Array;
  /** Where each line starts, to turn an offset into a line and column. */
  readonly lineStarts: number[] = [0];
  count = 0;

  constructor(readonly source: string) {
    if (shared.capacity <= source.length) grow(source.length + 1);
    this.kinds = shared.kinds;
    this.starts = shared.starts;
    this.ends = shared.ends;
    this.hashes = shared.hashes;
  }

  /**
   * A name's text. The same name read again, in this reading or a later one, is the same string, kept in a small
   * table by the hash the lexer took of it: a name is cut from the source once, not on every reading, and a map
   * keyed by names finds it by the hash the string keeps.
   */
  name(i: number): string {
    const start = this.starts[i]!;
    const length = this.ends[i]! - start;
    const slot = this.hashes[i]! & (NAME_SLOTS - 1);
    const known = names[slot];
    if (known !== undefined && known.length === length && this.source.startsWith(known, start)) return known;
    const name = this.source.slice(start, start + length);
    names[slot] = name;
    return name;
  }

  /** A name's or a number's text, a string's contents without its quotes. */
  text(i: number): string {
    const start = this.starts[i]!;
    const end = this.ends[i]!;
    return this.kinds[i] === T.STRING ? this.source.slice(start + 1, end - 1) : this.source.slice(start, end);
  }

  /** Whether token `i` is the name `name`, compared in place. */
  isName(i: number, name: string): boolean {
    const start = this.starts[i]!;
    return this.kinds[i] === T.IDENT && this.ends[i]! - start === name.length && this.source.startsWith(name, start);
  }

  spanOf(i: number): Span {
    return this.spanAt(this.starts[i]!, this.ends[i]!);
  }

  spanAt(offset: number, end: number): Span {
    const starts = this.lineStarts;
    if (starts.length === 1) return { offset, length: end - offset, line: 1, column: offset + 1 };
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { offset, length: end - offset, line: low + 1, column: offset - starts[low]! + 1 };
  }
}

/** The arrays every reading writes its tokens into: a source of n characters has at most n + 1 tokens. */
const shared = {
  capacity: 0,
  kinds: new Int32Array(0),
  starts: new Int32Array(0),
  ends: new Int32Array(0),
  hashes: new Int32Array(0),
};
function grow(atLeast: number): void {
  const capacity = Math.max(atLeast, 2 * shared.capacity, 256);
  shared.capacity = capacity;
  shared.kinds = new Int32Array(capacity);
  shared.starts = new Int32Array(capacity);
  shared.ends = new Int32Array(capacity);
  shared.hashes = new Int32Array(capacity);
}

/** The names read lately, each in the slot of its hash (a later name of the same slot takes it over). */
const NAME_SLOTS = 1024;
const names: (string | undefined)[] = new Array<string | undefined>(NAME_SLOTS).fill(undefined);

export function tokenize(source: string): Tokens {
  const tokens = new Tokens(source);
  const { kinds, starts, ends, hashes, lineStarts } = tokens;
  const length = source.length;
  /** The next line break not yet passed by a string (looked for once, not once per string). */
  let newline = source.indexOf('\n');
  let n = 0;
  let i = 0;
  while (i < length) {
    const c = source.charCodeAt(i);
    if (c === 32 || c === 9 || c === 13) {
      i++;
      continue;
    }
    if (c === 10) {
      lineStarts.push(++i);
      continue;
    }
    const start = i;
    // A code past the table is not part of a name or a number.
    const cls = c < 128 ? CLASS[c]! : 0;
    if (cls === 2) {
      i++;
      while (i < length) {
        const d = source.charCodeAt(i);
        if (d < 48 || d > 57) break;
        i++;
      }
      kinds[n] = T.INT;
    } else if (cls === 1) {
      let hash = c;
      i++;
      while (i < length) {
        const d = source.charCodeAt(i);
        if (d >= 128 || CLASS[d] === 0) break;
        hash = (Math.imul(hash, 31) + d) | 0;
        i++;
      }
      kinds[n] = T.IDENT;
      hashes[n] = hash ^ (hash >>> 10);
    } else if (c === 39) {
      const end = source.indexOf("'", i + 1);
      if (end < 0) throw invalid(tokens, start);
      // A string may hold a line break: later tokens are counted from the line it ends on.
      while (newline >= 0 && newline < end) {
        if (newline > i) lineStarts.push(newline + 1);
        newline = source.indexOf('\n', newline + 1);
      }
      i = end + 1;
      kinds[n] = T.STRING;
    } else {
      const pair = pairKind(c, i + 1 < length ? source.charCodeAt(i + 1) : 0);
      if (pair !== 0) {
        i += 2;
        kinds[n] = pair;
      } else {
        if (c >= 128 || SINGLE[c] !== 1) throw invalid(tokens, start);
        i++;
        kinds[n] = c;
      }
    }
    starts[n] = start;
    ends[n] = i;
    n++;
  }
  kinds[n] = T.EOF;
  starts[n] = length;
  ends[n] = length;
  tokens.count = n + 1;
  return tokens;
}

/** The kind of a two-character operator starting `c`, `next`; 0 when they are not one. */
function pairKind(c: number, next: number): number {
  switch (c) {
    case 38: // &
      return next === 38 ? T.AND : 0;
    case 124: // |
      return next === 124 ? T.OR : 0;
    case 61: // =
      return next === 61 ? T.EQ : 0;
    case 33: // !
      return next === 61 ? T.NE : 0;
    case 60: // <
      return next === 61 ? T.LE : 0;
    case 62: // >
      return next === 61 ? T.GE : 0;
    case 46: // .
      return next === 46 ? T.RANGE : 0;
    default:
      return 0;
  }
}

function invalid(tokens: Tokens, at: number): ExpressionProblem {
  return new ExpressionProblem(`parse error: Invalid token at ${at}`, tokens.spanAt(at, at + 1));
}
