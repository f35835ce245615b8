/**
 * What every closure of an expression shares (closures.ts builds them): the evaluator they run against, the
 * variables in scope, the step each node counts, and the reading of a literal made of literals.
 */
import { CHOICE_BIT } from './choices';
import { printExpression } from './printer';
import type { Expr } from './syntax';
import { Caseless, describe, equal, EvaluationError, Namespace, type ChoiceSink, type Spend } from './values';

/** The variables bound where an expression is evaluated (`u` inside `approvers.any(u, …)`). */
export interface Scope {
  has(name: string): boolean;
  get(name: string): unknown;
}

/** No variable bound: the scope of a whole expression. */
export const NO_SCOPE: Scope = { has: () => false, get: () => undefined };

/** What the closures need of the evaluator running them (evaluator.ts). */
export interface Run {
  /** Steps left of the budget; below zero, `spend` throws. */
  stepsLeft: number;
  /** The rows of docs/policies.md the results rest on, one bit each (CHOICE_BIT). */
  choiceBits: number;
  /**
   * Which evaluator this is, unique among all: a read kept by sharedReads.ts belongs to one evaluator (one
   * context), and is used again only by it.
   */
  readonly serial: number;
  /** Objects read from ABI arguments. */
  readonly callArgs: { has(value: object): boolean };
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

/**
 * How closures are being made: the closure of a child node, and whether common shapes are fused into one closure
 * (each counting the steps and rows, and throwing the errors, of the closures it stands for).
 */
export interface Building {
  readonly codeOf: (expr: Expr) => Code;
  readonly fuse: boolean;
}

/** Counts one step; throws once the budget is spent. */
export function step(run: Run): void {
  if (--run.stepsLeft < 0) run.spend(0);
}

export function truthOf(value: unknown): boolean {
  if (typeof value !== 'boolean') throw new EvaluationError(`type mismatch: expected bool, found ${describe(value)}`);
  return value;
}

/** The value of a literal written of literals only (`[1, 2]`, `'a'`), or undefined. */
export function constantOf(expr: Expr): { value: unknown } | undefined {
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

const CASE_RULES = CHOICE_BIT['case-rules'];

/**
 * Whether `a` equals the string `literal` (`lower` is its lower case), as `equal(a, literal)` would say, counting
 * the same steps and rows: the common comparison with a string written in the policy, without equal's dispatch.
 */
export function equalsText(run: Run, a: unknown, literal: string, lower: string): boolean {
  if (a instanceof Caseless) {
    run.choiceBits |= CASE_RULES;
    if ((run.stepsLeft -= (a.text.length + literal.length) >> 6) < 0) run.spend(0);
    return a.lower === lower;
  }
  if (typeof a === 'string') {
    if ((run.stepsLeft -= a.length >> 6) < 0) run.spend(0);
    return a === literal;
  }
  return equal(a, literal, run.choose, run.spend);
}

/** What a name reads: the item of a method around it that binds it, or else the keyword. */
export function nameOf(run: Run, scope: Scope, name: string): unknown {
  if (scope !== NO_SCOPE && scope.has(name)) return scope.get(name);
  const value = run.keywordValues[name];
  if (value === undefined) throw new EvaluationError(`MissingKeyword: ${name}`);
  return value;
}

/** A field of `value`; a keyword's member (`eth.tx`) is read here, as Evaluator.member would. */
export function memberOf(run: Run, expr: Extract<Expr, { kind: 'member' }>, value: unknown): unknown {
  if (!(value instanceof Namespace)) return run.member(expr, value);
  // A signature's fields carry the rows their reading rests on: the evaluator reads them.
  if (value.name === 'eth' && expr.name !== 'tx') return run.member(expr, value);
  const member = value.members[expr.name];
  if (member === undefined) throw new EvaluationError(`MissingKeyword: ${printExpression(expr)}`);
  return member;
}

/**
 * The fields read from a name (`u.id`, `eth.tx.to`, outermost last), and the name, when `expr` is such a path;
 * undefined otherwise. Such a path counts one step per node, all before it reads anything (closures.ts).
 */
export function pathOf(expr: Expr): { name: string; members: Extract<Expr, { kind: 'member' }>[] } | undefined {
  const members: Extract<Expr, { kind: 'member' }>[] = [];
  let node: Expr = expr;
  while (node.kind === 'member') {
    members.unshift(node);
    node = node.target;
  }
  return node.kind === 'ident' && members.length > 0 ? { name: node.name, members } : undefined;
}
