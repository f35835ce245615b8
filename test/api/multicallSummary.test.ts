/**
 * The calls inside a multicall, against real calldata encoded with ox: each inner call is read with the interface
 * registered at its target (else the well-known signatures) and summarised like any call, its risks raised on the
 * whole transaction with the call they come from; a call that cannot be read is reported, and the work is bounded.
 */
import * as assert from 'node:assert/strict';
import {
  decodeEthereumTransaction,
  encodeFunctionCall,
  serializeUnsignedTransaction,
  summarizeTransaction,
  type CallSummary,
  type RegisteredInterface,
  type SummaryCall,
} from '../../src/api/remote';
import { SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from '../../src/api/sampleToken';
import {
  AGGREGATE3,
  APPROVE,
  MAX_UINT256 as MAX,
  MULTICALL,
  MULTICALL3,
  RECIPIENT,
  tokenWithMulticall,
  TRANSFER,
  UNREGISTERED,
} from '../support/transactionFixtures';

function summary(to: string, data: string, interfaces: readonly RegisteredInterface[] = [tokenWithMulticall]) {
  const unsigned = serializeUnsignedTransaction({
    chainId: 11155111,
    nonce: 1n,
    to,
    data,
    gas: 200_000n,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_500_000_000n,
  });
  const decoded = decodeEthereumTransaction(unsigned, interfaces);
  assert.ok(decoded.ok, 'the transaction decodes');
  return summarizeTransaction(decoded.transaction, { interfaces, descriptors: [] });
}

const kinds = (s: CallSummary) => s.flags.map((f) => f.kind);

function multicallOf(call: SummaryCall) {
  assert.equal(call.kind, 'call');
  if (call.kind !== 'call') throw new Error('not a call');
  assert.ok(call.multicall, `${call.functionName} is read as a multicall`);
  return call.multicall;
}

describe('summary of the calls inside a multicall', () => {
  it('reads a self-multicall with the interface of its contract and flags the unlimited approve hidden in it', () => {
    const data = encodeFunctionCall(MULTICALL, [
      [encodeFunctionCall(TRANSFER, [RECIPIENT, 5n * 10n ** 18n]), encodeFunctionCall(APPROVE, [RECIPIENT, MAX])],
    ]);
    const s = summary(SAMPLE_TOKEN_ADDRESS, data);
    const multicall = multicallOf(s.call);
    assert.equal(multicall.count, 2);
    assert.equal(multicall.omitted, 0);
    const [transfer, approve] = multicall.calls;
    assert.equal(transfer?.to, SAMPLE_TOKEN_ADDRESS);
    assert.equal(transfer?.call.kind === 'call' && transfer.call.functionName, 'transfer');
    assert.equal(transfer?.call.kind === 'call' && transfer.call.source, 'interface');
    // The inner amount is scaled like an outer one: the sample token is in the built-in list.
    assert.equal(transfer?.call.kind === 'call' && transfer.call.arguments[1]?.amount?.scaled, '5');
    assert.equal(approve?.call.kind === 'call' && approve.call.functionName, 'approve');
    assert.deepEqual(kinds(s), ['unlimitedApproval']);
    assert.deepEqual(s.flags[0], { kind: 'unlimitedApproval', spender: RECIPIENT, inner: [1] });
    assert.deepEqual(approve?.flags, [s.flags[0]]);
  });

  it('reads an unregistered multicall with the well-known signatures, and the deadline form too', () => {
    const approve = encodeFunctionCall(APPROVE, [RECIPIENT, MAX]);
    const plain = summary(UNREGISTERED, encodeFunctionCall(MULTICALL, [[approve]]));
    assert.equal(plain.call.kind === 'call' && plain.call.source, 'wellKnown');
    const inner = multicallOf(plain.call).calls[0]?.call;
    assert.equal(inner?.kind === 'call' && inner.source, 'wellKnown');
    assert.deepEqual(kinds(plain), ['noInterface', 'unlimitedApproval']);
    const withDeadline = summary(
      UNREGISTERED,
      encodeFunctionCall('function multicall(uint256 deadline, bytes[] data)', [1_900_000_000n, [approve]]),
    );
    assert.equal(multicallOf(withDeadline.call).argument, 1);
    assert.deepEqual(kinds(withDeadline), ['noInterface', 'unlimitedApproval']);
  });

  it('reads aggregate3 with the interface at each target, and flags an inner call to an unregistered address', () => {
    const data = encodeFunctionCall(AGGREGATE3, [
      [
        { target: SAMPLE_TOKEN_ADDRESS, allowFailure: false, callData: encodeFunctionCall(TRANSFER, [RECIPIENT, 1n]) },
        { target: UNREGISTERED, allowFailure: true, callData: encodeFunctionCall(APPROVE, [RECIPIENT, 2n]) },
      ],
    ]);
    const s = summary(MULTICALL3, data);
    const multicall = multicallOf(s.call);
    assert.equal(multicall.targeted, true);
    const [transfer, approve] = multicall.calls;
    assert.equal(transfer?.to, SAMPLE_TOKEN_ADDRESS);
    assert.equal(transfer?.toName, SAMPLE_TOKEN_LABEL);
    assert.equal(transfer?.allowFailure, false);
    assert.equal(transfer?.call.kind === 'call' && transfer.call.source, 'interface');
    assert.equal(approve?.to, UNREGISTERED);
    assert.equal(approve?.allowFailure, true);
    assert.equal(approve?.call.kind === 'call' && approve.call.source, 'wellKnown');
    // Multicall3 itself is not registered either: one flag for it, one for the inner target.
    assert.deepEqual(kinds(s), ['noInterface', 'noInterface']);
    assert.deepEqual(s.flags[1], { kind: 'noInterface', address: UNREGISTERED, inner: [1] });
  });

  it('reads aggregate and aggregate3Value, whose inner value without data to a contract is flagged', () => {
    const aggregate = summary(
      MULTICALL3,
      encodeFunctionCall('function aggregate((address target, bytes callData)[] calls)', [
        [{ target: SAMPLE_TOKEN_ADDRESS, callData: encodeFunctionCall(APPROVE, [RECIPIENT, MAX]) }],
      ]),
    );
    assert.deepEqual(kinds(aggregate), ['noInterface', 'unlimitedApproval']);
    const withValue = summary(
      MULTICALL3,
      encodeFunctionCall(
        'function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls)',
        [[{ target: SAMPLE_TOKEN_ADDRESS, allowFailure: false, value: 10n ** 18n, callData: '0x' }]],
      ),
    );
    const inner = multicallOf(withValue.call).calls[0];
    assert.equal(inner?.call.kind, 'transfer');
    assert.equal(inner?.valueEth, '1');
    assert.deepEqual(withValue.flags[1], {
      kind: 'valueWithoutData',
      address: SAMPLE_TOKEN_ADDRESS,
      valueEth: '1',
      inner: [0],
    });
  });

  it('reports an inner call that cannot be read, and flags it, without throwing', () => {
    const data = encodeFunctionCall(MULTICALL, [
      [
        '0x1234',
        // transfer's selector with arguments cut short.
        `${encodeFunctionCall(TRANSFER, [RECIPIENT, 1n]).slice(0, 40)}`,
        '0xdeadbeef',
        encodeFunctionCall(APPROVE, [RECIPIENT, 1n]),
      ],
    ]);
    const s = summary(SAMPLE_TOKEN_ADDRESS, data);
    const calls = multicallOf(s.call).calls;
    assert.deepEqual(
      calls.map((c) => c.call.kind),
      ['mismatch', 'mismatch', 'mismatch', 'call'],
    );
    assert.match(calls[1]?.call.kind === 'mismatch' ? calls[1].call.reason : '', /do not decode/);
    assert.deepEqual(kinds(s), ['unreadableCall', 'unreadableCall', 'unreadableCall']);
    assert.deepEqual(
      s.flags.map((f) => f.inner),
      [[0], [1], [2]],
    );
    // On an unregistered contract, an unknown selector is unknown, and the address is flagged once.
    const unregistered = summary(UNREGISTERED, encodeFunctionCall(MULTICALL, [['0xdeadbeef', '0x']]));
    assert.deepEqual(
      multicallOf(unregistered.call).calls.map((c) => c.call.kind),
      ['unknown', 'transfer'],
    );
    assert.deepEqual(kinds(unregistered), ['noInterface', 'unreadableCall']);
  });

  it('reads at most 32 inner calls and one nested multicall, and counts the rest instead of throwing', () => {
    const approve = encodeFunctionCall(APPROVE, [RECIPIENT, MAX]);
    const many = summary(
      SAMPLE_TOKEN_ADDRESS,
      encodeFunctionCall(MULTICALL, [Array.from({ length: 40 }, () => approve)]),
    );
    const multicall = multicallOf(many.call);
    assert.equal(multicall.count, 40);
    assert.equal(multicall.calls.length, 32);
    assert.equal(multicall.omitted, 8);
    assert.equal(many.flags.filter((f) => f.kind === 'unlimitedApproval').length, 32);
    assert.deepEqual(many.flags.at(-1), { kind: 'uninspectedCalls', count: 8 });

    // A multicall in a multicall is read; a third level is counted, not read.
    const deepest = encodeFunctionCall(MULTICALL, [[approve, approve]]);
    const nested = encodeFunctionCall(MULTICALL, [[approve, deepest]]);
    const s = summary(SAMPLE_TOKEN_ADDRESS, encodeFunctionCall(MULTICALL, [[nested]]));
    const outer = multicallOf(s.call);
    const middle = outer.calls[0] ? multicallOf(outer.calls[0].call) : undefined;
    assert.equal(middle?.calls.length, 2);
    assert.equal(middle?.calls[0]?.call.kind === 'call' && middle.calls[0].call.functionName, 'approve');
    const third = middle?.calls[1]?.call;
    assert.equal(third?.kind === 'call' && third.functionName, 'multicall');
    assert.equal(third?.kind === 'call' && third.multicall?.calls.length, 0);
    assert.equal(third?.kind === 'call' && third.multicall?.omitted, 2);
    assert.deepEqual(
      s.flags.map((f) => [f.kind, f.inner]),
      [
        ['unlimitedApproval', [0, 0]],
        ['uninspectedCalls', undefined],
      ],
    );
  });
});
