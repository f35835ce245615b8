/**
 * The evaluator fuses common shapes into one closure each (a method's predicate on its item, `contains` of a
 * literal, `in` a list of literals, a comparison with a literal, a chain of `&&`, a path of fields). Each must come
 * out as the closures of its nodes, one per node, do (closures.ts, plainCodeOf): the same value or error, the same
 * steps counted and the same rows, and, with any budget smaller than what it needs, the budget stopping it at the
 * same point with the same rows gathered so far; and so again when the parts it keeps per context are given again.
 */
import * as assert from 'node:assert/strict';
import type { PolicyContext, PolicyUser } from '../../../src/api/policy';
import { NO_SCOPE, type Code } from '../../../src/api/policy/closureKit';
import { codeOf, plainCodeOf } from '../../../src/api/policy/closures';
import { Evaluator } from '../../../src/api/policy/evaluator';
import { parseExpression } from '../../../src/api/policy/parser';
import type { Expr } from '../../../src/api/policy/syntax';
import { Caseless, EvaluationError } from '../../../src/api/policy/values';
import { alice, bob, dev, FINANCE_TAG, plainActivity, RECIPIENT, signingWithKey, TOKEN, transferTx } from './contexts';

const LONG = 'x'.repeat(150);
/** Approvers of every kind a predicate on them meets: ids that are not strings, absent, long; tags not a list. */
const odd = [
  { id: 12, tags: ['x', 3] },
  { tags: [] },
  { id: 'user-bob', tags: 'not a list' },
  { id: LONG, tags: [LONG, 'x'] },
  { id: '0x5fbdb2315678afecb367f032d93f642f64180aa3', tags: [] },
] as unknown as PolicyUser[];
const args = {
  to: RECIPIENT,
  amount: '1000',
  path: [TOKEN.toLowerCase(), RECIPIENT, TOKEN],
  amounts: [1, 2.5],
  mixed: [TOKEN, 7],
  owners: [{ id: TOKEN.toLowerCase() }, { id: RECIPIENT }],
};
const CONTEXTS: Record<string, PolicyContext> = {
  usual: signingWithKey([dev, alice, bob], transferTx(1000n, { contract_call_args: args }), ['hot', FINANCE_TAG]),
  odd: {
    ...signingWithKey([], transferTx(1000n, { to: LONG, function_name: LONG }), ['hot', 7 as unknown as string]),
    approvers: odd,
  },
  empty: signingWithKey([], transferTx(0n, { chain_id: 1n }), []),
  // Approvers whose ids are all text, one long enough to count steps of its own when compared.
  long: signingWithKey([dev, { ...alice, id: LONG }, bob], transferTx(1000n), ['hot']),
  plain: plainActivity('ACTIVITY_TYPE_CREATE_USERS'),
};
const EXPRESSIONS = [
  // A predicate comparing a field of the item with a literal, or looking for one in a list of it.
  "approvers.any(u, u.id == 'user-bob')",
  "approvers.all(u, u.id != 'user-dev')",
  "approvers.filter(u, u.id == 'user-alice').count() >= 1",
  `approvers.filter(u, u.id == '${LONG}').count() == 1`,
  "approvers.any(u, u.id == '0x5FBDB2315678AFECB367F032D93F642F64180AA3')",
  `approvers.any(u, u.tags.contains('${FINANCE_TAG}'))`,
  `approvers.filter(u, u.tags.contains('${LONG}')).count() == 1`,
  "approvers.all(u, u.tags.contains('x'))",
  "approvers.any(u, u.id.x == 'a')",
  `approvers.any(u, u.id == '${LONG}')`,
  `approvers.all(u, u.id != '${LONG}')`,
  "approvers.any(eth, eth.id == 'user-bob')",
  `[eth].any(e, e.tx.to == '${TOKEN.toLowerCase()}')`,
  `eth.tx.contract_call_args['path'].any(a, a == '${TOKEN.toUpperCase().replace('0X', '0x')}')`,
  `eth.tx.contract_call_args['owners'].any(o, o.id == '${TOKEN.toUpperCase().replace('0X', '0x')}')`,
  "eth.tx.contract_call_args['owners'].all(o, o.id.contains('a'))",
  // `contains` of a literal.
  "private_key.tags.contains('hot')",
  "private_key.tags.contains('x')",
  `eth.tx.contract_call_args['path'].contains('${RECIPIENT.toLowerCase()}')`,
  `eth.tx.contract_call_args['mixed'].contains('${TOKEN}')`,
  "eth.tx.contract_call_args['amounts'].contains('1')",
  "['a', 'b', 'a'].contains('a')",
  "[1, 2].contains('2')",
  "eth.tx.to.contains('a')",
  // `in` a list of literals.
  'eth.tx.chain_id in [1, 31337]',
  "eth.tx.chain_id in [1, '31337', 5]",
  `eth.tx.to in ['${RECIPIENT}', '${TOKEN.toLowerCase()}', '${LONG}']`,
  "eth.tx.function_name in ['transfer', 'approve', 7]",
  "eth.tx.contract_call_args['amount'] in [1000, 2000]",
  'eth.tx.value in []',
  // A text without regard to case that no read has marked (the comparison alone rests on row case-rules).
  "CaseInsensitiveString('ABC') == 'abc'",
  "CaseInsensitiveString('ABC') in ['x', 'aBc']",
  "[CaseInsensitiveString('AB'), 'c'].contains('ab')",
  "[1, 2].any(x, CaseInsensitiveString('AB') != 'ab')",
  // Comparisons with a literal, and chains.
  `eth.tx.to == '${TOKEN.toLowerCase()}'`,
  `eth.tx.function_name != '${LONG}'`,
  "eth.tx.value == '0'",
  "eth.tx.contract_call_args['amount'] < 5000 && eth.tx.value <= 0 && eth.tx.gas > 21000 || eth.tx.nonce >= 1",
  "eth.tx.data[0..10] == '0xa9059cbb' && eth.tx.chain_id == 31337 && wallet.label == 'x'",
  "activity.kind == 'SIGN_TRANSACTION' || eth.tx.to == 'x' || eth.tx.function_name < 3",
];

