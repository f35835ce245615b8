/**
 * Checks an expression the way the service does when a policy is created: it must parse, read only the keywords
 * and fields its field may read (row `keywords-per-field`), apply operators to types they accept (row
 * `type-check`) and be a bool. The first problem found is the one reported, as the service reports one.
 */
import { printExpression } from './printer';
import { ANY, BOOL, INT, KEYWORDS, STRING, TIMESTAMP, listOf, typeName, type PolicyField, type Ty } from './schema';
import { ExpressionProblem, type Expr } from './syntax';
import { parseCron, parseDuration, parseTimestamp, zoneFormatter } from './time';

type Scope = ReadonlyMap<string, Ty>;

/**
 * A type as the checker holds it: a struct or namespace also keeps its fields in a map, in which a name cut from an
 * expression is found by its hash (a look-up of it as a property name would first have to find its interned copy),
 * and which the type carries, so that reading a field is one look-up.
 */
type Held = Ty & { readonly fieldMap?: ReadonlyMap<string, Held> };

/** The schema's types as the checker holds them, each made once (a type shared in the schema stays shared). */
const held = new Map<Ty, Held>();
function hold(ty: Ty): Held {
  const known = held.get(ty);
  if (known) return known;
  const made = heldOf(ty);
  held.set(ty, made);
  return made;
}
function heldOf(ty: Ty): Held {
  switch (ty.t) {
    case 'list':
      return { t: 'list', of: hold(ty.of) };
    case 'map':
      return { t: 'map', of: hold(ty.of) };
    case 'struct':
    case 'namespace':
      return { ...ty, fieldMap: fieldMapOf(Object.entries(ty.fields)) };
    case 'any':
    case 'bool':
    case 'int':
    case 'string':
    case 'timestamp':
      return ty;
  }
}
const fieldMapOf = (fields: [string, Ty][]) => new Map(fields.map(([name, ty]): [string, Held] => [name, hold(ty)]));

/** The keywords each field may read, as a map of held types. */
const KEYWORD_MAPS: Readonly<Record<PolicyField, ReadonlyMap<string, Held>>> = {
  condition: fieldMapOf(Object.entries(KEYWORDS.condition)),
  consensus: fieldMapOf(Object.entries(KEYWORDS.consensus)),
  time: fieldMapOf(Object.entries(KEYWORDS.time)),
};

const mismatch = (expr: Expr, text: string) => new ExpressionProblem(`type mismatch: ${text}`, expr.span, 'type-check');

/**
 * Refuses a name, or a namespace used as a value (`eth == 1`, named whole); a keyword of another field (approvers
 * in a condition) is refused the same way.
 */
function missing(expr: Expr): ExpressionProblem {
  const name = expr.kind === 'ident' ? expr.name : undefined;
  const elsewhere = name !== undefined && Object.values(KEYWORDS).some((keywords) => Object.hasOwn(keywords, name));
  const choice = elsewhere ? 'keywords-per-field' : 'parse-wording';
  return new ExpressionProblem(`field does not exist: ${printExpression(expr)}`, expr.span, choice);
}

/** Refuses a path that does not resolve, naming only its last segment as the service does (`wallet_account.path` → `path`). */
function unresolved(expr: Extract<Expr, { kind: 'ident' | 'member' }>): ExpressionProblem {
  if (expr.kind === 'ident') return missing(expr);
  return new ExpressionProblem(`field does not exist: ${expr.name}`, expr.span, 'parse-wording');
}

const NO_SCOPE: Scope = new Map();

/** What a side of `&&` and `||` is called in a refusal, made once rather than for every operator checked. */
const SIDE_OF: Readonly<Record<'&&' | '||', string>> = { '&&': 'each side of &&', '||': 'each side of ||' };
/** The types of the list literals of one type, made once (a list of anything else gets its own). */
const LIST_OF = new Map<Ty, Ty>([ANY, BOOL, INT, STRING, TIMESTAMP].map((ty) => [ty, listOf(ty)]));
const ordered = (ty: Ty) => ty.t === 'int' || ty.t === 'timestamp' || ty.t === 'any';

type Binary = Extract<Expr, { kind: 'binary' }>;
/** The operators of the chains of `&&` and `||` being checked (see `logical`), shared by every check. */
const chain: Binary[] = [];

/** Throws the first problem of `expr` read as the expression of `field`. */
export function checkExpression(field: PolicyField, expr: Expr): void {
  // What a check that threw left behind.
  chain.length = 0;
  const checker = new Checker(KEYWORD_MAPS[field]);
  const ty = checker.value(expr, NO_SCOPE);
  if (ty.t !== 'bool' && ty.t !== 'any') throw mismatch(expr, `the expression must be bool, not ${typeName(ty)}`);
}

