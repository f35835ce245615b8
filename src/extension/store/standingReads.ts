/**
 * Where an activity stands with the organization's policies, read through the store: the organization (its root
 * quorum, who you are), who governs it (policies, users with tags, tag names) and the activity's last policy
 * evaluation, or the evaluations a denial carried. Every feature that words an activity's standing reads it here.
 */
import type { Activity, PolicyEvaluationRecord, Vote } from '../../api';
import { judgedOutcomes, votersOf, type ActivityStanding, type OutcomeRecord } from '../wording/policyStanding';
import { standingNames, standingWords, type StandingNames } from '../wording/standingText';
import { standingView, type StandingView } from '../wording/standingCount';
import type { Governance } from './governance';
import type { OrganizationSnapshot } from './storeTypes';

/** What a standing is read from: the organization store (or, in tests and benches, the same reads made directly). */
export interface StandingSources {
  organization(): Promise<OrganizationSnapshot | undefined>;
  governance(): Promise<Governance | undefined>;
  evaluations(activity: Activity): Promise<readonly PolicyEvaluationRecord[] | undefined>;
}

export interface StandingRead {
  readonly standing: ActivityStanding;
  readonly names: StandingNames;
  /** The same standing with what a vote would change: the source of every count. */
  readonly view: StandingView;
}

/** What to read the standing of: an activity (with the votes that count now), or a refused submission. */
export type StandingSubject =
  | { readonly activity: Activity; readonly votes?: readonly Vote[] }
  | {
      readonly organizationId: string;
      /** The outcomes the denial carried (the activity was never stored). */
      readonly denial: readonly OutcomeRecord[];
    };

/** Everything a standing is worked out from, read; working it out is then synchronous (`standingOf`). */
export interface StandingInputs {
  readonly subject: StandingSubject;
  readonly organization: OrganizationSnapshot;
  readonly governance: Governance;
  readonly outcomes: readonly OutcomeRecord[];
}

/**
 * What the standing rests on, or undefined when the organization, its governance or the evaluations could not be
 * read, or belong to another organization (a profile switch in between).
 */
export async function standingInputs(
  store: StandingSources,
  subject: StandingSubject,
): Promise<StandingInputs | undefined> {
  const organizationId = 'activity' in subject ? subject.activity.organizationId : subject.organizationId;
  const [organization, governance] = await Promise.all([store.organization(), store.governance()]);
  if (!organization || !governance) return undefined;
  if (organization.organizationId !== organizationId || governance.organizationId !== organizationId) return undefined;
  let outcomes: readonly OutcomeRecord[] = 'denial' in subject ? subject.denial : [];
  if ('activity' in subject && governance.policies.length > 0) {
    const records = await store.evaluations(subject.activity);
    if (!records) return undefined;
    outcomes = judgedOutcomes(subject.activity.status, records);
  }
  return { subject, organization, governance, outcomes };
}

/**
 * The standing from what was read: synchronous, and as costly as the policies' consensus expressions (the policy
 * engine bounds each evaluation). An organization without policies has a standing too: the root quorum alone.
 */
export function standingOf({ subject, organization, governance, outcomes }: StandingInputs): StandingRead {
  const votes = 'activity' in subject ? (subject.votes ?? subject.activity.votes) : [];
  const { approvals, rejected } = votersOf(votes);
  const input = {
    activity: { status: 'activity' in subject ? subject.activity.status : 'ACTIVITY_STATUS_FAILED', votes },
    outcomes,
    governance,
    quorum: { threshold: organization.data.rootQuorum.threshold, rootUserIds: organization.data.rootQuorum.userIds },
    approvals,
    rejected,
    denied: 'denial' in subject,
  };
  // The organization's keys name the private key ids a condition holds.
  const names = standingNames({ ...governance, privateKeys: organization.data.privateKeys }, organization.userId);
  const view = standingView(input, names);
  return { standing: view.standing, names, view };
}

/** The standing, or undefined when what it rests on could not be read (see `standingInputs`). */
export async function readStanding(
  store: StandingSources,
  subject: StandingSubject,
): Promise<StandingRead | undefined> {
  const inputs = await standingInputs(store, subject);
  return inputs && standingOf(inputs);
}

/** Where a policy waits for the activity, in words (`Policy "…": 1 of 2 approvals from finance (…)`); else undefined. */
export async function policyWaitText(store: StandingSources, activity: Activity): Promise<string | undefined> {
  if (activity.status !== 'ACTIVITY_STATUS_CONSENSUS_NEEDED') return undefined;
  const governance = await store.governance();
  if (!governance || governance.policies.length === 0) return undefined;
  const read = await readStanding(store, { activity });
  return read && standingWords(read.standing, read.names).summary;
}
