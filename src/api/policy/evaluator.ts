/**
 * Evaluates a checked expression against one activity's context. Nothing short-circuits: both sides of `&&` and
 * `||`, every element a method visits, and every item of a list are evaluated, so an error anywhere is the
 * result (the reference's "no short-circuit"). An absent keyword is a MissingKeyword error, an absent field a
 * MissingField error.
 */
import { EMPTY_WHEN_OMITTED, exposesParam, EXPOSED_PARAMS, placementOf } from './activityTypes';
import type { ChoiceId } from './choices';
import type { FirstRead } from './compile';
import { BUDGET_EXCEEDED, MAX_STEPS } from './limits';
import type { PolicyContext } from './types';
import { printExpression } from './printer';
import type { Expr } from './syntax';
import { cronSpanActive, parseCron, parseDuration, parseTimestamp, zoneFormatter } from './time';
import {
  Caseless,
  describe,
  equal,
  EvaluationError,
  isRecord,
  Namespace,
  normalize,
  order,
  textSteps,
  Time,
} from './values';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A CronSpan looks at every minute of its duration, and converts one local time per quarter hour. */
const CRON_STEPS_PER_MINUTE = 2;
/** Reading a timestamp's text. */
const CALL_STEPS = 8;

/** Timestamps read, by their text: a policy reads the same few on every evaluation. */
const timestamps = new Map<string, number | string>();
function timestampOf(text: string): number | string {
  let read = timestamps.get(text);
  if (read === undefined) {
    read = parseTimestamp(text);
    if (timestamps.size >= 256) timestamps.clear();
    timestamps.set(text, read);
  }
  return read;
}
/** The variables bound where an expression is evaluated (`u` inside `approvers.any(u, …)`). */
export interface Scope {
  has(name: string): boolean;
  get(name: string): unknown;
}

/** One more variable bound over `outer`: made for every item a predicate tests, so it copies nothing. */
class Bound implements Scope {
  constructor(
    private readonly name: string,
    private readonly value: unknown,
    private readonly outer: Scope,
  ) {}
  has(name: string): boolean {
    return name === this.name || this.outer.has(name);
  }
  get(name: string): unknown {
    return name === this.name ? this.value : this.outer.get(name);
  }
}

/** No variable bound: the scope of a whole expression. */
const NO_SCOPE: Scope = { has: () => false, get: () => undefined };
const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The `activity` keyword of a context: kind, resource and action from its type, and the params it shows. */
function activityOf(context: PolicyContext): { activity: Record<string, unknown>; inferred: boolean } {
  const { type, params } = context.activity;
  const placement = placementOf(type);
  const shown: Record<string, unknown> = {};
  for (const field of Object.keys(EXPOSED_PARAMS)) {
    if (!exposesParam(type, field)) continue;
    const value = params[field] ?? params[camel(field)];
    if (value !== undefined) shown[field] = value;
    else if (EMPTY_WHEN_OMITTED.has(field)) shown[field] = '';
  }
  const activity: Record<string, unknown> = { type, params: shown };
  if (placement.kind !== undefined) activity.kind = placement.kind;
  if (placement.resource !== undefined) {
    activity.resource = placement.resource;
    activity.action = placement.action;
  }
  return { activity, inferred: placement.inferred };
}

/** What the keywords of a context read: built once per context, shared by every policy evaluated against it. */
interface Keywords {
  values: Readonly<Record<string, unknown>>;
  activity: Record<string, unknown>;
  /** Whether activity.resource and activity.action were placed by inference. */
  inferredPlacement: boolean;
}

const keywordsByContext = new WeakMap<PolicyContext, Keywords>();

function keywordsOf(context: PolicyContext): Keywords {
  let keywords = keywordsByContext.get(context);
  if (!keywords) {
    const { activity, inferred } = activityOf(context);
    const values = {
      approvers: context.approvers,
      credentials: context.credentials,
      activity,
      eth: new Namespace('eth', { tx: context.eth?.tx }),
      solana: new Namespace('solana', {}),
      tron: new Namespace('tron', {}),
      bitcoin: new Namespace('bitcoin', {}),
      tempo: new Namespace('tempo', {}),
      wallet: context.wallet,
      private_key: context.private_key,
      wallet_account: context.wallet_account,
      time: new Namespace('time', { now: new Time(context.now.getTime()) }),
    };
    keywords = { values, activity, inferredPlacement: inferred };
    keywordsByContext.set(context, keywords);
  }
  return keywords;
}

