/**
 * The language's operations as the evaluator runs them: list methods, `in`, literals, functions, and the errors of
 * keywords an activity does not have.
 */
import * as assert from 'node:assert/strict';
import { decide, type PolicyContext } from '../../../src/api/policy';
import { Evaluator } from '../../../src/api/policy/evaluator';
import { parseExpression } from '../../../src/api/policy/parser';
import {
  alice,
  bob,
  dev,
  FINANCE_TAG,
  plainActivity,
  policy,
  RECIPIENT,
  signingWithKey,
  signingWithWallet,
  TOKEN,
  transferTx,
} from './contexts';

/** The outcome (and error) of one ALLOW policy with `condition`, or `consensus` when it reads approvers. */
function run(expression: string, context: PolicyContext = signingWithKey([dev, alice, bob])): [string, string?] {
  const field = /approvers|credentials/.test(expression) ? 'consensus' : 'condition';
  const [evaluation] = decide([policy({ effect: 'EFFECT_ALLOW', [field]: expression })], context, {
    rootQuorumMet: false,
  }).evaluations;
  return evaluation!.error === undefined ? [evaluation!.outcome] : [evaluation!.outcome, evaluation!.error];
}
const holds = (expression: string, context?: PolicyContext) =>
  assert.deepEqual(run(expression, context), ['OUTCOME_ALLOW'], expression);
/** The expression evaluates to false: the policy does not allow (a consensus is still awaited). */
const fails = (expression: string, context?: PolicyContext) =>
  assert.ok(['OUTCOME_DENY_IMPLICIT', 'OUTCOME_REQUIRES_CONSENSUS'].includes(run(expression, context)[0]), expression);

describe('policy evaluation: the operations', () => {
  it('runs the list methods', () => {
    holds(`approvers.filter(u, u.tags.contains('${FINANCE_TAG}')).count() == 2`);
    holds(`approvers.any(u, u.id == '${bob.id}') && !approvers.all(u, u.tags.contains('${FINANCE_TAG}'))`);
    holds(`approvers.filter(u, u.id != '${dev.id}').all(u, u.tags.count() == 1)`);
    holds("credentials.count() == 3 && credentials.all(c, c.type == 'CREDENTIAL_TYPE_API_KEY_P256')");
    holds('[1, 2, 3].filter(x, x > 1) == [2, 3] && [1, 2, 3][0..2] == [1, 2] && [[1], [2]].any(l, l.contains(2))');
    fails(`approvers.any(u, u.id == 'nobody')`);
    // Every item counts, repeats included; and every item is compared, even after one matched.
    holds('[7, 7, 8].count() == 3 && [7, 7, 8].filter(x, x == 7).count() == 2 && [7, 7].contains(7)');
    fails('[1, 2].contains(3)');
    fails('[1, 2].all(x, x == 1)');
    // An address is compared without regard to case however many argument objects were read before it.
    const many = Array.from({ length: 12 }, (_, i) => ({ to: i === 0 ? RECIPIENT : TOKEN, n: `${i}` }));
    const nested = signingWithKey([dev], transferTx(1n, { contract_call_args: { calls: many } }));
    holds(`eth.tx.contract_call_args['calls'].filter(c, c['to'] == '${RECIPIENT.toLowerCase()}').count() == 1`, nested);
    holds(`eth.tx.contract_call_args['calls'][0]['to'] == '${RECIPIENT.toUpperCase().replace('0X', '0x')}'`, nested);
    const mixed = signingWithKey([dev], transferTx(1n, { contract_call_args: { items: ['a', 1n] } }));
    for (const expression of [
      "eth.tx.contract_call_args['items'].contains('a')",
      "eth.tx.contract_call_args['items'].any(x, x == 'a')",
      "'a' in eth.tx.contract_call_args['items']",
    ]) {
      assert.deepEqual(
        run(expression, mixed),
        ['OUTCOME_ERROR', 'condition: type mismatch: cannot compare int with string'],
        expression,
      );
    }
  });

  it('reads `in`, strings and literals', () => {
    holds("activity.kind in ['SIGN_TRANSACTION', 'SIGN_RAW_PAYLOAD'] && activity.resource == 'PRIVATE_KEY'");
    holds("activity.params.type == 'TRANSACTION_TYPE_ETHEREUM' && activity.action == 'SIGN'");
    holds("'abc'[1] == 'b' && 'abc'[0..2] == 'ab' && { id: 'a', n: 1 } == { id: 'a', n: 1 }");
    holds(
      '-5 < 0 && -170141183460469231731687303715884105728 < 115792089237316195423570985008687907853269984665640564039457584007913129639935',
    );
    holds("eth.tx.chain_id in [1, 31337] && eth.tx.nonce == 0 && eth.tx.type == 'TYPE_2'");
    fails("activity.kind in ['SIGN_RAW_PAYLOAD']");
  });

  it('runs Timestamp and CaseInsensitiveString', () => {
    holds("Timestamp('2026-01-01T00:00:00Z') < Timestamp('2026-01-01T00:00:00.001Z')");
    holds("Timestamp('2026-01-01T00:00:00+00:00') == Timestamp('2026-01-01T00:00:00z')");
    holds("CaseInsensitiveString(eth.tx.function_name) == CaseInsensitiveString('TRANSFER')");
  });

  it('keeps an item name to its own predicate', () => {
    holds(`approvers.any(u, approvers.any(v, v.id != u.id && v.tags == u.tags))`);
  });

  it('errors on keywords the activity does not have', () => {
    assert.deepEqual(run('solana.tx.transfers.count() == 1'), [
      'OUTCOME_ERROR',
      'condition: MissingKeyword: solana.tx',
    ]);
    assert.deepEqual(run('wallets.count() == 1'), ['OUTCOME_ERROR', 'condition: MissingKeyword: wallets']);
    assert.deepEqual(run("wallet.label == 'Treasury'", signingWithKey([dev])), [
      'OUTCOME_ERROR',
      'condition: MissingKeyword: wallet',
    ]);
    holds("wallet.label == 'Treasury' && !wallet.exported", signingWithWallet([dev]));
    assert.deepEqual(run("eth.tx.to == 'x'", plainActivity('ACTIVITY_TYPE_CREATE_USER_TAG')), [
      'OUTCOME_ERROR',
      'condition: MissingKeyword: eth.tx',
    ]);
    assert.deepEqual(run("approvers.any(u, u.alias == 'x')", signingWithKey([{ id: 'u', tags: [] }])), [
      'OUTCOME_ERROR',
      'consensus: MissingField: u.alias',
    ]);
  });
});

