/**
 * Who governs the organization: its policies, its users with their tags, and the names of its user and private
 * key tags, read together as one snapshot (four reads, one in flight, kept until something completes). And why each
 * activity was decided or still waits: its policy evaluations, read per activity and kept while its status and
 * votes stay the same.
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

/** At most this many activities' evaluations are kept (the newest asked). */
const KEPT_EVALUATIONS = 64;

/** The same while the activity's status and votes are: a vote or an ending adds an evaluation. */
function evaluationKey(activity: Activity): string {
  return `${activity.status}|${activity.votes.length}|${JSON.stringify(activity.updatedAt ?? null)}`;
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
    if (kept?.key === key) return kept.promise;
    const promise = client.getPolicyEvaluations({ organizationId, activityId: activity.id });
    this.#evaluations.delete(activity.id);
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
