/**
 * The expression reader (src/api/policy/parser.ts): every node and every refusal knows where it is in the text,
 * the precedence is the one docs/policies.md records, and printing a tree reads back as the same tree.
 */
import * as assert from 'node:assert/strict';
import { MAX_DEPTH, MAX_LIST_ITEMS } from '../../../src/api/policy/limits';
import { parseExpression } from '../../../src/api/policy/parser';
import { printExpression } from '../../../src/api/policy/printer';
import { ExpressionProblem, type Expr } from '../../../src/api/policy/syntax';

/** The tree without positions, for comparing shapes. */
function shape(expr: Expr): unknown {
  return JSON.parse(
    JSON.stringify(expr, (key, value: unknown) =>
      key === 'span' ? undefined : typeof value === 'bigint' ? `${value}n` : value,
    ),
  );
}

function problemOf(source: string): ExpressionProblem {
  try {
    parseExpression(source);
  } catch (error) {
    if (error instanceof ExpressionProblem) return error;
    throw error;
  }
  assert.fail(`expected ${JSON.stringify(source)} to be refused`);
}

describe('policy expressions: reading', () => {
  it('gives every node its offset, length, line and column', () => {
    const source = "activity.kind == 'SIGN_TRANSACTION'\n  && eth.tx.data[0..10] in ['0xa9059cbb']";
    const expr = parseExpression(source);
    assert.equal(expr.kind, 'binary');
    if (expr.kind !== 'binary') return;
    assert.deepEqual(expr.span, { offset: 0, length: source.length, line: 1, column: 1 });
    const right = expr.right;
    assert.equal(right.kind, 'binary');
    if (right.kind !== 'binary') return;
    assert.deepEqual(right.span, { offset: 41, length: 36, line: 2, column: 6 });
    assert.equal(
      source.slice(right.left.span.offset, right.left.span.offset + right.left.span.length),
      'eth.tx.data[0..10]',
    );
    assert.equal(right.left.kind, 'slice');
    if (right.left.kind !== 'slice') return;
    assert.deepEqual(right.left.start.span, { offset: 53, length: 1, line: 2, column: 18 });
    assert.deepEqual(right.right.span, { offset: 63, length: 14, line: 2, column: 28 });
  });

  it('binds || loosest, then &&, then comparisons, then !, then access', () => {
    assert.deepEqual(shape(parseExpression('a || b && c')), shape(parseExpression('a || (b && c)')));
    assert.deepEqual(shape(parseExpression('a && b || c')), shape(parseExpression('(a && b) || c')));
    assert.deepEqual(shape(parseExpression('a && b == c')), shape(parseExpression('a && (b == c)')));
    assert.deepEqual(shape(parseExpression('!a == b')), shape(parseExpression('(!a) == b')));
    assert.deepEqual(shape(parseExpression('!x.y.any(v, v)')), shape(parseExpression('!(x.y.any(v, v))')));
    assert.deepEqual(shape(parseExpression('a || b || c')), shape(parseExpression('(a || b) || c')));
    assert.notDeepEqual(shape(parseExpression('a || b || c')), shape(parseExpression('a || (b || c)')));
  });

  it('refuses chained comparisons at the second operator', () => {
    const problem = problemOf('1 < 2 == true');
    assert.equal(problem.message, 'parse error: Unrecognized token `==` found at 6:8');
    assert.deepEqual(problem.span, { offset: 6, length: 2, line: 1, column: 7 });
  });

  it('reads a minus only directly before an integer, within i128 and u256', () => {
    assert.deepEqual(shape(parseExpression('x > -5')), shape(parseExpression('x > - 5')));
    assert.equal(problemOf('-x').message, 'parse error: Unrecognized token `-` found at 0:1');
    assert.equal(problemOf('0x10 == 16').message, 'parse error: Unrecognized token `x10` found at 1:4');
    // Each bound is read to the last digit (no double in between), and one past it is refused.
    const valueOf = (source: string): unknown => {
      const expr = parseExpression(source);
      return expr.kind === 'int' ? expr.value : expr.kind;
    };
    const u256Max = (1n << 256n) - 1n;
    assert.equal(valueOf(`${u256Max}`), u256Max);
    assert.equal(valueOf(`${2n ** 53n + 1n}`), 2n ** 53n + 1n);
    assert.equal(valueOf(`-${1n << 127n}`), -(1n << 127n));
    const past = `${u256Max + 1n}`;
    assert.equal(problemOf(`${past} > 1`).message, `parse error: integer out of range at 0:${past.length}`);
    assert.equal(problemOf(`${u256Max}0 > 1`).message, `parse error: integer out of range at 0:${past.length + 1}`);
    assert.match(problemOf(`-${(1n << 127n) + 1n}`).message, /integer out of range at 0:/);
  });

  it('places refusals: end of text, an unexpected token, a character outside the language', () => {
    assert.deepEqual(
      [problemOf('').message, problemOf('').span],
      ['parse error: Unrecognized EOF found at 0', { offset: 0, length: 0, line: 1, column: 1 }],
    );
    const open = problemOf('approvers.any(u,\n  u.id == ');
    assert.equal(open.message, 'parse error: Unrecognized EOF found at 27');
    assert.deepEqual(open.span, { offset: 27, length: 0, line: 2, column: 11 });
    const quoted = problemOf('eth.tx.to == "0xabc"');
    assert.equal(quoted.message, 'parse error: Invalid token at 13');
    assert.deepEqual(quoted.span, { offset: 13, length: 1, line: 1, column: 14 });
    assert.equal(problemOf("'it''s'").message, "parse error: Unrecognized token `'s'` found at 4:7");
    assert.equal(problemOf("a == 'open").message, 'parse error: Invalid token at 5');
    assert.equal(problemOf('a &&& b').message, 'parse error: Invalid token at 4');
    assert.equal(problemOf('a && && b').message, 'parse error: Unrecognized token `&&` found at 5:7');
  });

  it('refuses a character outside the language anywhere in the text before any other refusal, wherever it sits', () => {
    const nested = `${'('.repeat(MAX_DEPTH + 1)}true${')'.repeat(MAX_DEPTH + 1)}`;
    const long = `1 in [${Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => i).join(', ')}]`;
    const cases: [string, number][] = [
      ['a && && b == "x"', 13],
      ['(a $', 3],
      ["1 < 2 == 3 && 'open", 14],
      [`${nested} && x == "y"`, nested.length + 9],
      [`${long} && ü`, long.length + 4],
      [`${2n ** 256n} > 1 && @`, 86],
    ];
    for (const [source, at] of cases) assert.equal(problemOf(source).message, `parse error: Invalid token at ${at}`);
    const later = problemOf("a b\n  c # 'x'");
    assert.equal(later.message, 'parse error: Invalid token at 8');
    assert.deepEqual(later.span, { offset: 8, length: 1, line: 2, column: 5 });
  });
});