export class Evaluator {
  readonly choices = new Set<ChoiceId>();
  /** Objects read from ABI arguments: addresses inside them compare without regard to case. */
  private readonly callArgs = new WeakSet<object>();
  private readonly keywords: Keywords;
  /** Steps left of the budget (row `limits`); below zero the evaluation stops with BUDGET_EXCEEDED. */
  private stepsLeft = MAX_STEPS;

  /** One budget covers everything this evaluator evaluates until `startBudget` is called again. */
  constructor(private readonly context: PolicyContext) {
    this.keywords = keywordsOf(context);
  }

  private readonly choose = (id: ChoiceId) => this.choices.add(id);

  /** A whole budget again: for the next policy of a decision. */
  startBudget(): void {
    this.stepsLeft = MAX_STEPS;
  }

  /** Counts work against the budget: once it is spent, every step is an error, whatever comes next. */
  private readonly spend = (steps: number): void => {
    if ((this.stepsLeft -= steps) < 0) {
      this.stepsLeft = -1;
      this.choices.add('limits');
      throw new EvaluationError(BUDGET_EXCEEDED);
    }
  };

  /** The MissingKeyword error reading `read` would throw in this context, without throwing it; undefined if none. */
  missingKeyword(read: FirstRead): string | undefined {
    const value = this.keywords.values[read.name];
    if (value === undefined) return `MissingKeyword: ${read.name}`;
    if (read.member && value instanceof Namespace && value.members[read.member.name] === undefined)
      return `MissingKeyword: ${printExpression(read.member)}`;
    return undefined;
  }

  /** The expression's bool, or throws the EvaluationError that makes the policy's outcome OUTCOME_ERROR. */
  truth(expr: Expr, scope: Scope = NO_SCOPE): boolean {
    const value = this.eval(expr, scope);
    if (typeof value !== 'boolean') throw new EvaluationError(`type mismatch: expected bool, found ${describe(value)}`);
    return value;
  }

  eval(expr: Expr, scope: Scope): unknown {
    if (--this.stepsLeft < 0) this.spend(0);
    switch (expr.kind) {
      case 'bool':
      case 'int':
      case 'string':
        return expr.value;
      case 'ident':
        if (scope.has(expr.name)) return scope.get(expr.name);
        if (this.keywords.values[expr.name] === undefined) throw new EvaluationError(`MissingKeyword: ${expr.name}`);
        return this.keywords.values[expr.name];
      case 'list':
        return expr.items.map((item) => this.eval(item, scope));
      case 'struct':
        return Object.fromEntries(expr.fields.map((f) => [f.name, this.eval(f.value, scope)]));
      case 'member':
        return this.member(expr, this.eval(expr.target, scope));
      case 'index':
        return this.index(expr, this.eval(expr.target, scope), this.eval(expr.index, scope));
      case 'slice':
        return this.slice(expr, scope);
      case 'method':
        return this.method(expr, scope);
      case 'call':
        return this.call(expr, scope);
      case 'not':
        return !this.truth(expr.operand, scope);
      case 'binary': {
        // Both sides first: an error on either side is the result, whatever the other gives.
        const left = this.eval(expr.left, scope);
        const right = this.eval(expr.right, scope);
        return this.binary(expr.op, left, right);
      }
    }
  }

