/**
 * The language's value rules in one table, each row a condition run through `decide` as the sandbox runs it, over
 * a call the sandbox decodes itself: which fields compare without regard to case (docs/policies.md, row
 * `case-rules`), `in` and `.contains()` over lists of call arguments, integers past 2^53 (where a double would
 * lose them), `.count()` over repeated items, and an error after a match (nothing short-circuits, so a list that
 * holds the value and then an item of another type is an error, not a match).
 */
import * as assert from 'node:assert/strict';
import {
  decide,
  decodeEthereumTransaction,
  encodeFunctionCall,
  ethTxValuesOf,
  serializeUnsignedTransaction,
  type EthTxValues,
  type PolicyContext,
} from '../../../src/api/remote';
import { dev, HOT_TAG, policy, signingWithKey, signingWithWallet } from './contexts';

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ROUTER = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TWO_53 = 2n ** 53n;
const U256_MAX = 2n ** 256n - 1n;
/** An address in lower case and with upper-case hex: neither is how the decoder writes it (EIP-55). */
const lower = (address: string) => address.toLowerCase();
const upper = (address: string) => `0x${address.slice(2).toUpperCase()}`;

/** A router call whose arguments hold an address list with a repeat, integers past 2^53 twice, and a tuple. */
const ROUTE =
  'function route(address[] path, uint256[] amounts, address to, string memo, (address target, bool allowFailure, bytes callData) call)';
const ROUTE_ABI = [
  {
    type: 'function',
    name: 'route',
    stateMutability: 'nonpayable',
    outputs: [],
    inputs: [
      { name: 'path', type: 'address[]' },
      { name: 'amounts', type: 'uint256[]' },
      { name: 'to', type: 'address' },
      { name: 'memo', type: 'string' },
      {
        name: 'call',
        type: 'tuple',
        components: [
          { name: 'target', type: 'address' },
          { name: 'allowFailure', type: 'bool' },
          { name: 'callData', type: 'bytes' },
        ],
      },
    ],
  },
];

/** `eth.tx` as the sandbox reads it: the unsigned transaction decoded with the interface registered at the router. */
function routerCall(): EthTxValues {
  const data = encodeFunctionCall(ROUTE, [
    [lower(WETH), lower(USDC), lower(WETH)],
    [TWO_53 + 1n, TWO_53 + 1n],
    lower(RECIPIENT),
    'Payroll',
    { target: lower(USDC), allowFailure: true, callData: '0xa9059cbb' },
  ]);
  const unsigned = serializeUnsignedTransaction({
    chainId: 1,
    nonce: 0n,
    to: ROUTER,
    value: TWO_53 + 1n,
    data,
    gas: 200_000n,
    maxFeePerGas: 2n,
    maxPriorityFeePerGas: 1n,
  });
  const decoded = decodeEthereumTransaction(unsigned, [
    {
      smartContractInterfaceId: 'sci-router',
      smartContractAddress: lower(ROUTER),
      smartContractInterface: JSON.stringify(ROUTE_ABI),
      label: 'Router',
    },
  ]);
  assert.ok(decoded.ok && decoded.transaction.call.kind === 'decoded', 'the router call decodes');
  return ethTxValuesOf(decoded.transaction, FROM);
}

const tx = routerCall();
const CONTEXTS: Readonly<Record<'key' | 'wallet', PolicyContext>> = {
  key: signingWithKey([dev], tx, [HOT_TAG]),
  wallet: signingWithWallet([dev], tx),
};

const args = (name: string) => `eth.tx.contract_call_args['${name}']`;

/**
 * The rule a row holds to, a condition, what it evaluates to (true, false, or the error that makes the outcome
 * OUTCOME_ERROR), and whether it signs with the private key (the default) or with the wallet account.
 */
type Row = readonly [rule: string, condition: string, expected: boolean | RegExp, context?: 'key' | 'wallet'];

