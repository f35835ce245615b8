/**
 * Deciding an activity (decide, namedByConsensus): the reference's worked examples, evaluation without
 * short-circuit, the root quorum's bypass, DENY over ALLOW, an erroring clause, and a consensus met on the second
 * finance approval.
 */
import * as assert from 'node:assert/strict';
import { decide, namedByConsensus, type PolicyContext, type PolicyDefinition } from '../../../src/api/policy';
import {
  alice,
  bob,
  dev,
  FINANCE_TAG,
  HOT_TAG,
  plainActivity,
  policy,
  RECIPIENT,
  root,
  signingWithKey,
  signingWithWallet,
  TOKEN,
  transferTx,
} from './contexts';

const outcomes = (policies: readonly PolicyDefinition[], context: PolicyContext, rootQuorumMet = false) =>
  decide(policies, context, { rootQuorumMet }).evaluations.map((e) => e.outcome);

describe('policy decisions: the worked examples', () => {
  it('one user may sign only to one address', () => {
    const only = policy({
      effect: 'EFFECT_ALLOW',
      consensus: `approvers.any(u, u.id == '${dev.id}')`,
      condition: `eth.tx.to == '${RECIPIENT}'`,
    });
    const toRecipient = transferTx(1n, { to: RECIPIENT });
    assert.equal(decide([only], signingWithKey([dev], toRecipient), { rootQuorumMet: false }).decision, 'ALLOW');
    // Another address: the condition is false, nothing applies.
    assert.equal(decide([only], signingWithKey([dev]), { rootQuorumMet: false }).decision, 'DENY_IMPLICIT');
    // Another user to the right address: the condition holds, the consensus waits for the named user.
    const byBob = decide([only], signingWithKey([bob], toRecipient), { rootQuorumMet: false });
    assert.equal(byBob.decision, 'CONSENSUS_NEEDED');
    assert.equal(namedByConsensus(only, dev, signingWithKey([bob], toRecipient)), true);
    assert.equal(namedByConsensus(only, alice, signingWithKey([bob], toRecipient)), false);
  });

  it('two approvers from a tag', () => {
    const two = policy({
      effect: 'EFFECT_ALLOW',
      consensus: `approvers.filter(u, u.tags.contains('${FINANCE_TAG}')).count() >= 2`,
    });
    assert.deepEqual(outcomes([two], signingWithKey([dev])), ['OUTCOME_REQUIRES_CONSENSUS']);
    assert.deepEqual(outcomes([two], signingWithKey([dev, alice])), ['OUTCOME_REQUIRES_CONSENSUS']);
    assert.deepEqual(outcomes([two], signingWithKey([dev, alice, bob])), ['OUTCOME_ALLOW']);
    // The tag's name is not its id: a user tagged by name does not count.
    const byName = { ...bob, tags: ['finance'] };
    assert.deepEqual(outcomes([two], signingWithKey([alice, byName])), ['OUTCOME_REQUIRES_CONSENSUS']);
  });

  it('an ABI-decoded transfer under a cap', () => {
    const capped = policy({
      effect: 'EFFECT_ALLOW',
      condition: `eth.tx.to == '${TOKEN.toLowerCase()}' && eth.tx.function_name == 'transfer' && eth.tx.contract_call_args['amount'] < 1000000`,
    });
    assert.deepEqual(outcomes([capped], signingWithKey([dev], transferTx(999_999n))), ['OUTCOME_ALLOW']);
    assert.deepEqual(outcomes([capped], signingWithKey([dev], transferTx(1_000_000n))), ['OUTCOME_DENY_IMPLICIT']);
    // Without an interface at the address there are no decoded fields: the policy errors, and grants nothing.
    const { function_name: _n, function_signature: _s, contract_call_args: _a, ...raw } = transferTx(1n);
    const undecoded = decide([capped], signingWithKey([dev], raw), { rootQuorumMet: false });
    assert.equal(undecoded.decision, 'DENY_IMPLICIT');
    assert.equal(undecoded.evaluations[0]!.outcome, 'OUTCOME_ERROR');
    assert.equal(undecoded.evaluations[0]!.error, 'condition: MissingField: eth.tx.function_name');
    // The selector by hand: a slice of the hex text, 0x included.
    const selector = policy({ effect: 'EFFECT_ALLOW', condition: "eth.tx.data[0..10] == '0xa9059cbb'" });
    assert.deepEqual(outcomes([selector], signingWithKey([dev], raw)), ['OUTCOME_ALLOW']);
  });

  it('a deny for a key tag denies with that key, and errors (is skipped) on a wallet', () => {
    const hot = policy({ effect: 'EFFECT_DENY', condition: `private_key.tags.contains('${HOT_TAG}')` });
    const all = policy({ effect: 'EFFECT_ALLOW', condition: "activity.kind == 'SIGN_TRANSACTION'" });
    const withHotKey = decide([hot, all], signingWithKey([dev], transferTx(1n), [HOT_TAG]), { rootQuorumMet: false });
    assert.equal(withHotKey.decision, 'DENY_EXPLICIT');
    assert.deepEqual(withHotKey.deniedBy, [hot.policyId]);
    const withColdKey = decide([hot, all], signingWithKey([dev], transferTx(1n), ['cold']), { rootQuorumMet: false });
    assert.equal(withColdKey.decision, 'ALLOW');
    const withWallet = decide([hot, all], signingWithWallet([dev]), { rootQuorumMet: false });
    assert.deepEqual(
      withWallet.evaluations.map((e) => [e.outcome, e.error]),
      [
        ['OUTCOME_ERROR', 'condition: MissingKeyword: private_key'],
        ['OUTCOME_ALLOW', undefined],
      ],
    );
    assert.equal(withWallet.decision, 'ALLOW');
  });
});

