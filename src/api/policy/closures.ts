/**
 * Turns a checked expression into closures, once per tree node (a policy's tree is kept by compile.ts, so its
 * closures are made the first time it is evaluated and reused after). Each closure does what evaluating its node
 * means, in the same order: both sides of every operator, every item a method visits and every item of a list
 * are evaluated (no short-circuit), so the same error comes first. What is decided by the tree alone (an operator,
 * a field's name, a literal list of literals) is decided here, not on every evaluation. Every closure counts one
 * step of the evaluation's budget.
 */
import { CHOICE_BIT } from './choices';
import { printExpression } from './printer';
import type { Expr } from './syntax';
import {
  Caseless,
  describe,
  equal,
  EvaluationError,
  Namespace,
  order,
  textSteps,
  type ChoiceSink,
  type Spend,
} from './values';

/** The variables bound where an expression is evaluated (`u` inside `approvers.any(u, …)`). */
export interface Scope {
  has(name: string): boolean;
  get(name: string): unknown;
}

/** No variable bound: the scope of a whole expression. */
export const NO_SCOPE: Scope = { has: () => false, get: () => undefined };

/** One more variable bound over `outer`: one per call of a method, so it copies nothing. */
class Bound implements Scope {
  constructor(
    private readonly name: string,
    /** The item now tested: one Bound serves every item of a call, since no value outlives its test. */
    public value: unknown,
    private readonly outer: Scope,
  ) {}
  has(name: string): boolean {
    return name === this.name || this.outer.has(name);
  }
  get(name: string): unknown {
    return name === this.name ? this.value : this.outer.get(name);
  }
}

/** What the closures need of the evaluator running them (evaluator.ts). */
export interface Run {
  /** Steps left of the budget; below zero, `spend` throws. */
  stepsLeft: number;
  /** The rows of docs/policies.md the results rest on, one bit each (CHOICE_BIT). */
  choiceBits: number;
  readonly callArgs: WeakSet<object>;
  readonly keywordValues: Readonly<Record<string, unknown>>;
  readonly choose: ChoiceSink;
  readonly spend: Spend;
  read(raw: unknown, fromCallArgs: boolean): unknown;
  contains(list: unknown, value: unknown, fromCallArgs: boolean): boolean;
  member(expr: Extract<Expr, { kind: 'member' }>, target: unknown): unknown;
  index(expr: Extract<Expr, { kind: 'index' }>, target: unknown, key: unknown): unknown;
  slice(expr: Extract<Expr, { kind: 'slice' }>, target: unknown, start: unknown, end: unknown): unknown;
  call(expr: Extract<Expr, { kind: 'call' }>, args: unknown[]): unknown;
}

export type Code = (run: Run, scope: Scope) => unknown;

const codes = new WeakMap<Expr, Code>();

/** The closure of `expr`, made on its first use. */
export function codeOf(expr: Expr): Code {
  let code = codes.get(expr);
  if (!code) {
    code = build(expr);
    codes.set(expr, code);
  }
  return code;
}

const CASE_RULES = CHOICE_BIT['case-rules'];

/** Counts one step; throws once the budget is spent. */
function step(run: Run): void {
  if (--run.stepsLeft < 0) run.spend(0);
}

function truthOf(value: unknown): boolean {
  if (typeof value !== 'boolean') throw new EvaluationError(`type mismatch: expected bool, found ${describe(value)}`);
  return value;
}

/** The value of a literal written of literals only (`[1, 2]`, `'a'`), or undefined. */
function constantOf(expr: Expr): { value: unknown } | undefined {
  if (expr.kind === 'bool' || expr.kind === 'int' || expr.kind === 'string') return { value: expr.value };
  if (expr.kind !== 'list') return undefined;
  const items: unknown[] = [];
  for (const item of expr.items) {
    const constant = constantOf(item);
    if (!constant) return undefined;
    items.push(constant.value);
  }
  return { value: Object.freeze(items) };
}

function build(expr: Expr): Code {
  const constant = constantOf(expr);
  if (constant) {
    const { value } = constant;
    return (run) => (step(run), value);
  }
  switch (expr.kind) {
    case 'bool':
    case 'int':
    case 'string':
      throw new Error('unreachable: literals are constants');
    case 'ident': {
      const { name } = expr;
      return (run, scope) => {
        step(run);
        if (scope !== NO_SCOPE && scope.has(name)) return scope.get(name);
        const value = run.keywordValues[name];
        if (value === undefined) throw new EvaluationError(`MissingKeyword: ${name}`);
        return value;
      };
    }
    case 'list': {
      const items = expr.items.map(codeOf);
      return (run, scope) => {
        step(run);
        const out = new Array<unknown>(items.length);
        for (let i = 0; i < items.length; i++) out[i] = items[i]!(run, scope);
        return out;
      };
    }
    case 'struct': {
      const fields = expr.fields.map((f) => [f.name, codeOf(f.value)] as const);
      return (run, scope) => {
        step(run);
        return Object.fromEntries(fields.map(([name, code]) => [name, code(run, scope)]));
      };
    }
    case 'member': {
      const fused = path(expr);
      if (fused) return fused;
      const target = codeOf(expr.target);
      return (run, scope) => {
        step(run);
        return memberOf(run, expr, target(run, scope));
      };
    }
    case 'index': {
      const target = codeOf(expr.target);
      const index = codeOf(expr.index);
      return (run, scope) => {
        step(run);
        return run.index(expr, target(run, scope), index(run, scope));
      };
    }
    case 'slice': {
      const [target, start, end] = [expr.target, expr.start, expr.end].map(codeOf) as [Code, Code, Code];
      return (run, scope) => {
        step(run);
        return run.slice(expr, target(run, scope), start(run, scope), end(run, scope));
      };
    }
    case 'method':
      return method(expr);
    case 'call': {
      const args = expr.args.map(codeOf);
      return (run, scope) => {
        step(run);
        return run.call(
          expr,
          args.map((arg) => arg(run, scope)),
        );
      };
    }
    case 'not': {
      const operand = codeOf(expr.operand);
      return (run, scope) => {
        step(run);
        return !truthOf(operand(run, scope));
      };
    }
    case 'binary':
      return binary(expr);
  }
}

