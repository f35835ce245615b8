/**
 * What a part of an expression that reads only keywords (`eth.tx.to`, `approvers.filter(u, …).count()`,
 * `activity.type == '…'`) comes to is the same every time one evaluator (one activity's context) evaluates it: the
 * policies of an organization read the same few fields again and again. Such a part is evaluated once per
 * evaluator, and its value (or its error), the steps it counted and the rows it rests on are kept and given again
 * to every later evaluation of the same text by that evaluator, in any policy. Given again, it counts the same
 * steps against the budget of the policy now evaluated; when that budget would run out inside it, it is evaluated
 * anew, so the budget stops it where it would have stopped it.
 */
import { NO_SCOPE, type Code, type Run, type Scope } from './closureKit';
import { KEYWORDS } from './schema';
import type { Expr } from './syntax';
import { EvaluationError } from './values';

/** The last evaluator's result of one text. */
export class Slot {
  /**
   * Evaluations in a row that found nothing kept: past MAX_MISSES the text is evaluated as it is, without keeping
   * (a part only one policy reads, once per decision, gains nothing), until another tree reads the same text.
   */
  misses = 0;
  serial = 0;
  value: unknown;
  error: EvaluationError | undefined;
  steps = 0;
  bits = 0;
}

const KEYWORD_NAMES = new Set(Object.values(KEYWORDS).flatMap((keywords) => Object.keys(keywords)));
/**
 * A part written in more characters than this is not shared between policies (it still is within one, through
 * its own slot); one of more than MAX_PART is evaluated as it is. Both keep the work of reading a tree's parts
 * linear in its size.
 */
const MAX_KEY = 256;
const MAX_PART = 1024;
const MAX_SLOTS = 4096;
const MAX_MISSES = 256;
const slots = new Map<string, Slot>();

/**
 * `code` (the closure of `expr`) evaluated once per evaluator, when `expr` is a part worth it: a read, a method or
 * an operator whose free names are all keywords. Otherwise `code` itself.
 */
export function sharedCode(expr: Expr, code: Code): Code {
  if (!worthSharing(expr) || expr.span.length > MAX_PART) return code;
  const names = freeNames(expr);
  for (const name of names) if (!KEYWORD_NAMES.has(name)) return code;
  const key = expr.span.length > MAX_KEY ? undefined : keyText(expr);
  let slot = key === undefined ? undefined : slots.get(key);
  if (slot) slot.misses = 0;
  else {
    slot = new Slot();
    if (key !== undefined) {
      if (slots.size >= MAX_SLOTS) slots.clear();
      slots.set(key, slot);
    }
  }
  const shared = once(code, slot, [...names]);
  kept.set(shared, { slot, raw: code, code: shared });
  return shared;
}

/** A part evaluated once per evaluator: its slot, its own closure, and the closure that keeps it (`once`). */
export interface Kept {
  readonly slot: Slot;
  readonly raw: Code;
  readonly code: Code;
}
const kept = new WeakMap<Code, Kept>();

/** What `code` keeps, when it is the closure of a part evaluated once per evaluator (sharedCode made it). */
export function keptOf(code: Code): Kept | undefined {
  return kept.get(code);
}

/**
 * The part evaluated as its closure `kept.code` would, without the call when its value is kept (or when it is
 * no longer kept at all): a fused closure whose operand is such a part calls this, which the engine inlines.
 */
export function evaluateKept(part: Kept, run: Run, scope: Scope): unknown {
  const { slot } = part;
  if (slot.misses > MAX_MISSES) return part.raw(run, scope);
  if (scope === NO_SCOPE && keptFor(slot, run)) return givenAgain(slot, run);
  return part.code(run, scope);
}

/** Whether the slot holds this evaluator's result, and its budget still covers the steps that result took. */
const keptFor = (slot: Slot, run: Run): boolean => slot.serial === run.serial && run.stepsLeft >= slot.steps;

/** The kept result, charged as its evaluation was: its steps, its rows, and its error thrown again. */
function givenAgain(slot: Slot, run: Run): unknown {
  slot.misses = 0;
  run.stepsLeft -= slot.steps;
  run.choiceBits |= slot.bits;
  if (slot.error) throw slot.error;
  return slot.value;
}

