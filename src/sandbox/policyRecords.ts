/**
 * An organization's policies and the record of every evaluation of them, as the journal holds them: the
 * effects that change them and how each is applied (both when made durable and when the journal is read back;
 * applying one twice changes nothing more).
 */
import { createHash } from 'node:crypto';
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

/**
 * One evaluation of every policy of the organization: at a submission or at a vote (`voteId`). With 100 policies a
 * record would be 8 KB were each outcome written with its policy's id, on every submission and vote, and kept in
 * memory as 100 objects: it names instead the list of policy ids it was made with (a roster, shared by every record
 * made before the list changes) and holds one letter per outcome, in the roster's order.
 */
export interface PolicyEvaluationRecord {
  readonly id: string;
  /** The activity evaluated; for a denied submission, the id it would have had (it was never stored). */
  readonly activityId: string;
  readonly voteId: string;
  readonly createdAtMs: number;
  /** The key of the organization's list of policy ids the evaluation was made with (`rosterKey`). */
  readonly roster: string;
  /** One letter per policy of the roster, in its order (OUTCOME_LETTERS). */
  readonly outcomes: string;
}

/** How journals written before rosters hold an evaluation: each outcome beside its policy's id. Still read. */
interface ListedEvaluationRecord extends Omit<PolicyEvaluationRecord, 'roster' | 'outcomes'> {
  readonly outcomes: readonly PolicyOutcomeEntry[];
}

export interface PolicyOutcomeEntry {
  readonly policyId: string;
  readonly outcome: PolicyOutcome;
}

const OUTCOME_LETTERS: Readonly<Record<PolicyOutcome, string>> = {
  OUTCOME_ALLOW: 'A',
  OUTCOME_DENY_EXPLICIT: 'D',
  OUTCOME_DENY_IMPLICIT: 'I',
  OUTCOME_REQUIRES_CONSENSUS: 'C',
  OUTCOME_REJECTED: 'R',
  OUTCOME_ERROR: 'E',
  OUTCOME_REQUIRES_AUTHENTICATORS: 'U',
  OUTCOME_TIME_INACTIVE: 'T',
};
const OUTCOME_OF_LETTER = new Map(
  Object.entries(OUTCOME_LETTERS).map(([outcome, letter]) => [letter, outcome as PolicyOutcome]),
);

/** The outcomes as a record holds them. */
export function outcomeLetters(outcomes: readonly PolicyOutcome[]): string {
  let letters = '';
  for (const outcome of outcomes) letters += OUTCOME_LETTERS[outcome];
  return letters;
}

/** The organization's policies, in order, as an evaluation was made with them. */
export interface PolicyRoster {
  /** Names the list of ids for good: a digest of them, the same whenever the organization has the same list. */
  readonly key: string;
  readonly policies: readonly PolicyRecord[];
  readonly policyIds: readonly string[];
}

export function rosterKey(policyIds: readonly string[]): string {
  return createHash('sha256').update(policyIds.join('\n')).digest('base64url').slice(0, 22);
}

function rosterOf(policies: readonly PolicyRecord[]): PolicyRoster {
  const policyIds = policies.map((p) => p.policyId);
  return { key: rosterKey(policyIds), policies, policyIds };
}

/** No policy: what activities only the root quorum decides are judged with. */
export const EMPTY_ROSTER: PolicyRoster = rosterOf([]);

export type PolicyStateEffect =
  | { readonly op: 'putPolicies'; readonly organizationId: string; readonly records: readonly PolicyRecord[] }
  | { readonly op: 'deletePolicies'; readonly organizationId: string; readonly policyIds: readonly string[] }
  | {
      readonly op: 'putPolicyEvaluation';
      readonly organizationId: string;
      readonly record: PolicyEvaluationRecord | ListedEvaluationRecord;
    };

/** The policies of one organization, in the order they were created, and its evaluations by activity. */
export class OrganizationPolicies {
  readonly byId = new Map<string, PolicyRecord>();
  readonly #evaluations = new Map<string, PolicyEvaluationRecord[]>();
  /** The current roster, made again on first use after a change. */
  #roster: PolicyRoster | undefined = EMPTY_ROSTER;
  /** Every list of policy ids an evaluation was made with, by key. */
  readonly #rosters = new Map<string, readonly string[]>([[EMPTY_ROSTER.key, EMPTY_ROSTER.policyIds]]);
  /** Counts the changes to the policies (created, updated, deleted), in the order they were applied. */
  #changes = 0;
  /** For each activity, the count of changes when its latest evaluation was recorded. */
  readonly #latestAtChange = new Map<string, number>();
  /** The policies waiting for an activity, worked out after a change, by its record (a vote replaces the record). */
  readonly #waitingAfterChange = new WeakMap<
    object,
    { readonly changes: number; readonly policyIds: readonly string[] }
  >();

