/**
 * Cuts a policy expression into tokens, each with its span. Strings are single-quoted with no escape (a quote
 * cannot appear inside one); a double quote, like any character outside the language, is an invalid token.
 * Error wording follows the service's parser ("parse error: Invalid token at <offset>"); see docs/policies.md.
 */
import { ExpressionProblem, type Span } from './syntax';

export type TokenKind = 'int' | 'string' | 'ident' | 'punct' | 'eof';
export interface Token {
  kind: TokenKind;
  /** The source text; for a string, its contents without quotes. */
  text: string;
  span: Span;
}

const PUNCTUATION = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '..',
  '<',
  '>',
  '!',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  ':',
  '-',
];

const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdentStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentPart = (c: string) => isIdentStart(c) || isDigit(c);

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const span = (start: number, end: number): Span => ({
    offset: start,
    length: end - start,
    line,
    column: start - lineStart + 1,
  });
  const invalid = (at: number) => new ExpressionProblem(`parse error: Invalid token at ${at}`, span(at, at + 1));
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\n') {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c)) {
      while (i < source.length && isDigit(source[i]!)) i++;
      tokens.push({ kind: 'int', text: source.slice(start, i), span: span(start, i) });
      continue;
    }
    if (isIdentStart(c)) {
      while (i < source.length && isIdentPart(source[i]!)) i++;
      tokens.push({ kind: 'ident', text: source.slice(start, i), span: span(start, i) });
      continue;
    }
    if (c === "'") {
      const end = source.indexOf("'", i + 1);
      if (end < 0) throw invalid(start);
      const text = source.slice(i + 1, end);
      const tokenSpan = span(start, end + 1);
      // A string may hold a line break: later tokens are counted from the line it ends on.
      for (let k = i + 1; k < end; k++) {
        if (source[k] === '\n') {
          line++;
          lineStart = k + 1;
        }
      }
      i = end + 1;
      tokens.push({ kind: 'string', text, span: tokenSpan });
      continue;
    }
    const punct = PUNCTUATION.find((p) => source.startsWith(p, i));
    if (!punct) throw invalid(start);
    i += punct.length;
    tokens.push({ kind: 'punct', text: punct, span: span(start, i) });
  }
  tokens.push({ kind: 'eof', text: '', span: span(source.length, source.length) });
  return tokens;
}
