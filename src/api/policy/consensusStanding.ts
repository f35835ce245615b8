/**
 * Where a policy's consensus stands with the approvals an activity has: each clause of its top-level `&&`, whether
 * it holds now, where it sits in the text, and for a count of approvers (`approvers.filter(u, P).count() >= 2`,
 * `approvers.any(u, P)`, `approvers.count() >= 2`) how many approvals it has, how many it needs, and which other
 * users could add one (those for whom P holds). Pure, like the rest of the engine; it reads only `approvers` and
 * `credentials`, which are all a consensus may read.
 */
import type { ChoiceId } from './choices';
import { compile } from './compile';
import { Evaluator } from './evaluator';
import type { Span, Expr } from './syntax';
import type { PolicyCredential, PolicyUser } from './types';
import { EvaluationError } from './values';

/** Whom a counted clause counts: users with a tag, named users, everyone, or a predicate we cannot name. */
export type ApproverFilter =
  | { readonly kind: 'tag'; readonly tagId: string }
  | { readonly kind: 'users'; readonly userIds: readonly string[] }
  | { readonly kind: 'anyone' }
  | { readonly kind: 'other' };

export interface ApprovalCount {
  readonly filter: ApproverFilter;
  /** Approvals that count for the clause so far, and how many it needs. */
  readonly have: number;
  readonly need: number;
  /** The approvers (ids) the clause counts, in the order given. */
  readonly counted: readonly string[];
  /** Among the candidates, those who have not approved and whose approval the clause would count. */
  readonly couldApprove: readonly string[];
}

export interface ConsensusClause {
  /** Where the clause sits in the consensus text (0-based, UTF-16 units). */
  readonly offset: number;
  readonly length: number;
  /** Whether it holds with the approvals so far; undefined when it cannot be evaluated (an error). */
  readonly met: boolean | undefined;
  /** For a clause that counts approvers; undefined for any other shape. */
  readonly count: ApprovalCount | undefined;
}

export interface ConsensusStanding {
  /** Whether the whole consensus holds; undefined when it errors or does not parse. */
  readonly met: boolean | undefined;
  readonly clauses: readonly ConsensusClause[];
  /** Rows of docs/policies.md the answer rests on ("the service may differ"). */
  readonly choices: readonly ChoiceId[];
}

export interface ConsensusInput {
  /** Who approved so far, the submitter first, with their tag ids. */
  readonly approvers: readonly PolicyUser[];
  /** The credentials used for those approvals, when known. */
  readonly credentials?: readonly PolicyCredential[];
  /** Everyone who could still approve (the organization's users): who else a counted clause would count. */
  readonly candidates: readonly PolicyUser[];
}

/** The `&&` operands at the top of an expression, left to right. */
function conjuncts(expr: Expr): Expr[] {
  return expr.kind === 'binary' && expr.op === '&&' ? [...conjuncts(expr.left), ...conjuncts(expr.right)] : [expr];
}

const isApprovers = (expr: Expr): boolean => expr.kind === 'ident' && expr.name === 'approvers';

/** `v.field` where v is the bound variable. */
function fieldOf(expr: Expr, variable: string): string | undefined {
  return expr.kind === 'member' && expr.target.kind === 'ident' && expr.target.name === variable
    ? expr.name
    : undefined;
}

/** Names what a predicate over one approver selects, when it has a shape we can name. */
function filterOf(predicate: Expr, variable: string): ApproverFilter {
  if (
    predicate.kind === 'method' &&
    predicate.name === 'contains' &&
    fieldOf(predicate.target, variable) === 'tags' &&
    predicate.args[0]?.kind === 'string'
  )
    return { kind: 'tag', tagId: predicate.args[0].value };
  if (predicate.kind === 'binary' && predicate.op === '==') {
    const { left, right } = predicate;
    if (fieldOf(left, variable) === 'id' && right.kind === 'string') return { kind: 'users', userIds: [right.value] };
    if (fieldOf(right, variable) === 'id' && left.kind === 'string') return { kind: 'users', userIds: [left.value] };
  }
  if (
    predicate.kind === 'binary' &&
    predicate.op === 'in' &&
    fieldOf(predicate.left, variable) === 'id' &&
    predicate.right.kind === 'list' &&
    predicate.right.items.every((item) => item.kind === 'string')
  )
    return {
      kind: 'users',
      userIds: predicate.right.items.map((item) => (item.kind === 'string' ? item.value : '')),
    };
  return { kind: 'other' };
}

