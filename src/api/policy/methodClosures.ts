/**
 * The closures of a list's methods (`count`, `contains`, `any`, `all`, `filter`; closures.ts builds the rest):
 * every item is read and every item tested, so an item that errors makes the whole call an error.
 */
import { constantOf, step, truthOf, type Code, type Scope } from './closureKit';
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

export function methodCode(expr: Extract<Expr, { kind: 'method' }>, codeOf: (expr: Expr) => Code): Code {
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
    if ((run.stepsLeft -= list.length) < 0) run.spend(0);
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
