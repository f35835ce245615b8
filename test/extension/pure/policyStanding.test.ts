/**
 * Approvals by policy, from what the sandbox answers for its Treasury organization: who the inbox says may vote
 * (the service's canApprove, the root quorum only where canApprove is absent), where an activity stands per policy
 * in words, the review page's "Why it waits" with the clause that decided marked, and a denial's message naming
 * the policy. The evaluations, policies, users and tags are the sandbox's own records.
 */
import * as assert from 'node:assert/strict';
import { ServiceError, type Activity } from '../../../src/api';
import { activitySchema, encodeFunctionCall, serializeUnsignedTransaction } from '../../../src/api/remote';
import { SAMPLE_TOKEN_ADDRESS } from '../../../src/api/sampleToken';
import { TREASURY_TRANSFER_CAP } from '../../../src/sandbox/treasurySeed';
import { APPROVAL_WINDOW_MS, awaitsVote, organizationFacts } from '../../../src/extension/inbox/inboxRules';
import { reviewWhy } from '../../../src/extension/review/reviewWhy';
import { whyContext } from '../../../src/extension/review/whyContext';
import { markedText } from '../../../src/extension/review/whyView';
import {
  activityStanding,
  deniedOutcomes,
  lastOutcomes,
  votersOf,
  type ActivityStanding,
  type OutcomeRecord,
} from '../../../src/extension/wording/policyStanding';
import {
  countText,
  deniedAfterApprovalMessage,
  denialMessage,
  standingNames,
  standingWords,
} from '../../../src/extension/wording/standingText';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';
import * as treasury from '../../support/treasuryFixtures';

const { ROOT, APPROVER_1, APPROVER_2, DEVELOPER, TREASURY_RECIPIENT: RECIPIENT, LARGE_TRANSFERS: LARGE } = treasury;
const UNREGISTERED = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';
const APPROVED = 'VOTE_SELECTION_APPROVED';
const REJECTED = 'VOTE_SELECTION_REJECTED';

