/**
 * Where an activity stands with the organization's policies, as data: from its last policy evaluation (one per
 * vote, from get_policy_evaluations or a denial's details), the policies, users and tags of the organization, and
 * the approvals it has, each policy's outcome, whether its condition held, and where its consensus stands clause
 * by clause (the engine's `consensusStanding`); and where the root quorum stands. Pure (no `vscode`); the words
 * are standingText.ts's. Loaded with the inbox's look and the review page, never at activation.
 */
import type { Activity, Policy, Vote } from '../../api';
import { consensusStanding, type ConsensusStanding, type PolicyCredential, type PolicyUser } from '../../api/remote';

/** One policy's outcome in one evaluation, as the wire carries it. */
export interface OutcomeRecord {
  readonly policyId: string;
  readonly outcome: string;
}

/** Who governs the organization, as much of it as the standing reads (the store's `governance()`). */
export interface GovernanceView {
  readonly policies: readonly Pick<Policy, 'policyId' | 'policyName' | 'effect' | 'condition' | 'consensus'>[];
  readonly users: readonly {
    readonly userId: string;
    readonly userName: string;
    readonly userTags: readonly string[];
  }[];
  readonly userTags: readonly { readonly tagId: string; readonly tagName: string }[];
}

/** The root quorum: its threshold and its users. */
export interface QuorumView {
  readonly threshold: number;
  readonly rootUserIds: readonly string[];
}

/** What one policy did to the activity. */
export type PolicyVerdict = 'waiting' | 'allowed' | 'denied' | 'notApplicable' | 'timeInactive' | 'error' | 'other';

export interface PolicyStanding {
  readonly policyId: string;
  /** Its name; undefined when the policy is no longer among the organization's. */
  readonly policyName: string | undefined;
  readonly effect: string;
  readonly outcome: string;
  readonly verdict: PolicyVerdict;
  /** Its condition and consensus; '' when it has none. */
  readonly condition: string;
  readonly consensus: string;
  /** Whether its condition held, as its outcome shows; undefined when the outcome does not say. */
  readonly conditionHeld: boolean | undefined;
  /** Its consensus with the approvals so far; undefined without a consensus (or without its text). */
  readonly consensusStanding: ConsensusStanding | undefined;
}

export interface RootQuorumStanding {
  readonly threshold: number;
  /** Root users who approved, in order. */
  readonly approved: readonly string[];
  /** Root users who have not voted. */
  readonly couldApprove: readonly string[];
}

/** Where the activity stands: waiting for approvals, denied by policy, completed, or something else. */
export type StandingState = 'waits' | 'denied' | 'completed' | 'other';

export interface ActivityStanding {
  readonly state: StandingState;
  /** Every policy of the last evaluation, in its order. */
  readonly policies: readonly PolicyStanding[];
  readonly rootQuorum: RootQuorumStanding;
  /** The root quorum was met: policies were bypassed. */
  readonly bypassedByRootQuorum: boolean;
  /** Rows of docs/policies.md the standing rests on ("the service may differ"), sorted. */
  readonly choices: readonly string[];
}

export interface StandingInput {
  readonly activity: Pick<Activity, 'status' | 'votes'>;
  /** The outcomes of the last evaluation (get_policy_evaluations' last record, or a denial's details). */
  readonly outcomes: readonly OutcomeRecord[];
  readonly governance: GovernanceView;
  readonly quorum: QuorumView;
  /** The users whose approvals count now (live, distinct), in the order they approved: the submitter first. */
  readonly approvals: readonly string[];
  /** Users who rejected (they can no longer approve). */
  readonly rejected?: readonly string[];
  /** The service refused it (HTTP 403 with these outcomes): it was never stored. */
  readonly denied?: boolean;
}

const VERDICTS: Readonly<Record<string, PolicyVerdict>> = {
  OUTCOME_REQUIRES_CONSENSUS: 'waiting',
  OUTCOME_ALLOW: 'allowed',
  OUTCOME_DENY_EXPLICIT: 'denied',
  OUTCOME_DENY_IMPLICIT: 'notApplicable',
  OUTCOME_TIME_INACTIVE: 'timeInactive',
  OUTCOME_ERROR: 'error',
};

/** The credential a vote was stamped with, as a consensus reads it (its id is not on the wire). */
function credentialOf(vote: Vote): PolicyCredential {
  const passkey = /WEBAUTHN/i.test(vote.scheme ?? '');
  return {
    id: '',
    user_id: vote.userId,
    type: passkey ? 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' : 'CREDENTIAL_TYPE_API_KEY_P256',
    public_key: vote.publicKey ?? '',
  };
}