function compatible(a: Ty, b: Ty): boolean {
  if (a.t === 'any' || b.t === 'any') return true;
  if (a.t === 'list' && b.t === 'list') return compatible(a.of, b.of);
  if (a.t === 'map' && b.t === 'map') return compatible(a.of, b.of);
  if (a.t === 'struct' && b.t === 'struct') return true;
  return a.t === b.t;
}

class Checker {
  constructor(private readonly keywords: ReadonlyMap<string, Held>) {}

  /** The type of `expr` used as a value: a keyword prefix alone (`eth`) is not one. */
  value(expr: Expr, scope: Scope): Ty {
    const ty = this.infer(expr, scope);
    if (ty.t === 'namespace') throw missing(expr);
    return ty;
  }

  /** The type of `expr`, refused unless it may be a `want`; `role` names `expr` in the refusal. */
  private expect(expr: Expr, scope: Scope, want: Ty, role: string): Ty {
    const ty = this.value(expr, scope);
    if (!compatible(ty, want)) throw mismatch(expr, `${role} must be ${typeName(want)}, not ${typeName(ty)}`);
    return ty;
  }

  private infer(expr: Expr, scope: Scope): Ty {
    // The commonest first: a switch of strings compares them in turn.
    switch (expr.kind) {
      case 'binary':
        return this.binary(expr, scope);
      case 'member': {
        const target = this.infer(expr.target, scope);
        if (target.t === 'any') return ANY;
        const field = (target as Held).fieldMap?.get(expr.name);
        if (field) return field;
        throw unresolved(expr);
      }
      case 'ident': {
        const ty = (scope === NO_SCOPE ? undefined : scope.get(expr.name)) ?? this.keywords.get(expr.name);
        if (!ty) throw unresolved(expr);
        return ty;
      }
      case 'string':
        return STRING;
      case 'int':
        return INT;
      case 'list': {
        let of: Ty = ANY;
        for (const item of expr.items) {
          const ty = this.value(item, scope);
          if (!compatible(of, ty)) throw mismatch(item, `a list holds one type: ${typeName(of)} and ${typeName(ty)}`);
          if (of.t === 'any') of = ty;
        }
        return LIST_OF.get(of) ?? listOf(of);
      }
      case 'not':
        this.expect(expr.operand, scope, BOOL, 'the operand of !');
        return BOOL;
      case 'index': {
        const target = this.value(expr.target, scope);
        if (target.t === 'list') return (this.expect(expr.index, scope, INT, 'a list index'), target.of);
        if (target.t === 'string') return (this.expect(expr.index, scope, INT, 'a string index'), STRING);
        if (target.t === 'map') return (this.expect(expr.index, scope, STRING, 'a map key'), target.of);
        if (target.t === 'any') return (this.value(expr.index, scope), ANY);
        throw mismatch(expr, `${typeName(target)} cannot be indexed`);
      }
      case 'slice': {
        const target = this.value(expr.target, scope);
        this.expect(expr.start, scope, INT, 'a slice bound');
        this.expect(expr.end, scope, INT, 'a slice bound');
        if (target.t === 'list' || target.t === 'string' || target.t === 'any') return target;
        throw mismatch(expr, `${typeName(target)} cannot be sliced`);
      }
      case 'method':
        return this.method(expr, scope);
      case 'bool':
        return BOOL;
      case 'call':
        return this.call(expr, scope);
      case 'struct':
        return this.struct(expr, scope);
    }
  }

  /** A struct literal's type. Apart from `infer`, whose every call would otherwise make room for what a closure keeps. */
  private struct(expr: Extract<Expr, { kind: 'struct' }>, scope: Scope): Held {
    const fields: [string, Ty][] = [];
    for (const field of expr.fields) fields.push([field.name, this.value(field.value, scope)]);
    return { t: 'struct', name: 'struct', fields: Object.fromEntries(fields), fieldMap: new Map(fields) };
  }

  /**
   * A chain of `&&` and `||` (`a && b || c` is `(a && b) || c`): its operands left to right, as the recursion
   * through each operator's left side would check them, without that recursion.
   */
  private logical(expr: Binary, scope: Scope): Ty {
    const base = chain.length;
    let node = expr;
    for (;;) {
      chain.push(node);
      const { left } = node;
      if (left.kind !== 'binary' || (left.op !== '&&' && left.op !== '||')) break;
      node = left;
    }
    this.expect(node.left, scope, BOOL, SIDE_OF[node.op as '&&' | '||']);
    for (let i = chain.length - 1; i >= base; i--) {
      const operator = chain[i]!;
      this.expect(operator.right, scope, BOOL, SIDE_OF[operator.op as '&&' | '||']);
    }
    chain.length = base;
    return BOOL;
  }

