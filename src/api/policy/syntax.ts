import type { ChoiceId } from './choices';

/**
 * The tree of a policy expression, and where each piece sits in the expression's text. Every node carries its
 * span: a 0-based offset and length in UTF-16 units, and the 1-based line and column where it starts.
 */

export interface Span {
  offset: number;
  length: number;
  line: number;
  column: number;
}

export type BinaryOperator = '||' | '&&' | '==' | '!=' | '<' | '>' | '<=' | '>=' | 'in';
export const COMPARISONS: readonly BinaryOperator[] = ['==', '!=', '<', '>', '<=', '>=', 'in'];

export type Expr =
  | { kind: 'bool'; value: boolean; span: Span }
  | { kind: 'int'; value: bigint; span: Span }
  | { kind: 'string'; value: string; span: Span }
  | { kind: 'ident'; name: string; span: Span }
  | { kind: 'list'; items: Expr[]; span: Span }
  | { kind: 'struct'; fields: { name: string; value: Expr }[]; span: Span }
  | { kind: 'member'; target: Expr; name: string; span: Span }
  | { kind: 'index'; target: Expr; index: Expr; span: Span }
  | { kind: 'slice'; target: Expr; start: Expr; end: Expr; span: Span }
  /** `target.name(args)`: for any/all/filter the first argument is the bound variable, an `ident`. */
  | { kind: 'method'; target: Expr; name: string; args: Expr[]; span: Span }
  /** `Name(args)`: Timestamp, CronSpan, CaseInsensitiveString. */
  | { kind: 'call'; name: string; args: Expr[]; span: Span }
  | { kind: 'not'; operand: Expr; span: Span }
  | { kind: 'binary'; op: BinaryOperator; left: Expr; right: Expr; span: Span };

/** A refusal while reading or checking an expression: the message without the service's field prefix. */
export class ExpressionProblem extends Error {
  constructor(
    message: string,
    readonly span: Span,
    /** The row of docs/policies.md this refusal rests on. */
    readonly choice: ChoiceId = 'parse-wording',
  ) {
    super(message);
    this.name = 'ExpressionProblem';
  }
}

/** The span from the start of `from` to the end of `to`. */
export function spanning(from: Span, to: Span): Span {
  return { offset: from.offset, length: to.offset + to.length - from.offset, line: from.line, column: from.column };
}

/** Calls `each` with every child node of `node`, in the order they are written. */
export function forEachChild(node: Expr, each: (child: Expr) => void): void {
  switch (node.kind) {
    case 'list':
      return node.items.forEach(each);
    case 'struct':
      return node.fields.forEach((f) => each(f.value));
    case 'member':
      return each(node.target);
    case 'index':
      return [node.target, node.index].forEach(each);
    case 'slice':
      return [node.target, node.start, node.end].forEach(each);
    case 'method':
      return [node.target, ...node.args].forEach(each);
    case 'call':
      return node.args.forEach(each);
    case 'not':
      return each(node.operand);
    case 'binary':
      return [node.left, node.right].forEach(each);
    case 'bool':
    case 'int':
    case 'string':
    case 'ident':
      return;
  }
}
