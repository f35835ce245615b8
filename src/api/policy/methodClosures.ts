/**
 * The closures of a list's methods (`count`, `contains`, `any`, `all`, `filter`; closures.ts builds the rest):
 * every item is read and every item tested, so an item that errors makes the whole call an error. When closures
 * are fused (closureKit.ts, Building), `contains` of a string literal, and a predicate that compares a field of the
 * item with a string literal (`u.id == '…'`) or looks for one in a list of it (`u.tags.contains('…')`), run as one
 * closure each, counting the steps and rows of the closures of their nodes, in the same order.
 */
import {
  constantOf,
  equalsText,
  memberOf,
  nameOf,
  pathOf,
  step,
  truthOf,
  type Building,
  type Code,
} from './closureKit';
import { NO_SCOPE, type Run, type Scope } from './closureKit';
import { columnOf, sharedColumn, type Column } from './itemColumns';
import { evaluateKept, keptOf } from './sharedReads';
import type { Expr } from './syntax';
import { describe, EvaluationError } from './values';

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

/** A predicate's truth for one item, the item given directly rather than bound in a scope. */
type ItemTest = (run: Run, item: unknown) => boolean;

export function methodCode(expr: Extract<Expr, { kind: 'method' }>, building: Building): Code {
  const { codeOf, fuse } = building;
  const { name } = expr;
  const target = codeOf(expr.target);
  const variable = expr.args[0];
  const argument = variable ? codeOf(variable) : undefined;
  const predicate = expr.args[1] ? codeOf(expr.args[1]) : undefined;
  const itemName = variable?.kind === 'ident' ? variable.name : undefined;
  // A list written of literals holds only values already read (ints as bigint), and none read from ABI arguments.
  const constant = constantOf(expr.target) !== undefined;
  const literal = fuse && name === 'contains' && variable?.kind === 'string' ? variable.value : undefined;
  if (literal !== undefined) {
    const lower = literal.toLowerCase();
    const targetKept = fuse ? keptOf(target) : undefined;
    return (run, scope) => {
      step(run);
      const list = targetKept ? evaluateKept(targetKept, run, scope) : target(run, scope);
      return containsText(run, list, constant, literal, lower);
    };
  }
  const fusable = fuse && itemName !== undefined && expr.args[1] ? expr.args[1] : undefined;
  const compare = fusable && itemCompareOf(fusable, itemName!);
  const test = fusable && !compare ? itemTestOf(fusable, itemName!) : undefined;
  const targetKept = fuse ? keptOf(target) : undefined;
  // A list named directly (`approvers.any(…)`) is read here: the method's step and the name's, then the name.
  const listName = fuse && expr.target.kind === 'ident' ? expr.target.name : undefined;
  // A keyword's list compared item by item (`approvers.any(u, u.id == '…')`): the items' fields are read once per
  // evaluator, for every policy that compares them (itemColumns.ts).
  const column =
    compare && listName !== undefined && name !== 'filter' ? sharedColumn(listName, compare.members) : undefined;
  return (run, scope) => {
    if (column !== undefined && (scope === NO_SCOPE || !scope.has(listName!))) {
      const list = run.keywordValues[listName!];
      const read = Array.isArray(list) ? columnOf(run, column, list, compare!.members, readAll) : undefined;
      if (read) {
        const result = fromColumn(run, read, compare!, name === 'any');
        if (result !== undefined) return result;
      }
    }
    let list: unknown;
    if (listName === undefined) {
      step(run);
      list = targetKept ? evaluateKept(targetKept, run, scope) : target(run, scope);
    } else {
      if ((run.stepsLeft -= 2) < 0) run.spend(0);
      list = nameOf(run, scope, listName);
    }
    if (!Array.isArray(list))
      throw new EvaluationError(`type mismatch: .${name}() applies to a list, found ${describe(list)}`);
    const items = readItems(run, list, constant);
    if (name === 'count') return BigInt(items.length);
    if (name === 'contains') return run.contains(items, argument!(run, scope), false);
    if (itemName === undefined || !predicate)
      throw new EvaluationError(`type mismatch: .${name}() needs an item name and a predicate`);
    // Every item is tested, so an item that errors makes the whole call an error.
    let some = false;
    let every = true;
    const kept: unknown[] | undefined = name === 'filter' ? [] : undefined;
    if (compare) {
      // The predicate `item.field == '…'` inline: its operator's and path's steps, the path, the literal's step.
      const { members, literal, lower, negate, steps } = compare;
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if ((run.stepsLeft -= steps) < 0) run.spend(0);
        let value = item;
        for (let m = 0; m < members.length; m++) value = memberOf(run, members[m]!, value);
        step(run);
        const same = equalsText(run, value, literal, lower);
        const holds = negate ? !same : same;
        some ||= holds;
        every &&= holds;
        if (holds) kept?.push(item);
      }
    } else if (test) {
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        const holds = test(run, item);
        some ||= holds;
        every &&= holds;
        if (holds) kept?.push(item);
      }
    } else {
      const bound = new Bound(itemName, undefined, scope);
      for (const item of items) {
        bound.value = item;
        const holds = truthOf(predicate(run, bound));
        some ||= holds;
        every &&= holds;
        if (holds) kept?.push(item);
      }
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

/**
 * `any` (or `all`) of an item comparison, from the column of the compared field (each a string): what the closure
 * would return, counting its steps, or undefined when the budget would run out on the way (then the closure reads
 * the items itself, and stops where the budget stops it).
 */
function fromColumn(run: Run, column: Column, compare: ItemCompare, any: boolean): boolean | undefined {
  const { values } = column;
  const { literal, negate } = compare;
  // The method's and the name's steps, the reading's, then per item its comparison's and the literal's.
  let steps = 2 + column.steps + values.length * (compare.steps + 1);
  let some = false;
  let every = true;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    steps += value.length >> 6;
    const holds = negate ? value !== literal : value === literal;
    some ||= holds;
    every &&= holds;
  }
  if (steps > run.stepsLeft) return undefined;
  run.stepsLeft -= steps;
  if (any) return some;
  if (values.length === 0) run.choose('all-empty');
  return every;
}

