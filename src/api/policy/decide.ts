/**
 * The outcome of each policy for an activity, and the decision they make together (see index.ts for the rule).
 */
import { ROOT_QUORUM_ONLY_TYPES } from './activityTypes';
import { CHOICE_IDS, type ChoiceId } from './choices';
import { compile, type Compiled } from './compile';
import { Evaluator } from './evaluator';
import type { PolicyContext, PolicyDecision, PolicyDefinition, PolicyEvaluation, PolicyUser } from './types';
import type { PolicyField } from './schema';
import type { Expr } from './syntax';
import { EvaluationError } from './values';

const FIELDS: readonly PolicyField[] = ['condition', 'consensus', 'time'];

const NO_CHOICES: readonly string[] = Object.freeze([]);

/** One policy's outcome. Each present field is evaluated, even once another has failed or is false. */
export function evaluatePolicy(policy: PolicyDefinition, context: PolicyContext): PolicyEvaluation {
  return evaluateWith(policy, new Evaluator(context));
}

/** A field of a policy as read once: its compiled expression, and the closures that evaluate it. */
interface PreparedField {
  readonly field: PolicyField;
  readonly compiled: Compiled;
}
interface Prepared {
  readonly condition: string | undefined;
  readonly consensus: string | undefined;
  readonly time: string | undefined;
  readonly fields: readonly PreparedField[];
}

/** Each policy read once (its fields parsed, checked and compiled), kept while the policy object lives. */
const preparedPolicies = new WeakMap<PolicyDefinition, Prepared>();

function prepared(policy: PolicyDefinition): Prepared {
  const known = preparedPolicies.get(policy);
  const { condition, consensus, time } = policy;
  if (known && known.condition === condition && known.consensus === consensus && known.time === time) return known;
  const fields: PreparedField[] = [];
  for (const field of FIELDS) {
    const source = policy[field];
    if (source !== undefined) fields.push({ field, compiled: compile(field, source) });
  }
  const made = { condition, consensus, time, fields };
  preparedPolicies.set(policy, made);
  return made;
}

/** Each row's bit, and the sorted list of the rows of each set of bits met so far (a few sets recur). */
const CHOICE_BITS = new Map<ChoiceId, number>(CHOICE_IDS.map((id, i) => [id, 2 ** i]));
const sortedBySet = new Map<number, readonly string[]>();
function sortedChoices(choices: ReadonlySet<ChoiceId>): readonly string[] {
  if (choices.size === 0) return NO_CHOICES;
  let bits = 0;
  for (const id of choices) bits += CHOICE_BITS.get(id)!;
  let sorted = sortedBySet.get(bits);
  if (!sorted) {
    sorted = Object.freeze([...choices].sort());
    if (sortedBySet.size >= 1024) sortedBySet.clear();
    sortedBySet.set(bits, sorted);
  }
  return sorted;
}

/** One policy's outcome by an evaluator of the context, shared by the policies of one decision. */
function evaluateWith(policy: PolicyDefinition, evaluator: Evaluator): PolicyEvaluation {
  const choices = evaluator.choices;
  choices.clear();
  // Each policy has its own budget: one that spends it errs alone, and the others decide as they would.
  evaluator.startBudget();
  let condition = true;
  let consensus = true;
  let time = true;
  let error: string | undefined;
  for (const { field, compiled } of prepared(policy).fields) {
    let truth: boolean | string;
    try {
      truth = truthOf(compiled, evaluator);
    } catch (thrown) {
      if (!(thrown instanceof EvaluationError)) throw thrown;
      truth = thrown.message;
    }
    if (typeof truth === 'string') error ??= `${field}: ${truth}`;
    else if (field === 'condition') condition = truth;
    else if (field === 'consensus') consensus = truth;
    else time = truth;
  }
  const done = (outcome: PolicyEvaluation['outcome'], row?: ChoiceId, other?: ChoiceId): PolicyEvaluation => {
    if (row) choices.add(row);
    if (other) choices.add(other);
    const evaluation: PolicyEvaluation = { policyId: policy.policyId, outcome, choices: sortedChoices(choices) };
    if (error !== undefined) evaluation.error = error;
    return evaluation;
  };
  const allow = policy.effect === 'EFFECT_ALLOW';
  if (error !== undefined) {
    // A field that errored decides even when another field came out false (row every-field-evaluated).
    const otherFalse = !condition || !consensus || !time;
    return done('OUTCOME_ERROR', allow ? undefined : 'erroring-deny', otherFalse ? 'every-field-evaluated' : undefined);
  }
  if (condition && consensus) {
    if (!time) return done('OUTCOME_TIME_INACTIVE');
    return done(allow ? 'OUTCOME_ALLOW' : 'OUTCOME_DENY_EXPLICIT');
  }
  if (allow && condition && time) return done('OUTCOME_REQUIRES_CONSENSUS', 'consensus-needed');
  if (!time && condition) return done('OUTCOME_DENY_IMPLICIT', 'time-inactive', 'outcome-not-applicable');
  return done('OUTCOME_DENY_IMPLICIT', allow ? undefined : 'outcome-not-applicable');
}