  private binary(op: Extract<Expr, { kind: 'binary' }>['op'], left: unknown, right: unknown): boolean {
    const bools = () => {
      if (typeof left !== 'boolean' || typeof right !== 'boolean') {
        throw new EvaluationError(`type mismatch: ${op} needs bools, found ${describe(left)} and ${describe(right)}`);
      }
      return [left, right] as const;
    };
    switch (op) {
      case '&&': {
        const [a, b] = bools();
        return a && b;
      }
      case '||': {
        const [a, b] = bools();
        return a || b;
      }
      case '==':
        return equal(left, right, this.choose, this.spend);
      case '!=':
        return !equal(left, right, this.choose, this.spend);
      case '<':
        return order(left, right, this.choose, this.spend) < 0;
      case '>':
        return order(left, right, this.choose, this.spend) > 0;
      case '<=':
        return order(left, right, this.choose, this.spend) <= 0;
      case '>=':
        return order(left, right, this.choose, this.spend) >= 0;
      case 'in':
        return this.contains(right, left, Array.isArray(right) && this.callArgs.has(right));
    }
  }

  /**
   * Whether `value` equals an item of `list`. Every item is compared, so a type error after a match is still the
   * result; items of a list read from ABI arguments are read as such (their addresses without regard to case).
   */
  private contains(list: unknown, value: unknown, fromCallArgs: boolean): boolean {
    if (!Array.isArray(list)) throw new EvaluationError(`type mismatch: expected a list, found ${describe(list)}`);
    this.spend(list.length);
    let found = false;
    for (const item of list) found = equal(this.read(item, fromCallArgs), value, this.choose, this.spend) || found;
    return found;
  }

  /** A value read from the context, with addresses among ABI arguments made case-insensitive. */
  private read(raw: unknown, fromCallArgs = false): unknown {
    const value = normalize(raw);
    if (!fromCallArgs) return value;
    this.spend(1);
    if (typeof value === 'string' && ADDRESS.test(value)) {
      this.choose('case-rules');
      return new Caseless(value);
    }
    if (typeof value === 'object' && value !== null) this.callArgs.add(value);
    return value;
  }

  private member(expr: Extract<Expr, { kind: 'member' }>, target: unknown): unknown {
    if (target instanceof Namespace) {
      const value = target.members[expr.name];
      if (value === undefined) throw new EvaluationError(`MissingKeyword: ${printExpression(expr)}`);
      return value;
    }
    if (!isRecord(target)) throw new EvaluationError(`type mismatch: ${describe(target)} has no field ${expr.name}`);
    const raw = Object.hasOwn(target, expr.name) ? target[expr.name] : undefined;
    if (raw === undefined || raw === null) {
      if (target === this.keywords.activity.params) this.choose('params-at-creation');
      throw new EvaluationError(`MissingField: ${printExpression(expr)}`);
    }
    if (expr.name === 'tags') this.choose('tags-by-id');
    if (
      target === this.keywords.activity &&
      this.keywords.inferredPlacement &&
      (expr.name === 'resource' || expr.name === 'action')
    ) {
      this.choose('activity-resource');
    }
    if ((target as unknown) === this.context.eth?.tx) {
      if ((expr.name === 'to' || expr.name === 'from') && typeof raw === 'string') {
        this.choose('case-rules');
        return new Caseless(raw);
      }
      if (expr.name === 'contract_call_args' && typeof raw === 'object') this.callArgs.add(raw);
    }
    return this.read(raw, this.callArgs.has(target));
  }

  private index(expr: Extract<Expr, { kind: 'index' }>, target: unknown, key: unknown): unknown {
    if (Array.isArray(target) || typeof target === 'string' || target instanceof Caseless) {
      if (typeof key !== 'bigint')
        throw new EvaluationError(`type mismatch: an index must be an int, found ${describe(key)}`);
      const text = target instanceof Caseless ? target.text : target;
      if (key < 0n || key >= BigInt(text.length)) {
        this.choose('slices');
        throw new EvaluationError(
          `index out of range: ${key} in ${printExpression(expr.target)} of length ${text.length}`,
        );
      }
      if (typeof text === 'string') return text[Number(key)];
      return this.read(text[Number(key)], this.callArgs.has(text));
    }
    if (isRecord(target)) {
      if (typeof key !== 'string')
        throw new EvaluationError(`type mismatch: a key must be a string, found ${describe(key)}`);
      const raw = Object.hasOwn(target, key) ? target[key] : undefined;
      if (raw === undefined || raw === null) throw new EvaluationError(`MissingField: ${printExpression(expr)}`);
      return this.read(raw, this.callArgs.has(target));
    }
    throw new EvaluationError(`type mismatch: ${describe(target)} cannot be indexed`);
  }

