/**
 * What every closure of an expression shares (closures.ts builds them): the evaluator they run against, the
 * variables in scope, the step each node counts, and the reading of a literal made of literals.
 */
import type { Expr } from './syntax';
import { describe, EvaluationError, type ChoiceSink, type Spend } from './values';

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
