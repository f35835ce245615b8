/**
 * The closures of the binary operators (closures.ts builds the rest): comparisons, `in`, and chains of `&&` or
 * `||`. Both sides of every operator are evaluated (no short-circuit), in the order the nested closures of one node
 * each would, counting the same steps. A comparison with a literal, and `in` a list written of literals, are
 * fused with their literal when closures are fused (closureKit.ts, Building).
 */
import { CHOICE_BIT } from './choices';
import { constantOf, equalsText, step, type Building, type Code } from './closureKit';
import { evaluateKept, keptOf, type Kept } from './sharedReads';
import type { Expr } from './syntax';
import { Caseless, describe, equal, EvaluationError, order } from './values';

const CASE_RULES = CHOICE_BIT['case-rules'];

/** `<`, `>`, `<=`, `>=` as small numbers, tested by `holds` (one function, not one closure per operator). */
const ORDERS = { '<': 0, '>': 1, '<=': 2, '>=': 3 } as const;
function holds(sign: number, op: number): boolean {
  return op === 0 ? sign < 0 : op === 1 ? sign > 0 : op === 2 ? sign <= 0 : sign >= 0;
}

export function binaryCode(expr: Extract<Expr, { kind: 'binary' }>, building: Building): Code {
  const { op } = expr;
  const { codeOf, fuse } = building;
  if (op === '&&' || op === '||') return fuse ? chain(expr, codeOf) : logical(expr, codeOf);
  const left = codeOf(expr.left);
  const right = codeOf(expr.right);
  // A left side evaluated once per evaluator is read from where it is kept, without a call.
  const leftKept = fuse ? keptOf(left) : undefined;
  switch (op) {
    case '==':
    case '!=': {
      const negate = op === '!=';
      const literal = fuse && expr.right.kind === 'string' ? expr.right.value : undefined;
      if (literal !== undefined) {
        // A string written on the right: the common `field == '…'`, without the general comparison's dispatch.
        const lower = literal.toLowerCase();
        return (run, scope) => {
          step(run);
          const a = leftKept ? evaluateKept(leftKept, run, scope) : left(run, scope);
          step(run);
          const same = equalsText(run, a, literal, lower);
          return negate ? !same : same;
        };
      }
      const integer = fuse && expr.right.kind === 'int' ? expr.right.value : undefined;
      if (integer !== undefined) {
        // An int written on the right: two ints compare as the general comparison would, without its dispatch.
        return (run, scope) => {
          step(run);
          const a = leftKept ? evaluateKept(leftKept, run, scope) : left(run, scope);
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
      const ordering = ORDERS[op];
      const integer = fuse && expr.right.kind === 'int' ? expr.right.value : undefined;
      if (integer !== undefined) {
        // An int written on the right: two ints are ordered as `order` would, without its dispatch.
        return (run, scope) => {
          step(run);
          const a = leftKept ? evaluateKept(leftKept, run, scope) : left(run, scope);
          step(run);
          const sign =
            typeof a === 'bigint' ? (a < integer ? -1 : a > integer ? 1 : 0) : order(a, integer, run.choose, run.spend);
          return holds(sign, ordering);
        };
      }
      return (run, scope) => {
        step(run);
        return holds(order(left(run, scope), right(run, scope), run.choose, run.spend), ordering);
      };
    }
    case 'in': {
      // A list written of literals is never one read from ABI arguments.
      const constant = constantOf(expr.right);
      if (fuse && constant && Array.isArray(constant.value)) return inLiterals(left, leftKept, constant.value);
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
 * `value in [literals]` as one closure: the operator's step, the value, then the list's step and one per item,
 * counted together (nothing can happen between them), and every item compared, as Evaluator.contains would.
 */
function inLiterals(left: Code, leftKept: Kept | undefined, items: readonly unknown[]): Code {
  const steps = items.length + 1;
  const lowers = items.map((item) => (typeof item === 'string' ? item.toLowerCase() : undefined));
  return (run, scope) => {
    step(run);
    const value = leftKept ? evaluateKept(leftKept, run, scope) : left(run, scope);
    if ((run.stepsLeft -= steps) < 0) run.spend(0);
    let found = false;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      let same: boolean;
      if (typeof item === 'bigint' && typeof value === 'bigint') same = item === value;
      else if (typeof item === 'string' && value instanceof Caseless) {
        // equal(item, value) with the item's lower case made once.
        run.choiceBits |= CASE_RULES;
        if ((run.stepsLeft -= (item.length + value.text.length) >> 6) < 0) run.spend(0);
        same = lowers[i] === value.lower;
      } else same = equal(item, value, run.choose, run.spend);
      found = same || found;
    }
    return found;
  };
}

/** `a && b` or `a || b` as one closure of its node: its step, both sides, both checked. */
function logical(expr: Extract<Expr, { kind: 'binary' }>, codeOf: (expr: Expr) => Code): Code {
  const left = codeOf(expr.left);
  const right = codeOf(expr.right);
  const and = expr.op === '&&';
  return (run, scope) => {
    step(run);
    const a = left(run, scope);
    const b = right(run, scope);
    if (typeof a !== 'boolean' || typeof b !== 'boolean')
      throw new EvaluationError(`type mismatch: ${expr.op} needs bools, found ${describe(a)} and ${describe(b)}`);
    return and ? a && b : a || b;
  };
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
  // An operand evaluated once per evaluator is read from where it is kept, without a call.
  const kepts = codes.map(keptOf);
  const first = codes[0]!;
  const firstKept = kepts[0];
  const steps = codes.length - 1;
  const and = op === '&&';
  return (run, scope) => {
    if ((run.stepsLeft -= steps) < 0) run.spend(0);
    let a = firstKept ? evaluateKept(firstKept, run, scope) : first(run, scope);
    for (let i = 1; i < codes.length; i++) {
      const operandKept = kepts[i];
      const b = operandKept ? evaluateKept(operandKept, run, scope) : codes[i]!(run, scope);
      if (typeof a !== 'boolean' || typeof b !== 'boolean')
        throw new EvaluationError(`type mismatch: ${op} needs bools, found ${describe(a)} and ${describe(b)}`);
      a = and ? a && b : a || b;
    }
    return a;
  };
}