  private slice(expr: Extract<Expr, { kind: 'slice' }>, scope: Scope): unknown {
    const target = this.eval(expr.target, scope);
    const start = this.eval(expr.start, scope);
    const end = this.eval(expr.end, scope);
    if (typeof start !== 'bigint' || typeof end !== 'bigint')
      throw new EvaluationError('type mismatch: slice bounds must be ints');
    const text = target instanceof Caseless ? target.text : target;
    if (typeof text !== 'string' && !Array.isArray(text))
      throw new EvaluationError(`type mismatch: ${describe(target)} cannot be sliced`);
    if (start < 0n || start > end || end > BigInt(text.length)) {
      this.choose('slices');
      throw new EvaluationError(
        `index out of range: [${start}..${end}] of ${printExpression(expr.target)} of length ${text.length}`,
      );
    }
    const part = text.slice(Number(start), Number(end));
    this.spend(typeof part === 'string' ? textSteps(part) : part.length);
    return target instanceof Caseless ? new Caseless(part as string) : part;
  }

  private method(expr: Extract<Expr, { kind: 'method' }>, scope: Scope): unknown {
    const target = this.eval(expr.target, scope);
    if (!Array.isArray(target))
      throw new EvaluationError(`type mismatch: .${expr.name}() applies to a list, found ${describe(target)}`);
    const fromCallArgs = this.callArgs.has(target);
    this.spend(target.length);
    const items = target.map((item) => this.read(item, fromCallArgs));
    if (expr.name === 'count') return BigInt(items.length);
    if (expr.name === 'contains') return this.contains(items, this.eval(expr.args[0]!, scope), false);
    const variable = expr.args[0];
    const predicate = expr.args[1];
    if (variable?.kind !== 'ident' || !predicate)
      throw new EvaluationError(`type mismatch: .${expr.name}() needs an item name and a predicate`);
    // Every item is tested, so an item that errors makes the whole call an error.
    const results = items.map((item) => this.truth(predicate, new Bound(variable.name, item, scope)));
    if (expr.name === 'any') return results.some(Boolean);
    if (expr.name === 'all') {
      if (items.length === 0) this.choose('all-empty');
      return results.every(Boolean);
    }
    if (expr.name === 'filter') return items.filter((_, i) => results[i]);
    throw new EvaluationError(`unknown function: ${expr.name}`);
  }

  private call(expr: Extract<Expr, { kind: 'call' }>, scope: Scope): unknown {
    const args = expr.args.map((arg) => this.eval(arg, scope));
    const text = (i: number): string => {
      const value = args[i];
      const read = typeof value === 'string' ? value : value instanceof Caseless ? value.text : undefined;
      if (read !== undefined) {
        this.spend(textSteps(read));
        return read;
      }
      throw new EvaluationError(`type mismatch: ${expr.name}() takes strings, found ${describe(value)}`);
    };
    const check = <T>(result: T | string): T => {
      if (typeof result === 'string') throw new EvaluationError(result);
      return result;
    };
    switch (expr.name) {
      case 'Timestamp':
        this.spend(CALL_STEPS);
        return new Time(check(timestampOf(text(0))));
      case 'CaseInsensitiveString': {
        const read = text(0);
        this.spend(read.length >> 4);
        return new Caseless(read.toLowerCase());
      }
      case 'CronSpan': {
        const cron = check(parseCron(text(0)));
        const minutes = check(parseDuration(text(1)));
        const formatter = zoneFormatter(text(2));
        if (!formatter) throw new EvaluationError(`unknown time zone '${text(2)}'`);
        this.choose('cron-span');
        this.spend(minutes * CRON_STEPS_PER_MINUTE);
        return cronSpanActive(cron, minutes, formatter, this.context.now.getTime());
      }
      default:
        throw new EvaluationError(`unknown function: ${expr.name}`);
    }
  }
}
