/**
 * "Evaluate Policy Against Activity…" in words: the file's policy decided with the organization's others (the
 * one of the same name left out: the file stands for it), the decision in a sentence, the file policy's outcome,
 * and each clause of its condition and consensus with its value (and what the compared field read). Where the
 * result rests on a choice of docs/policies.md, it says the service may differ. Pure.
 */
import * as l10n from '@vscode/l10n';
import type { Activity, Policy } from '../../api';
import { pickText } from '../ui/shownText';
import { activityTitle, statusLabel, type NameOf } from '../wording/activityWords';
import {
  decide,
  parsePolicyExpression,
  PolicyEvaluationError,
  PolicyEvaluator,
  printPolicyExpression,
  type PolicyContext,
  type PolicyDefinition,
  type PolicyEffect,
  type PolicyExpr,
} from '../../api/remote';
import { mayDifferWords } from '../wording/choiceWords';
import type { FilePolicy } from './policyDocument';

/** The id the file's policy carries in the decision (it has none in the organization yet). */
export const FILE_POLICY_ID = 'file';

export interface ClauseValue {
  readonly field: 'condition' | 'consensus' | 'time';
  readonly clause: string;
  /** 'true', 'false' or the error. */
  readonly value: string;
  /** What the non-literal side of a comparison read, e.g. `eth.tx.contract_call_args['amount'] is 5000`. */
  readonly read?: string;
}

export interface PolicyTrial {
  readonly decision: 'ALLOW' | 'DENY_EXPLICIT' | 'DENY_IMPLICIT' | 'CONSENSUS_NEEDED';
  readonly outcome: string;
  readonly clauses: readonly ClauseValue[];
  readonly choices: readonly string[];
  /** The report, line by line. */
  readonly lines: readonly string[];
}

const definitionOf = (policy: Policy): PolicyDefinition => ({
  policyId: policy.policyId,
  policyName: policy.policyName,
  effect: policy.effect as PolicyEffect,
  ...(policy.condition ? { condition: policy.condition } : {}),
  ...(policy.consensus ? { consensus: policy.consensus } : {}),
  ...(policy.time ? { time: policy.time } : {}),
});