/** A seeded generator of expression trees (xorshift32), bounded in depth and count. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  const pick = <T>(items: readonly T[]): T => items[next() % items.length]!;
  const span = { offset: 0, length: 0, line: 1, column: 1 };
  const names = ['approvers', 'eth', 'tx', 'u', 'value', 'tags', 'x_1', 'kind'];
  const words = ['', 'finance', 'SIGN_TRANSACTION', '0xa9059cbb', 'a b', 'ünï', '"double"', '[1..2]'];
  const tree = (depth: number): Expr => {
    const leaf = depth <= 0 || next() % 4 === 0;
    if (leaf) {
      switch (next() % 4) {
        case 0:
          return { kind: 'bool', value: next() % 2 === 0, span };
        case 1: {
          const magnitude = pick([0n, 7n, 1n << 127n, (1n << 256n) - 1n, BigInt(next())]);
          const value = magnitude <= 1n << 127n && next() % 3 === 0 ? -magnitude : magnitude;
          return { kind: 'int', value, span };
        }
        case 2:
          return { kind: 'string', value: pick(words), span };
        default:
          return { kind: 'ident', name: pick(names), span };
      }
    }
    const sub = () => tree(depth - 1);
    switch (next() % 10) {
      case 0:
        return { kind: 'list', items: Array.from({ length: next() % 3 }, sub), span };
      case 1:
        return { kind: 'struct', fields: [{ name: pick(names), value: sub() }], span };
      case 2:
        return { kind: 'member', target: sub(), name: pick(names), span };
      case 3:
        return { kind: 'index', target: sub(), index: sub(), span };
      case 4:
        return { kind: 'slice', target: sub(), start: sub(), end: sub(), span };
      case 5: {
        const name = pick(['any', 'all', 'filter', 'count', 'contains']);
        const args: Expr[] =
          name === 'count' ? [] : name === 'contains' ? [sub()] : [{ kind: 'ident', name: 'u', span }, sub()];
        return { kind: 'method', target: sub(), name, args, span };
      }
      case 6:
        return { kind: 'call', name: pick(['Timestamp', 'CronSpan', 'CaseInsensitiveString']), args: [sub()], span };
      case 7:
        return { kind: 'not', operand: sub(), span };
      default:
        return {
          kind: 'binary',
          op: pick(['||', '&&', '==', '!=', '<', '>', '<=', '>=', 'in'] as const),
          left: sub(),
          right: sub(),
          span,
        };
    }
  };
  return tree;
}

describe('policy expressions: printing', () => {
  it('prints 2,000 random trees that read back as the same tree, and print the same again', () => {
    const tree = generator(0x5eed);
    for (let i = 0; i < 2000; i++) {
      const original = tree(5);
      const text = printExpression(original);
      let reread: Expr;
      try {
        reread = parseExpression(text);
      } catch (error) {
        assert.fail(`tree ${i} printed as ${text}, which does not read back: ${String(error)}`);
      }
      assert.deepEqual(shape(reread), shape(original), `tree ${i}: ${text}`);
      assert.equal(printExpression(reread), text);
    }
  });

  it('keeps the brackets the meaning needs and no others', () => {
    const cases: [string, string][] = [
      ['(a || b) && c', '(a || b) && c'],
      ['a || (b && c)', 'a || b && c'],
      ['a || (b || c)', 'a || (b || c)'],
      ['!(a == b)', '!(a == b)'],
      ['(1 < 2) == true', '(1 < 2) == true'],
      [
        "(approvers).filter(u, (u.tags).contains('x')).count() >= (2)",
        "approvers.filter(u, u.tags.contains('x')).count() >= 2",
      ],
    ];
    for (const [source, printed] of cases) assert.equal(printExpression(parseExpression(source)), printed);
  });
});