const readAll = (run: Run, list: unknown[]): unknown[] => readItems(run, list, false);

/**
 * The items of `list` as the method reads them, one step each: every item is read (a number that is not an
 * integer is an error); the list is copied only when reading changes an item.
 */
function readItems(run: Run, list: unknown[], constant: boolean): unknown[] {
  const fromCallArgs = !constant && run.callArgs.has(list);
  if ((run.stepsLeft -= list.length) < 0) run.spend(0);
  if (constant) return list;
  let items: unknown[] = list;
  for (let i = 0; i < list.length; i++) {
    const raw: unknown = list[i];
    const item = fromCallArgs || typeof raw === 'number' ? run.read(raw, fromCallArgs) : raw;
    if (item !== raw) {
      if (items === list) items = list.slice();
      items[i] = item;
    }
  }
  return items;
}

/**
 * `list.contains('…')` once its step is counted and its list evaluated: the items read, then the literal's step
 * and one per item compared, counted together (nothing happens between them), then every item compared.
 */
function containsText(run: Run, list: unknown, constant: boolean, literal: string, lower: string): boolean {
  if (!Array.isArray(list))
    throw new EvaluationError(`type mismatch: .contains() applies to a list, found ${describe(list)}`);
  const items = readItems(run, list, constant);
  if ((run.stepsLeft -= items.length + 1) < 0) run.spend(0);
  let found = false;
  for (let i = 0; i < items.length; i++) found = equalsText(run, items[i], literal, lower) || found;
  return found;
}

/** A predicate `item.field == '…'` (or `!=`), read once when its closure is made. */
interface ItemCompare {
  readonly members: readonly Extract<Expr, { kind: 'member' }>[];
  readonly literal: string;
  readonly lower: string;
  readonly negate: boolean;
  /** The operator's, the name's and each field's, counted together before the path is read, as their closures do. */
  readonly steps: number;
}

function itemCompareOf(predicate: Expr, itemName: string): ItemCompare | undefined {
  if (predicate.kind !== 'binary' || (predicate.op !== '==' && predicate.op !== '!=')) return undefined;
  const path = pathOf(predicate.left);
  if (!path || path.name !== itemName || predicate.right.kind !== 'string') return undefined;
  const literal = predicate.right.value;
  const { members } = path;
  return { members, literal, lower: literal.toLowerCase(), negate: predicate.op === '!=', steps: members.length + 2 };
}

/**
 * A predicate `item.field.contains('…')` as an ItemTest; undefined for any other. The steps of the method and of
 * the path are counted together before the path is read, as their closures count them.
 */
function itemTestOf(predicate: Expr, itemName: string): ItemTest | undefined {
  if (predicate.kind === 'method' && predicate.name === 'contains' && predicate.args.length === 1) {
    const path = pathOf(predicate.target);
    const argument = predicate.args[0];
    if (!path || path.name !== itemName || argument?.kind !== 'string') return undefined;
    const { members } = path;
    const literal = argument.value;
    const lower = literal.toLowerCase();
    const steps = members.length + 2;
    return (run, item) => {
      if ((run.stepsLeft -= steps) < 0) run.spend(0);
      let value = item;
      for (let i = 0; i < members.length; i++) value = memberOf(run, members[i]!, value);
      return containsText(run, value, false, literal, lower);
    };
  }
  return undefined;
}
