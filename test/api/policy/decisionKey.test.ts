/**
 * The key of a context for a list of policies (decisionKey.ts): what the policies read, and nothing else, tells two
 * contexts apart; two contexts with the same key get the same decision, outcome by outcome, error by error.
 */
import * as assert from 'node:assert/strict';
import { decide, type PolicyContext, type PolicyDefinition } from '../../../src/api/policy';
import { decisionKeyOf, policyReadsOf, type PolicyReads } from '../../../src/api/policy/decisionKey';
import {
  alice,
  bob,
  dev,
  FINANCE_TAG,
  HOT_TAG,
  plainActivity,
  policy,
  root,
  signingWithKey,
  signingWithWallet,
  transferTx,
} from './contexts';

const signing: PolicyDefinition[] = [
  policy({
    effect: 'EFFECT_ALLOW',
    consensus: `approvers.filter(u, u.tags.contains('${FINANCE_TAG}')).count() >= 2`,
    condition: `eth.tx.to == '${transferTx(1n).to}' && eth.tx.contract_call_args['amount'] >= 1000`,
  }),
  policy({ effect: 'EFFECT_ALLOW', consensus: `approvers.any(u, u.id == '${dev.id}')`, condition: 'true' }),
  policy({ effect: 'EFFECT_DENY', condition: `private_key.tags.contains('${HOT_TAG}')` }),
  policy({ effect: 'EFFECT_ALLOW', condition: "activity.resource == 'PRIVATE_KEY' && wallet.id == 'wallet-1'" }),
  policy({ effect: 'EFFECT_DENY', condition: "eth.eip_712.primary_type == 'Permit'" }),
  policy({ effect: 'EFFECT_ALLOW', condition: "activity.params.type == 'TRANSACTION_TYPE_ETHEREUM'" }),
];

const readsOf = (policies: readonly PolicyDefinition[]): PolicyReads => {
  const reads = policyReadsOf(policies);
  assert.ok(reads, 'the policies can be keyed');
  return reads;
};

/** Contexts that differ from the first in one value each, read or not. */
function variants(): [name: string, context: PolicyContext][] {
  const base = () => signingWithKey([dev], transferTx(1000n));
  const withTx = (tx: Partial<ReturnType<typeof transferTx>>) => signingWithKey([dev], transferTx(1000n, tx));
  return [
    ['base', base()],
    ['the same, made again', base()],
    ['another nonce', withTx({ nonce: 7n })],
    ['another gas price', withTx({ gas_price: 1n })],
    ['another amount', signingWithKey([dev], transferTx(999n))],
    [
      'the amount as a number',
      withTx({ contract_call_args: { ...transferTx(1000n).contract_call_args, amount: 1000 } }),
    ],
    ['another recipient', withTx({ to: bob.id })],
    ['the recipient in lower case', withTx({ to: transferTx(1n).to.toLowerCase() })],
    ['no transaction', { ...base(), eth: {} }],
    ['no eth at all', (({ eth: _eth, ...rest }) => rest)(base())],
    ['a hot key', signingWithKey([dev], transferTx(1000n), [HOT_TAG])],
    ['no key', (({ private_key: _key, ...rest }) => rest)(base())],
    ['a wallet', signingWithWallet([dev])],
    ['two finance approvers', signingWithKey([dev, alice, bob])],
    ['the same approvers in another order', signingWithKey([dev, bob, alice])],
    ['one finance approver', signingWithKey([dev, alice])],
    ['an approver without her tag', signingWithKey([dev, { ...alice, tags: [] }, bob])],
    ['the root user', signingWithKey([root])],
    ['another time', { ...base(), now: new Date('2030-01-01T00:00:00Z') }],
    [
      'another params type',
      { ...base(), activity: { ...base().activity, params: { type: 'TRANSACTION_TYPE_SOLANA' } } },
    ],
    ['a typed-data signature', { ...base(), eth: { eip_712: { primary_type: 'Permit', domain: {}, message: {} } } }],
    ['another activity', plainActivity('ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE', {}, [dev])],
  ];
}