const IGNORES_CASE = 'ignores case';
const ROWS: readonly Row[] = [
  // Case, field by field: eth.tx.to and .from (and their slices), and every address among the call's arguments,
  // ignore it; everything else compares exactly.
  [`eth.tx.to ${IGNORES_CASE}`, `eth.tx.to == '${lower(ROUTER)}'`, true],
  [`eth.tx.to ${IGNORES_CASE}`, `eth.tx.to == '${upper(ROUTER)}'`, true],
  [`eth.tx.to ${IGNORES_CASE}, sliced too`, "eth.tx.to[0..6] == '0x5fbd'", true],
  [`eth.tx.from ${IGNORES_CASE}`, `eth.tx.from == '${lower(FROM)}'`, true],
  [`eth.tx.from ${IGNORES_CASE}`, `eth.tx.from != '${upper(FROM)}'`, false],
  [`an address argument ${IGNORES_CASE}`, `${args('to')} == '${lower(RECIPIENT)}'`, true],
  [`an address in a list argument ${IGNORES_CASE}`, `${args('path')}[1] == '${lower(USDC)}'`, true],
  [`an address in a tuple argument ${IGNORES_CASE}`, `${args('call')}[0] == '${upper(USDC)}'`, true],
  ['wallet_account.address is exact', `wallet_account.address == '${lower(FROM)}'`, false, 'wallet'],
  ['wallet_account.address is exact', `wallet_account.address == '${FROM}'`, true, 'wallet'],
  ['eth.tx.function_name is exact', "eth.tx.function_name == 'Route'", false],
  ['eth.tx.data is exact', `eth.tx.data[0..10] == '${upper(tx.data.slice(0, 10))}'`, false],
  ['a string argument is exact', `${args('memo')} == 'payroll'`, false],
  ['a bytes argument is exact', `${args('call')}[2] == '0xA9059CBB'`, false],
  ['tags are exact', `private_key.tags.contains('${HOT_TAG.toUpperCase()}')`, false],

  // `in` and `.contains()` on a list of call arguments: the addresses in it ignore case either way.
  [`\`in\` an address list argument ${IGNORES_CASE}`, `'${lower(WETH)}' in ${args('path')}`, true],
  [`\`in\` an address list argument ${IGNORES_CASE}`, `'${upper(USDC)}' in ${args('path')}`, true],
  [`.contains() on an address list argument ${IGNORES_CASE}`, `${args('path')}.contains('${lower(WETH)}')`, true],
  [`.contains() on an address list argument ${IGNORES_CASE}`, `${args('path')}.contains('${upper(USDC)}')`, true],
  ['`in` an address list argument finds only what it holds', `'${lower(RECIPIENT)}' in ${args('path')}`, false],
  ['.contains() finds only what the list holds', `${args('path')}.contains('${lower(ROUTER)}')`, false],
  [`an address argument \`in\` a literal list ${IGNORES_CASE}`, `${args('to')} in ['${upper(RECIPIENT)}']`, true],
  [`eth.tx.to \`in\` a literal list ${IGNORES_CASE}`, `eth.tx.to in ['${lower(WETH)}', '${lower(ROUTER)}']`, true],
  ['`in` a list of exact fields is exact', `'${lower(FROM)}' in [wallet_account.address]`, false, 'wallet'],

  // Integers past 2^53 compare exactly, as i128/u256 do: 2^53 + 1 is not 2^53.
  ['an int past 2^53 is not its double', `eth.tx.value == ${TWO_53}`, false],
  ['an int past 2^53 is not its double', `eth.tx.value != ${TWO_53}`, true],
  ['an int past 2^53 equals itself', `eth.tx.value == ${TWO_53 + 1n}`, true],
  ['an int past 2^53 orders exactly', `eth.tx.value > ${TWO_53} && eth.tx.value < ${TWO_53 + 2n}`, true],
  ['an int argument past 2^53 is not its double', `${args('amounts')}[0] == ${TWO_53}`, false],
  ['`in` an int list argument is exact past 2^53', `${TWO_53} in ${args('amounts')}`, false],
  ['`in` an int list argument is exact past 2^53', `${TWO_53 + 1n} in ${args('amounts')}`, true],
  ['.contains() is exact past 2^53', `${args('amounts')}.contains(${TWO_53})`, false],
  ['u256 literals compare exactly', `${U256_MAX} == ${U256_MAX - 1n}`, false],
  ['u256 literals compare exactly', `${U256_MAX} != ${U256_MAX - 1n}`, true],

  // .count() counts items, repeats included.
  ['.count() counts a repeated address', `${args('path')}.count() == 3`, true],
  ['.count() counts a repeated int', `${args('amounts')}.count() == 2`, true],
  ['.count() counts repeated literals', "['a', 'a', 'b'].count() == 3 && [7, 7].count() == 2", true],
  ['.count() of a filter counts repeats', `${args('path')}.filter(a, a == '${lower(WETH)}').count() == 2`, true],

  // An error after a match: every item is compared, so a later item of another type makes the policy an error.
  ['`in` compares past a match', `'${lower(USDC)}' in ${args('call')}`, /type mismatch/],
  ['.contains() compares past a match', `${args('call')}.contains('${lower(USDC)}')`, /type mismatch/],
  ['.any() tests past a match', `${args('call')}.any(x, x == '${lower(USDC)}')`, /type mismatch/],
  ['`in` evaluates every item past a match', 'eth.tx.to in [eth.tx.to, wallet.label]', /MissingKeyword: wallet/],
];

/** The condition's value as the only policy's outcome gives it: true, false, or the error's text. */
function valueOf([, condition, , context = 'key']: Row): boolean | string {
  const decision = decide([policy({ effect: 'EFFECT_ALLOW', condition })], CONTEXTS[context], { rootQuorumMet: false });
  const [evaluation] = decision.evaluations;
  assert.ok(evaluation);
  if (evaluation.outcome === 'OUTCOME_ALLOW') return true;
  if (evaluation.outcome === 'OUTCOME_DENY_IMPLICIT') return false;
  assert.equal(evaluation.outcome, 'OUTCOME_ERROR', condition);
  return evaluation.error ?? '';
}

describe('policy language: the value rules, one condition per row, decided as the sandbox decides', () => {
  it('decodes the call the rows read as the sandbox does: EIP-55 addresses, ints as integers, a tuple as a list', () => {
    assert.deepEqual(tx.contract_call_args, {
      path: [WETH, USDC, WETH],
      amounts: [TWO_53 + 1n, TWO_53 + 1n],
      to: RECIPIENT,
      memo: 'Payroll',
      call: [USDC, true, '0xa9059cbb'],
    });
    assert.equal(tx.value, TWO_53 + 1n);
  });

  for (const row of ROWS) {
    const [rule, condition, expected] = row;
    it(`${rule}: ${condition} is ${expected instanceof RegExp ? `an error (${expected.source})` : expected}`, () => {
      const value = valueOf(row);
      if (expected instanceof RegExp) {
        assert.equal(typeof value, 'string', `an error, not ${String(value)}`);
        assert.match(String(value), expected);
      } else assert.equal(value, expected);
    });
  }

  it('marks every result that rests on a case-insensitive comparison with the case-rules row', () => {
    for (const [rule, condition, expected, context = 'key'] of ROWS) {
      if (!rule.includes(IGNORES_CASE) || expected !== true) continue;
      const { choices } = decide([policy({ effect: 'EFFECT_ALLOW', condition })], CONTEXTS[context], {
        rootQuorumMet: false,
      });
      assert.ok(choices.includes('case-rules'), condition);
    }
  });
});