function stateOf(input: StandingInput): StandingState {
  const { status } = input.activity;
  if (input.denied) return 'denied';
  if (status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED' || status === 'ACTIVITY_STATUS_PENDING') return 'waits';
  if (status === 'ACTIVITY_STATUS_COMPLETED') return 'completed';
  // A DENY that applied on a later vote fails the activity.
  if (status === 'ACTIVITY_STATUS_FAILED' && input.outcomes.some((o) => o.outcome === 'OUTCOME_DENY_EXPLICIT'))
    return 'denied';
  return 'other';
}

/** Where the activity stands; `outcomes` empty means the organization has no policy (the root quorum alone). */
export function activityStanding(input: StandingInput): ActivityStanding {
  const { governance, quorum, approvals } = input;
  const usersById = new Map(governance.users.map((u) => [u.userId, u]));
  const policyUser = (id: string): PolicyUser => ({ id, tags: [...(usersById.get(id)?.userTags ?? [])] });
  const approvers = approvals.map(policyUser);
  const voted = new Set([...approvals, ...(input.rejected ?? [])]);
  const candidates = governance.users.filter((u) => !voted.has(u.userId)).map((u) => policyUser(u.userId));
  const approvedSet = new Set(approvals);
  const credentials = input.activity.votes
    .filter((v) => v.selection === 'VOTE_SELECTION_APPROVED' && approvedSet.has(v.userId))
    .map(credentialOf);
  const choices = new Set<string>();
  const policies = input.outcomes.map((record): PolicyStanding => {
    const policy = governance.policies.find((p) => p.policyId === record.policyId);
    const consensus = policy?.consensus ?? '';
    const condition = policy?.condition ?? '';
    const verdict = VERDICTS[record.outcome] ?? 'other';
    const standing =
      consensus.trim() === '' ? undefined : consensusStanding(consensus, { approvers, credentials, candidates });
    standing?.choices.forEach((id) => choices.add(id));
    const applied =
      verdict === 'waiting' || verdict === 'allowed' || verdict === 'denied' || verdict === 'timeInactive';
    // Not applicable while its consensus holds (or it has none): then its condition (or time) was false.
    const conditionHeld = applied
      ? true
      : verdict === 'notApplicable' && (standing === undefined || standing.met === true)
        ? false
        : undefined;
    return {
      policyId: record.policyId,
      policyName: policy?.policyName,
      effect: policy?.effect ?? '',
      outcome: record.outcome,
      verdict,
      condition,
      consensus,
      conditionHeld,
      consensusStanding: standing,
    };
  });
  const rootApproved = approvals.filter((id) => quorum.rootUserIds.includes(id));
  return {
    state: stateOf(input),
    policies,
    rootQuorum: {
      threshold: quorum.threshold,
      approved: rootApproved,
      couldApprove: quorum.rootUserIds.filter((id) => !voted.has(id)),
    },
    bypassedByRootQuorum: rootApproved.length >= quorum.threshold,
    choices: [...choices].sort(),
  };
}

/** The outcomes of the last evaluation of a list (get_policy_evaluations answers them in order). */
export function lastOutcomes(
  records: readonly { readonly policyEvaluations: readonly OutcomeRecord[] }[],
): readonly OutcomeRecord[] {
  return records[records.length - 1]?.policyEvaluations ?? [];
}

/**
 * The outcomes the activity's standing rests on: the last evaluation's, except for a rejected activity, whose
 * rejection is recorded as an evaluation of its own: then the last one before it, the rule the rejection stopped.
 */
export function judgedOutcomes(
  status: string,
  records: readonly { readonly policyEvaluations: readonly OutcomeRecord[] }[],
): readonly OutcomeRecord[] {
  if (status !== 'ACTIVITY_STATUS_REJECTED') return lastOutcomes(records);
  return lastOutcomes(records.filter((r) => r.policyEvaluations.some((o) => o.outcome !== 'OUTCOME_REJECTED')));
}

/** The policy evaluations a denial (HTTP 403) carries in its details, if any. */
export function deniedOutcomes(details: readonly unknown[] | undefined): readonly OutcomeRecord[] | undefined {
  for (const detail of details ?? []) {
    if (typeof detail !== 'object' || detail === null) continue;
    const list = (detail as { policyEvaluations?: unknown }).policyEvaluations;
    if (!Array.isArray(list)) continue;
    return list.flatMap((entry: unknown) => {
      const { policyId, outcome } = (entry ?? {}) as { policyId?: unknown; outcome?: unknown };
      return typeof policyId === 'string' && typeof outcome === 'string' ? [{ policyId, outcome }] : [];
    });
  }
  return undefined;
}

/** The users who approved (distinct, in order: the submitter first) and those who rejected, from these votes. */
export function votersOf(votes: readonly Pick<Vote, 'userId' | 'selection'>[]): {
  approvals: string[];
  rejected: string[];
} {
  const approvals: string[] = [];
  const rejected: string[] = [];
  for (const vote of votes) {
    const list = vote.selection === 'VOTE_SELECTION_APPROVED' ? approvals : rejected;
    if (!approvals.includes(vote.userId) && !rejected.includes(vote.userId)) list.push(vote.userId);
  }
  return { approvals, rejected };
}