describe('policy decisions: the combination', () => {
  it('evaluates both sides of ||: naming a wallet and a key always errors', () => {
    const either = policy({
      effect: 'EFFECT_ALLOW',
      condition: "wallet.id == 'wallet-1' || private_key.id == 'key-1'",
    });
    const withKey = decide([either], signingWithKey([dev]), { rootQuorumMet: false });
    assert.deepEqual([withKey.decision, withKey.evaluations[0]!.outcome], ['DENY_IMPLICIT', 'OUTCOME_ERROR']);
    assert.equal(withKey.evaluations[0]!.error, 'condition: MissingKeyword: wallet');
    const withWallet = decide([either], signingWithWallet([dev]), { rootQuorumMet: false });
    assert.deepEqual([withWallet.decision, withWallet.evaluations[0]!.outcome], ['DENY_IMPLICIT', 'OUTCOME_ERROR']);
    assert.equal(withWallet.evaluations[0]!.error, 'condition: MissingKeyword: private_key');
    // And of &&: a false left side does not spare the right one.
    const both = policy({ effect: 'EFFECT_ALLOW', condition: "false && private_key.id == 'key-1'" });
    assert.deepEqual(outcomes([both], signingWithWallet([dev])), ['OUTCOME_ERROR']);
    // `in` instead of ||, as the service's own templates do, never errors.
    const kinds = policy({
      effect: 'EFFECT_ALLOW',
      condition: "activity.kind in ['SIGN_TRANSACTION', 'SIGN_RAW_PAYLOAD']",
    });
    assert.deepEqual(outcomes([kinds], signingWithWallet([dev])), ['OUTCOME_ALLOW']);
  });

  it('a root quorum bypasses every policy, and still lists them', () => {
    const hot = policy({ effect: 'EFFECT_DENY', condition: `private_key.tags.contains('${HOT_TAG}')` });
    const context = signingWithKey([root], transferTx(1n), [HOT_TAG]);
    const bypassed = decide([hot], context, { rootQuorumMet: true });
    assert.equal(bypassed.decision, 'ALLOW');
    assert.equal(bypassed.bypassedByRootQuorum, true);
    assert.deepEqual(
      bypassed.evaluations.map((e) => e.outcome),
      ['OUTCOME_DENY_EXPLICIT'],
    );
    const notMet = decide([hot], context, { rootQuorumMet: false });
    assert.deepEqual([notMet.decision, notMet.bypassedByRootQuorum], ['DENY_EXPLICIT', false]);
    assert.equal(decide([], context, { rootQuorumMet: false }).decision, 'DENY_IMPLICIT');
  });

  it('a DENY that applies beats every ALLOW that applies', () => {
    const allow = policy({ effect: 'EFFECT_ALLOW', condition: 'true' });
    const deny = policy({ effect: 'EFFECT_DENY', condition: `eth.tx.to == '${TOKEN}'` });
    const result = decide([allow, deny, allow], signingWithKey([dev]), { rootQuorumMet: false });
    assert.equal(result.decision, 'DENY_EXPLICIT');
    assert.deepEqual(result.deniedBy, [deny.policyId]);
    assert.deepEqual(
      result.evaluations.map((e) => e.policyId),
      [allow.policyId, deny.policyId, allow.policyId],
    );
  });

  it('an erroring clause neither allows nor denies', () => {
    const erroring = policy({ effect: 'EFFECT_ALLOW', condition: 'activity.params.user_ids.count() == 1' });
    const result = decide([erroring], signingWithKey([dev]), { rootQuorumMet: false });
    assert.equal(result.decision, 'DENY_IMPLICIT');
    assert.equal(result.evaluations[0]!.error, 'condition: MissingField: activity.params.user_ids');
    const deleting = plainActivity('ACTIVITY_TYPE_DELETE_USERS', { userIds: ['user-dev'] }, [dev]);
    assert.equal(decide([erroring], deleting, { rootQuorumMet: false }).decision, 'ALLOW');
  });

  it('waits for consensus, then allows when a second finance approver is added', () => {
    const large = policy({
      effect: 'EFFECT_ALLOW',
      consensus: `approvers.filter(u, u.tags.contains('${FINANCE_TAG}')).count() >= 2`,
      condition: `eth.tx.to == '${TOKEN}' && eth.tx.function_name == 'transfer'`,
    });
    const small = policy({
      effect: 'EFFECT_ALLOW',
      consensus: `approvers.any(u, u.id == '${dev.id}')`,
      condition: `eth.tx.to == '${TOKEN}' && eth.tx.contract_call_args['amount'] <= 1000`,
    });
    const tx = transferTx(5000n);
    const first = decide([small, large], signingWithKey([dev], tx), { rootQuorumMet: false });
    assert.equal(first.decision, 'CONSENSUS_NEEDED');
    assert.deepEqual(
      first.evaluations.map((e) => e.outcome),
      ['OUTCOME_DENY_IMPLICIT', 'OUTCOME_REQUIRES_CONSENSUS'],
    );
    for (const [user, named] of [
      [alice, true],
      [bob, true],
      [dev, false],
      [root, false],
    ] as const) {
      assert.equal(namedByConsensus(large, user, signingWithKey([dev], tx)), named, user.id);
    }
    const second = decide([small, large], signingWithKey([dev, alice], tx), { rootQuorumMet: false });
    assert.equal(second.decision, 'CONSENSUS_NEEDED');
    const third = decide([small, large], signingWithKey([dev, alice, bob], tx), { rootQuorumMet: false });
    assert.equal(third.decision, 'ALLOW');
    assert.deepEqual(
      third.evaluations.map((e) => e.outcome),
      ['OUTCOME_DENY_IMPLICIT', 'OUTCOME_ALLOW'],
    );
  });

  it('names by credentials too, and names nobody without a consensus', () => {
    const byKey = policy({ effect: 'EFFECT_ALLOW', consensus: `credentials.any(c, c.user_id == '${bob.id}')` });
    const context = signingWithKey([dev]);
    assert.equal(namedByConsensus(byKey, bob, context), true);
    assert.equal(namedByConsensus(byKey, alice, context), false);
    assert.equal(namedByConsensus(policy({ effect: 'EFFECT_ALLOW' }), bob, context), false);
  });

  it('holds a time-gated policy out of the decision while its window is closed', () => {
    const march = policy({
      effect: 'EFFECT_DENY',
      condition: 'true',
      time: "time.now >= Timestamp('2026-03-01T00:00:00Z') && time.now < Timestamp('2026-04-01T00:00:00Z')",
    });
    const allow = policy({ effect: 'EFFECT_ALLOW', condition: 'true' });
    const november = signingWithKey([dev]);
    assert.deepEqual(outcomes([march, allow], november), ['OUTCOME_TIME_INACTIVE', 'OUTCOME_ALLOW']);
    const inMarch = { ...november, now: new Date('2026-03-15T00:00:00Z') };
    assert.equal(decide([march, allow], inMarch, { rootQuorumMet: false }).decision, 'DENY_EXPLICIT');
    // Business hours in New York: 9:00 for 8 hours on weekdays. 2026-11-26 is a Thursday (EST, UTC-5).
    const hours = policy({ effect: 'EFFECT_ALLOW', time: "CronSpan('0 9 * * 1-5', '8h', 'America/New_York')" });
    const at = (iso: string) => outcomes([hours], { ...november, now: new Date(iso) })[0];
    assert.equal(at('2026-11-26T14:00:00Z'), 'OUTCOME_ALLOW');
    assert.equal(at('2026-11-26T21:59:59Z'), 'OUTCOME_ALLOW');
    assert.equal(at('2026-11-26T22:00:00Z'), 'OUTCOME_TIME_INACTIVE');
    assert.equal(at('2026-11-26T13:59:00Z'), 'OUTCOME_TIME_INACTIVE');
    assert.equal(at('2026-11-28T15:00:00Z'), 'OUTCOME_TIME_INACTIVE');
  });
});
