/**
 * What the evaluator's closures must keep however they are put together: the steps each node counts against the
 * budget (one per node, plus the items and the text it handles), the order in which the sides of a chain of `&&`
 * or `||` are evaluated and checked, a list of policies read again when one of them changes in place, and a
 * policy's evaluation given again only while it is the same.
 */
import * as assert from 'node:assert/strict';
import { decide, type PolicyUser } from '../../../src/api/policy';
import { checkExpression } from '../../../src/api/policy/checker';
import { Evaluator } from '../../../src/api/policy/evaluator';
import { MAX_STEPS } from '../../../src/api/policy/limits';
import { parseExpression } from '../../../src/api/policy/parser';
import { alice, bob, dev, FINANCE_TAG, policy, signingWithKey, TOKEN } from './contexts';

const context = signingWithKey([dev, alice, bob]);

/** The steps one evaluation of `source` counts, its value or the message of its error, and the rows it rests on. */
function stepsOf(source: string): { steps: number; result: unknown; choices: string[] } {
  const expr = parseExpression(source);
  checkExpression(/approvers/.test(source) ? 'consensus' : 'condition', expr);
  const evaluator = new Evaluator(context);
  let result: unknown;
  try {
    result = evaluator.truth(expr);
  } catch (error) {
    result = error instanceof Error ? error.message : error;
  }
  return { steps: MAX_STEPS - evaluator.stepsLeft, result, choices: [...evaluator.choices] };
}

describe('policy evaluation: steps and order', () => {
  // The counts are those of the evaluator that ran one closure per node, each counting its own step.
  const cases: [string, number, unknown, string[]][] = [
    // A name and its fields, one step each; the comparison; its literal; the text compared.
    [`eth.tx.to == '${TOKEN.toLowerCase()}'`, 6, true, ['case-rules']],
    ['eth.tx.value == 0', 5, true, []],
    ['eth.tx.gas > 21000 && eth.tx.nonce <= 0', 11, true, []],
    // A chain of three: two operators, three operands.
    ['true && false && true', 5, false, []],
    ['false || false || true', 5, true, []],
    // A literal list: one step, its items counted by the method, then three steps per item tested.
    ['[1, 2, 3].all(x, x == 1)', 14, false, []],
    ['eth.tx.chain_id in [1, 31337]', 7, true, []],
    ["approvers.any(u, u.id == 'user-bob') || true", 19, true, []],
    [`approvers.filter(u, u.tags.contains('${FINANCE_TAG}')).count() >= 2`, 26, true, ['tags-by-id']],
    [
      "[1, 2, 3].any(x, [4, 5].all(y, y > x)) && eth.tx.contract_call_args['amount'] > 5 && " +
        "!(eth.tx.data[0..10] != '0xa9059cbb')",
      54,
      true,
      ['int-string'],
    ],
  ];
  for (const [source, steps, result, choices] of cases) {
    it(`counts ${steps} steps for ${source}`, () => {
      assert.deepEqual(stepsOf(source), { steps, result, choices });
    });
  }

  it('checks each pair of a chain before it evaluates the next side, so a later error does not come first', () => {
    // `… && eth.tx.contract_call_args['amount']` (a string, which the checker lets through) fails before wallet.label (absent here) is read.
    assert.equal(
      stepsOf("eth.tx.to == eth.tx.to && eth.tx.contract_call_args['amount'] && wallet.label == 'x'").result,
      'type mismatch: && needs bools, found bool and string',
    );
    assert.equal(
      stepsOf("false || eth.tx.contract_call_args['amount'] || wallet.label == 'x'").result,
      'type mismatch: || needs bools, found bool and string',
    );
    // Every side is evaluated: an error after a false side is still the result.
    assert.equal(stepsOf("false && wallet.label == 'x'").result, 'MissingKeyword: wallet');
  });

  it('reads a policy again when it changes in place in the same list', () => {
    const policies = [policy({ effect: 'EFFECT_ALLOW', condition: 'eth.tx.value == 0' })];
    assert.equal(decide(policies, context, { rootQuorumMet: false }).decision, 'ALLOW');
    Object.assign(policies[0]!, { condition: 'eth.tx.value == 1' });
    assert.equal(decide(policies, context, { rootQuorumMet: false }).decision, 'DENY_IMPLICIT');
    policies[0] = policy({ effect: 'EFFECT_DENY', condition: 'eth.tx.value == 0' });
    assert.equal(decide(policies, context, { rootQuorumMet: false }).decision, 'DENY_EXPLICIT');
  });

  it("gives a policy's last evaluation again only while its outcome, rows and id are the same", () => {
    const policies = [
      policy({ policyId: 'first-id', effect: 'EFFECT_ALLOW', consensus: "approvers.all(u, u.id == 'x')" }),
    ];
    const evaluation = (approvers: PolicyUser[]) =>
      decide(policies, signingWithKey(approvers), { rootQuorumMet: false }).evaluations[0];
    // The same outcome either way; with no approver, `all` holds by the row all-empty.
    const withNone = evaluation([]);
    assert.equal(withNone?.outcome, 'OUTCOME_ALLOW');
    assert.ok(withNone?.choices.includes('all-empty'));
    const withSome = evaluation([{ ...dev, id: 'x' }]);
    assert.equal(withSome?.outcome, 'OUTCOME_ALLOW');
    assert.ok(!withSome?.choices.includes('all-empty'), 'the rows of this decision, not the last one');
    Object.assign(policies[0]!, { policyId: 'second-id' });
    assert.equal(evaluation([{ ...dev, id: 'x' }])?.policyId, 'second-id');
    assert.equal(evaluation([])?.outcome, 'OUTCOME_ALLOW');
    assert.equal(evaluation([dev])?.outcome, 'OUTCOME_REQUIRES_CONSENSUS');
  });
});