/** A field of `value`; a keyword's member (`eth.tx`) is read here, as Evaluator.member would. */
function memberOf(run: Run, expr: Extract<Expr, { kind: 'member' }>, value: unknown): unknown {
  if (!(value instanceof Namespace)) return run.member(expr, value);
  // A signature's fields carry the rows their reading rests on: the evaluator reads them.
  if (value.name === 'eth' && expr.name !== 'tx') return run.member(expr, value);
  const member = value.members[expr.name];
  if (member === undefined) throw new EvaluationError(`MissingKeyword: ${printExpression(expr)}`);
  return member;
}

/**
 * A name and the fields read from it (`eth.tx.to`, `u.id`) as one closure, or undefined when `expr` is not one.
 * The nested closures would count every node's step before reading anything (each node counts its step, then
 * evaluates its target), then read the name, then each field from the innermost out: so does this one.
 */
function path(expr: Extract<Expr, { kind: 'member' }>): Code | undefined {
  const members: Extract<Expr, { kind: 'member' }>[] = [];
  let node: Expr = expr;
  while (node.kind === 'member') {
    members.unshift(node);
    node = node.target;
  }
  if (node.kind !== 'ident') return undefined;
  const { name } = node;
  const steps = members.length + 1;
  return (run, scope) => {
    if ((run.stepsLeft -= steps) < 0) run.spend(0);
    let value: unknown;
    if (scope !== NO_SCOPE && scope.has(name)) value = scope.get(name);
    else {
      value = run.keywordValues[name];
      if (value === undefined) throw new EvaluationError(`MissingKeyword: ${name}`);
    }
    for (let i = 0; i < members.length; i++) value = memberOf(run, members[i]!, value);
    return value;
  };
}

function binary(expr: Extract<Expr, { kind: 'binary' }>): Code {
  const { op } = expr;
  if (op === '&&' || op === '||') return chain(expr);
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
            run.spend((a.text.length + literal.length) >> 6);
            same = a.lower === lower;
          } else if (typeof a === 'string') {
            run.spend(textSteps(a));
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
function chain(expr: Extract<Expr, { kind: 'binary' }>): Code {
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

function method(expr: Extract<Expr, { kind: 'method' }>): Code {
  const { name } = expr;
  const target = codeOf(expr.target);
  const variable = expr.args[0];
  const argument = variable ? codeOf(variable) : undefined;
  const predicate = expr.args[1] ? codeOf(expr.args[1]) : undefined;
  const itemName = variable?.kind === 'ident' ? variable.name : undefined;
  // A list written of literals holds only values already read (ints as bigint), and none read from ABI arguments.
  const constant = constantOf(expr.target) !== undefined;
  return (run, scope) => {
    step(run);
    const list = target(run, scope);
    if (!Array.isArray(list))
      throw new EvaluationError(`type mismatch: .${name}() applies to a list, found ${describe(list)}`);
    const fromCallArgs = !constant && run.callArgs.has(list);
    run.spend(list.length);
    // Every item is read (a number that is not an integer is an error); the list is copied only when reading
    // changes an item.
    let items: unknown[] = list;
    for (let i = 0; !constant && i < list.length; i++) {
      const raw: unknown = list[i];
      const item = run.read(raw, fromCallArgs);
      if (item !== raw) {
        if (items === list) items = list.slice();
        items[i] = item;
      }
    }
    if (name === 'count') return BigInt(items.length);
    if (name === 'contains') return run.contains(items, argument!(run, scope), false);
    if (itemName === undefined || !predicate)
      throw new EvaluationError(`type mismatch: .${name}() needs an item name and a predicate`);
    // Every item is tested, so an item that errors makes the whole call an error.
    let some = false;
    let every = true;
    const kept: unknown[] | undefined = name === 'filter' ? [] : undefined;
    const bound = new Bound(itemName, undefined, scope);
    for (const item of items) {
      bound.value = item;
      const holds = truthOf(predicate(run, bound));
      some ||= holds;
      every &&= holds;
      if (holds) kept?.push(item);
    }
    if (name === 'any') return some;
    if (name === 'all') {
      if (items.length === 0) run.choose('all-empty');
      return every;
    }
    if (kept) return kept;
    throw new EvaluationError(`unknown function: ${name}`);
  };
}
