/**
 * Reads a policy expression into its tree. Precedence, loosest first (the service documents none; this is row
 * `precedence` of docs/policies.md): `||`, then `&&` (both left-associative), then one comparison or `in` (not
 * chained: `a == b == c` is refused), then prefix `!`, then postfix access (`.field`, `.method(…)`, `[i]`,
 * `[a..b]`). `-` is read only directly before an integer literal (row `literals`).
 */
import { T, tokenize, type Tokens } from './lexer';
import { MAX_DEPTH, MAX_LIST_ITEMS } from './limits';
import { ExpressionProblem, spanning, type BinaryOperator, type Expr, type Span } from './syntax';

const U256_MAX = (1n << 256n) - 1n;
const I128_MIN = -(1n << 127n);

/** The comparison a token kind is, if any (`in` is a name: see `comparisonOperator`). */
const COMPARISON_OF: Readonly<Record<number, BinaryOperator>> = {
  [T.EQ]: '==',
  [T.NE]: '!=',
  [T.LT]: '<',
  [T.GT]: '>',
  [T.LE]: '<=',
  [T.GE]: '>=',
};

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
  private readonly tokens: Tokens;
  private readonly kinds: Int32Array;
  /** The index of the EOF token, the last one. */
  private readonly last: number;
  private at = 0;
  /** Expressions written in brackets; made on the first bracket. */
  private brackets: Set<Expr> | undefined;
  leansOnPrecedence = false;
  /** How many sub-expressions (brackets, arguments, `!`) are open where the parser reads now. */
  private open = 0;
  /** The depth of the tree the parse method that returned last built (a leaf is 1). */
  private depth = 0;

  constructor(source: string) {
    this.tokens = tokenize(source);
    this.kinds = this.tokens.kinds;
    this.last = this.tokens.count - 1;
  }

  parseAll(): Expr {
    const expr = this.or();
    if (this.kinds[this.at] !== T.EOF) throw this.unexpected(this.at);
    return expr;
  }

  /** The kind of the current token. */
  private get kind(): number {
    return this.kinds[this.at]!;
  }
  /** Moves past the current token (never past EOF); returns its index. */
  private next(): number {
    const at = this.at;
    if (at < this.last) this.at++;
    return at;
  }
  private expect(kind: number): number {
    if (this.kind !== kind) throw this.unexpected(this.at);
    return this.next();
  }
  private span(i: number): Span {
    return this.tokens.spanOf(i);
  }
  private unexpected(i: number): ExpressionProblem {
    const { tokens } = this;
    const offset = tokens.starts[i]!;
    if (tokens.kinds[i] === T.EOF)
      return new ExpressionProblem(`parse error: Unrecognized EOF found at ${offset}`, this.span(i));
    const end = tokens.ends[i]!;
    const text = tokens.source.slice(offset, end);
    return new ExpressionProblem(`parse error: Unrecognized token \`${text}\` found at ${offset}:${end}`, this.span(i));
  }

  /** Refuses an expression nested deeper than MAX_DEPTH (row `limits`): past it, walking the tree could overflow. */
  private tooDeep(span: Span): ExpressionProblem {
    return new ExpressionProblem(
      `parse error: nested deeper than ${MAX_DEPTH} levels at ${span.offset}:${span.offset + span.length}`,
      span,
      'limits',
    );
  }

  /** Records the depth of a node built over children `depth` deep. */
  private built(depth: number, span: Span): void {
    if (depth + 1 > MAX_DEPTH) throw this.tooDeep(span);
    this.depth = depth + 1;
  }

  /** `built`, the span of a refusal (from `offset` to `end`) made only when there is one. */
  private builtAt(depth: number, offset: number, end: number): void {
    if (depth + 1 > MAX_DEPTH) throw this.tooDeep(this.tokens.spanAt(offset, end));
    this.depth = depth + 1;
  }

  /** The span from the start of `from` to the end of token `i`. */
  private spanTo(from: Span, i: number): Span {
    return { offset: from.offset, length: this.tokens.ends[i]! - from.offset, line: from.line, column: from.column };
  }

  private bracketed(expr: Expr): boolean {
    return this.brackets?.has(expr) ?? false;
  }

  /** An unbracketed `&&` beside `||` reads as it does only because of the chosen precedence. */
  private unbracketedAnd(side: Expr): boolean {
    return side.kind === 'binary' && side.op === '&&' && !this.bracketed(side);
  }

  private or(): Expr {
    if (++this.open > MAX_DEPTH) throw this.tooDeep(this.span(this.at));
    let left = this.and();
    while (this.kind === T.OR) {
      this.next();
      const depth = this.depth;
      const right = this.and();
      if (this.unbracketedAnd(left) || this.unbracketedAnd(right)) this.leansOnPrecedence = true;
      left = { kind: 'binary', op: '||', left, right, span: spanning(left.span, right.span) };
      this.built(Math.max(depth, this.depth), right.span);
    }
    this.open--;
    return left;
  }

  private and(): Expr {
    let left = this.comparison();
    while (this.kind === T.AND) {
      this.next();
      const depth = this.depth;
      const right = this.comparison();
      left = { kind: 'binary', op: '&&', left, right, span: spanning(left.span, right.span) };
      this.built(Math.max(depth, this.depth), right.span);
    }
    return left;
  }

  private comparisonOperator(): BinaryOperator | undefined {
    const kind = this.kind;
    if (kind === T.IDENT) return this.tokens.isName(this.at, 'in') ? 'in' : undefined;
    return COMPARISON_OF[kind];
  }

  private comparison(): Expr {
    const left = this.unary();
    const op = this.comparisonOperator();
    if (!op) return left;
    this.next();
    const depth = this.depth;
    const right = this.unary();
    if (this.comparisonOperator()) throw this.unexpected(this.at);
    if (left.kind === 'not' && !this.bracketed(left)) this.leansOnPrecedence = true;
    const expr: Expr = { kind: 'binary', op, left, right, span: spanning(left.span, right.span) };
    this.built(Math.max(depth, this.depth), expr.span);
    return expr;
  }

  private unary(): Expr {
    if (this.kind === T.BANG) {
      if (++this.open > MAX_DEPTH) throw this.tooDeep(this.span(this.at));
      const bang = this.next();
      const operand = this.unary();
      this.open--;
      const expr: Expr = { kind: 'not', operand, span: spanning(this.span(bang), operand.span) };
      this.built(this.depth, expr.span);
      return expr;
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let expr = this.primary();
    for (;;) {
      const kind = this.kind;
      if (kind === T.DOT) {
        this.next();
        const name = this.next();
        if (this.kinds[name] !== T.IDENT) throw this.unexpected(name);
        const text = this.tokens.name(name);
        if (this.kind === T.LPAREN) {
          this.next();
          const depth = this.depth;
          const args = this.commaList(T.RPAREN);
          const close = this.expect(T.RPAREN);
          expr = { kind: 'method', target: expr, name: text, args, span: this.spanTo(expr.span, close) };
          this.builtAt(Math.max(depth, this.depth), this.tokens.starts[name]!, this.tokens.ends[close]!);
        } else {
          expr = { kind: 'member', target: expr, name: text, span: this.spanTo(expr.span, name) };
          this.builtAt(this.depth, this.tokens.starts[name]!, this.tokens.ends[name]!);
        }
      } else if (kind === T.LBRACKET) {
        this.next();
        let depth = this.depth;
        const first = this.or();
        depth = Math.max(depth, this.depth);
        if (this.kind === T.RANGE) {
          this.next();
          const end = this.or();
          const close = this.expect(T.RBRACKET);
          expr = { kind: 'slice', target: expr, start: first, end, span: this.spanTo(expr.span, close) };
          this.builtAt(Math.max(depth, this.depth), first.span.offset, this.tokens.ends[close]!);
        } else {
          const close = this.expect(T.RBRACKET);
          expr = { kind: 'index', target: expr, index: first, span: this.spanTo(expr.span, close) };
          this.builtAt(depth, first.span.offset, this.tokens.ends[close]!);
        }
      } else {
        return expr;
      }
    }
  }

  /**
   * Expressions separated by commas, up to (not including) `close`; none when `close` comes first. Leaves the
   * depth of the deepest in `depth` (0 for none).
   */
  private commaList(close: number): Expr[] {
    const items: Expr[] = [];
    if (this.kind === close) {
      this.depth = 0;
      return items;
    }
    items.push(this.or());
    let depth = this.depth;
    while (this.kind === T.COMMA) {
      this.next();
      items.push(this.or());
      depth = Math.max(depth, this.depth);
    }
    this.depth = depth;
    return items;
  }

  private integer(token: number, negative: boolean, from: number): Expr {
    const { tokens } = this;
    const start = tokens.starts[token]!;
    const end = tokens.ends[token]!;
    const digits = end - start <= 15 ? BigInt(smallInteger(tokens.source, start, end)) : BigInt(tokens.text(token));
    const value = negative ? -digits : digits;
    const span = from === token ? this.span(token) : tokens.spanAt(tokens.starts[from]!, end);
    // Fewer than 39 digits is always in range (2^127 has 39).
    if (end - start >= 39 && (value > U256_MAX || value < I128_MIN)) {
      throw new ExpressionProblem(
        `parse error: integer out of range at ${span.offset}:${span.offset + span.length}`,
        span,
      );
    }
    this.depth = 1;
    return { kind: 'int', value, span };
  }

  /** A name that cannot be a field or a variable. */
  private reserved(i: number): boolean {
    const { tokens } = this;
    return tokens.isName(i, 'true') || tokens.isName(i, 'false') || tokens.isName(i, 'in');
  }

  private primary(): Expr {
    const token = this.next();
    // Any other kind is not where an expression may start (the error below).
    switch (this.kinds[token]!) {
      case T.INT:
        return this.integer(token, false, token);
      case T.STRING:
        this.depth = 1;
        return { kind: 'string', value: this.tokens.text(token), span: this.span(token) };
      case T.IDENT: {
        const name = this.tokens.name(token);
        if (name === 'in') throw this.unexpected(token);
        if (this.kind === T.LPAREN) {
          this.next();
          const args = this.commaList(T.RPAREN);
          const close = this.expect(T.RPAREN);
          const call: Expr = { kind: 'call', name, args, span: spanning(this.span(token), this.span(close)) };
          this.built(this.depth, call.span);
          return call;
        }
        this.depth = 1;
        if (name === 'true' || name === 'false')
          return { kind: 'bool', value: name === 'true', span: this.span(token) };
        return { kind: 'ident', name, span: this.span(token) };
      }
      case T.MINUS:
        if (this.kind === T.INT) return this.integer(this.next(), true, token);
        break;
      case T.LPAREN: {
        const inner = this.or();
        this.expect(T.RPAREN);
        (this.brackets ??= new Set()).add(inner);
        return inner;
      }
      case T.LBRACKET: {
        const items = this.commaList(T.RBRACKET);
        const close = this.expect(T.RBRACKET);
        const list: Expr = { kind: 'list', items, span: spanning(this.span(token), this.span(close)) };
        if (items.length > MAX_LIST_ITEMS) {
          throw new ExpressionProblem(
            `parse error: a list of ${items.length} items, more than ${MAX_LIST_ITEMS}, at ${list.span.offset}:${list.span.offset + list.span.length}`,
            list.span,
            'limits',
          );
        }
        this.built(this.depth, list.span);
        return list;
      }
      case T.LBRACE:
        return this.struct(token);
    }
    throw this.unexpected(token);
  }

  private struct(open: number): Expr {
    const fields: { name: string; value: Expr }[] = [];
    let depth = 0;
    if (this.kind !== T.RBRACE) {
      for (;;) {
        const name = this.next();
        if (this.kinds[name] !== T.IDENT || this.reserved(name)) throw this.unexpected(name);
        this.expect(T.COLON);
        fields.push({ name: this.tokens.name(name), value: this.or() });
        depth = Math.max(depth, this.depth);
        if (this.kind !== T.COMMA) break;
        this.next();
      }
    }
    const close = this.expect(T.RBRACE);
    const struct: Expr = { kind: 'struct', fields, span: spanning(this.span(open), this.span(close)) };
    this.built(depth, struct.span);
    return struct;
  }
}

/** The value of the digits from `start` to `end`, at most 15 of them (exact as a double), read without a string. */
function smallInteger(source: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + source.charCodeAt(i) - 48;
  return value;
}
