/**
 * Turns a checked expression into closures, once per tree node (a policy's tree is kept by compile.ts, so its
 * closures are made the first time it is evaluated and reused after). Each closure does what evaluating its node
 * means, in the same order: both sides of every operator, every item a method visits and every item of a list
 * are evaluated (no short-circuit), so the same error comes first. What is decided by the tree alone (an operator,
 * a field's name, a literal list of literals) is decided here, not on every evaluation. Every closure counts one
 * step of the evaluation's budget. Operators are built by operatorClosures.ts, a list's methods by
 * methodClosures.ts; a part that reads only keywords is evaluated once per context (sharedReads.ts). Common shapes
 * (a path of fields, a chain of `&&`, a comparison with a literal, a method's predicate on its item) are fused into
 * one closure that counts the steps of its nodes together where nothing can happen between them; plainCodeOf makes
 * the closures of the same tree one per node, which the fused ones are tested against.
 */
import { constantOf, memberOf, nameOf, pathOf, step, truthOf, type Building, type Code } from './closureKit';
import { methodCode } from './methodClosures';
import { binaryCode } from './operatorClosures';
import { sharedCode } from './sharedReads';
import type { Expr } from './syntax';

const codes = new WeakMap<Expr, Code>();

/** The closure of `expr`, made on its first use. */
export function codeOf(expr: Expr): Code {
  let code = codes.get(expr);
  if (!code) {
    code = sharedCode(expr, build(expr, FUSED));
    codes.set(expr, code);
  }
  return code;
}

const plainCodes = new WeakMap<Expr, Code>();

/**
 * The closure of `expr` made of one closure per node, none fused with another and no part shared between
 * policies: what each fused shape (a method's predicate on its item, a comparison with a literal, …) must agree
 * with, value, error, steps and rows alike (test/api/policy/fusedClosures.test.ts compares them).
 */
export function plainCodeOf(expr: Expr): Code {
  let code = plainCodes.get(expr);
  if (!code) {
    code = build(expr, PLAIN);
    plainCodes.set(expr, code);
  }
  return code;
}

const FUSED: Building = { codeOf, fuse: true };
const PLAIN: Building = { codeOf: plainCodeOf, fuse: false };

function build(expr: Expr, building: Building): Code {
  const { codeOf } = building;
  const constant = constantOf(expr);
  if (constant) {
    const { value } = constant;
    return (run) => (step(run), value);
  }
  switch (expr.kind) {
    case 'bool':
    case 'int':
    case 'string':
      throw new Error('unreachable: literals are constants');
    case 'ident': {
      const { name } = expr;
      return (run, scope) => {
        step(run);
        return nameOf(run, scope, name);
      };
    }
    case 'list': {
      const items = expr.items.map(codeOf);
      return (run, scope) => {
        step(run);
        const out = new Array<unknown>(items.length);
        for (let i = 0; i < items.length; i++) out[i] = items[i]!(run, scope);
        return out;
      };
    }
    case 'struct': {
      const fields = expr.fields.map((f) => [f.name, codeOf(f.value)] as const);
      return (run, scope) => {
        step(run);
        return Object.fromEntries(fields.map(([name, code]) => [name, code(run, scope)]));
      };
    }
    case 'member': {
      const fused = building.fuse ? path(expr) : undefined;
      if (fused) return fused;
      const target = codeOf(expr.target);
      return (run, scope) => {
        step(run);
        return memberOf(run, expr, target(run, scope));
      };
    }
    case 'index': {
      const target = codeOf(expr.target);
      const index = codeOf(expr.index);
      return (run, scope) => {
        step(run);
        return run.index(expr, target(run, scope), index(run, scope));
      };
    }
    case 'slice': {
      const [target, start, end] = [expr.target, expr.start, expr.end].map(codeOf) as [Code, Code, Code];
      return (run, scope) => {
        step(run);
        return run.slice(expr, target(run, scope), start(run, scope), end(run, scope));
      };
    }
    case 'method':
      return methodCode(expr, building);
    case 'call': {
      const args = expr.args.map(codeOf);
      return (run, scope) => {
        step(run);
        return run.call(
          expr,
          args.map((arg) => arg(run, scope)),
        );
      };
    }
    case 'not': {
      const operand = codeOf(expr.operand);
      return (run, scope) => {
        step(run);
        return !truthOf(operand(run, scope));
      };
    }
    case 'binary':
      return binaryCode(expr, building);
  }
}

/**
 * A name and the fields read from it (`eth.tx.to`, `u.id`) as one closure, or undefined when `expr` is not one.
 * The nested closures would count every node's step before reading anything (each node counts its step, then
 * evaluates its target), then read the name, then each field from the innermost out: so does this one.
 */
function path(expr: Extract<Expr, { kind: 'member' }>): Code | undefined {
  const read = pathOf(expr);
  if (!read) return undefined;
  const { name, members } = read;
  const steps = members.length + 1;
  return (run, scope) => {
    if ((run.stepsLeft -= steps) < 0) run.spend(0);
    let value = nameOf(run, scope, name);
    for (let i = 0; i < members.length; i++) value = memberOf(run, members[i]!, value);
    return value;
  };
}
