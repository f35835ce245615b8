/** How policies and their evaluations read on the wire (the swagger's v1Policy and PolicyEvaluation). */
import { timestampFromMs } from '../api';
import type { PolicyEvaluationRecord, PolicyOutcomeEntry, PolicyRecord } from './policyRecords';

/** `condition` and `consensus` are required on the wire: a policy without one reads as "". */
export function renderPolicy(policy: PolicyRecord): Record<string, unknown> {
  return {
    policyId: policy.policyId,
    policyName: policy.policyName,
    effect: policy.effect,
    createdAt: timestampFromMs(policy.createdAtMs),
    updatedAt: timestampFromMs(policy.updatedAtMs),
    notes: policy.notes,
    consensus: policy.consensus ?? '',
    condition: policy.condition ?? '',
    ...(policy.time !== undefined ? { time: policy.time } : {}),
  };
}

export function renderPolicyEvaluation(
  organizationId: string,
  record: PolicyEvaluationRecord,
  outcomes: readonly PolicyOutcomeEntry[],
): Record<string, unknown> {
  return {
    id: record.id,
    activityId: record.activityId,
    organizationId,
    voteId: record.voteId,
    policyEvaluations: outcomes.map((o) => ({ policyId: o.policyId, outcome: o.outcome })),
    createdAt: timestampFromMs(record.createdAtMs),
  };
}