/** A count of approvers and what it compares with: `<count> >= n`, `> n`, `== n`. */
interface CountShape {
  readonly variable: string | undefined;
  readonly predicate: Expr | undefined;
  readonly need: number;
}

function countShape(clause: Expr): CountShape | undefined {
  if (clause.kind === 'method' && clause.name === 'any' && isApprovers(clause.target)) {
    const [variable, predicate] = clause.args;
    if (variable?.kind === 'ident' && predicate) return { variable: variable.name, predicate, need: 1 };
    return undefined;
  }
  if (clause.kind !== 'binary' || !['>=', '>', '=='].includes(clause.op) || clause.right.kind !== 'int')
    return undefined;
  const bound = Number(clause.right.value);
  if (!Number.isSafeInteger(bound)) return undefined;
  const need = clause.op === '>' ? bound + 1 : bound;
  const counted = clause.left;
  if (counted.kind !== 'method' || counted.name !== 'count' || counted.args.length > 0) return undefined;
  const list = counted.target;
  if (isApprovers(list)) return { variable: undefined, predicate: undefined, need };
  if (list.kind === 'method' && list.name === 'filter' && isApprovers(list.target)) {
    const [variable, predicate] = list.args;
    if (variable?.kind === 'ident' && predicate) return { variable: variable.name, predicate, need };
  }
  return undefined;
}

/** Where a consensus stands; every clause is evaluated, as the engine evaluates everything. */
export function consensusStanding(consensus: string, input: ConsensusInput): ConsensusStanding {
  const compiled = compile('consensus', consensus);
  const choices = new Set<ChoiceId>(compiled.choices);
  if (!compiled.expr) return { met: undefined, clauses: [], choices: [...choices].sort() };
  const context = {
    activity: { type: '', params: {} },
    approvers: input.approvers,
    credentials: input.credentials ?? [],
    now: new Date(0),
  };
  const evaluator = new Evaluator(context);
  const holds = (expr: Expr, scope?: ReadonlyMap<string, unknown>): boolean | undefined => {
    try {
      return evaluator.truth(expr, scope);
    } catch (thrown) {
      if (thrown instanceof EvaluationError) return undefined;
      throw thrown;
    }
  };
  const countOf = (clause: Expr): ApprovalCount | undefined => {
    const shape = countShape(clause);
    if (!shape) return undefined;
    const { variable, predicate, need } = shape;
    const selects = (user: PolicyUser): boolean =>
      variable === undefined || predicate === undefined ? true : holds(predicate, new Map([[variable, user]])) === true;
    const approved = new Set(input.approvers.map((u) => u.id));
    const counted = input.approvers.filter(selects).map((u) => u.id);
    return {
      filter: variable === undefined || predicate === undefined ? { kind: 'anyone' } : filterOf(predicate, variable),
      have: counted.length,
      need,
      counted,
      couldApprove: input.candidates.filter((u) => !approved.has(u.id) && selects(u)).map((u) => u.id),
    };
  };
  const clauses = conjuncts(compiled.expr).map((clause): ConsensusClause => {
    const span: Span = clause.span;
    return { offset: span.offset, length: span.length, met: holds(clause), count: countOf(clause) };
  });
  evaluator.choices.forEach((id) => choices.add(id));
  const met = clauses.some((c) => c.met === undefined) ? undefined : clauses.every((c) => c.met === true);
  // Who a clause counts is the engine's reading of who the consensus names (row named-by-consensus).
  if (clauses.some((c) => c.count && c.count.filter.kind !== 'anyone')) choices.add('named-by-consensus');
  return { met, clauses, choices: [...choices].sort() };
}
