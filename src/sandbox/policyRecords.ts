/**
 * An organization's policies and the record of every evaluation of them, as the journal holds them: the
 * effects that change them and how each is applied (both when made durable and when the journal is read back;
 * applying one twice changes nothing more).
 */
import type { PolicyEffect as Effect, PolicyOutcome } from '../api/remote';

export interface PolicyRecord {
  readonly policyId: string;
  readonly policyName: string;
  readonly effect: Effect;
  /** Absent when the policy has none (no constraint). */
  readonly condition?: string;
  readonly consensus?: string;
  readonly time?: string;
  readonly notes: string;
  readonly createdAtMs: number;
  readonly updatedAtMs: number;
}

/** One evaluation of every policy of the organization: at a submission or at a vote (`voteId`). */
export interface PolicyEvaluationRecord {
  readonly id: string;
  /** The activity evaluated; for a denied submission, the id it would have had (it was never stored). */
  readonly activityId: string;
  readonly voteId: string;
  readonly createdAtMs: number;
  readonly outcomes: readonly { readonly policyId: string; readonly outcome: PolicyOutcome }[];
}

export type PolicyStateEffect =
  | { readonly op: 'putPolicies'; readonly organizationId: string; readonly records: readonly PolicyRecord[] }
  | { readonly op: 'deletePolicies'; readonly organizationId: string; readonly policyIds: readonly string[] }
  | { readonly op: 'putPolicyEvaluation'; readonly organizationId: string; readonly record: PolicyEvaluationRecord };

/** The policies of one organization, in the order they were created, and its evaluations by activity. */
export class OrganizationPolicies {
  readonly byId = new Map<string, PolicyRecord>();
  readonly #evaluations = new Map<string, PolicyEvaluationRecord[]>();

  get size(): number {
    return this.byId.size;
  }

  list(): PolicyRecord[] {
    return [...this.byId.values()];
  }

  /** The activity's evaluations, oldest first. */
  evaluationsOf(activityId: string): readonly PolicyEvaluationRecord[] {
    return this.#evaluations.get(activityId) ?? [];
  }

  latestEvaluationOf(activityId: string): PolicyEvaluationRecord | undefined {
    return this.#evaluations.get(activityId)?.at(-1);
  }

  apply(effect: PolicyStateEffect): void {
    switch (effect.op) {
      case 'putPolicies':
        // An update keeps the policy's place in the order (Map.set on an existing key does).
        for (const record of effect.records) this.byId.set(record.policyId, record);
        return;
      case 'deletePolicies':
        for (const id of effect.policyIds) this.byId.delete(id);
        return;
      case 'putPolicyEvaluation': {
        const list = this.#evaluations.get(effect.record.activityId) ?? [];
        if (list.some((e) => e.id === effect.record.id)) return;
        list.push(effect.record);
        this.#evaluations.set(effect.record.activityId, list);
        return;
      }
    }
  }
}