function once(code: Code, slot: Slot, names: readonly string[]): Code {
  return (run, scope) => {
    if (slot.misses > MAX_MISSES) return code(run, scope);
    // A method's item named like a keyword (`approvers.any(eth, …)`) hides it: then the part reads the item.
    if (scope !== NO_SCOPE) for (const name of names) if (scope.has(name)) return code(run, scope);
    if (keptFor(slot, run)) return givenAgain(slot, run);
    const bits = run.choiceBits;
    const stepsLeft = run.stepsLeft;
    run.choiceBits = 0;
    try {
      const value = code(run, scope);
      keep(slot, run, value, undefined, stepsLeft);
      return value;
    } catch (thrown) {
      // A budget spent is the budget's doing, not the part's: that is not kept.
      if (thrown instanceof EvaluationError && run.stepsLeft >= 0) keep(slot, run, undefined, thrown, stepsLeft);
      throw thrown;
    } finally {
      run.choiceBits |= bits;
    }
  };
}

function keep(slot: Slot, run: Run, value: unknown, error: EvaluationError | undefined, stepsLeft: number): void {
  slot.misses++;
  slot.serial = run.serial;
  slot.value = value;
  slot.error = error;
  slot.steps = stepsLeft - run.stepsLeft;
  slot.bits = run.choiceBits;
}

function worthSharing(expr: Expr): boolean {
  switch (expr.kind) {
    case 'binary':
    case 'member':
    case 'index':
    case 'slice':
    case 'method':
    case 'call':
    case 'not':
      return true;
    case 'bool':
    case 'int':
    case 'string':
    case 'ident':
    case 'list':
    case 'struct':
      return false;
  }
}

/** The names `expr` reads from outside itself: the keywords it reads, or an item of a method around it. */
function freeNames(expr: Expr, into = new Set<string>(), bound: readonly string[] = []): Set<string> {
  switch (expr.kind) {
    case 'ident':
      if (!bound.includes(expr.name)) into.add(expr.name);
      break;
    case 'bool':
    case 'int':
    case 'string':
      break;
    case 'list':
      for (const item of expr.items) freeNames(item, into, bound);
      break;
    case 'struct':
      for (const field of expr.fields) freeNames(field.value, into, bound);
      break;
    case 'member':
      freeNames(expr.target, into, bound);
      break;
    case 'index':
      freeNames(expr.target, into, bound);
      freeNames(expr.index, into, bound);
      break;
    case 'slice':
      for (const part of [expr.target, expr.start, expr.end]) freeNames(part, into, bound);
      break;
    case 'method': {
      freeNames(expr.target, into, bound);
      const [first, ...rest] = expr.args;
      // The first argument of any/all/filter names the item; of contains it is a value.
      const item = expr.name !== 'contains' && first?.kind === 'ident' ? first.name : undefined;
      if (first && item === undefined) freeNames(first, into, bound);
      for (const arg of rest) freeNames(arg, into, item === undefined ? bound : [...bound, item]);
      break;
    }
    case 'call':
      for (const arg of expr.args) freeNames(arg, into, bound);
      break;
    case 'not':
      freeNames(expr.operand, into, bound);
      break;
    case 'binary':
      freeNames(expr.left, into, bound);
      freeNames(expr.right, into, bound);
      break;
  }
  return into;
}

/** A text of `expr` that two trees share only when they are the same (strings quoted, names marked). */
function keyText(expr: Expr): string {
  const all = (exprs: readonly Expr[]) => exprs.map(keyText).join(', ');
  switch (expr.kind) {
    case 'bool':
      return String(expr.value);
    case 'int':
      return `${expr.value}n`;
    case 'string':
      return JSON.stringify(expr.value);
    case 'ident':
      return `$${expr.name}`;
    case 'list':
      return `[${all(expr.items)}]`;
    case 'struct':
      return `{${expr.fields.map((f) => `${f.name}: ${keyText(f.value)}`).join(', ')}}`;
    case 'member':
      return `${keyText(expr.target)}.${expr.name}`;
    case 'index':
      return `${keyText(expr.target)}[${keyText(expr.index)}]`;
    case 'slice':
      return `${keyText(expr.target)}[${keyText(expr.start)} .. ${keyText(expr.end)}]`;
    case 'method':
      return `${keyText(expr.target)}.${expr.name}(${all(expr.args)})`;
    case 'call':
      return `@${expr.name}(${all(expr.args)})`;
    case 'not':
      return `!(${keyText(expr.operand)})`;
    case 'binary':
      return `(${keyText(expr.left)} ${expr.op} ${keyText(expr.right)})`;
  }
}
