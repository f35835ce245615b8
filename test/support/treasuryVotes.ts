/**
 * Votes in the sandbox's Treasury, for the suites that read approvals by policy: a sandbox for the calling
 * `describe` (started before its first test, closed after its last), transfers signed by one of Treasury's users,
 * what the store's governance() reads, and an activity's standing as the extension works it out.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../src/api';
import {
  activityStanding,
  lastOutcomes,
  votersOf,
  type ActivityStanding,
  type OutcomeRecord,
} from '../../src/extension/wording/policyStanding';
import { startTestSandbox, type TestSandbox } from './startTestSandbox';
import { ROOT, treasuryTransaction } from './treasuryFixtures';

export type TreasuryGovernance = Awaited<ReturnType<TreasuryVotes['governance']>>;

export class TreasuryVotes {
  #t: TestSandbox | undefined;
  #nonce = 0n;

  get t(): TestSandbox {
    assert.ok(this.#t, 'the sandbox starts before the first test');
    return this.#t;
  }

  get organizationId(): string {
    return this.t.organization('Treasury').organizationId;
  }

  async start(): Promise<void> {
    this.#t = await startTestSandbox();
  }

  async close(): Promise<void> {
    await this.#t?.close();
  }

  readonly client = (index: number) => this.t.clientFor('Treasury', index);

  readonly userId = (index: number): string => this.t.organization('Treasury').users[index]?.userId ?? '';

  /** A transfer of 1 wei to `to`, or, with `amount`, a call of the token's transfer(RECIPIENT, amount) at `to`. */
  readonly transfer = (to: string, amount?: bigint): string => treasuryTransaction(this.#nonce++, to, amount);

  /** Treasury's user `index` signs with Treasury's first key. */
  readonly sign = (index: number, unsignedTransaction: string): Promise<Activity> =>
    this.client(index).signTransaction({
      organizationId: this.organizationId,
      parameters: {
        signWith: this.t.organization('Treasury').privateKeyIds[0] ?? '',
        unsignedTransaction,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });

  /** What the store's governance() reads, as the sandbox answers it. */
  readonly governance = async () => {
    const request = { organizationId: this.organizationId };
    const [policies, users, userTags, privateKeyTags, organization] = await Promise.all([
      this.client(ROOT).listPolicies(request),
      this.client(ROOT).listUsers(request),
      this.client(ROOT).listUserTags(request),
      this.client(ROOT).listPrivateKeyTags(request),
      this.client(ROOT).getOrganization(request),
    ]);
    return { policies, users, userTags, privateKeyTags, privateKeys: organization.privateKeys };
  };

  readonly userTagIdNamed = (name: string, gov: TreasuryGovernance): string => {
    const tag = gov.userTags.find((candidate) => candidate.tagName === name);
    assert.ok(tag, `Treasury has the user tag ${name}`);
    return tag.tagId;
  };

  /** The activity's standing from its last evaluations, or from `outcomes` (a denial's) when given. */
  readonly standingOf = async (activity: Activity, outcomes?: readonly OutcomeRecord[]): Promise<ActivityStanding> => {
    const organizationId = this.organizationId;
    const organization = await this.client(ROOT).getOrganization({ organizationId });
    const records = outcomes
      ? []
      : await this.client(ROOT).getPolicyEvaluations({ organizationId, activityId: activity.id });
    return activityStanding({
      activity,
      outcomes: outcomes ?? lastOutcomes(records),
      governance: await this.governance(),
      quorum: { threshold: organization.rootQuorum.threshold, rootUserIds: organization.rootQuorum.userIds },
      ...votersOf(activity.votes),
      denied: outcomes !== undefined,
    });
  };
}

/** Treasury's votes for the calling `describe`: its sandbox started before the first test, closed after the last. */
export function useTreasuryVotes(): TreasuryVotes {
  const votes = new TreasuryVotes();
  before(() => votes.start());
  after(() => votes.close());
  return votes;
}
