/**
 * The values an expression computes, and how they compare. Integers are bigint (int and uint compare by value);
 * a string that must compare without regard to case (eth.tx.to/from, addresses among ABI arguments) is a
 * `Caseless`; a timestamp is a `Time`. Lists are arrays; structs and maps are plain objects.
 */
import type { ChoiceId } from './choices';

export class Caseless {
  private lowered: string | undefined;
  constructor(readonly text: string) {}
  /** The text in lower case, made once: the same address is compared against many policies' literals. */
  get lower(): string {
    return (this.lowered ??= this.text.toLowerCase());
  }
}
export class Time {
  constructor(readonly ms: number) {}
}
/** A keyword prefix (`eth`, `time`): its members are keywords, absent ones a MissingKeyword error. */
export class Namespace {
  constructor(
    readonly name: string,
    readonly members: Readonly<Record<string, unknown>>,
  ) {}
}

/** Why an evaluation failed: the policy's outcome becomes OUTCOME_ERROR with this message. */
export class EvaluationError extends Error {
  constructor(message: string) {
    // An error of the policy language is a result (the policy's OUTCOME_ERROR), not a fault of the code: no stack,
    // whose capture would cost more than the evaluation itself when many policies err on one activity.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'EvaluationError';
  }
}

/** Where a comparison records the rows of docs/policies.md its result rests on. */
export type ChoiceSink = (id: ChoiceId) => void;
/** Where work is counted against an evaluation's budget: `steps` more (throws once it is spent). */
export type Spend = (steps: number) => void;
const FREE: Spend = () => undefined;

export function describe(value: unknown): string {
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'string' || value instanceof Caseless) return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (value instanceof Time) return 'timestamp';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Namespace) return value.name;
  if (value === null || value === undefined) return 'nothing';
  return typeof value === 'object' ? 'struct' : typeof value;
}

/** A value read from the context, in the engine's representation: JS integers become bigint. */
export function normalize(raw: unknown): unknown {
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw)) throw new EvaluationError(`type mismatch: ${raw} is not an integer`);
    return BigInt(raw);
  }
  return raw;
}

const DECIMAL = /^-?\d+$/;

/** Decimal strings read as integers, by their text (null: not one): a policy compares the same few each time. */
const decimals = new Map<string, bigint | null>();

/** `v` as an integer: an int, or a string of decimal digits (its reading counted); undefined otherwise. */
function integerOf(v: unknown, spend: Spend): bigint | undefined {
  if (typeof v === 'bigint') return v;
  const text = v instanceof Caseless ? v.text : v;
  if (typeof text !== 'string') return undefined;
  // Reading digits into a bigint costs more than linear time: a long string pays for it.
  spend((text.length >> 4) + ((text.length * text.length) >> 10));
  let read = decimals.get(text);
  if (read === undefined) {
    read = DECIMAL.test(text) ? BigInt(text) : null;
    if (decimals.size >= 1024) decimals.clear();
    decimals.set(text, read);
  }
  return read ?? undefined;
}

/**
 * An int and a string of decimal digits compare as integers (row `int-string`): negative, zero or positive as
 * a < b, a == b, a > b, or undefined when they are not two integers.
 */
function integerOrder(a: unknown, b: unknown, choose: ChoiceSink, spend: Spend): number | undefined {
  if (typeof a !== 'bigint' && typeof b !== 'bigint') return undefined;
  const x = integerOf(a, spend);
  const y = integerOf(b, spend);
  if (x === undefined || y === undefined) return undefined;
  if (typeof a !== 'bigint' || typeof b !== 'bigint') choose('int-string');
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Strings' work is counted by 64 characters. */
export const textSteps = (text: string): number => text.length >> 6;

export function equal(a: unknown, b: unknown, choose: ChoiceSink, spend: Spend = FREE): boolean {
  if (a instanceof Caseless || b instanceof Caseless) {
    const x = a instanceof Caseless ? a.text : a;
    const y = b instanceof Caseless ? b.text : b;
    if (typeof x === 'string' && typeof y === 'string') {
      choose('case-rules');
      spend((x.length + y.length) >> 6);
      return (
        (a instanceof Caseless ? a.lower : x.toLowerCase()) === (b instanceof Caseless ? b.lower : y.toLowerCase())
      );
    }
  }
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    const sign = integerOrder(a, b, choose, spend);
    if (sign === undefined)
      throw new EvaluationError(`type mismatch: cannot compare ${describe(a)} with ${describe(b)}`);
    return sign === 0;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    spend(textSteps(a));
    return a === b;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b;
  if (a instanceof Time && b instanceof Time) return a.ms === b.ms;
  if (Array.isArray(a) && Array.isArray(b)) {
    // Every element is compared (no short-circuit), so a mismatch anywhere is an error.
    let same = a.length === b.length;
    const length = Math.min(a.length, b.length);
    spend(length);
    for (let i = 0; i < length; i++) same = equal(normalize(a[i]), normalize(b[i]), choose, spend) && same;
    return same;
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    spend(keys.size);
    let same = true;
    for (const key of keys) {
      if (!(key in a) || !(key in b)) same = false;
      else same = equal(normalize(a[key]), normalize(b[key]), choose, spend) && same;
    }
    return same;
  }
  throw new EvaluationError(`type mismatch: cannot compare ${describe(a)} with ${describe(b)}`);
}

/** Negative, zero or positive as a < b, a == b, a > b: ints (and decimal strings beside one) or timestamps. */
export function order(a: unknown, b: unknown, choose: ChoiceSink, spend: Spend = FREE): number {
  if (a instanceof Time && b instanceof Time) return Math.sign(a.ms - b.ms);
  const sign = integerOrder(a, b, choose, spend);
  if (sign === undefined) throw new EvaluationError(`type mismatch: cannot order ${describe(a)} and ${describe(b)}`);
  return sign;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Caseless) &&
    !(value instanceof Time) &&
    !(value instanceof Namespace)
  );
}
