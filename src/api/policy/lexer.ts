/**
 * Cuts a policy expression into tokens, each with its span. Strings are single-quoted with no escape (a quote
 * cannot appear inside one); a double quote, like any character outside the language, is an invalid token.
 * Error wording follows the service's parser ("parse error: Invalid token at <offset>"); see docs/policies.md.
 */
import { ExpressionProblem, type Span } from './syntax';

export type TokenKind = 'int' | 'string' | 'ident' | 'punct' | 'eof';

/** Where each line starts, to turn an offset into a line and column. */
class Lines {
  readonly starts: number[] = [0];
  spanOf(offset: number, end: number): Span {
    const { starts } = this;
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

export class Token {
  constructor(
    readonly kind: TokenKind,
    /** The source text; for a string, its contents without quotes. */
    readonly text: string,
    readonly offset: number,
    readonly end: number,
    private readonly lines: Lines,
  ) {}
  /** Made when asked: most punctuation never needs one. */
  get span(): Span {
    return this.lines.spanOf(this.offset, this.end);
  }
}

/** Two-character operators, then the one-character ones. */
const PAIRS = new Set(['&&', '||', '==', '!=', '<=', '>=', '..']);
const SINGLES = new Set(['<', '>', '!', '(', ')', '[', ']', '{', '}', ',', '.', ':', '-']);

const isDigit = (c: number) => c >= 48 && c <= 57;
const isIdentStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isIdentPart = (c: number) => isIdentStart(c) || isDigit(c);

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const lines = new Lines();
  const token = (kind: TokenKind, text: string, offset: number, end: number) =>
    tokens.push(new Token(kind, text, offset, end, lines));
  const invalid = (at: number) =>
    new ExpressionProblem(`parse error: Invalid token at ${at}`, lines.spanOf(at, at + 1));
  let i = 0;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (c === 10) {
      i++;
      lines.starts.push(i);
      continue;
    }
    if (c === 32 || c === 9 || c === 13) {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c)) {
      while (i < source.length && isDigit(source.charCodeAt(i))) i++;
      token('int', source.slice(start, i), start, i);
      continue;
    }
    if (isIdentStart(c)) {
      while (i < source.length && isIdentPart(source.charCodeAt(i))) i++;
      token('ident', source.slice(start, i), start, i);
      continue;
    }
    if (c === 39) {
      const end = source.indexOf("'", i + 1);
      if (end < 0) throw invalid(start);
      // A string may hold a line break: later tokens are counted from the line it ends on.
      for (let k = source.indexOf('\n', i + 1); k >= 0 && k < end; k = source.indexOf('\n', k + 1)) {
        lines.starts.push(k + 1);
      }
      token('string', source.slice(i + 1, end), start, end + 1);
      i = end + 1;
      continue;
    }
    const pair = i + 1 < source.length ? source.slice(i, i + 2) : '';
    if (PAIRS.has(pair)) {
      token('punct', pair, start, i + 2);
      i += 2;
      continue;
    }
    const single = source[i]!;
    if (!SINGLES.has(single)) throw invalid(start);
    token('punct', single, start, i + 1);
    i += 1;
  }
  token('eof', '', source.length, source.length);
  return tokens;
}