interface Run {
  result: unknown;
  stepsLeft: number;
  choiceBits: number;
}

/**
 * One evaluation of `code` with `budget` steps; `again`: by an evaluator that has evaluated it once already, so that
 * the parts it keeps per context (sharedReads.ts) are given again, not evaluated.
 */
function runOnce(code: Code, context: PolicyContext, budget: number, again = false): Run {
  const evaluator = new Evaluator(context);
  if (again) {
    try {
      code(evaluator, NO_SCOPE);
    } catch (error) {
      if (!(error instanceof EvaluationError)) throw error;
    }
    evaluator.choiceBits = 0;
  }
  evaluator.stepsLeft = budget;
  let result: unknown;
  try {
    result = code(evaluator, NO_SCOPE);
  } catch (error) {
    if (!(error instanceof EvaluationError)) throw error;
    result = `error: ${error.message}`;
  }
  if (result instanceof Caseless) result = { caseless: result.text };
  return { result, stepsLeft: evaluator.stepsLeft, choiceBits: evaluator.choiceBits };
}

describe('policy evaluation: fused closures against the closures of each node', () => {
  for (const source of EXPRESSIONS) {
    it(`evaluates ${source.length > 90 ? `${source.slice(0, 90)}…` : source} as its nodes do, at every budget`, () => {
      const expr: Expr = parseExpression(source);
      for (const [name, context] of Object.entries(CONTEXTS)) {
        const plain = runOnce(plainCodeOf(expr), context, 100_000);
        assert.deepEqual(runOnce(codeOf(expr), context, 100_000), plain, `${source} in the ${name} context`);
        // Every budget up to the steps it needs stops both at the same point, with the same rows.
        for (let budget = 0; budget <= 100_000 - plain.stepsLeft; budget++) {
          const expected = runOnce(plainCodeOf(expr), context, budget);
          const where = `${source} in the ${name} context with a budget of ${budget}`;
          assert.deepEqual(runOnce(codeOf(expr), context, budget), expected, where);
          assert.deepEqual(runOnce(codeOf(expr), context, budget, true), expected, `${where}, evaluated again`);
        }
      }
    });
  }

  it('counts four steps per item for a predicate comparing a field of the item with a literal', () => {
    // The method and its list's name, one step per item read, then the operator, name, field and literal per item.
    const evaluator = new Evaluator(CONTEXTS.usual!);
    codeOf(parseExpression("approvers.any(u, u.id == 'user-bob')"))(evaluator, NO_SCOPE);
    assert.equal(100_000 - evaluator.stepsLeft, 2 + 3 + 3 * 4);
  });
});