describe('policy decisions: the key of what policies read', () => {
  it('finds the values the policies read: each keyword and the fields read from it by name, lists whole', () => {
    const reads = readsOf(signing);
    assert.deepEqual(
      reads.paths.map((path) => path.join('.')),
      [
        'approvers',
        'eth.eip_712.primary_type',
        'eth.tx.contract_call_args',
        'eth.tx.to',
        'private_key.tags',
        'wallet.id',
      ].sort(),
    );
    assert.equal(reads.params, true, 'activity.params is read (and eth, whose reading looks at the encoding)');
    assert.equal(readsOf([policy({ effect: 'EFFECT_ALLOW', condition: "activity.type == 'X'" })]).params, false);
  });

  it('keys no decision of policies that read the clock', () => {
    assert.equal(
      policyReadsOf([
        ...signing,
        policy({ effect: 'EFFECT_ALLOW', time: "time.now > Timestamp('2026-01-01T00:00:00Z')" }),
      ]),
      undefined,
    );
    const cron = "CronSpan('0 9 * * 1-5', '8h', 'Europe/Paris')";
    assert.equal(policyReadsOf([policy({ effect: 'EFFECT_ALLOW', time: cron })]), undefined);
    // An empty time is always active: it reads nothing.
    assert.ok(policyReadsOf([policy({ effect: 'EFFECT_ALLOW', condition: 'true', time: '' })]));
  });

  it('tells apart contexts that differ in a value the policies read, and only those', () => {
    const reads = readsOf(signing);
    const keyOf = (context: PolicyContext) => decisionKeyOf(reads, context, false);
    const [[, base], ...others] = variants() as [[string, PolicyContext], ...[string, PolicyContext][]];
    const unread = new Set(['the same, made again', 'another nonce', 'another gas price', 'another time']);
    for (const [name, context] of others) {
      const key = keyOf(context);
      assert.ok(key !== undefined, name);
      if (unread.has(name)) assert.equal(key, keyOf(base), `${name}: read the same`);
      else assert.notEqual(key, keyOf(base), `${name}: read otherwise`);
    }
    assert.notEqual(decisionKeyOf(reads, base, true), keyOf(base), 'the root quorum met or not');
  });

  it('gives the same decision to every two contexts with the same key', () => {
    const lists: PolicyDefinition[][] = [
      signing,
      ...signing.map((one) => [one]),
      [policy({ effect: 'EFFECT_ALLOW', condition: 'eth.tx.to.size() > 2' })],
      [policy({ effect: 'EFFECT_DENY', condition: "eth.tx.contract_call_args['amount'] > 100" })],
    ];
    const contexts = variants();
    let alike = 0;
    for (const policies of lists) {
      const reads = readsOf(policies);
      for (const rootQuorumMet of [false, true]) {
        const keyed = contexts.map(([name, context]) => ({
          name,
          key: decisionKeyOf(reads, context, rootQuorumMet),
          decision: decide(policies, context, { rootQuorumMet }),
        }));
        for (const a of keyed)
          for (const b of keyed) {
            if (a === b || a.key !== b.key) continue;
            alike++;
            assert.deepEqual(b.decision, a.decision, `${a.name} and ${b.name} share a key`);
          }
      }
    }
    assert.ok(alike > 0, 'some contexts read the same');
  });

  it('keys no context past a bounded size, nor one whose value read is not plain data', () => {
    const reads = readsOf(signing);
    const long = { ...alice, tags: Array.from({ length: 400 }, (_, i) => `${FINANCE_TAG}-${i}`) };
    assert.equal(decisionKeyOf(reads, signingWithKey([dev, long]), false), undefined);
    const odd = signingWithKey([dev], transferTx(1000n, { contract_call_args: { amount: new Map() } }));
    assert.equal(decisionKeyOf(reads, odd, false), undefined);
  });
});