/** The field's truth, or the message of the error it fails with (thrown, or returned when known beforehand). */
function truthOf(compiled: Compiled, evaluator: Evaluator): boolean | string {
  for (const id of compiled.choices) evaluator.choices.add(id);
  // A stored policy the service would have refused (a bad migration, a hand-edited journal) errors, never grants.
  if (compiled.problem) throw new EvaluationError(compiled.problem.message);
  if (!compiled.expr) return true;
  const missing = compiled.firstRead && evaluator.missingKeyword(compiled.firstRead);
  return missing ?? evaluator.truth(compiled.expr);
}

export function decidePolicies(
  policies: readonly PolicyDefinition[],
  context: PolicyContext,
  options: { rootQuorumMet: boolean },
): PolicyDecision {
  const evaluator = new Evaluator(context);
  const evaluations = policies.map((policy) => evaluateWith(policy, evaluator));
  const deniedBy = evaluations.filter((e) => e.outcome === 'OUTCOME_DENY_EXPLICIT').map((e) => e.policyId);
  const choices = new Set<string>();
  for (const evaluation of evaluations) for (const row of evaluation.choices) choices.add(row);
  const result = (decision: PolicyDecision['decision'], ...rows: ChoiceId[]): PolicyDecision => {
    rows.forEach((row) => choices.add(row));
    return {
      decision,
      bypassedByRootQuorum: options.rootQuorumMet,
      evaluations,
      deniedBy,
      choices: [...choices].sort(),
    };
  };
  if (options.rootQuorumMet)
    return result('ALLOW', ...(evaluations.length > 0 ? (['root-quorum-listed'] as const) : []));
  if (ROOT_QUORUM_ONLY_TYPES.has(context.activity.type)) return result('DENY_IMPLICIT', 'root-quorum-only');
  if (deniedBy.length > 0) return result('DENY_EXPLICIT');
  if (evaluations.some((e) => e.outcome === 'OUTCOME_ALLOW')) return result('ALLOW');
  if (evaluations.some((e) => e.outcome === 'OUTCOME_REQUIRES_CONSENSUS')) return result('CONSENSUS_NEEDED');
  return result('DENY_IMPLICIT');
}

/**
 * Whether the consensus names `user`: a predicate of approvers.any/all/filter holds with the item bound to them,
 * or one of credentials.any/all/filter holds for a credential of theirs. A consensus that reads `approvers` or
 * `credentials` other than through such a predicate (`approvers.count() >= 2`) names everyone (row
 * `named-by-consensus`).
 */
export function consensusNames(policy: PolicyDefinition, user: PolicyUser, context: PolicyContext): boolean {
  if (policy.consensus === undefined) return false;
  const { expr } = compile('consensus', policy.consensus);
  if (!expr) return false;
  const ownCredentials = context.credentials.filter((c) => c.user_id === user.id);
  const candidates =
    ownCredentials.length > 0 ? ownCredentials : [{ id: '', user_id: user.id, type: '', public_key: '' }];
  const evaluator = new Evaluator(context);
  const holdsFor = (predicate: Expr, name: string, item: unknown): boolean => {
    try {
      return evaluator.truth(predicate, new Map([[name, item]]));
    } catch (thrown) {
      if (thrown instanceof EvaluationError) return false;
      throw thrown;
    }
  };
  let named = false;
  const visit = (node: Expr, bound: ReadonlySet<string>): void => {
    if (named) return;
    if (node.kind === 'ident' && !bound.has(node.name) && (node.name === 'approvers' || node.name === 'credentials')) {
      named = true; // read directly, as in approvers.count(): anyone's approval counts
      return;
    }
    if (node.kind === 'method' && node.target.kind === 'ident' && !bound.has(node.target.name)) {
      const [variable, predicate] = node.args;
      if (['any', 'all', 'filter'].includes(node.name) && variable?.kind === 'ident' && predicate) {
        if (node.target.name === 'approvers') named = holdsFor(predicate, variable.name, user);
        else if (node.target.name === 'credentials')
          named = candidates.some((c) => holdsFor(predicate, variable.name, c));
        if (node.target.name === 'approvers' || node.target.name === 'credentials') return;
      }
    }
    forEachChild(node, (child) =>
      visit(
        child,
        node.kind === 'method' && node.args[0]?.kind === 'ident' ? new Set([...bound, node.args[0].name]) : bound,
      ),
    );
  };
  visit(expr, new Set());
  return named;
}

function forEachChild(node: Expr, each: (child: Expr) => void): void {
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