function shown(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(shown).join(', ')}]`;
  if (value === undefined || value === null) return 'nothing';
  // An address compared without regard to case, and an instant, as the engine holds them.
  const held = value as { text?: unknown; ms?: unknown };
  if (typeof held.text === 'string') return `'${held.text}'`;
  if (typeof held.ms === 'number') return new Date(held.ms).toISOString();
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The clauses of a top-level chain of && or ||. */
function clausesOf(expr: PolicyExpr): PolicyExpr[] {
  if (expr.kind === 'binary' && (expr.op === '&&' || expr.op === '||'))
    return [...clausesOf(expr.left), ...clausesOf(expr.right)];
  return [expr];
}

const isLiteral = (expr: PolicyExpr) =>
  expr.kind === 'int' || expr.kind === 'string' || expr.kind === 'bool' || expr.kind === 'list';

function clauseValues(field: ClauseValue['field'], source: string, context: PolicyContext): ClauseValue[] {
  let tree: PolicyExpr;
  try {
    tree = parsePolicyExpression(source);
  } catch {
    return [];
  }
  const evaluator = new PolicyEvaluator(context);
  return clausesOf(tree).map((clause) => {
    const text = printPolicyExpression(clause);
    let value: string;
    try {
      value = String(evaluator.truth(clause));
    } catch (error) {
      if (!(error instanceof PolicyEvaluationError)) throw error;
      value = l10n.t('error: {0}', error.message);
    }
    let read: string | undefined;
    if (clause.kind === 'binary' && clause.op !== '&&' && clause.op !== '||') {
      const side = isLiteral(clause.right) ? clause.left : isLiteral(clause.left) ? clause.right : undefined;
      if (side) {
        try {
          read = l10n.t('{0} is {1}', printPolicyExpression(side), shown(evaluator.eval(side, new Map())));
        } catch {
          read = undefined;
        }
      }
    }
    return { field, clause: text, value, ...(read !== undefined ? { read } : {}) };
  });
}

export function tryPolicy(
  file: FilePolicy,
  organizationPolicies: readonly Policy[],
  context: PolicyContext,
  subject: string,
): PolicyTrial {
  const own: PolicyDefinition = {
    policyId: FILE_POLICY_ID,
    policyName: file.policyName,
    effect: file.effect as PolicyEffect,
    ...(file.condition !== undefined ? { condition: file.condition } : {}),
    ...(file.consensus !== undefined ? { consensus: file.consensus } : {}),
    ...(file.time !== undefined && file.time !== '' ? { time: file.time } : {}),
  };
  const others = organizationPolicies.filter((p) => p.policyName !== file.policyName).map(definitionOf);
  const result = decide([own, ...others], context, { rootQuorumMet: false });
  const names = new Map([own, ...others].map((p) => [p.policyId, p.policyName]));
  const mine = result.evaluations.find((e) => e.policyId === FILE_POLICY_ID);
  const outcome = mine?.outcome ?? 'OUTCOME_ERROR';
  const clauses = [
    ...(file.condition !== undefined ? clauseValues('condition', file.condition, context) : []),
    ...(file.consensus !== undefined ? clauseValues('consensus', file.consensus, context) : []),
  ];
  const lines: string[] = [];
  const allowedBy = result.evaluations
    .filter((e) => e.outcome === 'OUTCOME_ALLOW')
    .map((e) => `"${names.get(e.policyId) ?? e.policyId}"`);
  switch (result.decision) {
    case 'ALLOW':
      lines.push(l10n.t('{0} would be allowed, by {1}.', subject, allowedBy.join(', ')));
      break;
    case 'CONSENSUS_NEEDED':
      lines.push(
        l10n.t('{0} would wait for approvals: a policy applies but its consensus does not hold yet.', subject),
      );
      break;
    case 'DENY_EXPLICIT':
      lines.push(
        l10n.t(
          '{0} would be denied by {1}.',
          subject,
          result.deniedBy.map((id) => `"${names.get(id) ?? id}"`).join(', '),
        ),
      );
      break;
    case 'DENY_IMPLICIT':
      lines.push(l10n.t('{0} would be denied: no policy allows it.', subject));
      break;
  }
  lines.push(l10n.t('"{0}" (this file): {1}.', file.policyName, outcomeWords(outcome)));
  if (mine?.error !== undefined) lines.push(l10n.t('It errors: {0}', mine.error));
  for (const clause of clauses)
    lines.push(
      clause.read === undefined
        ? `  ${clause.field}: ${clause.clause} → ${clause.value}`
        : `  ${clause.field}: ${clause.clause} → ${clause.value} (${clause.read})`,
    );
  for (const evaluation of result.evaluations)
    if (evaluation.policyId !== FILE_POLICY_ID)
      lines.push(
        l10n.t(
          '"{0}" (in the organization): {1}.',
          names.get(evaluation.policyId) ?? '',
          outcomeWords(evaluation.outcome),
        ),
      );
  // Each assumption the result rests on, in a sentence (the row of docs/policies.md by its id after it).
  lines.push(...mayDifferWords(result.choices).map((line, i) => `${line} (${result.choices[i] ?? ''})`));
  return { decision: result.decision, outcome, clauses, choices: result.choices, lines };
}

export function outcomeWords(outcome: string): string {
  switch (outcome) {
    case 'OUTCOME_ALLOW':
      return l10n.t('allows it');
    case 'OUTCOME_DENY_EXPLICIT':
      return l10n.t('denies it');
    case 'OUTCOME_DENY_IMPLICIT':
      return l10n.t('does not apply');
    case 'OUTCOME_REQUIRES_CONSENSUS':
      return l10n.t('applies, and waits for its consensus');
    case 'OUTCOME_TIME_INACTIVE':
      return l10n.t('would apply, outside its time window');
    case 'OUTCOME_ERROR':
      return l10n.t('errors, so it neither allows nor denies');
    default:
      return outcome;
  }
}

/**
 * An activity as the evaluation's pick list offers it: its type and target with names for ids, its status and
 * id beside, and what it does (risks first) below when that was read; never an id alone.
 */
export function subjectPickWords(
  activity: Pick<Activity, 'id' | 'type' | 'status' | 'intent' | 'organizationId'>,
  summaryLine: string | undefined,
  nameOf: NameOf | undefined,
): { readonly label: string; readonly description: string; readonly detail: string | undefined } {
  return {
    label: pickText(activityTitle(activity, undefined, nameOf)),
    description: pickText(`${statusLabel(activity.status)} · ${activity.id}`),
    detail: summaryLine,
  };
}