describe('approvals by policy: the inbox rule and the words, from Treasury', function () {
  this.timeout(30_000);
  let t: TestSandbox;
  let organizationId: string;
  let nonce = 0n;
  before(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Treasury').organizationId;
  });
  after(() => t.close());

  const client = (index: number) => t.clientFor('Treasury', index);
  const userId = (index: number): string => t.organization('Treasury').users[index]?.userId ?? '';
  const transfer = (to: string, amount?: bigint): string =>
    serializeUnsignedTransaction({
      chainId: 1,
      nonce: nonce++,
      to,
      gas: 100_000n,
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
      ...(amount === undefined
        ? { value: 1n }
        : { data: encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, amount]) }),
    });
  const sign = (index: number, unsignedTransaction: string): Promise<Activity> =>
    client(index).signTransaction({
      organizationId,
      parameters: {
        signWith: t.organization('Treasury').privateKeyIds[0] ?? '',
        unsignedTransaction,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    });

  /** What the store's governance() reads, as the sandbox answers it. */
  async function governance() {
    const request = { organizationId };
    const [policies, users, userTags, privateKeyTags, organization] = await Promise.all([
      client(ROOT).listPolicies(request),
      client(ROOT).listUsers(request),
      client(ROOT).listUserTags(request),
      client(ROOT).listPrivateKeyTags(request),
      client(ROOT).getOrganization(request),
    ]);
    return { policies, users, userTags, privateKeyTags, privateKeys: organization.privateKeys };
  }

  function userTagIdNamed(name: string, gov: Awaited<ReturnType<typeof governance>>): string {
    const tag = gov.userTags.find((candidate) => candidate.tagName === name);
    assert.ok(tag, `Treasury has the user tag ${name}`);
    return tag.tagId;
  }

  async function standingOf(activity: Activity, outcomes?: readonly OutcomeRecord[]): Promise<ActivityStanding> {
    const organization = await client(ROOT).getOrganization({ organizationId });
    const records = outcomes
      ? []
      : await client(ROOT).getPolicyEvaluations({ organizationId, activityId: activity.id });
    return activityStanding({
      activity,
      outcomes: outcomes ?? lastOutcomes(records),
      governance: await governance(),
      quorum: { threshold: organization.rootQuorum.threshold, rootUserIds: organization.rootQuorum.userIds },
      ...votersOf(activity.votes),
      denied: outcomes !== undefined,
    });
  }

  it('puts a large transfer in the inbox of the finance approver who has not voted, not in the others', async () => {
    const submitted = await sign(APPROVER_1, transfer(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP * 2n));
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const data = await client(ROOT).getOrganization({ organizationId });
    const now = t.clock.now();
    const inboxOf = async (index: number): Promise<boolean> => {
      const seen = await client(index).getActivity({ organizationId, activityId: submitted.id });
      return awaitsVote(seen, organizationFacts(userId(index), data), now);
    };
    assert.equal(await inboxOf(APPROVER_2), true, 'a finance approver, not a root user: the service says they can');
    assert.equal(await inboxOf(APPROVER_1), false, 'the submitter approved by submitting');
    assert.equal(await inboxOf(DEVELOPER), false, 'no policy names the developer');
    assert.equal(await inboxOf(ROOT), true, 'the root user can always vote');

    // Without canApprove on the wire, the root quorum decides as before: the approver is no root user.
    const seen = await client(APPROVER_2).getActivity({ organizationId, activityId: submitted.id });
    const wire = JSON.parse(JSON.stringify(seen)) as Record<string, unknown>;
    delete wire['canApprove'];
    delete wire['canReject'];
    const silent = activitySchema.parse(wire);
    assert.equal(silent.canApproveKnown, false);
    assert.equal(awaitsVote(silent, organizationFacts(userId(APPROVER_2), data), now), false);
    assert.equal(awaitsVote(silent, organizationFacts(userId(ROOT), data), now), true);
  });

  it('says per policy where a large transfer stands, whose approvals count and who can still give them', async () => {
    const submitted = await sign(APPROVER_1, transfer(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP * 3n));
    const standing = await standingOf(submitted);
    assert.equal(standing.state, 'waits');
    const gov = await governance();
    const asApprover2 = standingWords(standing, standingNames(gov, userId(APPROVER_2)));
    assert.equal(
      asApprover2.summary,
      `Policy "${LARGE}": 1 of 2 approvals from finance (Treasury approver 1 approved; you can approve)`,
    );
    assert.deepEqual(asApprover2.lines, [asApprover2.summary, 'Root quorum: 0 of 1 (Treasury root user can approve)']);
    assert.match(asApprover2.mayDiffer ?? '', /^The service may differ: (?!.*tags-by-id).*matched by their id, never/);
    const asRoot = standingWords(standing, standingNames(gov, userId(ROOT)));
    assert.equal(
      asRoot.summary,
      `Policy "${LARGE}": 1 of 2 approvals from finance (Treasury approver 1 approved; Treasury approver 2 can approve)`,
    );
    assert.equal(asRoot.lines[1], 'Root quorum: 0 of 1 (you can approve)');

    // The review page: the waiting policy first, its condition marked as held, its unmet count marked.
    const why = reviewWhy(standing, standingNames(gov, userId(ROOT)));
    assert.ok(why);
    assert.equal(why.heading, 'Why it waits');
    const [first, ...others] = why.policies;
    assert.equal(first?.tone, 'waiting');
    assert.equal(first?.outcome, asRoot.summary);
    const consensus = first?.expressions.find((e) => e.label === 'Consensus');
    assert.ok(consensus);
    assert.deepEqual(consensus.marks, [{ offset: 0, length: consensus.text.length, tone: 'unmet' }]);
    assert.deepEqual(
      first?.expressions.find((e) => e.label === 'Condition')?.marks.map((m) => m.tone),
      ['met'],
    );
    assert.deepEqual(
      others.map((p) => p.outcome),
      [
        'Policy "Developer transfers below the cap" does not apply',
        'Policy "Hot keys sign only for registered contracts" does not apply',
        // The wallet policies read `wallet`, which a signing by a private key has none of: they error, as on the service.
        'Policy "Cold wallet signs only with two finance approvals" could not be evaluated, so it does not count',
        'Policy "Hot wallet signs only for registered contracts" could not be evaluated, so it does not count',
        'Policy "Cold wallet exports need two finance approvals" could not be evaluated, so it does not count',
      ],
    );
    assert.deepEqual(why.lines, ['Root quorum: 0 of 1 (you can approve)']);
    // The finance tag's id is named beside it, inside the mark; the expression's text stays as written around it.
    const financeId = userTagIdNamed('finance', gov);
    const literalEnd = consensus.text.indexOf(`'${financeId}'`) + financeId.length + 2;
    const nameNode = { tag: 'bdi', attrs: { class: 'id-name', title: 'finance (user tag)' }, children: ['finance'] };
    assert.deepEqual(markedText(consensus), [
      {
        tag: 'mark',
        attrs: { class: 'unmet' },
        children: [consensus.text.slice(0, literalEnd), nameNode, consensus.text.slice(literalEnd)],
      },
    ]);
    const hotCondition = others[1]?.expressions.find((e) => e.label === 'Condition');
    assert.deepEqual(
      hotCondition?.names.map((n) => [hotCondition.text.slice(n.offset, n.offset + n.length), n.name, n.title]),
      [[`'${gov.privateKeyTags.find((tag) => tag.tagName === 'hot')?.tagId}'`, 'hot', 'hot (private key tag)']],
    );
  });

  it('says each clause of the deciding policy in a sentence, the amount in tokens, with a legend', async () => {
    const submitted = await sign(APPROVER_1, transfer(SAMPLE_TOKEN_ADDRESS, (TREASURY_TRANSFER_CAP * 3n) / 2n));
    const [standing, gov, interfaces, { privateKeys }] = await Promise.all([
      standingOf(submitted),
      governance(),
      client(ROOT).listSmartContractInterfaces({ organizationId }),
      client(ROOT).getOrganization({ organizationId }),
    ]);
    const context = whyContext(submitted, interfaces, privateKeys, new Date());
    const why = reviewWhy(standing, standingNames(gov, userId(APPROVER_2)), { context });
    assert.ok(why);
    const said = (policy: number) =>
      why.policies[policy]?.clauses.map((group) => [group.label, group.clauses.map((c) => `${c.state}: ${c.text}`)]);
    assert.deepEqual(said(0), [
      [
        'Condition',
        [
          `applies: the address it is sent to is ${SAMPLE_TOKEN_ADDRESS} (EXAMPLE)`,
          "applies: the function called is 'transfer'",
          'applies: amount is 1,500 EXAMPLE, at least 1,000 EXAMPLE',
        ],
      ],
      [
        'Consensus',
        ['not yet: needs 2 approvals from users tagged finance: 1 so far (Treasury approver 1); you can approve'],
      ],
    ]);
    // A policy that does not apply says which clause did not hold, from the same values.
    assert.deepEqual(said(1)?.[0]?.[1]?.[2], 'does not apply: amount is 1,500 EXAMPLE, at least 1,000 EXAMPLE');
    assert.deepEqual(said(2)?.[0]?.[1]?.[0], 'applies: the signing key is tagged hot');
    assert.deepEqual(why.legend, { met: 'Outlined green: holds', unmet: 'Outlined orange: does not hold (yet)' });
    // The assumptions in plain words, never the ids of their rows.
    const notes = why.notes.map((n) => n.text).join('\n');
    assert.match(notes, /Tags are assumed to be matched by their id/);
    assert.doesNotMatch(notes, /tags-by-id|named-by-consensus/);
  });

  it('says who rejected an activity, by name, and under which policy it can no longer be met', async () => {
    const submitted = await sign(APPROVER_1, transfer(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP * 2n));
    await client(APPROVER_2).rejectActivity({ organizationId, parameters: { fingerprint: submitted.fingerprint } });
    const rejected = await client(ROOT).getActivity({ organizationId, activityId: submitted.id });
    assert.equal(rejected.status, 'ACTIVITY_STATUS_REJECTED');
    const standing = await standingOf(rejected);
    const names = standingNames(await governance(), userId(ROOT));
    const why = reviewWhy(standing, names, { rejectedBy: votersOf(rejected.votes).rejected });
    assert.equal(why?.heading, 'Why it was rejected');
    assert.deepEqual(why?.lead, ['Rejected by Treasury approver 2.']);
    assert.equal(why?.policies[0]?.outcome, `Policy "${LARGE}": its consensus can no longer be met`);
    assert.deepEqual(
      why?.policies[0]?.clauses.find((group) => group.label === 'Consensus')?.clauses.map((c) => c.text),
      [
        'needs 2 approvals from users tagged finance: 1 so far (Treasury approver 1); no one else can approve, so it can no longer be met',
      ],
    );
  });

  it('counts the second approval and says why it completed', async () => {
    const submitted = await sign(APPROVER_1, transfer(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP));
    await client(APPROVER_2).approveActivity({ organizationId, parameters: { fingerprint: submitted.fingerprint } });
    const done = await client(ROOT).getActivity({ organizationId, activityId: submitted.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    const standing = await standingOf(done);
    const gov = await governance();
    assert.deepEqual(standingWords(standing, standingNames(gov)).lines, [`Policy "${LARGE}" allowed it`]);
    const why = reviewWhy(standing, standingNames(gov));
    assert.equal(why?.heading, 'Why it completed');
    assert.deepEqual(
      why?.policies[0]?.expressions.find((e) => e.label === 'Consensus')?.marks.map((m) => m.tone),
      ['met'],
    );
  });

  it('counts the approvals of one user who approved again once, and never offers a user who rejected', async () => {
    const gov = await governance();
    // A day after submitting, the submitter's approval has expired and they approve again: two votes, one user.
    const repeated = await sign(APPROVER_1, transfer(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP * 2n));
    t.clock.advance(APPROVAL_WINDOW_MS + 60_000);
    await client(APPROVER_1).approveActivity({ organizationId, parameters: { fingerprint: repeated.fingerprint } });
    const again = await client(ROOT).getActivity({ organizationId, activityId: repeated.id });
    assert.equal(again.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'one finance approval of two');
    assert.deepEqual(
      again.votes.map((v) => [v.userId, v.selection]),
      [
        [userId(APPROVER_1), APPROVED],
        [userId(APPROVER_1), APPROVED],
      ],
    );
    assert.deepEqual(votersOf(again.votes), { approvals: [userId(APPROVER_1)], rejected: [] });
    assert.equal(
      standingWords(await standingOf(again), standingNames(gov, userId(APPROVER_2))).summary,
      `Policy "${LARGE}": 1 of 2 approvals from finance (Treasury approver 1 approved; you can approve)`,
    );

    // The other finance approver rejects: they are no longer among those who could approve, nor is anyone else.
    const refused = await sign(APPROVER_1, transfer(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP * 2n));
    await client(APPROVER_2).rejectActivity({ organizationId, parameters: { fingerprint: refused.fingerprint } });
    const rejected = await client(ROOT).getActivity({ organizationId, activityId: refused.id });
    assert.equal(rejected.status, 'ACTIVITY_STATUS_REJECTED');
    assert.deepEqual(
      rejected.votes.map((v) => [v.userId, v.selection]),
      [
        [userId(APPROVER_1), APPROVED],
        [userId(APPROVER_2), REJECTED],
      ],
    );
    assert.deepEqual(votersOf(rejected.votes), { approvals: [userId(APPROVER_1)], rejected: [userId(APPROVER_2)] });
    const standing = await standingOf(rejected);
    const count = standing.policies.find((p) => p.policyName === LARGE)?.consensusStanding?.clauses[0]?.count;
    assert.ok(count, 'the large-transfer policy is counted');
    assert.deepEqual([count.have, count.need, count.couldApprove], [1, 2, []]);
    assert.equal(
      countText(count, standingNames(gov, userId(ROOT))),
      '1 of 2 approvals from finance (Treasury approver 1 approved; no one else can)',
    );
    assert.deepEqual(standing.rootQuorum.couldApprove, [userId(ROOT)]);
  });

  it('says who approved a count that is met, and not that no one else can', async () => {
    const submitted = await sign(APPROVER_1, transfer(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP * 2n));
    await client(ROOT).approveActivity({ organizationId, parameters: { fingerprint: submitted.fingerprint } });
    const done = await client(ROOT).getActivity({ organizationId, activityId: submitted.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    const standing = await standingOf(done);
    assert.equal(standing.bypassedByRootQuorum, true);
    assert.deepEqual(standing.rootQuorum.couldApprove, [], 'the only root user voted');
    const names = standingNames(await governance(), userId(APPROVER_2));
    assert.deepEqual(standingWords(standing, names).lines, ['Root quorum: 1 of 1 (Treasury root user approved)']);
    const met = { filter: { kind: 'anyone' as const }, have: 2, need: 2, counted: ['a', 'b'], couldApprove: [] };
    assert.equal(countText(met, names), '2 of 2 approvals (a, b approved)');
  });

  it('names the policy that denied a request, from the evaluations in the 403', async () => {
    const refused = await sign(DEVELOPER, transfer(UNREGISTERED)).catch((error: unknown) => error);
    assert.ok(refused instanceof ServiceError, String(refused));
    assert.equal(refused.status, 403);
    const outcomes = deniedOutcomes(refused.rpcStatus?.details ?? undefined);
    assert.ok(outcomes, 'the details carry the evaluations');
    const standing = await standingOf(
      activitySchema.parse({ id: 'refused', organizationId, status: 'ACTIVITY_STATUS_FAILED', type: 'T' }),
      outcomes,
    );
    assert.equal(standing.state, 'denied');
    assert.equal(
      denialMessage(standing),
      'Denied by policy "Hot keys sign only for registered contracts": the service refused the request.',
    );
    assert.equal(reviewWhy(standing, standingNames(await governance()))?.heading, 'Why it was denied');
  });

  it('says no policy allows a request none applies to', async () => {
    const refused = await client(DEVELOPER)
      .signRawPayload({
        organizationId,
        parameters: {
          signWith: t.organization('Treasury').privateKeyIds[0] ?? '',
          payload: 'hello',
          encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        },
      })
      .catch((error: unknown) => error);
    assert.ok(refused instanceof ServiceError);
    const outcomes = deniedOutcomes(refused.rpcStatus?.details ?? undefined);
    assert.ok(outcomes);
    const standing = await standingOf(
      activitySchema.parse({ id: 'refused', organizationId, status: 'ACTIVITY_STATUS_FAILED', type: 'T' }),
      outcomes,
    );
    assert.equal(denialMessage(standing), 'Denied: no policy of the organization allows this request.');
    assert.equal(deniedOutcomes([{ '@type': 'other' }]), undefined, 'no evaluations, no policy words');
  });
  it('names the policy that failed an activity on a later vote', async () => {
    const created = await client(ROOT).createPolicy({
      organizationId,
      parameters: {
        policyName: 'Approver 2 signs nothing',
        effect: 'EFFECT_DENY',
        condition: "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'",
        consensus: `approvers.any(u, u.id == '${userId(APPROVER_2)}')`,
        notes: '',
      },
    });
    const policyId = (created.result['createPolicyResult'] as { policyId: string }).policyId;
    try {
      const submitted = await sign(APPROVER_1, transfer(SAMPLE_TOKEN_ADDRESS, TREASURY_TRANSFER_CAP));
      assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'the DENY does not apply before the vote');
      await client(APPROVER_2).approveActivity({ organizationId, parameters: { fingerprint: submitted.fingerprint } });
      const failed = await client(ROOT).getActivity({ organizationId, activityId: submitted.id });
      assert.equal(failed.status, 'ACTIVITY_STATUS_FAILED');
      const outcomes = deniedOutcomes(failed.failure?.details ?? undefined);
      assert.ok(outcomes, 'the failure carries the evaluations');
      const standing = await standingOf(failed, outcomes);
      assert.equal(
        deniedAfterApprovalMessage('Sign transaction', standing),
        'Approved, but "Sign transaction" was denied by policy "Approver 2 signs nothing".',
      );
      // Read back as the review page reads it: its last evaluation.
      const read = await standingOf(failed);
      assert.equal(read.state, 'denied');
      assert.equal(reviewWhy(read, standingNames(await governance()))?.heading, 'Why it was denied');
    } finally {
      await client(ROOT).deletePolicy({ organizationId, parameters: { policyId } });
    }
  });
});
