/**
 * Approvals by policy, from what the sandbox answers for its Treasury organization: who the inbox says may vote
 * (the service's canApprove, the root quorum only where canApprove is absent), where an activity stands per policy
 * in words, and the review page's "Why it waits" with the clause that decided marked (a denial's words are in
 * policyDenials.test.ts). The evaluations, policies, users and tags are the sandbox's own records.
 */
import * as assert from 'node:assert/strict';
import { activitySchema } from '../../../src/api/remote';
import { SAMPLE_TOKEN_ADDRESS } from '../../../src/api/sampleToken';
import { TREASURY_TRANSFER_CAP } from '../../../src/sandbox/treasurySeed';
import { APPROVAL_WINDOW_MS, awaitsVote, organizationFacts } from '../../../src/extension/inbox/inboxRules';
import { reviewWhy } from '../../../src/extension/review/reviewWhy';
import { whyContext } from '../../../src/extension/review/whyContext';
import { markedText } from '../../../src/extension/review/whyView';
import { votersOf } from '../../../src/extension/wording/policyStanding';
import { countText, standingNames, standingWords } from '../../../src/extension/wording/standingText';
import type { TestSandbox } from '../../support/startTestSandbox';
import * as treasury from '../../support/treasuryFixtures';
import { useTreasuryVotes } from '../../support/treasuryVotes';

const { ROOT, APPROVER_1, APPROVER_2, DEVELOPER, LARGE_TRANSFERS: LARGE } = treasury;
const APPROVED = 'VOTE_SELECTION_APPROVED';
const REJECTED = 'VOTE_SELECTION_REJECTED';

describe('approvals by policy: the inbox rule and the words, from Treasury', function () {
  this.timeout(30_000);
  const treasuryVotes = useTreasuryVotes();
  const { client, userId, transfer, sign, governance, userTagIdNamed, standingOf } = treasuryVotes;
  let t: TestSandbox;
  let organizationId: string;
  before(() => {
    ({ t, organizationId } = treasuryVotes);
  });

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
});
