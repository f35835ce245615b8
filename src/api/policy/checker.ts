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
 * The fields of a struct or namespace type, and the keywords of a field, as maps: a name cut from an expression is
 * found in a map by its hash, where a look-up of it as a property name would first have to find its interned copy.
 */
const fieldMaps = new WeakMap<Readonly<Record<string, Ty>>, ReadonlyMap<string, Ty>>();
function fieldsOf(fields: Readonly<Record<string, Ty>>): ReadonlyMap<string, Ty> {
  let map = fieldMaps.get(fields);
  if (!map) {
    map = new Map(Object.entries(fields));
    fieldMaps.set(fields, map);
  }
  return map;
}

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

/** Throws the first problem of `expr` read as the expression of `field`. */
export function checkExpression(field: PolicyField, expr: Expr): void {
  const checker = new Checker(fieldsOf(KEYWORDS[field]));
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
  constructor(private readonly keywords: ReadonlyMap<string, Ty>) {}

  /** The type of `expr` used as a value: a keyword prefix alone (`eth`) is not one. */
  value(expr: Expr, scope: Scope): Ty {
    const ty = this.infer(expr, scope);
    if (ty.t === 'namespace') throw missing(expr);
    return ty;
  }

  private expect(expr: Expr, scope: Scope, want: Ty, role: string): Ty {
    const ty = this.value(expr, scope);
    if (!compatible(ty, want)) throw mismatch(expr, `${role} must be ${typeName(want)}, not ${typeName(ty)}`);
    return ty;
  }

  private infer(expr: Expr, scope: Scope): Ty {
    switch (expr.kind) {
      case 'bool':
        return BOOL;
      case 'int':
        return INT;
      case 'string':
        return STRING;
      case 'ident': {
        const ty = (scope === NO_SCOPE ? undefined : scope.get(expr.name)) ?? this.keywords.get(expr.name);
        if (!ty) throw unresolved(expr);
        return ty;
      }
      case 'list': {
        let of: Ty = ANY;
        for (const item of expr.items) {
          const ty = this.value(item, scope);
          if (!compatible(of, ty)) throw mismatch(item, `a list holds one type: ${typeName(of)} and ${typeName(ty)}`);
          if (of.t === 'any') of = ty;
        }
        return listOf(of);
      }
      case 'struct':
        return {
          t: 'struct',
          name: 'struct',
          fields: Object.fromEntries(expr.fields.map((f) => [f.name, this.value(f.value, scope)])),
        };
      case 'member': {
        const target = this.infer(expr.target, scope);
        if (target.t === 'any') return ANY;
        const field =
          target.t === 'struct' || target.t === 'namespace' ? fieldsOf(target.fields).get(expr.name) : undefined;
        if (field) return field;
        throw unresolved(expr);
      }
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
      case 'call':
        return this.call(expr, scope);
      case 'not':
        this.expect(expr.operand, scope, BOOL, 'the operand of !');
        return BOOL;
      case 'binary':
        return this.binary(expr, scope);
    }
  }

  private binary(expr: Extract<Expr, { kind: 'binary' }>, scope: Scope): Ty {
    const { op } = expr;
    if (op === '&&' || op === '||') {
      this.expect(expr.left, scope, BOOL, `each side of ${op}`);
      this.expect(expr.right, scope, BOOL, `each side of ${op}`);
      return BOOL;
    }
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
      const ordered = (ty: Ty) => ty.t === 'int' || ty.t === 'timestamp' || ty.t === 'any';
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
    const arity = (n: number) => {
      if (expr.args.length !== n) throw mismatch(expr, `.${expr.name}() takes ${n} argument${n === 1 ? '' : 's'}`);
    };
    switch (expr.name) {
      case 'count':
        arity(0);
        return INT;
      case 'contains':
        arity(1);
        this.expect(expr.args[0]!, scope, element, 'the value looked for');
        return BOOL;
      case 'any':
      case 'all':
      case 'filter': {
        arity(2);
        const variable = expr.args[0]!;
        if (variable.kind !== 'ident') throw mismatch(variable, `the first argument of .${expr.name}() names the item`);
        const inner = new Map(scope).set(variable.name, element);
        this.expect(expr.args[1]!, inner, BOOL, `the predicate of .${expr.name}()`);
        return expr.name === 'filter' ? target : BOOL;
      }
      default:
        throw new ExpressionProblem(`unknown function: ${expr.name}`, expr.span, 'type-check');
    }
  }

  private call(expr: Extract<Expr, { kind: 'call' }>, scope: Scope): Ty {
    const strings = (n: number) => {
      if (expr.args.length !== n) throw mismatch(expr, `${expr.name}() takes ${n} argument${n === 1 ? '' : 's'}`);
      expr.args.forEach((arg) => this.expect(arg, scope, STRING, `an argument of ${expr.name}()`));
    };
    const literal = (i: number, read: (text: string) => unknown) => {
      const arg = expr.args[i]!;
      if (arg.kind !== 'string') return;
      const reason = read(arg.value);
      if (typeof reason === 'string') throw new ExpressionProblem(reason, arg.span, 'type-check');
    };
    switch (expr.name) {
      case 'Timestamp':
        strings(1);
        literal(0, parseTimestamp);
        return TIMESTAMP;
      case 'CronSpan':
        strings(3);
        literal(0, parseCron);
        literal(1, parseDuration);
        literal(2, (zone) => (zoneFormatter(zone) ? undefined : `unknown time zone '${zone}'`));
        return BOOL;
      case 'CaseInsensitiveString':
        strings(1);
        return STRING;
      default:
        throw new ExpressionProblem(`unknown function: ${expr.name}`, expr.span, 'type-check');
    }
  }
}
