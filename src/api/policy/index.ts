/**
 * The policy engine: what a policy's condition, consensus and time expressions mean, and how the policies of an
 * organization combine into one decision for an activity. Pure: no I/O, no vscode, no node: modules. The
 * choices made where public material is silent are the rows of docs/policies.md; results carry their ids.
 */

import { compile, refusal } from './compile';
import { consensusNames, decidePolicies } from './decide';

import type { PolicyContext, PolicyDecision, PolicyDefinition, PolicyProblem, PolicyUser } from './types';
export type { Eip712Values, Eip7702Values, SignatureFields } from './signatureFields';

export { CHOICE_IDS, type ChoiceId } from './choices';
export {
  consensusStanding,
  type ApprovalCount,
  type ApproverFilter,
  type ConsensusClause,
  type ConsensusInput,
  type ConsensusStanding,
} from './consensusStanding';
export type {
  PolicyEffect,
  PolicyOutcome,
  PolicyDefinition,
  PolicyProblem,
  PolicyUser,
  PolicyCredential,
  EthTxValues,
  PolicyContext,
  PolicyEvaluation,
  PolicyDecision,
} from './types';

/** [] when the service would accept the policy's expressions (names/uniqueness/limits are the sandbox's job). */
export function checkPolicy(p: { condition?: string; consensus?: string; time?: string }): PolicyProblem[] {
  const problems: PolicyProblem[] = [];
  for (const field of ['condition', 'consensus', 'time'] as const) {
    const source = p[field];
    if (source === undefined) continue;
    const compiled = compile(field, source);
    const { problem } = compiled;
    if (problem) problems.push({ field, message: refusal(field, problem), ...problem.span, choices: compiled.choices });
  }
  return problems;
}

/**
 * Root quorum met → ALLOW (bypassed, evaluations still listed); any applicable DENY → DENY_EXPLICIT; else any
 * applicable ALLOW → ALLOW; else an ALLOW whose condition (and time) holds but whose consensus does not yet →
 * CONSENSUS_NEEDED (that policy's outcome OUTCOME_REQUIRES_CONSENSUS); else DENY_IMPLICIT.
 */
export function decide(
  policies: readonly PolicyDefinition[],
  context: PolicyContext,
  options: { rootQuorumMet: boolean },
): PolicyDecision {
  return decidePolicies(policies, context, options);
}

/**
 * Whether `user` is one the policy's consensus names (a predicate inside approvers.any/all/filter, or a
 * credentials predicate, holds for them): used for canApprove while that policy waits for consensus.
 */
export function namedByConsensus(policy: PolicyDefinition, user: PolicyUser, context: PolicyContext): boolean {
  return consensusNames(policy, user, context);
}
