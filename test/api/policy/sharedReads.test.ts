/**
 * A part of an expression that reads only keywords is evaluated once per decision and given again to every policy
 * that reads the same text: each policy must still come out as it does when decided alone, with the steps, the
 * rows and the error of its own evaluation.
 */
import * as assert from 'node:assert/strict';
import { decide, type PolicyDefinition } from '../../../src/api/policy';
import { BUDGET_EXCEEDED } from '../../../src/api/policy/limits';
import { alice, bob, dev, FINANCE_TAG, policy, signingWithKey, TOKEN } from './contexts';

const context = signingWithKey([dev, alice, bob]);
const decideAll = (policies: PolicyDefinition[]) => decide(policies, context, { rootQuorumMet: false }).evaluations;
const alone = (p: PolicyDefinition) => decideAll([p])[0];

/** `[0, 1, …, n - 1]` written out. */
const literalList = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(', ')}]`;
/** A part that reads no variable, short enough to be shared, and counts 202 steps. */
const PART = `${literalList(50)}.all(y, y >= 0)`;
/** Counts 99,675 steps, the same part inside: with PART before and after it, the budget runs out in the last PART. */
const COSTLY = `${literalList(491)}.all(x, ${PART})`;

describe('policy evaluation: parts shared between the policies of a decision', () => {
  it('stops a policy whose budget runs out inside a part another policy already evaluated', () => {
    const cheap = policy({ effect: 'EFFECT_ALLOW', condition: PART });
    const costly = policy({ effect: 'EFFECT_DENY', condition: `${PART} && ${COSTLY} && ${PART}` });
    const [first, second] = decideAll([cheap, costly]);
    assert.equal(first?.outcome, 'OUTCOME_ALLOW');
    assert.deepEqual(second, { ...alone(costly), policyId: costly.policyId });
    assert.equal(second?.outcome, 'OUTCOME_ERROR');
    assert.equal(second?.error, `condition: ${BUDGET_EXCEEDED}`);
  });

  it('does not keep a part the budget stopped for the policies after it', () => {
    const costly = policy({ effect: 'EFFECT_DENY', condition: `${PART} && ${COSTLY} && ${PART}` });
    const cheap = policy({ effect: 'EFFECT_ALLOW', condition: PART });
    const [, after] = decideAll([costly, cheap]);
    assert.equal(after?.outcome, 'OUTCOME_ALLOW');
    assert.deepEqual(after, alone(cheap));
  });

  it('gives a later policy the rows the shared part rests on', () => {
    const condition = `eth.tx.to == '${TOKEN.toLowerCase()}'`;
    const first = policy({ effect: 'EFFECT_ALLOW', condition });
    const second = policy({ effect: 'EFFECT_ALLOW', condition: `${condition} && eth.tx.value == 0` });
    const [, later] = decideAll([first, second]);
    assert.ok(later?.choices.includes('case-rules'), JSON.stringify(later));
    assert.deepEqual(later, alone(second));
  });

  it('gives a later policy the error of the shared part', () => {
    const first = policy({ effect: 'EFFECT_ALLOW', condition: "true && wallet.label == 'x'" });
    const second = policy({ effect: 'EFFECT_ALLOW', condition: "false || wallet.label == 'x'" });
    const [, later] = decideAll([first, second]);
    assert.equal(later?.error, 'condition: MissingKeyword: wallet');
    assert.deepEqual(later, alone(second));
  });

  it('reads a method item named like a keyword for each item, not once', () => {
    // Inside the predicate `approvers` is the item: dev first, then alice, then bob, who is named.
    const shadowing = policy({
      effect: 'EFFECT_ALLOW',
      condition: 'true',
      consensus: "approvers.any(approvers, approvers.id == 'user-bob')",
    });
    assert.equal(decideAll([shadowing])[0]?.outcome, 'OUTCOME_ALLOW');
  });

  it('decides each of policies reading the same fields as it decides it alone', () => {
    const policies = [
      policy({
        effect: 'EFFECT_ALLOW',
        condition: `eth.tx.to == '${TOKEN}'`,
        consensus: "approvers.any(u, u.id == 'user-bob')",
      }),
      policy({
        effect: 'EFFECT_ALLOW',
        condition: `eth.tx.to == '${TOKEN}' && eth.tx.contract_call_args['amount'] < 5000`,
        consensus: `approvers.filter(u, u.tags.contains('${FINANCE_TAG}')).count() >= 2`,
      }),
      policy({ effect: 'EFFECT_DENY', condition: "private_key.tags.contains('hot') && eth.tx.value > 0" }),
      policy({
        effect: 'EFFECT_ALLOW',
        condition: "eth.tx.data[0..10] == '0xa9059cbb' && eth.tx.chain_id in [1, 31337]",
      }),
      policy({ effect: 'EFFECT_ALLOW', condition: "eth.tx.contract_call_args['amount'] < 5000 && wallet.id == 'w'" }),
      policy({
        effect: 'EFFECT_ALLOW',
        condition: `eth.tx.to == '${TOKEN}'`,
        consensus: `approvers.filter(u, u.tags.contains('${FINANCE_TAG}')).count() >= 3`,
      }),
    ];
    assert.deepEqual(
      decideAll(policies),
      policies.map((p) => alone(p)),
    );
  });
});
