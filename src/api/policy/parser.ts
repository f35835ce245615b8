/**
 * Reads a policy expression into its tree. Precedence, loosest first (the service documents none; this is row
 * `precedence` of docs/policies.md): `||`, then `&&` (both left-associative), then one comparison or `in` (not
 * chained: `a == b == c` is refused), then prefix `!`, then postfix access (`.field`, `.method(…)`, `[i]`,
 * `[a..b]`). `-` is read only directly before an integer literal (row `literals`).
 */
import { tokenize, type Token } from './lexer';
import { COMPARISONS, ExpressionProblem, spanning, type BinaryOperator, type Expr } from './syntax';

const U256_MAX = (1n << 256n) - 1n;
const I128_MIN = -(1n << 127n);
const RESERVED = new Set(['true', 'false', 'in']);
const COMPARISON_SET: ReadonlySet<string> = new Set(COMPARISONS);

export function parseExpression(source: string): Expr {
  return new Parser(source).parseAll();
}

/** The tree, and whether its meaning rests on the chosen precedence (`a || b && c`, `!a == b` unbracketed). */
export function parseNoted(source: string): { expr: Expr; leansOnPrecedence: boolean } {
  const parser = new Parser(source);
  const expr = parser.parseAll();
  return { expr, leansOnPrecedence: parser.leansOnPrecedence };
}

class Parser {
  private readonly tokens: Token[];
  private at = 0;
  private readonly bracketed = new WeakSet<Expr>();
  leansOnPrecedence = false;

  constructor(private readonly source: string) {
    this.tokens = tokenize(source);
  }

  parseAll(): Expr {
    const expr = this.or();
    if (this.peek().kind !== 'eof') throw this.unexpected(this.peek());
    return expr;
  }

