/**
 * What a list of policies can read of an activity's context, and a key made of exactly those values: two contexts
 * with the same key get the same decision from `decide` (every outcome, error, row and denial), since a decision
 * is a function of the policies, the values their expressions read and whether the root quorum is met. A caller
 * that decides over the same policies again and again (the sandbox, on every submission and vote) may keep a
 * decision under its key and give it again, as long as the policies are the same objects with the same text.
 *
 * What the expressions read is worked out from their trees: each keyword and the fields read from it by name
 * (`eth.tx.to`, `private_key.tags`), the value at the end read whole (a list or map read further by a method or an
 * index, `approvers.any(…)` or `eth.tx.contract_call_args['amount']`, is the whole list or map). Beside them the
 * evaluator reads a few values no expression names: `activity.kind`, `resource` and `action` come from the
 * activity's type (always in the key), `activity.params` from its params (the whole params whenever a policy reads
 * them, or reads `eth`, whose reading looks at the signature's encoding). A policy that reads the clock (`time`,
 * `CronSpan`) or a function this file does not know makes the list's decisions unkeyable: they are made afresh.
 */
import { compile } from './compile';
import { KEYWORDS, type PolicyField } from './schema';
import type { Expr } from './syntax';
import type { PolicyContext, PolicyDefinition } from './types';
import { isRecord } from './values';

const FIELDS: readonly PolicyField[] = ['condition', 'consensus', 'time'];
/** Every keyword any field may read, by its type's kind: a namespace's members are keywords in turn. */
const KEYWORD_KINDS: ReadonlyMap<string, string> = new Map(
  Object.values(KEYWORDS).flatMap((keywords) => Object.entries(keywords).map(([name, ty]) => [name, ty.t] as const)),
);
/** Functions whose value depends on their arguments alone. */
const PURE_CALLS: ReadonlySet<string> = new Set(['Timestamp', 'CaseInsensitiveString']);
/** Past this many characters a context is not keyed (its decision is made afresh): a key is kept in memory. */
const MAX_KEY_LENGTH = 8192;

/** The values a list of policies reads: each a path from the context's root, read whole at its end. */
export interface PolicyReads {
  readonly paths: readonly (readonly string[])[];
  /** Whether `activity.params` is read (or what the evaluator reads of it beside `eth`). */
  readonly params: boolean;
}

/** What one expression reads: its keyword paths (joined), and whether it reads the clock or an unknown function. */
interface ExpressionReads {
  readonly paths: readonly string[];
  readonly keyable: boolean;
}

/** Each expression's reads, worked out once: a compiled expression is kept and shared per text (compile.ts). */
const expressionReads = new WeakMap<Expr, ExpressionReads>();

function readsOfExpression(expr: Expr): ExpressionReads {
  let known = expressionReads.get(expr);
  if (!known) {
    const paths = new Set<string>();
    const keyable = { ok: true };
    visit(expr, (path) => paths.add(path.join('\u0000')), keyable);
    known = { paths: [...paths], keyable: keyable.ok };
    expressionReads.set(expr, known);
  }
  return known;
}

/** What the policies can read, or undefined when their decision cannot be keyed (they read the clock). */
export function policyReadsOf(policies: readonly PolicyDefinition[]): PolicyReads | undefined {
  const found = new Set<string>();
  let params = false;
  for (const policy of policies) {
    for (const field of FIELDS) {
      const source = policy[field];
      if (source === undefined) continue;
      const { expr } = compile(field, source);
      if (!expr) continue;
      const reads = readsOfExpression(expr);
      if (!reads.keyable) return undefined;
      for (const joined of reads.paths) {
        const [name, member] = joined.split('\u0000');
        // Not a keyword: the item of a method (`u` of `approvers.any(u, …)`), read from a list that is itself read.
        if (name === undefined || !KEYWORD_KINDS.has(name)) continue;
        if (name === 'time') return undefined;
        if (name === 'activity') params ||= member === undefined || member === 'params';
        else {
          if (name === 'eth') params = true;
          found.add(joined);
        }
      }
    }
  }
  // A path whose beginning is read whole is read already.
  const sorted = [...found].sort();
  const paths: string[][] = [];
  let previous: string | undefined;
  for (const path of sorted) {
    if (previous !== undefined && path.startsWith(`${previous}\u0000`)) continue;
    paths.push(path.split('\u0000'));
    previous = path;
  }
  return { paths, params };
}

