/**
 * Reads a policy expression into its tree. Precedence, loosest first (the service documents none; this is row
 * `precedence` of docs/policies.md): `||`, then `&&` (both left-associative), then one comparison or `in` (not
 * chained: `a == b == c` is refused), then prefix `!`, then postfix access (`.field`, `.method(…)`, `[i]`,
 * `[a..b]`). `-` is read only directly before an integer literal (row `literals`).
 */
import { Lexer, T } from './lexer';
import { MAX_DEPTH, MAX_LIST_ITEMS } from './limits';
import { ExpressionProblem, type BinaryOperator, type Expr, type Span } from './syntax';

const U256_MAX = (1n << 256n) - 1n;
const I128_MIN = -(1n << 127n);

export function parseExpression(source: string): Expr {
  return new Parser(source).parseAll();
}

/** The tree, and whether its meaning rests on the chosen precedence (`a || b && c`, `!a == b` unbracketed). */
export function parseNoted(source: string): { expr: Expr; leansOnPrecedence: boolean } {
  const parser = new Parser(source);
  const expr = parser.parseAll();
  return { expr, leansOnPrecedence: parser.leansOnPrecedence };
}

/**
 * The parser pulls its tokens from the lexer it extends (the current one is `kind`, `start`, `end`). Every refusal
 * goes through `fail`, which first reads the rest of the source, so that a character outside the language anywhere
 * in it is the refusal, as it is when the whole text is cut into tokens before it is parsed.
 */
class Parser extends Lexer {
  /** Expressions written in brackets; made on the first bracket. */
  private brackets: Set<Expr> | undefined;
  leansOnPrecedence = false;
  /** How many sub-expressions (brackets, arguments, `!`) are open where the parser reads now. */
  private open = 0;
  /** The depth of the tree the parse method that returned last built (a leaf is 1). */
  private depth = 0;

  parseAll(): Expr {
    const expr = this.or();
    if (this.kind !== T.EOF) throw this.unexpected();
    return expr;
  }

  /** Moves past a token of kind `kind`, refused if the current one is another; returns the end of it. */
  private expect(kind: number): number {
    if (this.kind !== kind) throw this.unexpected();
    const { end } = this;
    this.advance();
    return end;
  }

  /** `problem`, after the rest of the source has been read (a character outside the language comes first). */
  private fail(problem: ExpressionProblem): ExpressionProblem {
    this.finish();
    return problem;
  }

  /** Refuses the current token, or the one of `kind` from `start` to `end`. */
  private unexpected(kind = this.kind, start = this.start, end = this.end): ExpressionProblem {
    const span = this.spanAt(start, end);
    if (kind === T.EOF)
      return this.fail(new ExpressionProblem(`parse error: Unrecognized EOF found at ${start}`, span));
    const text = this.source.slice(start, end);
    return this.fail(
      new ExpressionProblem(`parse error: Unrecognized token \`${text}\` found at ${start}:${end}`, span),
    );
  }

  /** Refuses an expression nested deeper than MAX_DEPTH (row `limits`): past it, walking the tree could overflow. */
  private tooDeep(span: Span): ExpressionProblem {
    return this.fail(
      new ExpressionProblem(
        `parse error: nested deeper than ${MAX_DEPTH} levels at ${span.offset}:${span.offset + span.length}`,
        span,
        'limits',
      ),
    );
  }

  /** Records the depth of a node built over children `depth` deep. */
  private built(depth: number, span: Span): void {
    if (depth + 1 > MAX_DEPTH) throw this.tooDeep(span);
    this.depth = depth + 1;
  }

  /** `built`, the span of a refusal (from `offset` to `end`) made only when there is one. */
  private builtAt(depth: number, offset: number, end: number): void {
    if (depth + 1 > MAX_DEPTH) throw this.tooDeep(this.spanAt(offset, end));
    this.depth = depth + 1;
  }

  /** The span from the start of `from` to `end`. */
  private spanTo(from: Span, end: number): Span {
    return { offset: from.offset, length: end - from.offset, line: from.line, column: from.column };
  }

  private bracketed(expr: Expr): boolean {
    return this.brackets?.has(expr) ?? false;
  }