describe('policy evaluation: an error known before evaluating', () => {
  it('is the error evaluating the expression throws, for every expression and every context', () => {
    const expressions = [
      'eth.tx.to == eth.tx.from',
      "!private_key.tags.contains('x')",
      "eth.tx.data[0..10] == '0xa9059cbb' && private_key.id == 'key-1'",
      "wallet.id == 'W' || private_key.id == 'K'",
      'solana.tx.transfers.count() == 1',
      "activity.params.hash_function == 'x' && eth.tx.value > 0",
      "eth.tx.contract_call_args['amount'] > 1 && wallet.label == 'x'",
      'wallets.all(w, w.exported == false)',
    ];
    const contexts = [signingWithKey([dev]), signingWithWallet([dev]), plainActivity('ACTIVITY_TYPE_CREATE_USERS_V3')];
    for (const expression of expressions) {
      for (const context of contexts) {
        const expr = parseExpression(expression);
        let thrown: string | undefined;
        try {
          new Evaluator(context).truth(expr);
        } catch (error) {
          thrown = (error as Error).message;
        }
        const [, error] = run(expression, context);
        assert.equal(
          error,
          thrown === undefined ? undefined : `condition: ${thrown}`,
          `${expression} in ${context.activity.type}`,
        );
      }
    }
  });

  it('compares an address `in` a list of call arguments without regard to case, as .contains() does', () => {
    const path = [TOKEN, RECIPIENT];
    const context = signingWithKey([dev], transferTx(1n, { contract_call_args: { path } }));
    const lower = RECIPIENT.toLowerCase();
    holds(`eth.tx.contract_call_args['path'].contains('${lower}')`, context);
    holds(`'${lower}' in eth.tx.contract_call_args['path']`, context);
    holds(`'${TOKEN.toUpperCase().replace('0X', '0x')}' in eth.tx.contract_call_args['path']`, context);
    // A list written in the policy keeps comparing exactly.
    fails(`'${lower}' in ['${RECIPIENT}']`, context);
  });
});
