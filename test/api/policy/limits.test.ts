/**
 * What one policy may cost (row `limits` of docs/policies.md): nesting and list literals are refused when the
 * policy is read, and an evaluation that runs past its step budget is the policy's OUTCOME_ERROR, with its own
 * reason, in a bounded time; the other policies of the decision are not affected.
 */
import * as assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { checkPolicy, decide, type PolicyContext } from '../../../src/api/policy';
import { BUDGET_EXCEEDED, MAX_DEPTH, MAX_LIST_ITEMS } from '../../../src/api/policy/limits';
import { alice, bob, dev, policy, signingWithKey, transferTx } from './contexts';

/** `[0, 1, …, n - 1]` written out. */
const literalList = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(', ')}]`;
/** The review's DENY: 400 × 400 × 400 comparisons when nothing stops it. */
export function cubicDeny(n = 400): string {
  const list = literalList(n);
  return `${list}.all(x, ${list}.all(y, ${list}.any(z, z == -1) || true))`;
}

const refusalOf = (condition: string) => checkPolicy({ condition })[0];

describe('policy limits', () => {
  describe('nesting, refused as a problem of the expression', () => {
    const deep: [string, string][] = [
      ['1,300 nested brackets', `${'('.repeat(1300)}true${')'.repeat(1300)}`],
      ['1,300 nested list brackets', `${'['.repeat(1300)}true${']'.repeat(1300)} == []`],
      ['8,000 negations', `${'!'.repeat(8000)}true`],
      ['a chain of 5,000 ||', Array.from({ length: 5000 }, () => 'true').join(' || ')],
      ['a chain of 3,000 field reads', `eth${'.tx'.repeat(3000)} == 'a'`],
      ['a chain of 3,000 indexes', `eth.tx.contract_call_args${"['a']".repeat(3000)} == 'a'`],
    ];
    for (const [title, condition] of deep) {
      it(`refuses ${title} in the service's shape, where it grows too deep`, () => {
        const problem = refusalOf(condition);
        assert.ok(problem, title);
        assert.match(
          problem.message,
          new RegExp(
            `^invalid policy condition: Expression cannot be evaluated: parse error: nested deeper than ${MAX_DEPTH} levels at \\d+:\\d+$`,
          ),
        );
        assert.ok(problem.offset < condition.length && problem.length >= 1);
        assert.deepEqual(problem.choices, ['limits']);
      });
    }

    it('accepts what nests just inside the limit: a chain of 255 || and 254 brackets', () => {
      assert.equal(refusalOf(Array.from({ length: MAX_DEPTH - 1 }, () => 'true').join(' || ')), undefined);
      const depth = MAX_DEPTH - 2;
      assert.equal(refusalOf(`${'('.repeat(depth)}true${')'.repeat(depth)}`), undefined);
      assert.ok(refusalOf(Array.from({ length: MAX_DEPTH + 1 }, () => 'true').join(' || ')));
    });
  });

  it(`refuses a list literal of more than ${MAX_LIST_ITEMS} items, and accepts one of ${MAX_LIST_ITEMS}`, () => {
    assert.equal(refusalOf(`1 in ${literalList(MAX_LIST_ITEMS)}`), undefined);
    const problem = refusalOf(`1 in ${literalList(MAX_LIST_ITEMS + 1)}`);
    assert.match(problem?.message ?? '', /parse error: a list of 1001 items, more than 1000, at 5:\d+$/);
    assert.equal(problem?.offset, 5);
  });

  describe('the step budget', () => {
    const context = signingWithKey([dev, alice, bob]);
    const decideCubic = (extra: PolicyContext = context) =>
      decide(
        [
          policy({ policyId: 'cubic', effect: 'EFFECT_DENY', condition: cubicDeny() }),
          policy({ policyId: 'keys', effect: 'EFFECT_ALLOW', condition: "activity.resource == 'PRIVATE_KEY'" }),
        ],
        extra,
        { rootQuorumMet: false },
      );

    it('accepts the 4.5 KB DENY at creation, and decides it as an error of its own, leaving the other policy', () => {
      assert.ok(cubicDeny().length > 4500);
      assert.deepEqual(checkPolicy({ condition: cubicDeny() }), []);
      const decision = decideCubic();
      assert.deepEqual(decision.evaluations[0], {
        policyId: 'cubic',
        outcome: 'OUTCOME_ERROR',
        error: `condition: ${BUDGET_EXCEEDED}`,
        choices: ['erroring-deny', 'limits'],
      });
      assert.equal(decision.evaluations[1]?.outcome, 'OUTCOME_ALLOW', 'the next policy has a budget of its own');
      assert.equal(decision.decision, 'ALLOW');
    });

    it('decides the worst policy the checker accepts in a bounded time (goal 5 ms: npm run bench)', () => {
      decideCubic();
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        decideCubic();
        times.push(performance.now() - started);
      }
      const median = [...times].sort((a, b) => a - b)[3]!;
      // A generous bound for a loaded machine: unbounded, this policy takes half a minute.
      assert.ok(median < 50, `median ${median.toFixed(2)} ms`);
    });

    it('lets a large, realistic policy run far inside it: 50 recipients each against a list of 300 addresses', () => {
      const addresses = Array.from({ length: 300 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
      const recipients = addresses.slice(250).concat(addresses.slice(0, 50)).slice(0, 50);
      const tx = transferTx(1n, { contract_call_args: { recipients } });
      const allowList = `[${addresses.map((a) => `'${a}'`).join(', ')}]`;
      const condition = `eth.tx.contract_call_args['recipients'].all(r, r in ${allowList})`;
      const [evaluation] = decide([policy({ effect: 'EFFECT_ALLOW', condition })], signingWithKey([dev], tx), {
        rootQuorumMet: false,
      }).evaluations;
      assert.deepEqual([evaluation?.outcome, evaluation?.error], ['OUTCOME_ALLOW', undefined]);
    });
  });
});