  /** An unbracketed `&&` beside `||` reads as it does only because of the chosen precedence. */
  private unbracketedAnd(side: Expr): boolean {
    return side.kind === 'binary' && side.op === '&&' && !this.bracketed(side);
  }

  private or(): Expr {
    if (++this.open > MAX_DEPTH) throw this.tooDeep(this.spanAt(this.start, this.end));
    let left = this.and();
    // Every operator of the chain starts where its first operand does.
    const from = left.span;
    while (this.kind === T.OR) {
      this.advance();
      const depth = this.depth;
      const right = this.and();
      if (this.unbracketedAnd(left) || this.unbracketedAnd(right)) this.leansOnPrecedence = true;
      const span = this.spanTo(from, right.span.offset + right.span.length);
      left = { kind: 'binary', op: '||', left, right, span };
      this.built(Math.max(depth, this.depth), right.span);
    }
    this.open--;
    return left;
  }

  private and(): Expr {
    let left = this.comparison();
    const from = left.span;
    while (this.kind === T.AND) {
      this.advance();
      const depth = this.depth;
      const right = this.comparison();
      const span = this.spanTo(from, right.span.offset + right.span.length);
      left = { kind: 'binary', op: '&&', left, right, span };
      this.built(Math.max(depth, this.depth), right.span);
    }
    return left;
  }

  /** The comparison the current token is, if any (`in` is a name). */
  private comparisonOperator(): BinaryOperator | undefined {
    switch (this.kind) {
      case T.EQ:
        return '==';
      case T.NE:
        return '!=';
      case T.LT:
        return '<';
      case T.GT:
        return '>';
      case T.LE:
        return '<=';
      case T.GE:
        return '>=';
      case T.IDENT:
        return this.isIn() ? 'in' : undefined;
      default:
        return undefined;
    }
  }

  private comparison(): Expr {
    const left = this.unary();
    const op = this.comparisonOperator();
    if (!op) return left;
    this.advance();
    const depth = this.depth;
    const right = this.unary();
    if (this.comparisonOperator()) throw this.unexpected();
    if (left.kind === 'not' && !this.bracketed(left)) this.leansOnPrecedence = true;
    const span = this.spanTo(left.span, right.span.offset + right.span.length);
    const expr: Expr = { kind: 'binary', op, left, right, span };
    this.built(Math.max(depth, this.depth), span);
    return expr;
  }

  private unary(): Expr {
    if (this.kind !== T.BANG) return this.postfix();
    if (++this.open > MAX_DEPTH) throw this.tooDeep(this.spanAt(this.start, this.end));
    const bang = this.start;
    this.advance();
    const operand = this.unary();
    this.open--;
    const expr: Expr = { kind: 'not', operand, span: this.spanAt(bang, operand.span.offset + operand.span.length) };
    this.built(this.depth, expr.span);
    return expr;
  }

