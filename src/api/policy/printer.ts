/**
 * Writes a tree back as expression text, with only the parentheses the precedence of parser.ts needs, so that
 * reading the printed text gives the same tree back.
 */
import type { Expr } from './syntax';

/** Binding strength: larger binds tighter. */
function level(expr: Expr): number {
  switch (expr.kind) {
    case 'binary':
      return expr.op === '||' ? 1 : expr.op === '&&' ? 2 : 3;
    case 'not':
      return 4;
    case 'bool':
    case 'call':
    case 'ident':
    case 'index':
    case 'int':
    case 'list':
    case 'member':
    case 'method':
    case 'slice':
    case 'string':
    case 'struct':
      return 5;
  }
}

function wrap(expr: Expr, atLeast: number): string {
  const text = printExpression(expr);
  return level(expr) >= atLeast ? text : `(${text})`;
}

export function printExpression(expr: Expr): string {
  switch (expr.kind) {
    case 'bool':
      return String(expr.value);
    case 'int':
      return expr.value.toString();
    case 'string':
      return `'${expr.value}'`;
    case 'ident':
      return expr.name;
    case 'list':
      return `[${expr.items.map(printExpression).join(', ')}]`;
    case 'struct':
      return `{ ${expr.fields.map((f) => `${f.name}: ${printExpression(f.value)}`).join(', ')} }`;
    case 'member':
      return `${postfixTarget(expr.target)}.${expr.name}`;
    case 'index':
      return `${postfixTarget(expr.target)}[${printExpression(expr.index)}]`;
    case 'slice':
      return `${postfixTarget(expr.target)}[${printExpression(expr.start)}..${printExpression(expr.end)}]`;
    case 'method':
      return `${postfixTarget(expr.target)}.${expr.name}(${expr.args.map(printExpression).join(', ')})`;
    case 'call':
      return `${expr.name}(${expr.args.map(printExpression).join(', ')})`;
    case 'not':
      return `!${wrap(expr.operand, 4)}`;
    case 'binary': {
      const own = level(expr);
      // Comparisons do not chain, so both sides of one must bind tighter; && and || lean left.
      const left = wrap(expr.left, own === 3 ? 4 : own);
      const right = wrap(expr.right, own + 1);
      return `${left} ${expr.op} ${right}`;
    }
  }
}

/** A negative literal before `.`/`[` reads back as the same literal, so it needs no parentheses either. */
function postfixTarget(expr: Expr): string {
  return wrap(expr, 5);
}
