/**
 * Where the cursor is in an expression being typed, as the engine's types see it: the type of a path such as
 * `approvers.filter(u, …)` or `u.tags`, with the variables `.any`/`.all`/`.filter` bound before the cursor, and
 * the canonical name of a path (`approvers[].id` for `u.id` inside `approvers.any(u, …)`). Pure.
 */
import { parsePolicyExpression, POLICY_KEYWORDS, type PolicyExpr, type PolicyType } from '../../api/remote';
import type { ExpressionField } from './policyDocument';

export interface Binding {
  readonly type: PolicyType;
  /** The canonical path of the list's items, e.g. `approvers[]`. */
  readonly path: string;
}
export type Bindings = ReadonlyMap<string, Binding>;

export interface Resolved {
  readonly type: PolicyType;
  /** e.g. `eth.tx.to`, `approvers[].tags`, `activity.params.type`; undefined when it has no name. */
  readonly path: string | undefined;
}

/** `.any(v,`, `.all(v,`, `.filter(v,`: a binder, whose target ends before its dot. */
const BINDER = /\.\s*(any|all|filter)\(\s*([A-Za-z_]\w*)\s*,/g;

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);
/** `\w`: a letter, a digit or `_`. */
export const isWordCode = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
const isNameStart = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/**
 * Where the target of a binder ending at `end` starts: a name with dots (`approvers`, `eth.tx.x`), optionally
 * followed by one call without nested brackets (`approvers.filter(u, u.id == 'x')`). Never before `floor` (where
 * the previous binder ended), so that each character is read back at most once; undefined when there is none.
 */
function binderTargetStart(text: string, end: number, floor: number): number | undefined {
  let wordEnd = end;
  if (text.charCodeAt(end - 1) === 41 /* ) */) {
    let j = end - 2;
    while (j >= floor && text[j] !== '(' && text[j] !== ')') j--;
    if (j < floor || text[j] !== '(') return undefined;
    wordEnd = j;
  }
  let k = wordEnd;
  while (k > floor && (isWordCode(text.charCodeAt(k - 1)) || text.charCodeAt(k - 1) === 46) /* . */) k--;
  while (k < wordEnd && !isNameStart(text.charCodeAt(k))) k++;
  return k < wordEnd ? k : undefined;
}

/**
 * The variables bound by `.any(v, …)`, `.all(v, …)`, `.filter(v, …)` in `before` (the text up to the cursor).
 * One pass: each binder's target is read back from its dot, never past the binder before it.
 */
export function bindingsBefore(field: ExpressionField, before: string): Bindings {
  const bindings = new Map<string, Binding>();
  let floor = 0;
  for (const match of before.matchAll(BINDER)) {
    const name = match[2];
    let end = match.index;
    while (end > floor && isSpace(before.charCodeAt(end - 1))) end--;
    const start = binderTargetStart(before, end, floor);
    if (start === undefined || !name) continue;
    floor = match.index + match[0].length;
    const target = before.slice(start, end);
    const resolved = resolvePathText(field, target, bindings);
    if (resolved?.type.t === 'list')
      bindings.set(name, { type: resolved.type.of, path: `${resolved.path ?? target}[]` });
  }
  return bindings;
}

/** Parses a path's text and resolves it; undefined when it is not a path the keyword tree knows. */
export function resolvePathText(field: ExpressionField, text: string, bindings: Bindings): Resolved | undefined {
  let expr: PolicyExpr;
  try {
    expr = parsePolicyExpression(text);
  } catch {
    return undefined;
  }
  return resolve(field, expr, bindings);
}

export function resolve(field: ExpressionField, expr: PolicyExpr, bindings: Bindings): Resolved | undefined {
  switch (expr.kind) {
    case 'ident': {
      const bound = bindings.get(expr.name);
      if (bound) return { type: bound.type, path: bound.path };
      const keywords = POLICY_KEYWORDS[field];
      const type = Object.hasOwn(keywords, expr.name) ? keywords[expr.name] : undefined;
      return type ? { type, path: expr.name } : undefined;
    }
    case 'member': {
      const target = resolve(field, expr.target, bindings);
      if (!target) return undefined;
      if (target.type.t !== 'struct' && target.type.t !== 'namespace') return undefined;
      const type = Object.hasOwn(target.type.fields, expr.name) ? target.type.fields[expr.name] : undefined;
      return type ? { type, path: target.path === undefined ? undefined : `${target.path}.${expr.name}` } : undefined;
    }
    case 'index': {
      const target = resolve(field, expr.target, bindings);
      if (!target) return undefined;
      if (target.type.t === 'list' || target.type.t === 'map')
        return { type: target.type.of, path: target.path === undefined ? undefined : `${target.path}[]` };
      return target.type.t === 'string' ? { type: target.type, path: undefined } : undefined;
    }
    case 'slice':
      return resolve(field, expr.target, bindings);
    case 'method': {
      const target = resolve(field, expr.target, bindings);
      if (!target) return undefined;
      if (expr.name === 'filter') return target;
      if (expr.name === 'count') return { type: { t: 'int' }, path: undefined };
      return { type: { t: 'bool' }, path: undefined };
    }
    case 'bool':
    case 'int':
    case 'string':
    case 'list':
    case 'struct':
    case 'call':
    case 'not':
    case 'binary':
      return undefined;
  }
}

/**
 * The path that ends just before `end` in `text`: identifiers, dots, and bracketed or parenthesized groups
 * (`approvers.filter(u, u.tags.contains('x'))`), read backwards. '' when none.
 */
export function pathEndingAt(text: string, end: number): string {
  let i = end;
  const isWord = (c: string | undefined) => c !== undefined && isWordCode(c.charCodeAt(0));
  for (;;) {
    while (i > 0 && isSpace(text.charCodeAt(i - 1))) i--;
    const c = text[i - 1];
    if (c === ')' || c === ']') {
      const open = c === ')' ? '(' : '[';
      let depth = 0;
      let j = i - 1;
      for (; j >= 0; j--) {
        if (text[j] === c) depth++;
        else if (text[j] === open && --depth === 0) break;
      }
      if (j < 0) break;
      i = j;
      continue;
    }
    if (isWord(c)) {
      while (i > 0 && isWord(text[i - 1])) i--;
      let k = i;
      while (k > 0 && isSpace(text.charCodeAt(k - 1))) k--;
      if (text[k - 1] === '.') {
        i = k - 1;
        continue;
      }
      break;
    }
    break;
  }
  return text.slice(i, end).trim();
}
