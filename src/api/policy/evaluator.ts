/**
 * Evaluates a checked expression against one activity's context, by running the closures closures.ts makes of
 * it once; this file holds the context's keywords and the work the closures share. Nothing short-circuits: both sides of `&&` and
 * `||`, every element a method visits, and every item of a list are evaluated, so an error anywhere is the
 * result (the reference's "no short-circuit"). An absent keyword is a MissingKeyword error, an absent field a
 * MissingField error.
 */
import { EMPTY_WHEN_OMITTED, exposesParam, EXPOSED_PARAMS, placementOf } from './activityTypes';
import { CHOICE_BIT, choicesOfBits, type ChoiceId } from './choices';
import { NO_SCOPE, type Run, type Scope } from './closureKit';
import { codeOf } from './closures';
import type { FirstRead } from './compile';
import { BUDGET_EXCEEDED, MAX_STEPS } from './limits';
import type { PolicyContext } from './types';
import { printExpression } from './printer';
import type { Expr } from './syntax';
import { cronSpanActive, parseCron, parseDuration, parseTimestamp, zoneFormatter } from './time';
import { Caseless, describe, equal, EvaluationError, isRecord, Namespace, normalize, textSteps, Time } from './values';

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
const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** What a type places and shows, worked out once per type: its placement, and the params it shows (with their camelCase names). */
interface TypeReading {
  readonly placement: ReturnType<typeof placementOf>;
  readonly fields: readonly (readonly [snake: string, camel: string])[];
}
const typeReadings = new Map<string, TypeReading>();
function typeReadingOf(type: string): TypeReading {
  let reading = typeReadings.get(type);
  if (!reading) {
    const fields = Object.keys(EXPOSED_PARAMS)
      .filter((field) => exposesParam(type, field))
      .map((field) => [field, camel(field)] as const);
    reading = { placement: placementOf(type), fields };
    if (typeReadings.size >= 1024) typeReadings.clear();
    typeReadings.set(type, reading);
  }
  return reading;
}