  private binary(expr: Binary, scope: Scope): Ty {
    const { op } = expr;
    if (op === '&&' || op === '||') return this.logical(expr, scope);
    const left = this.value(expr.left, scope);
    const right = this.value(expr.right, scope);
    if (op === 'in') {
      if (right.t !== 'list' && right.t !== 'any')
        throw mismatch(expr.right, `the right of in must be a list, not ${typeName(right)}`);
      const of = right.t === 'list' ? right.of : ANY;
      if (!compatible(left, of)) throw mismatch(expr, `${typeName(left)} in ${typeName(right)}`);
      return BOOL;
    }
    if (!compatible(left, right)) throw mismatch(expr, `${typeName(left)} ${op} ${typeName(right)}`);
    if (op !== '==' && op !== '!=') {
      if (!ordered(left) || !ordered(right))
        throw mismatch(expr, `${op} compares int or timestamp, not ${typeName(left.t === 'any' ? right : left)}`);
    }
    return BOOL;
  }

  private method(expr: Extract<Expr, { kind: 'method' }>, scope: Scope): Ty {
    const target = this.value(expr.target, scope);
    if (target.t !== 'list' && target.t !== 'any') {
      throw mismatch(expr, `.${expr.name}() applies to a list, not ${typeName(target)}`);
    }
    const element = target.t === 'list' ? target.of : ANY;
    switch (expr.name) {
      case 'count':
        arity(expr, 0);
        return INT;
      case 'contains':
        arity(expr, 1);
        this.expect(expr.args[0]!, scope, element, 'the value looked for');
        return BOOL;
      case 'any':
      case 'all':
      case 'filter': {
        arity(expr, 2);
        const variable = expr.args[0]!;
        if (variable.kind !== 'ident') throw mismatch(variable, `the first argument of .${expr.name}() names the item`);
        const inner = new Map(scope).set(variable.name, element);
        const predicate = expr.args[1]!;
        const ty = this.value(predicate, inner);
        if (!compatible(ty, BOOL))
          throw mismatch(predicate, `the predicate of .${expr.name}() must be bool, not ${typeName(ty)}`);
        return expr.name === 'filter' ? target : BOOL;
      }
      default:
        throw new ExpressionProblem(`unknown function: ${expr.name}`, expr.span, 'type-check');
    }
  }

  private call(expr: Extract<Expr, { kind: 'call' }>, scope: Scope): Ty {
    switch (expr.name) {
      case 'Timestamp':
        this.strings(expr, scope, 1);
        literal(expr, 0, parseTimestamp);
        return TIMESTAMP;
      case 'CronSpan':
        this.strings(expr, scope, 3);
        literal(expr, 0, parseCron);
        literal(expr, 1, parseDuration);
        literal(expr, 2, (zone) => (zoneFormatter(zone) ? undefined : `unknown time zone '${zone}'`));
        return BOOL;
      case 'CaseInsensitiveString':
        this.strings(expr, scope, 1);
        return STRING;
      default:
        throw new ExpressionProblem(`unknown function: ${expr.name}`, expr.span, 'type-check');
    }
  }

  /** A call's `n` arguments, each a string. */
  private strings(expr: Extract<Expr, { kind: 'call' }>, scope: Scope, n: number): void {
    arity(expr, n);
    for (const arg of expr.args) this.expect(arg, scope, STRING, `an argument of ${expr.name}()`);
  }
}

/** Refuses a method or a call given other than `n` arguments. */
function arity(expr: Extract<Expr, { kind: 'method' | 'call' }>, n: number): void {
  if (expr.args.length === n) return;
  const callee = expr.kind === 'method' ? `.${expr.name}()` : `${expr.name}()`;
  throw mismatch(expr, `${callee} takes ${n} argument${n === 1 ? '' : 's'}`);
}

/** Refuses argument `i` of a call when it is a string literal that `read` refuses (its reason, a string). */
function literal(expr: Extract<Expr, { kind: 'call' }>, i: number, read: (text: string) => unknown): void {
  const arg = expr.args[i]!;
  if (arg.kind !== 'string') return;
  const reason = read(arg.value);
  if (typeof reason === 'string') throw new ExpressionProblem(reason, arg.span, 'type-check');
}
