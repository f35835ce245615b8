/**
 * Whether an activity may run, on its submission and on every vote: the root quorum (met, it bypasses every
 * policy), then the organization's policies through the engine's `decide` (a decision kept for a context that reads
 * the same is given again: decisionMemo.ts). Each judgement comes with the record
 * of its evaluation (one per vote), and a denial with the service's answer: gRPC 7 (HTTP 403), its wording,
 * and every policy's outcome in the error's details. Who may still vote (canApprove) is decided here too.
 */
import { randomUUID } from 'node:crypto';
import { GrpcCode, TURNKEY_ERROR_DETAIL_TYPE } from '../api';
// ROOT_QUORUM_ONLY_TYPES: the activities only the root quorum decides; policies are not evaluated for them.
import { decide, namedByConsensus, ROOT_QUORUM_ONLY_TYPES, type PolicyDecision } from '../api/remote';
import { decideKept, frozen, type KeptDecision } from './decisionMemo';
import { policyContextOf, policyUserOf } from './policyContext';
import { EMPTY_ROSTER, outcomeLetters, type PolicyEvaluationRecord, type PolicyOutcomeEntry } from './policyRecords';
import { RpcError } from './rpcError';
import type { ActivityRecord, Organization, RpcStatusBody, UserRecord, VoteRecord } from './state';

/** Where a denial's details carry each policy's outcome. */
export const POLICY_EVALUATIONS_DETAIL_TYPE = 'type.googleapis.com/external.activity.v1.PolicyEvaluations';
export const IMPLICIT_DENIAL_MESSAGE =
  "You don't have sufficient permissions to take this action: no policy evaluated to Allow";
export const explicitDenialMessage = (policyIds: readonly string[]): string =>
  `The following policies denied this action: ${policyIds.join(', ')}`;

export type Verdict =
  /** Allowed: by the root quorum or by a policy. */
  | { readonly kind: 'execute'; readonly evaluation: PolicyEvaluationRecord }
  /** Waiting for more approvals: a policy's consensus, or the root quorum a root user's approval began. */
  | { readonly kind: 'wait'; readonly evaluation: PolicyEvaluationRecord }
  | { readonly kind: 'deny'; readonly evaluation: PolicyEvaluationRecord; readonly failure: RpcStatusBody };

/** The approving votes that count now, one per user, in the order they came (the submitter's first). */
export function approvalsOf(liveVotes: readonly VoteRecord[]): VoteRecord[] {
  const seen = new Set<string>();
  return liveVotes.filter((v) => {
    if (v.selection !== 'VOTE_SELECTION_APPROVED' || seen.has(v.userId)) return false;
    seen.add(v.userId);
    return true;
  });
}

function denial(
  decision: PolicyDecision,
  evaluation: PolicyEvaluationRecord,
  outcomes: readonly PolicyOutcomeEntry[],
): RpcStatusBody {
  const explicit = decision.decision === 'DENY_EXPLICIT';
  const message = explicit ? explicitDenialMessage(decision.deniedBy) : IMPLICIT_DENIAL_MESSAGE;
  return {
    code: GrpcCode.PermissionDenied,
    message,
    details: [
      { '@type': TURNKEY_ERROR_DETAIL_TYPE, turnkeyErrorCode: explicit ? 'POLICY_DENIED' : 'REQUEST_NOT_AUTHORIZED' },
      {
        '@type': POLICY_EVALUATIONS_DETAIL_TYPE,
        activityId: evaluation.activityId,
        policyEvaluations: outcomes,
      },
    ],
  };
}

const NO_POLICY_ALLOWS: KeptDecision = noPolicyDecision(true);
const NO_POLICY_DENIES: KeptDecision = noPolicyDecision(false);

function noPolicyDecision(rootQuorumMet: boolean): KeptDecision {
  const decision = frozen({
    decision: rootQuorumMet ? 'ALLOW' : 'DENY_IMPLICIT',
    bypassedByRootQuorum: rootQuorumMet,
    evaluations: [],
    deniedBy: [],
    choices: [],
  });
  return { decision, outcomes: '' };
}

/** With no policy, the root quorum alone decides. */
const noPolicy = (rootQuorumMet: boolean): KeptDecision => (rootQuorumMet ? NO_POLICY_ALLOWS : NO_POLICY_DENIES);

/** The denial as the answer to a submission: nothing was stored but its evaluation. */
export function denialError(failure: RpcStatusBody): RpcError {
  return new RpcError(failure.code, failure.message, 'POLICY_DENIED', { details: failure.details });
}

