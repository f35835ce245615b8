/**
 * Cuts a policy expression into tokens, each with its span. Strings are single-quoted with no escape (a quote
 * cannot appear inside one); a double quote, like any character outside the language, is an invalid token.
 * Error wording follows the service's parser ("parse error: Invalid token at <offset>"); see docs/policies.md.
 *
 * Policies are read on every creation and update, and an editor reads them on every keystroke: the lexer is a
 * cursor the parser pulls one token at a time from, read from character codes, holding only the current token's
 * kind and offsets (no object or array per token); a token's text is cut out of the source only when the parser
 * needs it (names, strings, long numbers).
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
 * The names read lately, each in the slot of its hash (a later name of the same slot takes it over): at most
 * NAME_SLOTS names of at most MAX_KEPT characters, each a copy of its own, never a part of the text it was read
 * from (which the table would otherwise keep alive, a whole editor document perhaps).
 */
const NAME_SLOTS = 1024;
const MAX_KEPT = 64;
const names: (string | undefined)[] = new Array<string | undefined>(NAME_SLOTS).fill(undefined);

/**
 * The tokens of one source, one at a time: `advance` reads the next into `kind`, `start` and `end`. Any character
 * outside the language is refused when the cursor reaches it; `finish` reads on to the end, so that a refusal of
 * the parser comes after any such character in the rest of the source, as when the whole text was cut first.
 */
export class Lexer {
  /** The current token: its kind, start offset and end offset (EOF: the source's length, twice). */
  kind: number = T.EOF;
  start = 0;
  end = 0;
  /** Of a name, a hash of its characters (see `name`); of an integer of at most 15 digits, its value. */
  private hash = 0;
  smallValue = 0;
  /** The next line break not yet passed by a string (looked for once, not once per string). */
  private newline: number;
  /** Where each line starts, to turn an offset into a line and column; known up to the current token's end. */
  private readonly lineStarts: number[] = [0];

  constructor(readonly source: string) {
    this.newline = source.indexOf('\n');
    this.advance();
  }

  /** Moves to the next token (at the end, EOF again). */
  advance(): void {
    const source = this.source;
    const length = source.length;
    // The next token is looked for where the current one ends.
    let i = this.end;
    let c: number;
    for (;;) {
      if (i >= length) {
        this.kind = T.EOF;
        this.start = length;
        this.end = length;
        return;
      }
      c = source.charCodeAt(i);
      if (c === 32 || c === 9 || c === 13) i++;
      else if (c === 10) this.lineStarts.push(++i);
      else break;
    }
    const start = i;
    // A code past the table is not part of a name or a number.
    const cls = c < 128 ? CLASS[c]! : 0;
    if (cls === 2) {
      let value = c - 48;
      i++;
      while (i < length) {
        const d = source.charCodeAt(i);
        if (d < 48 || d > 57) break;
        value = value * 10 + d - 48;
        i++;
      }
      this.kind = T.INT;
      this.smallValue = value;
    } else if (cls === 1) {
      let hash = c;
      i++;
      while (i < length) {
        const d = source.charCodeAt(i);
        if (d >= 128 || CLASS[d] === 0) break;
        hash = (Math.imul(hash, 31) + d) | 0;
        i++;
      }
      this.kind = T.IDENT;
      this.hash = hash ^ (hash >>> 10);
    } else if (c === 39) {
      const end = source.indexOf("'", i + 1);
      if (end < 0) throw this.invalid(start);
      // A string may hold a line break: later tokens are counted from the line it ends on.
      let newline = this.newline;
      while (newline >= 0 && newline < end) {
        if (newline > i) this.lineStarts.push(newline + 1);
        newline = source.indexOf('\n', newline + 1);
      }
      this.newline = newline;
      i = end + 1;
      this.kind = T.STRING;
    } else {
      const pair = pairKind(c, i + 1 < length ? source.charCodeAt(i + 1) : 0);
      if (pair !== 0) {
        i += 2;
        this.kind = pair;
      } else {
        if (c >= 128 || SINGLE[c] !== 1) throw this.invalid(start);
        i++;
        this.kind = c;
      }
    }
    this.start = start;
    this.end = i;
  }

  /** Whether the current token is of `kind` (where the compiler would keep a narrowing of `kind` past `advance`). */
  is(kind: number): boolean {
    return this.kind === kind;
  }

  /** Reads to the end of the source, refusing the first character outside the language. */
  finish(): void {
    while (this.kind !== T.EOF) this.advance();
  }

  /**
   * The current token's text, a name. The same name read again, in this reading or a later one, is the same
   * string, kept in a small table by the hash the lexer took of it: a name is cut from the source once, not on
   * every reading, and a map keyed by names finds it by the hash the string keeps.
   */
  name(): string {
    const { start } = this;
    const length = this.end - start;
    const slot = this.hash & (NAME_SLOTS - 1);
    const known = names[slot];
    if (known !== undefined && known.length === length && this.source.startsWith(known, start)) return known;
    const name = this.source.slice(start, start + length);
    if (length > MAX_KEPT) return name;
    const kept = ownText(name);
    names[slot] = kept;
    return kept;
  }

  /** Whether the current token is the name `in`. */
  isIn(): boolean {
    const { start, source } = this;
    return (
      this.kind === T.IDENT &&
      this.end - start === 2 &&
      source.charCodeAt(start) === 105 &&
      source.charCodeAt(start + 1) === 110
    );
  }

  /** The current token's text: a string's contents without its quotes, else the text itself. */
  text(): string {
    return this.kind === T.STRING
      ? this.source.slice(this.start + 1, this.end - 1)
      : this.source.slice(this.start, this.end);
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

  private invalid(at: number): ExpressionProblem {
    return new ExpressionProblem(`parse error: Invalid token at ${at}`, this.spanAt(at, at + 1));
  }
}

/**
 * `text` as a string of its own, joined anew from its characters. A slice of a longer string may be a view into
 * it: it keeps the whole source alive, and comparing it with another string takes V8's slow path (several times
 * slower than two plain strings).
 */
export function ownText(text: string): string {
  return text.split('').join('');
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
