/**
 * Who governs the organization: its policies, its users with their tags, and the names of its user and private
 * key tags, read together as one snapshot (four reads, one in flight, kept until something completes). And why each
 * activity was decided or still waits: its policy evaluations, read once per activity and votes (each vote adds an
 * evaluation), and kept for as many activities as the open set can hold, so that a look over a thousand waiting
 * activities asks only for those whose votes changed.
 */
import type { Activity, CountersignClient, Policy, PolicyEvaluationRecord, Tag, User } from '../../api';
import { Slot } from './slot';

export interface Governance {
  readonly organizationId: string;
  readonly policies: readonly Policy[];
  readonly users: readonly User[];
  readonly userTags: readonly Tag[];
  readonly privateKeyTags: readonly Tag[];
}

type Reader = Pick<CountersignClient, 'listPolicies' | 'listUsers' | 'listUserTags' | 'listPrivateKeyTags'>;
type EvaluationReader = Pick<CountersignClient, 'getPolicyEvaluations'>;

interface KeptEvaluations {
  readonly key: string;
  readonly promise: Promise<readonly PolicyEvaluationRecord[]>;
}

/**
 * At most this many activities' evaluations are kept, the least recently asked dropped first: the open set's bound
 * (ten pages of 100, inbox/openActivities.ts) and as many again for the pages that show finished activities.
 */
export const KEPT_EVALUATIONS = 2_000;

/**
 * The same while the activity's status and votes are (who voted, and how): a vote or an ending adds an evaluation,
 * nothing else does.
 */
export function evaluationKey(activity: Pick<Activity, 'status' | 'votes'>): string {
  return `${activity.status}|${activity.votes.map((vote) => `${vote.userId}:${vote.selection}`).join(',')}`;
}

export class GovernanceReads {
  readonly #slot = new Slot<Governance>();
  readonly #evaluations = new Map<string, KeptEvaluations>();

  read(generation: number, organizationId: string, client: Reader): Promise<Governance> {
    return this.#slot.read(generation, async () => {
      const request = { organizationId };
      const [policies, users, userTags, privateKeyTags] = await Promise.all([
        client.listPolicies(request),
        client.listUsers(request),
        client.listUserTags(request),
        client.listPrivateKeyTags(request),
      ]);
      return { organizationId, policies, users, userTags, privateKeyTags };
    });
  }

  /** What was read last, stale or not (undefined before the first read). */
  get known(): Governance | undefined {
    return this.#slot.value;
  }

  evaluations(
    organizationId: string,
    activity: Activity,
    client: EvaluationReader,
  ): Promise<readonly PolicyEvaluationRecord[]> {
    const key = evaluationKey(activity);
    const kept = this.#evaluations.get(activity.id);
    this.#evaluations.delete(activity.id);
    if (kept?.key === key) {
      // Asked again: the newest, the last to go.
      this.#evaluations.set(activity.id, kept);
      return kept.promise;
    }
    const promise = client.getPolicyEvaluations({ organizationId, activityId: activity.id });
    this.#evaluations.set(activity.id, { key, promise });
    // A failed read is not kept: the next reader asks again.
    void promise.catch(() => {
      if (this.#evaluations.get(activity.id)?.promise === promise) this.#evaluations.delete(activity.id);
    });
    while (this.#evaluations.size > KEPT_EVALUATIONS) {
      const oldest = this.#evaluations.keys().next().value;
      if (oldest === undefined) break;
      this.#evaluations.delete(oldest);
    }
    return promise;
  }

  markStale(): void {
    this.#slot.markStale();
  }

  clear(): void {
    this.#slot.clear();
    this.#evaluations.clear();
  }
}