/** The `activity` keyword of a context: kind, resource and action from its type, and the params it shows. */
function activityOf(context: PolicyContext): { activity: Record<string, unknown>; inferred: boolean } {
  const { type, params } = context.activity;
  const { placement, fields } = typeReadingOf(type);
  const shown: Record<string, unknown> = {};
  for (const [field, camelName] of fields) {
    const value = params[field] ?? params[camelName];
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

/** The keywords no context fills yet: the same empty namespaces for every context. */
const SOLANA = new Namespace('solana', Object.freeze({}));
const TRON = new Namespace('tron', Object.freeze({}));
const BITCOIN = new Namespace('bitcoin', Object.freeze({}));
const TEMPO = new Namespace('tempo', Object.freeze({}));

/** The keywords of the context read last: most contexts are read by one decision, a map of all costs a collection. */
let lastContext: PolicyContext | undefined;
let lastKeywords: Keywords | undefined;

function keywordsOf(context: PolicyContext): Keywords {
  let keywords = context === lastContext ? lastKeywords : undefined;
  if (!keywords) {
    const { activity, inferred } = activityOf(context);
    const values = {
      approvers: context.approvers,
      credentials: context.credentials,
      activity,
      eth: new Namespace('eth', {
        tx: context.eth?.tx,
        eip_712: context.eth?.eip_712,
        eip_7702_authorization: context.eth?.eip_7702_authorization,
      }),
      solana: SOLANA,
      tron: TRON,
      bitcoin: BITCOIN,
      tempo: TEMPO,
      wallet: context.wallet,
      wallets: context.wallets,
      private_key: context.private_key,
      wallet_account: context.wallet_account,
      time: new Namespace('time', { now: new Time(context.now.getTime()) }),
    };
    keywords = { values, activity, inferredPlacement: inferred };
    lastContext = context;
    lastKeywords = keywords;
  }
  return keywords;
}

export type { Scope } from './closureKit';

/** A set of objects, in a short list while it is small: every field read asks whether its record is in it. */
class CallArgs {
  private few: object[] | undefined;
  private set: WeakSet<object> | undefined;
  add(value: object): void {
    if (this.set !== undefined) this.set.add(value);
    else if (this.few === undefined) this.few = [value];
    else if (this.few.includes(value)) return;
    else if (this.few.length < FEW_CALL_ARGS) this.few.push(value);
    else {
      this.set = new WeakSet(this.few);
      this.set.add(value);
      this.few = undefined;
    }
  }
  has(value: object): boolean {
    const { few } = this;
    if (few !== undefined) {
      for (let i = 0; i < few.length; i++) if (few[i] === value) return true;
      return false;
    }
    return this.set !== undefined && this.set.has(value);
  }
}
const FEW_CALL_ARGS = 8;

/** Evaluators made so far: each one's serial. */
let serials = 0;

/**
 * Evaluates expressions against one context by running their closures (closures.ts); the methods below are the
 * work those closures share.
 */
export class Evaluator implements Run {
  /** The rows of docs/policies.md the results so far rest on, one bit each (CHOICE_BIT). */
  choiceBits = 0;
  /** Objects read from ABI arguments: addresses inside them compare without regard to case. */
  readonly callArgs = new CallArgs();
  private readonly keywords: Keywords;
  readonly keywordValues: Readonly<Record<string, unknown>>;
  /** Steps left of the budget (row `limits`); below zero the evaluation stops with BUDGET_EXCEEDED. */
  stepsLeft = MAX_STEPS;
  readonly serial = ++serials;

  /** One budget covers everything this evaluator evaluates until `startBudget` is called again. */
  constructor(private readonly context: PolicyContext) {
    this.keywords = keywordsOf(context);
    this.keywordValues = this.keywords.values;
    this.tx = context.eth?.tx;
  }

  /** The context's transaction, whose `to` and `from` compare without regard to case. */
  private readonly tx: object | undefined;

  readonly choose = (id: ChoiceId): void => {
    this.choiceBits |= CHOICE_BIT[id];
  };

  /** The rows the results so far rest on. */
  get choices(): ReadonlySet<ChoiceId> {
    return new Set(choicesOfBits(this.choiceBits));
  }

  /** A whole budget again: for the next policy of a decision. */
  startBudget(): void {
    this.stepsLeft = MAX_STEPS;
  }

  /** Counts work against the budget: once it is spent, every step is an error, whatever comes next. */
  readonly spend = (steps: number): void => {
    if ((this.stepsLeft -= steps) < 0) {
      this.stepsLeft = -1;
      this.choiceBits |= CHOICE_BIT.limits;
      throw new EvaluationError(BUDGET_EXCEEDED);
    }
  };

  /** The MissingKeyword error reading `read` would throw in this context, without throwing it; undefined if none. */
  missingKeyword(read: FirstRead): string | undefined {
    // The policies of a decision mostly read the same few keywords first: the answer is worked out once.
    if (read.askedBy === this.serial) {
      this.choiceBits |= read.bits;
      return read.missing;
    }
    const bits = this.choiceBits;
    this.choiceBits = 0;
    read.missing = this.missingOf(read);
    read.bits = this.choiceBits;
    read.askedBy = this.serial;
    this.choiceBits |= bits;
    return read.missing;
  }

  private missingOf(read: FirstRead): string | undefined {
    const value = this.keywords.values[read.name];
    if (value === undefined) return read.missingName;
    if (read.member && value instanceof Namespace && value.members[read.member.name] === undefined) {
      if (read.name === 'eth' && read.member.name !== 'tx') this.signatureRead(undefined);
      return read.missingMember;
    }
    return undefined;
  }

  /**
   * The rows a read of `eth.eip_712` or `eth.eip_7702_authorization` rests on: how its values are typed, or, on a
   * signature of typed data or an authorization that gives none, why it was not read.
   */
  private signatureRead(value: unknown): void {
    if (value !== undefined) this.choose('typed-data-values');
    else if (/EIP712|EIP7702/.test(String(this.context.activity.params['encoding']))) this.choose('unread-signature');
  }

  /** The expression's bool, or throws the EvaluationError that makes the policy's outcome OUTCOME_ERROR. */
  truth(expr: Expr, scope: Scope = NO_SCOPE): boolean {
    const value = codeOf(expr)(this, scope);
    if (typeof value !== 'boolean') throw new EvaluationError(`type mismatch: expected bool, found ${describe(value)}`);
    return value;
  }

  eval(expr: Expr, scope: Scope): unknown {
    return codeOf(expr)(this, scope);
  }

  /**
   * Whether `value` equals an item of `list`. Every item is compared, so a type error after a match is still the
   * result; items of a list read from ABI arguments are read as such (their addresses without regard to case).
   */
  contains(list: unknown, value: unknown, fromCallArgs: boolean): boolean {
    if (!Array.isArray(list)) throw new EvaluationError(`type mismatch: expected a list, found ${describe(list)}`);
    this.spend(list.length);
    let found = false;
    for (const item of list) found = equal(this.read(item, fromCallArgs), value, this.choose, this.spend) || found;
    return found;
  }

  /** A value read from the context, with addresses among ABI arguments made case-insensitive. */
  read(raw: unknown, fromCallArgs = false): unknown {
    const value = normalize(raw);
    if (!fromCallArgs) return value;
    this.spend(1);
    if (typeof value === 'string' && value.length === 42 && ADDRESS.test(value)) {
      this.choose('case-rules');
      return new Caseless(value);
    }
    if (typeof value === 'object' && value !== null) this.callArgs.add(value);
    return value;
  }

  /** The transaction's `to` and `from` as Caseless, made once per evaluator (their lower case with them). */
  private caseless: Caseless[] = [];
  private caselessOf(text: string): Caseless {
    for (const known of this.caseless) if (known.text === text) return known;
    const made = new Caseless(text);
    if (this.caseless.length < 4) this.caseless.push(made);
    return made;
  }

  member(expr: Extract<Expr, { kind: 'member' }>, target: unknown): unknown {
    if (target instanceof Namespace) {
      const value = target.members[expr.name];
      if (target.name === 'eth' && expr.name !== 'tx') this.signatureRead(value);
      if (value === undefined) throw new EvaluationError(`MissingKeyword: ${printExpression(expr)}`);
      return value;
    }
    if (!isRecord(target)) throw new EvaluationError(`type mismatch: ${describe(target)} has no field ${expr.name}`);
    const { name } = expr;
    const raw = Object.hasOwn(target, name) ? target[name] : undefined;
    if (raw === undefined || raw === null) {
      if (target === this.keywords.activity.params) this.choose('params-at-creation');
      if (target === this.context.eth?.eip_712?.domain) this.choose('empty-domain');
      throw new EvaluationError(`MissingField: ${printExpression(expr)}`);
    }
    if (name === 'tags') this.choiceBits |= CHOICE_BIT['tags-by-id'];
    if (target === this.tx) {
      if ((name === 'to' || name === 'from') && typeof raw === 'string') {
        this.choiceBits |= CHOICE_BIT['case-rules'];
        return this.caselessOf(raw);
      }
      if (name === 'contract_call_args' && typeof raw === 'object') this.callArgs.add(raw);
    } else if (
      target === this.keywords.activity &&
      this.keywords.inferredPlacement &&
      (name === 'resource' || name === 'action')
    ) {
      this.choose('activity-resource');
    }
    return this.read(raw, this.callArgs.has(target));
  }

  index(expr: Extract<Expr, { kind: 'index' }>, target: unknown, key: unknown): unknown {
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

  slice(expr: Extract<Expr, { kind: 'slice' }>, target: unknown, start: unknown, end: unknown): unknown {
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

  call(expr: Extract<Expr, { kind: 'call' }>, args: unknown[]): unknown {
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