/** The keyword and the names read from it, when `expr` is such a chain (`eth.tx.to`). */
function chainOf(expr: Expr): string[] | undefined {
  if (expr.kind === 'ident') return [expr.name];
  if (expr.kind !== 'member') return undefined;
  const target = chainOf(expr.target);
  if (target) target.push(expr.name);
  return target;
}

function visit(expr: Expr, read: (path: readonly string[]) => void, keyable: { ok: boolean }): void {
  const chain = chainOf(expr);
  if (chain) return read(chain);
  switch (expr.kind) {
    case 'bool':
    case 'int':
    case 'string':
    case 'ident':
      return;
    case 'list':
      return expr.items.forEach((item) => visit(item, read, keyable));
    case 'struct':
      return expr.fields.forEach((field) => visit(field.value, read, keyable));
    case 'member':
      return visit(expr.target, read, keyable);
    case 'index':
      visit(expr.target, read, keyable);
      return visit(expr.index, read, keyable);
    case 'slice':
      for (const part of [expr.target, expr.start, expr.end]) visit(part, read, keyable);
      return;
    case 'method':
      visit(expr.target, read, keyable);
      return expr.args.forEach((arg) => visit(arg, read, keyable));
    case 'call':
      if (!PURE_CALLS.has(expr.name)) keyable.ok = false;
      return expr.args.forEach((arg) => visit(arg, read, keyable));
    case 'not':
      return visit(expr.operand, read, keyable);
    case 'binary':
      visit(expr.left, read, keyable);
      return visit(expr.right, read, keyable);
  }
}

/**
 * The key of the context for policies that read `reads`, or undefined when a value read is not plain data (its
 * decision is then made afresh). Each path is followed as the evaluator reads fields (own fields of a record);
 * where it stops (a missing field, a value that is not a record) that value is written with how far it got.
 */
export function decisionKeyOf(reads: PolicyReads, context: PolicyContext, rootQuorumMet: boolean): string | undefined {
  const out = { text: `${rootQuorumMet ? 'Q' : 'q'}${JSON.stringify(context.activity.type)}` };
  if (reads.params && !write(context.activity.params, out)) return undefined;
  const root = context as unknown as Readonly<Record<string, unknown>>;
  for (const path of reads.paths) {
    const name = path[0]!;
    let value = root[name];
    let depth = 1;
    // A namespace (`eth`) is no value: its member is the keyword read.
    if (KEYWORD_KINDS.get(name) === 'namespace' && path.length > 1) {
      value = isRecord(value) ? value[path[1]!] : undefined;
      depth = 2;
    }
    for (; depth < path.length && isRecord(value); depth++) {
      const field = path[depth]!;
      value = Object.hasOwn(value, field) ? value[field] : undefined;
    }
    out.text += `|${depth}:`;
    if (!write(value, out)) return undefined;
  }
  return out.text.length > MAX_KEY_LENGTH ? undefined : out.text;
}

/** Writes `value` in a form no other value has; false when it is not plain data or the key grows too long. */
function write(value: unknown, out: { text: string }): boolean {
  if (out.text.length > MAX_KEY_LENGTH) return false;
  switch (typeof value) {
    case 'undefined':
      out.text += 'u';
      return true;
    case 'boolean':
      out.text += value ? 't' : 'f';
      return true;
    case 'number':
      out.text += `n${Object.is(value, -0) ? '-0' : String(value)};`;
      return true;
    case 'bigint':
      out.text += `i${value};`;
      return true;
    case 'string':
      out.text += JSON.stringify(value);
      return true;
    case 'object': {
      if (value === null) {
        out.text += 'z';
        return true;
      }
      if (Array.isArray(value)) {
        out.text += '[';
        for (const item of value as unknown[]) if (!write(item, out)) return false;
        out.text += ']';
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      out.text += '{';
      for (const [field, item] of Object.entries(value)) {
        out.text += JSON.stringify(field);
        if (!write(item, out)) return false;
      }
      out.text += '}';
      return true;
    }
    case 'function':
    case 'symbol':
      return false;
  }
}
