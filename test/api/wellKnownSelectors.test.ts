/**
 * A call is read by its selector first: a well-known selector is read by its well-known signature whatever the
 * registered interface says or lacks, a disagreement between the two is itself a risk naming both, amounts and
 * spenders are found by position (never by the names an interface gives them), and bytes the function does not read
 * are reported. Against real calldata encoded with ox, and the words a reviewer reads.
 */
import * as assert from 'node:assert/strict';
import * as Abi from 'ox/Abi';
import {
  decodeEthereumTransaction,
  encodeFunctionCall,
  serializeUnsignedTransaction,
  type CallSummary,
} from '../../src/api/remote';
import { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from '../../src/api/sampleToken';
import { summarizeActivity } from '../../src/extension/wording/activitySummaryWords';
import * as remote from '../../src/api/remote';
import {
  APPROVE,
  MAX_UINT256 as MAX,
  MULTICALL,
  PERMIT2,
  RECIPIENT,
  registeredInterface,
  signingActivity,
  summarizeCall,
  TRANSFER,
  UNREGISTERED,
  USDT_MAINNET,
} from '../support/transactionFixtures';

const sampleToken = registeredInterface(SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_LABEL);
const kinds = (s: CallSummary) => s.flags.map((f) => f.kind);
const VICTIM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

function callOf(s: CallSummary) {
  assert.equal(s.call.kind, 'call', JSON.stringify(s.call));
  if (s.call.kind !== 'call') throw new Error('not a call');
  return s.call;
}

describe('calls read by their selector first', () => {
  it('reads a multicall to the sample token, whose interface has none, call by call, and flags the interface and the unlimited approve', () => {
    const data = encodeFunctionCall(MULTICALL, [[encodeFunctionCall(APPROVE, [RECIPIENT, MAX])]]);
    const s = summarizeCall(SAMPLE_TOKEN_ADDRESS, data, { interfaces: [sampleToken] });
    const call = callOf(s);
    assert.equal(call.source, 'wellKnown');
    assert.equal(
      call.multicall?.calls[0]?.call.kind === 'call' && call.multicall.calls[0].call.functionName,
      'approve',
    );
    assert.deepEqual(kinds(s), ['interfaceMismatch', 'unlimitedApproval']);
    assert.deepEqual(s.flags[0], {
      kind: 'interfaceMismatch',
      interfaceLabel: SAMPLE_TOKEN_LABEL,
      selector: '0xac9650d8',
      registered: undefined,
      wellKnown: 'multicall(bytes[])',
      standard: 'Multicall',
    });
    assert.deepEqual(s.flags[1], { kind: 'unlimitedApproval', spender: RECIPIENT, inner: [0] });

    // The row, the dialog and the pick list read the same risks, with the interface and the function named.
    const activity = signingActivity('act-multicall', SAMPLE_TOKEN_ADDRESS, data);
    const summary = summarizeActivity(activity, {
      decode: { transaction: remote.decodeEthereumTransaction, summarize: remote.summarizeTransaction },
      interfaces: [sampleToken],
      descriptors: [],
    });
    assert.ok(summary);
    assert.deepEqual(summary.risks, ['Interface does not match the call', 'Unlimited approval']);
    assert.match(summary.line, /^Multicall of 1 call: approve\(…\)/);
    assert.equal(
      summary.flags[0],
      `The interface "${SAMPLE_TOKEN_LABEL}" has no function with the selector 0xac9650d8, which is the well-known Multicall function multicall(bytes[]): the call is read as multicall(bytes[]).`,
    );
    assert.match(summary.flags[1] ?? '', /^In call 1 of the multicall: Unlimited token approval/);
  });

  it("flags USDT's unlimited approve with its own verified interface registered (approve(_spender, _value))", () => {
    const usdt = registeredInterface(
      USDT_MAINNET,
      Abi.from(['function approve(address _spender, uint256 _value)']),
      'USDT',
    );
    const data = encodeFunctionCall(APPROVE, [RECIPIENT, MAX]);
    const s = summarizeCall(USDT_MAINNET, data, { interfaces: [usdt], chainId: 1 });
    const call = callOf(s);
    assert.equal(call.source, 'interface', 'the same signature: the interface lends its names');
    assert.deepEqual(
      call.arguments.map((a) => a.name),
      ['_spender', '_value'],
    );
    assert.deepEqual(kinds(s), ['unlimitedApproval']);
    assert.deepEqual(s.flags[0], { kind: 'unlimitedApproval', spender: RECIPIENT });
    assert.deepEqual(s.recipient, { address: RECIPIENT, name: undefined, role: 'spender' });

    // Names that lie change nothing: the spender and the amount are where approve(address,uint256) has them.
    const liar = registeredInterface(USDT_MAINNET, Abi.from(['function approve(address amount, uint256 spender)']));
    const lying = summarizeCall(USDT_MAINNET, encodeFunctionCall(APPROVE, [RECIPIENT, 2_000_000n * 10n ** 6n]), {
      interfaces: [liar],
      chainId: 1,
    });
    assert.deepEqual(kinds(lying), []);
    assert.equal(callOf(lying).arguments[0]?.amount, undefined, 'an address named amount is no amount');
    assert.equal(callOf(lying).arguments[1]?.amount?.scaled, '2000000');
    assert.deepEqual(
      kinds(
        summarizeCall(USDT_MAINNET, encodeFunctionCall(APPROVE, [RECIPIENT, MAX]), { interfaces: [liar], chainId: 1 }),
      ),
      ['unlimitedApproval'],
    );
  });

  it('reads a transferFrom behind an interface giving its selector to gasprice_bit_ether(int128), naming both', () => {
    const decoy = registeredInterface(
      SAMPLE_TOKEN_ADDRESS,
      Abi.from(['function gasprice_bit_ether(int128 x)']),
      'Decoy',
    );
    const data = encodeFunctionCall('function transferFrom(address from, address to, uint256 amount)', [
      VICTIM,
      UNREGISTERED,
      5n * 10n ** 18n,
    ]);
    assert.equal(data.slice(0, 10), '0x23b872dd');
    // The interface alone reads one word of the three, and says the other 64 bytes are not read.
    const decoded = decodeEthereumTransaction(
      serializeUnsignedTransaction({ chainId: 1, nonce: 0n, to: SAMPLE_TOKEN_ADDRESS, data, gas: 9n, gasPrice: 1n }),
      [decoy],
    );
    assert.ok(decoded.ok);
    assert.equal(decoded.transaction.call.kind, 'decoded');
    assert.deepEqual(decoded.transaction.call.kind === 'decoded' && decoded.transaction.call.unread, {
      bytes: 64,
      canonical: false,
    });

    const s = summarizeCall(SAMPLE_TOKEN_ADDRESS, data, { interfaces: [decoy] });
    const call = callOf(s);
    assert.equal(call.signature, 'transferFrom(address,address,uint256)');
    assert.equal(call.source, 'wellKnown');
    assert.deepEqual(s.recipient, { address: UNREGISTERED, name: undefined, role: 'recipient' });
    assert.equal(call.arguments[2]?.amount?.scaled, '5');
    assert.deepEqual(s.flags, [
      {
        kind: 'interfaceMismatch',
        interfaceLabel: 'Decoy',
        selector: '0x23b872dd',
        registered: 'gasprice_bit_ether(int128)',
        wellKnown: 'transferFrom(address,address,uint256)',
        standard: 'ERC-20 or ERC-721',
      },
    ]);
  });

  it('reports and flags bytes past the arguments a function reads', () => {
    const transfer = encodeFunctionCall(TRANSFER, [RECIPIENT, 1n]);
    const padded = `${transfer}${'ab'.repeat(32)}`;
    const s = summarizeCall(SAMPLE_TOKEN_ADDRESS, padded, { interfaces: [sampleToken] });
    assert.equal(callOf(s).functionName, 'transfer');
    assert.deepEqual(s.flags, [{ kind: 'unreadData', bytes: 32, canonical: true }]);
    // Inside a multicall too, marked with the call.
    const inner = summarizeCall(UNREGISTERED, encodeFunctionCall(MULTICALL, [[padded]]), { interfaces: [] });
    assert.deepEqual(inner.flags, [
      { kind: 'noInterface', address: UNREGISTERED },
      { kind: 'unreadData', bytes: 32, canonical: true, inner: [0] },
    ]);
    assert.deepEqual(kinds(summarizeCall(SAMPLE_TOKEN_ADDRESS, transfer, { interfaces: [sampleToken] })), []);
  });

  it('flags data that does not match the registered interface, where no well-known signature reads it', () => {
    const s = summarizeCall(SAMPLE_TOKEN_ADDRESS, encodeFunctionCall('function frobnicate(uint256 x)', [7n]), {
      interfaces: [sampleToken],
    });
    assert.equal(s.call.kind, 'mismatch');
    assert.deepEqual(kinds(s), ['unreadableCall']);
  });

  it("calls Permit2's approve of the uint160 maximum unlimited, and one below it very large", () => {
    const permit2 = 'function approve(address token, address spender, uint160 amount, uint48 expiration)';
    const approve = (amount: bigint) =>
      summarizeCall(PERMIT2, encodeFunctionCall(permit2, [SAMPLE_TOKEN_ADDRESS, RECIPIENT, amount, 1_900_000_000n]));
    const unlimited = approve(2n ** 160n - 1n);
    assert.deepEqual(unlimited.flags, [
      { kind: 'unlimitedApproval', spender: RECIPIENT },
      { kind: 'noInterface', address: PERMIT2 },
    ]);
    assert.equal(callOf(unlimited).arguments[2]?.amount?.symbol, 'EXAMPLE', 'the token is the one the call names');
    assert.deepEqual(kinds(approve(2n ** 160n - 2n)), ['largeApproval', 'noInterface']);
  });

  it('flags no call with neither value nor data to a known contract', () => {
    assert.deepEqual(kinds(summarizeCall(SAMPLE_TOKEN_ADDRESS, '0x', { interfaces: [sampleToken] })), []);
    assert.deepEqual(kinds(summarizeCall(SAMPLE_TOKEN_ADDRESS, '0x', { interfaces: [sampleToken], value: 1n })), [
      'valueWithoutData',
    ]);
  });
});