  private postfix(): Expr {
    let expr = this.primary();
    // Every access of the chain starts where its first operand does.
    const from = expr.span;
    for (;;) {
      const kind = this.kind;
      if (kind === T.DOT) {
        this.advance();
        if (this.kind !== T.IDENT) throw this.unexpected();
        const { start, end } = this;
        const name = this.name();
        this.advance();
        if (this.is(T.LPAREN)) {
          this.advance();
          const depth = this.depth;
          const args = this.commaList(T.RPAREN);
          const close = this.expect(T.RPAREN);
          expr = { kind: 'method', target: expr, name, args, span: this.spanTo(from, close) };
          this.builtAt(Math.max(depth, this.depth), start, close);
        } else {
          expr = { kind: 'member', target: expr, name, span: this.spanTo(from, end) };
          this.builtAt(this.depth, start, end);
        }
      } else if (kind === T.LBRACKET) {
        this.advance();
        let depth = this.depth;
        const first = this.or();
        depth = Math.max(depth, this.depth);
        if (this.kind === T.RANGE) {
          this.advance();
          const end = this.or();
          const close = this.expect(T.RBRACKET);
          expr = { kind: 'slice', target: expr, start: first, end, span: this.spanTo(from, close) };
          this.builtAt(Math.max(depth, this.depth), first.span.offset, close);
        } else {
          const close = this.expect(T.RBRACKET);
          expr = { kind: 'index', target: expr, index: first, span: this.spanTo(from, close) };
          this.builtAt(depth, first.span.offset, close);
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
      this.advance();
      items.push(this.or());
      depth = Math.max(depth, this.depth);
    }
    this.depth = depth;
    return items;
  }

  /** The current token, an integer, negated when `negative`; its span starts at `from` (the minus, if any). */
  private integer(negative: boolean, from: number): Expr {
    const { start, end } = this;
    // Up to 15 digits the lexer's double is exact: no string is cut.
    const digits = end - start <= 15 ? BigInt(this.smallValue) : BigInt(this.source.slice(start, end));
    this.advance();
    const value = negative ? -digits : digits;
    const span = this.spanAt(from, end);
    // Fewer than 39 digits is always in range (2^127 has 39).
    if (end - start >= 39 && (value > U256_MAX || value < I128_MIN)) {
      throw this.fail(
        new ExpressionProblem(`parse error: integer out of range at ${span.offset}:${span.offset + span.length}`, span),
      );
    }
    this.depth = 1;
    return { kind: 'int', value, span };
  }

  private primary(): Expr {
    const { kind, start, end } = this;
    // Any other kind is not where an expression may start (the refusal below).
    switch (kind) {
      case T.INT:
        return this.integer(false, start);
      case T.STRING: {
        const value = this.text();
        this.advance();
        this.depth = 1;
        return { kind: 'string', value, span: this.spanAt(start, end) };
      }
      case T.IDENT: {
        const name = this.name();
        if (name === 'in') throw this.unexpected();
        this.advance();
        if (this.kind === T.LPAREN) {
          this.advance();
          const args = this.commaList(T.RPAREN);
          const close = this.expect(T.RPAREN);
          const call: Expr = { kind: 'call', name, args, span: this.spanAt(start, close) };
          this.built(this.depth, call.span);
          return call;
        }
        this.depth = 1;
        if (name === 'true' || name === 'false')
          return { kind: 'bool', value: name === 'true', span: this.spanAt(start, end) };
        return { kind: 'ident', name, span: this.spanAt(start, end) };
      }
      case T.MINUS:
        this.advance();
        if (this.kind === T.INT) return this.integer(true, start);
        break;
      case T.LPAREN: {
        this.advance();
        const inner = this.or();
        this.expect(T.RPAREN);
        (this.brackets ??= new Set()).add(inner);
        return inner;
      }
      case T.LBRACKET: {
        this.advance();
        const items = this.commaList(T.RBRACKET);
        const close = this.expect(T.RBRACKET);
        const list: Expr = { kind: 'list', items, span: this.spanAt(start, close) };
        if (items.length > MAX_LIST_ITEMS) {
          throw this.fail(
            new ExpressionProblem(
              `parse error: a list of ${items.length} items, more than ${MAX_LIST_ITEMS}, at ${list.span.offset}:${list.span.offset + list.span.length}`,
              list.span,
              'limits',
            ),
          );
        }
        this.built(this.depth, list.span);
        return list;
      }
      case T.LBRACE:
        this.advance();
        return this.struct(start);
    }
    throw this.unexpected(kind, start, end);
  }

  /** A struct literal, its `{` at `open`. */
  private struct(open: number): Expr {
    const fields: { name: string; value: Expr }[] = [];
    let depth = 0;
    if (this.kind !== T.RBRACE) {
      for (;;) {
        if (this.kind !== T.IDENT) throw this.unexpected();
        const name = this.name();
        if (name === 'true' || name === 'false' || name === 'in') throw this.unexpected();
        this.advance();
        this.expect(T.COLON);
        fields.push({ name, value: this.or() });
        depth = Math.max(depth, this.depth);
        if (!this.is(T.COMMA)) break;
        this.advance();
      }
    }
    const close = this.expect(T.RBRACE);
    const struct: Expr = { kind: 'struct', fields, span: this.spanAt(open, close) };
    this.built(depth, struct.span);
    return struct;
  }
}