  get size(): number {
    return this.byId.size;
  }

  list(): PolicyRecord[] {
    return [...this.byId.values()];
  }

  /** The policies as they are now, to evaluate them and to name them in the record of that evaluation. */
  roster(): PolicyRoster {
    if (this.#roster === undefined) {
      this.#roster = rosterOf(this.list());
      if (!this.#rosters.has(this.#roster.key)) this.#rosters.set(this.#roster.key, this.#roster.policyIds);
    }
    return this.#roster;
  }

  /** The activity's evaluations, oldest first. */
  evaluationsOf(activityId: string): readonly PolicyEvaluationRecord[] {
    return this.#evaluations.get(activityId) ?? [];
  }

  latestEvaluationOf(activityId: string): PolicyEvaluationRecord | undefined {
    return this.#evaluations.get(activityId)?.at(-1);
  }

  /** Whether the activity's latest evaluation was made with the policies as they are now (none changed since). */
  latestIsCurrent(activityId: string): boolean {
    return this.#latestAtChange.get(activityId) === this.#changes;
  }

  /**
   * The ids of the policies waiting for the activity now, when its latest evaluation is older than a change:
   * `compute` evaluates them once per record and change, not on every read of the activity.
   */
  waitingAfterChange(activity: object, compute: () => readonly string[]): readonly string[] {
    const known = this.#waitingAfterChange.get(activity);
    if (known?.changes === this.#changes) return known.policyIds;
    const policyIds = compute();
    this.#waitingAfterChange.set(activity, { changes: this.#changes, policyIds });
    return policyIds;
  }

  /** Each policy's outcome in a record of this organization, in order. */
  outcomesOf(record: PolicyEvaluationRecord): PolicyOutcomeEntry[] {
    const policyIds = this.#rosters.get(record.roster) ?? [];
    return policyIds.map((policyId, i) => ({
      policyId,
      outcome: OUTCOME_OF_LETTER.get(record.outcomes[i] ?? '') ?? 'OUTCOME_ERROR',
    }));
  }

  apply(effect: PolicyStateEffect): void {
    switch (effect.op) {
      case 'putPolicies':
        // An update keeps the policy's place in the order (Map.set on an existing key does).
        for (const record of effect.records) this.byId.set(record.policyId, record);
        // The roster holds the records too: an update replaces them.
        if (effect.records.length > 0) {
          this.#roster = undefined;
          this.#changes++;
        }
        return;
      case 'deletePolicies':
        for (const id of effect.policyIds) {
          if (!this.byId.delete(id)) continue;
          this.#roster = undefined;
          this.#changes++;
        }
        return;
      case 'putPolicyEvaluation': {
        const record = this.#compact(effect.record);
        const list = this.#evaluations.get(record.activityId) ?? [];
        if (list.some((e) => e.id === record.id)) return;
        list.push(record);
        this.#evaluations.set(record.activityId, list);
        this.#latestAtChange.set(record.activityId, this.#changes);
        return;
      }
    }
  }

  /** A record with a known roster: one written with its ids listed gets the roster of those ids. */
  #compact(record: PolicyEvaluationRecord | ListedEvaluationRecord): PolicyEvaluationRecord {
    if (typeof record.outcomes !== 'string') {
      const { outcomes, ...rest } = record as ListedEvaluationRecord;
      const policyIds = outcomes.map((o) => o.policyId);
      const key = rosterKey(policyIds);
      if (!this.#rosters.has(key)) this.#rosters.set(key, policyIds);
      return { ...rest, roster: key, outcomes: outcomeLetters(outcomes.map((o) => o.outcome)) };
    }
    const compact = record as PolicyEvaluationRecord;
    // Made with the policies of this moment (the journal is read back in the order it was decided in).
    if (!this.#rosters.has(compact.roster)) this.roster();
    if (!this.#rosters.has(compact.roster))
      throw new Error(
        `policy evaluation ${compact.id} was made with a list of policies (${compact.roster}) this organization never had`,
      );
    return compact;
  }
}
