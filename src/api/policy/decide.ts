/**
 * The outcome of each policy for an activity, and the decision they make together (see index.ts for the rule).
 */
import { ROOT_QUORUM_ONLY_TYPES } from './activityTypes';
import { CHOICE_BIT, choicesOfBits, type ChoiceId } from './choices';
import { NO_SCOPE, type Code } from './closureKit';
import { codeOf } from './closures';
import { compile, type Compiled, type FirstRead } from './compile';
import { Evaluator } from './evaluator';
import type { PolicyContext, PolicyDecision, PolicyDefinition, PolicyEvaluation, PolicyUser } from './types';
import type { PolicyField } from './schema';
import { evaluateKept, keptOf, type Kept } from './sharedReads';
import { forEachChild, type Expr } from './syntax';
import { describe, EvaluationError } from './values';

const FIELDS: readonly PolicyField[] = ['condition', 'consensus', 'time'];

/** One policy's outcome. Each present field is evaluated, even once another has failed or is false. */
export function evaluatePolicy(policy: PolicyDefinition, context: PolicyContext): PolicyEvaluation {
  return evaluateWith(policy, new Evaluator(context));
}

/** A field of a policy as read once: its compiled expression, and the closures that evaluate it. */
interface PreparedField {
  readonly field: PolicyField;
  readonly compiled: Compiled;
  /** The rows its reading rests on (compiled.choices), as bits. */
  readonly choiceBits: number;
  /** The closure of its expression, when it has one, and what it keeps when it is evaluated once per context. */
  readonly code: Code | undefined;
  readonly kept: Kept | undefined;
  readonly firstRead: FirstRead | undefined;
}
interface Prepared {
  readonly policy: PolicyDefinition;
  readonly condition: string | undefined;
  readonly consensus: string | undefined;
  readonly time: string | undefined;
  /** Its fields, those present. */
  readonly conditionField: PreparedField | undefined;
  readonly consensusField: PreparedField | undefined;
  readonly timeField: PreparedField | undefined;
  /** The rows its fields' readings rest on (each field's choiceBits), whatever their values. */
  readonly fieldBits: number;
  /** The rows of its latest evaluation, and their list. */
  lastBits: number;
  lastChoices: readonly ChoiceId[];
  /** Its latest evaluation without an error, frozen: given again while its outcome and rows stay the same. */
  lastEvaluation: PolicyEvaluation | undefined;
}

/** Each policy read once (its fields parsed, checked and compiled), kept while the policy object lives. */
const preparedPolicies = new WeakMap<PolicyDefinition, Prepared>();

function prepared(policy: PolicyDefinition): Prepared {
  const known = preparedPolicies.get(policy);
  const { condition, consensus, time } = policy;
  if (known && known.condition === condition && known.consensus === consensus && known.time === time) return known;
  const fields: PreparedField[] = [];
  let fieldBits = 0;
  for (const field of FIELDS) {
    const source = policy[field];
    if (source === undefined) continue;
    const compiled = compile(field, source);
    let choiceBits = 0;
    for (const id of compiled.choices) choiceBits |= CHOICE_BIT[id];
    fieldBits |= choiceBits;
    const code = compiled.expr && codeOf(compiled.expr);
    const kept = code && keptOf(code);
    fields.push({ field, compiled, choiceBits, code, kept, firstRead: compiled.firstRead });
  }
  const made: Prepared = {
    policy,
    condition,
    consensus,
    time,
    conditionField: fields.find((f) => f.field === 'condition'),
    consensusField: fields.find((f) => f.field === 'consensus'),
    timeField: fields.find((f) => f.field === 'time'),
    fieldBits,
    lastBits: 0,
    lastChoices: choicesOfBits(0),
    lastEvaluation: undefined,
  };
  preparedPolicies.set(policy, made);
  return made;
}

/**
 * The policies of a list read once each, kept while the list lives: the sandbox decides over the same list of an
 * organization's policies on every submission and vote.
 */
const preparedLists = new WeakMap<readonly PolicyDefinition[], Prepared[]>();

function preparedAll(policies: readonly PolicyDefinition[]): readonly Prepared[] {
  let list = preparedLists.get(policies);
  if (!list || list.length !== policies.length) {
    list = policies.map(prepared);
    preparedLists.set(policies, list);
    return list;
  }
  for (let i = 0; i < list.length; i++) {
    const policy = policies[i]!;
    const known = list[i]!;
    // A policy changed in place (or replaced) since is read again.
    if (
      known.policy !== policy ||
      known.condition !== policy.condition ||
      known.consensus !== policy.consensus ||
      known.time !== policy.time
    )
      list[i] = prepared(policy);
  }
  return list;
}