/**
 * Judges the activity with the approvals it has now. `voteId` is the vote this judgement follows (the
 * submitter's, on a submission). Root quorum met → run it; otherwise the policies decide; an implicit denial
 * still waits when a root user approved (the root quorum may yet be met), and is refused when none did.
 */
export function judge(
  activity: ActivityRecord,
  organization: Organization,
  usersById: ReadonlyMap<string, UserRecord>,
  approvals: readonly VoteRecord[],
  voteId: string,
  now: number,
): Verdict {
  const { rootUserIds, rootQuorum } = organization.record;
  const rootApprovals = approvals.filter((v) => rootUserIds.includes(v.userId)).length;
  const rootQuorumMet = rootApprovals >= rootQuorum;
  const roster = ROOT_QUORUM_ONLY_TYPES.has(activity.type) ? EMPTY_ROSTER : organization.policies.roster();
  const { decision, outcomes } =
    roster.policies.length === 0
      ? noPolicy(rootQuorumMet)
      : decideKept(roster, policyContextOf(activity, organization, usersById, approvals, now), rootQuorumMet);
  const evaluation: PolicyEvaluationRecord = {
    id: randomUUID(),
    activityId: activity.id,
    voteId,
    createdAtMs: now,
    roster: roster.key,
    outcomes,
  };
  const deny = () => {
    const outcomes = decision.evaluations.map((e) => ({ policyId: e.policyId, outcome: e.outcome }));
    return { kind: 'deny', evaluation, failure: denial(decision, evaluation, outcomes) } as const;
  };
  switch (decision.decision) {
    case 'ALLOW':
      return { kind: 'execute', evaluation };
    case 'CONSENSUS_NEEDED':
      return { kind: 'wait', evaluation };
    case 'DENY_IMPLICIT':
      return rootApprovals > 0 ? { kind: 'wait', evaluation } : deny();
    case 'DENY_EXPLICIT':
      return deny();
  }
}

/**
 * The record a rejection leaves: every policy the activity's judgements list, each `OUTCOME_REJECTED` (the
 * swagger's outcome for a rejected activity), under the rejecting vote. The policies are not evaluated: a
 * rejection ends the activity whatever they say.
 */
export function rejection(
  activity: ActivityRecord,
  organization: Organization,
  voteId: string,
  now: number,
): PolicyEvaluationRecord {
  const roster = ROOT_QUORUM_ONLY_TYPES.has(activity.type) ? EMPTY_ROSTER : organization.policies.roster();
  return {
    id: randomUUID(),
    activityId: activity.id,
    voteId,
    createdAtMs: now,
    roster: roster.key,
    outcomes: outcomeLetters(roster.policies.map(() => 'OUTCOME_REJECTED')),
  };
}

/**
 * Whether the user's approval could change the activity's outcome: a root user of the organization, or a user
 * the consensus of a policy now waiting for it (OUTCOME_REQUIRES_CONSENSUS) names. Which policies wait is what
 * the activity's latest evaluation said, as long as no policy changed since; after a change the policies as they
 * are now are evaluated again, so that canApprove (and who may vote) follows the change at once, even before
 * anyone votes.
 */
export function mayApprove(
  activity: ActivityRecord,
  organization: Organization,
  usersById: ReadonlyMap<string, UserRecord>,
  approvals: readonly VoteRecord[],
  userId: string,
  now: number,
): boolean {
  if (organization.record.rootUserIds.includes(userId)) return true;
  if (!organization.record.users.some((u) => u.userId === userId)) return false;
  const { policies } = organization;
  let context: ReturnType<typeof policyContextOf> | undefined;
  const contextNow = () => (context ??= policyContextOf(activity, organization, usersById, approvals, now));
  let waiting: readonly string[];
  if (policies.latestIsCurrent(activity.id)) {
    const latest = policies.latestEvaluationOf(activity.id);
    waiting = (latest ? policies.outcomesOf(latest) : [])
      .filter((o) => o.outcome === 'OUTCOME_REQUIRES_CONSENSUS')
      .map((o) => o.policyId);
  } else {
    waiting = policies.waitingAfterChange(activity, () => {
      const roster = ROOT_QUORUM_ONLY_TYPES.has(activity.type) ? EMPTY_ROSTER : policies.roster();
      if (roster.policies.length === 0) return [];
      return decide(roster.policies, contextNow(), { rootQuorumMet: false })
        .evaluations.filter((e) => e.outcome === 'OUTCOME_REQUIRES_CONSENSUS')
        .map((e) => e.policyId);
    });
  }
  if (waiting.length === 0) return false;
  const user = policyUserOf(usersById.get(userId), userId);
  return waiting.some((policyId) => {
    const policy = policies.byId.get(policyId);
    return policy !== undefined && namedByConsensus(policy, user, contextNow());
  });
}