  private peek(ahead = 0): Token {
    return this.tokens[this.at + ahead] ?? this.tokens[this.tokens.length - 1]!;
  }
  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.at++;
    return token;
  }
  private isPunct(text: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'punct' && token.text === text;
  }
  private expect(text: string): Token {
    if (!this.isPunct(text)) throw this.unexpected(this.peek());
    return this.next();
  }
  private unexpected(token: Token): ExpressionProblem {
    if (token.kind === 'eof')
      return new ExpressionProblem(`parse error: Unrecognized EOF found at ${token.offset}`, token.span);
    const { offset } = token;
    const length = token.end - offset;
    const text = this.source.slice(offset, offset + length);
    return new ExpressionProblem(
      `parse error: Unrecognized token \`${text}\` found at ${offset}:${offset + length}`,
      token.span,
    );
  }

  private or(): Expr {
    let left = this.and();
    while (this.isPunct('||')) {
      this.next();
      const right = this.and();
      if ([left, right].some((side) => side.kind === 'binary' && side.op === '&&' && !this.bracketed.has(side))) {
        this.leansOnPrecedence = true;
      }
      left = { kind: 'binary', op: '||', left, right, span: spanning(left.span, right.span) };
    }
    return left;
  }

  private and(): Expr {
    let left = this.comparison();
    while (this.isPunct('&&')) {
      this.next();
      const right = this.comparison();
      left = { kind: 'binary', op: '&&', left, right, span: spanning(left.span, right.span) };
    }
    return left;
  }

  private comparisonOperator(): BinaryOperator | undefined {
    const token = this.peek();
    if (token.kind === 'ident' && token.text === 'in') return 'in';
    if (token.kind === 'punct' && COMPARISON_SET.has(token.text)) return token.text as BinaryOperator;
    return undefined;
  }

  private comparison(): Expr {
    const left = this.unary();
    const op = this.comparisonOperator();
    if (!op) return left;
    this.next();
    const right = this.unary();
    if (this.comparisonOperator()) throw this.unexpected(this.peek());
    if (left.kind === 'not' && !this.bracketed.has(left)) this.leansOnPrecedence = true;
    return { kind: 'binary', op, left, right, span: spanning(left.span, right.span) };
  }

  private unary(): Expr {
    if (this.isPunct('!')) {
      const bang = this.next();
      const operand = this.unary();
      return { kind: 'not', operand, span: spanning(bang.span, operand.span) };
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let expr = this.primary();
    for (;;) {
      if (this.isPunct('.')) {
        this.next();
        const name = this.next();
        if (name.kind !== 'ident') throw this.unexpected(name);
        if (this.isPunct('(')) {
          this.next();
          const args = this.commaList(')');
          const close = this.expect(')');
          expr = { kind: 'method', target: expr, name: name.text, args, span: spanning(expr.span, close.span) };
        } else {
          expr = { kind: 'member', target: expr, name: name.text, span: spanning(expr.span, name.span) };
        }
      } else if (this.isPunct('[')) {
        this.next();
        const first = this.or();
        if (this.isPunct('..')) {
          this.next();
          const end = this.or();
          const close = this.expect(']');
          expr = { kind: 'slice', target: expr, start: first, end, span: spanning(expr.span, close.span) };
        } else {
          const close = this.expect(']');
          expr = { kind: 'index', target: expr, index: first, span: spanning(expr.span, close.span) };
        }
      } else {
        return expr;
      }
    }
  }

  /** Expressions separated by commas, up to (not including) `close`; none when `close` comes first. */
  private commaList(close: string): Expr[] {
    const items: Expr[] = [];
    if (this.isPunct(close)) return items;
    items.push(this.or());
    while (this.isPunct(',')) {
      this.next();
      items.push(this.or());
    }
    return items;
  }

  private integer(token: Token, negative: boolean, from: Token): Expr {
    const value = negative ? -BigInt(token.text) : BigInt(token.text);
    const span = spanning(from.span, token.span);
    if (value > U256_MAX || value < I128_MIN) {
      throw new ExpressionProblem(
        `parse error: integer out of range at ${span.offset}:${span.offset + span.length}`,
        span,
      );
    }
    return { kind: 'int', value, span };
  }

  private primary(): Expr {
    const token = this.next();
    if (token.kind === 'int') return this.integer(token, false, token);
    if (token.kind === 'string') return { kind: 'string', value: token.text, span: token.span };
    if (token.kind === 'ident') {
      if (token.text === 'true' || token.text === 'false') {
        return { kind: 'bool', value: token.text === 'true', span: token.span };
      }
      if (RESERVED.has(token.text)) throw this.unexpected(token);
      if (this.isPunct('(')) {
        this.next();
        const args = this.commaList(')');
        const close = this.expect(')');
        return { kind: 'call', name: token.text, args, span: spanning(token.span, close.span) };
      }
      return { kind: 'ident', name: token.text, span: token.span };
    }
    if (token.kind === 'punct') {
      if (token.text === '-' && this.peek().kind === 'int') return this.integer(this.next(), true, token);
      if (token.text === '(') {
        const inner = this.or();
        this.expect(')');
        this.bracketed.add(inner);
        return inner;
      }
      if (token.text === '[') {
        const items = this.commaList(']');
        const close = this.expect(']');
        return { kind: 'list', items, span: spanning(token.span, close.span) };
      }
      if (token.text === '{') return this.struct(token);
    }
    throw this.unexpected(token);
  }

  private struct(open: Token): Expr {
    const fields: { name: string; value: Expr }[] = [];
    if (!this.isPunct('}')) {
      for (;;) {
        const name = this.next();
        if (name.kind !== 'ident' || RESERVED.has(name.text)) throw this.unexpected(name);
        this.expect(':');
        fields.push({ name: name.text, value: this.or() });
        if (!this.isPunct(',')) break;
        this.next();
      }
    }
    const close = this.expect('}');
    return { kind: 'struct', fields, span: spanning(open.span, close.span) };
  }
}