/** One policy's outcome by an evaluator of the context, shared by the policies of one decision. */
function evaluateWith(policy: PolicyDefinition, evaluator: Evaluator, read = prepared(policy)): PolicyEvaluation {
  // Every field is read, so the rows each one's reading rests on are the policy's from the start.
  evaluator.choiceBits = read.fieldBits;
  // Each policy has its own budget: one that spends it errs alone, and the others decide as they would.
  evaluator.startBudget();
  // Each field is evaluated, in this order, whatever the others come to.
  const conditionTruth = fieldTruth(read.conditionField, evaluator);
  const consensusTruth = fieldTruth(read.consensusField, evaluator);
  const timeTruth = fieldTruth(read.timeField, evaluator);
  const condition = conditionTruth !== false;
  const consensus = consensusTruth !== false;
  const time = timeTruth !== false;
  const error =
    typeof conditionTruth === 'string'
      ? `condition: ${conditionTruth}`
      : typeof consensusTruth === 'string'
        ? `consensus: ${consensusTruth}`
        : typeof timeTruth === 'string'
          ? `time: ${timeTruth}`
          : undefined;
  const allow = policy.effect === 'EFFECT_ALLOW';
  let outcome: PolicyEvaluation['outcome'];
  let rows = 0;
  if (error !== undefined) {
    // A field that errored decides even when another field came out false (row every-field-evaluated).
    const otherFalse = !condition || !consensus || !time;
    outcome = 'OUTCOME_ERROR';
    if (!allow) rows |= ERRORING_DENY;
    if (otherFalse) rows |= EVERY_FIELD_EVALUATED;
  } else if (condition && consensus) {
    outcome = !time ? 'OUTCOME_TIME_INACTIVE' : allow ? 'OUTCOME_ALLOW' : 'OUTCOME_DENY_EXPLICIT';
  } else if (allow && condition && time) {
    outcome = 'OUTCOME_REQUIRES_CONSENSUS';
    rows = CONSENSUS_NEEDED;
  } else {
    outcome = 'OUTCOME_DENY_IMPLICIT';
    if (!time && condition) rows = TIME_INACTIVE | OUTCOME_NOT_APPLICABLE;
    else if (!allow) rows = OUTCOME_NOT_APPLICABLE;
  }
  const bits = (evaluator.choiceBits |= rows);
  // A policy mostly rests on the same rows from one decision to the next: its last list is kept beside it.
  if (bits !== read.lastBits) {
    read.lastBits = bits;
    read.lastChoices = choicesOfBits(bits);
  }
  const { policyId } = policy;
  if (error !== undefined) return { policyId, outcome, choices: read.lastChoices, error };
  // A policy mostly comes out the same from one decision to the next: its last evaluation is given again.
  const last = read.lastEvaluation;
  if (last && last.outcome === outcome && last.choices === read.lastChoices && last.policyId === policyId) return last;
  return (read.lastEvaluation = Object.freeze({ policyId, outcome, choices: read.lastChoices }));
}

const ERRORING_DENY = CHOICE_BIT['erroring-deny'];
const EVERY_FIELD_EVALUATED = CHOICE_BIT['every-field-evaluated'];
const CONSENSUS_NEEDED = CHOICE_BIT['consensus-needed'];
const TIME_INACTIVE = CHOICE_BIT['time-inactive'];
const OUTCOME_NOT_APPLICABLE = CHOICE_BIT['outcome-not-applicable'];

/** A field's truth (an absent one is true), or the message of the error it fails with. */
function fieldTruth(field: PreparedField | undefined, evaluator: Evaluator): boolean | string {
  if (field === undefined) return true;
  try {
    return truthOf(field, evaluator);
  } catch (thrown) {
    if (!(thrown instanceof EvaluationError)) throw thrown;
    return thrown.message;
  }
}

/** The field's truth, or the message of the error it fails with (thrown, or returned when known beforehand). */
function truthOf(field: PreparedField, evaluator: Evaluator): boolean | string {
  const { code } = field;
  // A stored policy the service would have refused (a bad migration, a hand-edited journal) errors, never grants.
  if (code === undefined) {
    if (field.compiled.problem) throw new EvaluationError(field.compiled.problem.message);
    return true;
  }
  const { firstRead } = field;
  if (firstRead !== undefined) {
    const missing = evaluator.missingKeyword(firstRead);
    if (missing !== undefined) return missing;
  }
  const { kept } = field;
  const value = kept ? evaluateKept(kept, evaluator, NO_SCOPE) : code(evaluator, NO_SCOPE);
  if (typeof value !== 'boolean') throw new EvaluationError(`type mismatch: expected bool, found ${describe(value)}`);
  return value;
}

export function decidePolicies(
  policies: readonly PolicyDefinition[],
  context: PolicyContext,
  options: { rootQuorumMet: boolean },
): PolicyDecision {
  const evaluator = new Evaluator(context);
  const read = preparedAll(policies);
  const evaluations = new Array<PolicyEvaluation>(policies.length);
  const deniedBy: string[] = [];
  let bits = 0;
  let allowed = false;
  let waiting = false;
  for (let i = 0; i < policies.length; i++) {
    const evaluation = evaluateWith(policies[i]!, evaluator, read[i]);
    evaluations[i] = evaluation;
    bits |= evaluator.choiceBits;
    const { outcome } = evaluation;
    if (outcome === 'OUTCOME_DENY_EXPLICIT') deniedBy.push(evaluation.policyId);
    else if (outcome === 'OUTCOME_ALLOW') allowed = true;
    else if (outcome === 'OUTCOME_REQUIRES_CONSENSUS') waiting = true;
  }
  let decision: PolicyDecision['decision'];
  if (options.rootQuorumMet) {
    decision = 'ALLOW';
    if (evaluations.length > 0) bits |= ROOT_QUORUM_LISTED;
  } else if (ROOT_QUORUM_ONLY_TYPES.has(context.activity.type)) {
    decision = 'DENY_IMPLICIT';
    bits |= ROOT_QUORUM_ONLY;
  } else if (deniedBy.length > 0) decision = 'DENY_EXPLICIT';
  else if (allowed) decision = 'ALLOW';
  else if (waiting) decision = 'CONSENSUS_NEEDED';
  else decision = 'DENY_IMPLICIT';
  return {
    decision,
    bypassedByRootQuorum: options.rootQuorumMet,
    evaluations,
    deniedBy,
    choices: [...choicesOfBits(bits)],
  };
}

const ROOT_QUORUM_LISTED = CHOICE_BIT['root-quorum-listed'];
const ROOT_QUORUM_ONLY = CHOICE_BIT['root-quorum-only'];

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
