/**
 * The closures of the binary operators (closures.ts builds the rest): comparisons, `in`, and chains of `&&` or
 * `||`. Both sides of every operator are evaluated (no short-circuit), in the order the nested closures of one node
 * each would, counting the same steps.
 */
import { CHOICE_BIT } from './choices';
import { constantOf, step, type Code } from './closureKit';
import type { Expr } from './syntax';
import { Caseless, describe, equal, EvaluationError, order, textSteps } from './values';

const CASE_RULES = CHOICE_BIT['case-rules'];

export function binaryCode(expr: Extract<Expr, { kind: 'binary' }>, codeOf: (expr: Expr) => Code): Code {
  const { op } = expr;
  if (op === '&&' || op === '||') return chain(expr, codeOf);
  const left = codeOf(expr.left);
  const right = codeOf(expr.right);
  switch (op) {
    case '==':
    case '!=': {
      const negate = op === '!=';
      const literal = expr.right.kind === 'string' ? expr.right.value : undefined;
      if (literal !== undefined) {
        // A string written on the right: the common `field == '…'`, without the general comparison's dispatch.
        const lower = literal.toLowerCase();
        return (run, scope) => {
          step(run);
          const a = left(run, scope);
          step(run);
          let same: boolean;
          if (a instanceof Caseless) {
            run.choiceBits |= CASE_RULES;
            if ((run.stepsLeft -= (a.text.length + literal.length) >> 6) < 0) run.spend(0);
            same = a.lower === lower;
          } else if (typeof a === 'string') {
            if ((run.stepsLeft -= textSteps(a)) < 0) run.spend(0);
            same = a === literal;
          } else {
            same = equal(a, literal, run.choose, run.spend);
          }
          return negate ? !same : same;
        };
      }
      const integer = expr.right.kind === 'int' ? expr.right.value : undefined;
      if (integer !== undefined) {
        // An int written on the right: two ints compare as the general comparison would, without its dispatch.
        return (run, scope) => {
          step(run);
          const a = left(run, scope);
          step(run);
          const same = typeof a === 'bigint' ? a === integer : equal(a, integer, run.choose, run.spend);
          return negate ? !same : same;
        };
      }
      return (run, scope) => {
        step(run);
        const same = equal(left(run, scope), right(run, scope), run.choose, run.spend);
        return negate ? !same : same;
      };
    }
    case '<':
    case '>':
    case '<=':
    case '>=': {
      const holds: (sign: number) => boolean =
        op === '<' ? (s) => s < 0 : op === '>' ? (s) => s > 0 : op === '<=' ? (s) => s <= 0 : (s) => s >= 0;
      const integer = expr.right.kind === 'int' ? expr.right.value : undefined;
      if (integer !== undefined) {
        // An int written on the right: two ints are ordered as `order` would, without its dispatch.
        return (run, scope) => {
          step(run);
          const a = left(run, scope);
          step(run);
          const sign =
            typeof a === 'bigint' ? (a < integer ? -1 : a > integer ? 1 : 0) : order(a, integer, run.choose, run.spend);
          return holds(sign);
        };
      }
      return (run, scope) => {
        step(run);
        return holds(order(left(run, scope), right(run, scope), run.choose, run.spend));
      };
    }
    case 'in': {
      // A list written of literals is never one read from ABI arguments.
      const constant = constantOf(expr.right) !== undefined;
      return (run, scope) => {
        step(run);
        const value = left(run, scope);
        const list = right(run, scope);
        return run.contains(list, value, !constant && Array.isArray(list) && run.callArgs.has(list));
      };
    }
  }
}

/**
 * `a && b && c` (one operator, left-associative) as one closure. Both sides of every operator are evaluated, so an
 * error on either side is the result, whatever the other gives. The nested closures would count the steps of
 * every operator of the chain first (each counts its own, then evaluates its left side), then evaluate `a` and
 * `b`, check both, then `c` and check it beside `a && b`: so does this one.
 */
function chain(expr: Extract<Expr, { kind: 'binary' }>, codeOf: (expr: Expr) => Code): Code {
  const { op } = expr;
  const operands: Expr[] = [];
  let node: Expr = expr;
  while (node.kind === 'binary' && node.op === op) {
    operands.unshift(node.right);
    node = node.left;
  }
  operands.unshift(node);
  const codes = operands.map(codeOf);
  const first = codes[0]!;
  const steps = codes.length - 1;
  const and = op === '&&';
  return (run, scope) => {
    if ((run.stepsLeft -= steps) < 0) run.spend(0);
    let a = first(run, scope);
    for (let i = 1; i < codes.length; i++) {
      const b = codes[i]!(run, scope);
      if (typeof a !== 'boolean' || typeof b !== 'boolean')
        throw new EvaluationError(`type mismatch: ${op} needs bools, found ${describe(a)} and ${describe(b)}`);
      a = and ? a && b : a || b;
    }
    return a;
  };
}
