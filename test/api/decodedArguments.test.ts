/**
 * A decoded call is a list by position, its names labels only: what a teammate's ABI cannot forge with names
 * (two components named alike, one named `__proto__`, none at all), and which function a selector picks when a
 * name is overloaded.
 */
import * as assert from 'node:assert/strict';
import {
  decodeEthereumTransaction,
  encodeFunctionCall,
  serializeUnsignedTransaction,
  type CallDecoding,
  type RegisteredInterface,
} from '../../src/api/remote';

const TOKEN = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
/** Where the funds go, and an address that only looks like a recipient. */
const PAYEE = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const DECOY = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
const OWNER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const address = (name: string) => ({ name, type: 'address', internalType: 'address' });
const uint = (name: string) => ({ name, type: 'uint256', internalType: 'uint256' });
const fn = (name: string, inputs: unknown[]) => ({
  type: 'function',
  name,
  inputs,
  outputs: [],
  stateMutability: 'nonpayable',
});

function callOf(abi: unknown[], data: string): CallDecoding {
  const registered: RegisteredInterface = {
    smartContractInterfaceId: 'sci-1',
    smartContractAddress: TOKEN,
    smartContractInterface: JSON.stringify(abi),
    label: 'Payments',
  };
  const result = decodeEthereumTransaction(
    serializeUnsignedTransaction({ chainId: 1, nonce: 0n, to: TOKEN, data, gas: 9n, gasPrice: 1n }),
    [registered],
  );
  assert.ok(result.ok, result.ok ? '' : result.problem);
  return result.transaction.call;
}

function decodedCall(abi: unknown[], data: string) {
  const call = callOf(abi, data);
  assert.equal(call.kind, 'decoded', JSON.stringify(call));
  if (call.kind !== 'decoded') throw new Error('not decoded');
  return call;
}

describe('api: decoded arguments are read by position, their names are labels', () => {
  it('shows both components of a tuple named "to", each with its own address, and flags the name', () => {
    const abi = [
      fn('pay', [{ name: 'order', type: 'tuple', components: [address('to'), address('to'), uint('amount')] }]),
    ];
    const call = decodedCall(abi, encodeFunctionCall('function pay((address,address,uint256))', [[PAYEE, DECOY, 5n]]));
    assert.deepEqual(call.arguments, [
      {
        name: 'order',
        type: 'tuple',
        parts: [
          { name: 'to (#1)', type: 'address', text: PAYEE },
          { name: 'to (#2)', type: 'address', text: DECOY },
          { name: 'amount', type: 'uint256', text: '5' },
        ],
      },
    ]);
    assert.deepEqual(call.nameProblems, [{ kind: 'duplicate', within: 'pay.order', name: 'to', positions: [1, 2] }]);
  });

  it('shows the value of an argument named "__proto__" and of one named "constructor", not an object', () => {
    const abi = [
      fn('pay', [{ name: 'order', type: 'tuple', components: [address('__proto__'), uint('constructor')] }]),
    ];
    const call = decodedCall(abi, encodeFunctionCall('function pay((address,uint256))', [[PAYEE, 7n]]));
    assert.deepEqual(call.arguments[0]?.parts, [
      { name: '__proto__', type: 'address', text: PAYEE },
      { name: 'constructor', type: 'uint256', text: '7' },
    ]);
    assert.deepEqual(call.nameProblems, []);
    assert.equal(Object.getPrototypeOf(call.arguments[0]), Object.prototype, 'no prototype was replaced');
  });

  it('labels top-level arguments named alike by position too, and flags them', () => {
    const abi = [fn('send', [address('to'), address('to'), uint('amount')])];
    const call = decodedCall(abi, encodeFunctionCall('function send(address,address,uint256)', [PAYEE, DECOY, 9n]));
    assert.deepEqual(
      call.arguments.map((a) => [a.name, a.text]),
      [
        ['to (#1)', PAYEE],
        ['to (#2)', DECOY],
        ['amount', '9'],
      ],
    );
    assert.equal(call.title, 'send(to (#1), to (#2), amount)');
    assert.deepEqual(call.nameProblems, [{ kind: 'duplicate', within: 'send', name: 'to', positions: [1, 2] }]);
  });

  it('labels arguments without a name by their position (#1), inside tuples and arrays of tuples too', () => {
    const abi = [
      fn('settle', [address(''), { name: 'legs', type: 'tuple[]', components: [address('payee'), uint('')] }]),
    ];
    const call = decodedCall(
      abi,
      encodeFunctionCall('function settle(address,(address,uint256)[])', [
        OWNER,
        [
          [PAYEE, 1n],
          [DECOY, 2n],
        ],
      ]),
    );
    assert.deepEqual(call.arguments, [
      { name: '#1', type: 'address', text: OWNER },
      {
        name: 'legs',
        type: 'tuple[]',
        parts: [
          {
            name: '[0]',
            type: 'tuple',
            parts: [
              { name: 'payee', type: 'address', text: PAYEE },
              { name: '#2', type: 'uint256', text: '1' },
            ],
          },
          {
            name: '[1]',
            type: 'tuple',
            parts: [
              { name: 'payee', type: 'address', text: DECOY },
              { name: '#2', type: 'uint256', text: '2' },
            ],
          },
        ],
      },
    ]);
    assert.deepEqual(call.nameProblems, [
      { kind: 'empty', within: 'settle', name: '', positions: [1] },
      { kind: 'empty', within: 'settle.legs[]', name: '', positions: [2] },
    ]);
  });

  it('picks an overloaded function by its selector, never by its name: both ERC-721 safeTransferFrom', () => {
    const transfer = (withData: boolean) =>
      fn('safeTransferFrom', [
        address('from'),
        address('to'),
        uint('tokenId'),
        ...(withData ? [{ name: 'data', type: 'bytes', internalType: 'bytes' }] : []),
      ]);
    // Both orders of the entries: a lookup by name would find the first one whatever the data.
    for (const abi of [
      [transfer(false), transfer(true)],
      [transfer(true), transfer(false)],
    ]) {
      const three = decodedCall(
        abi,
        encodeFunctionCall('function safeTransferFrom(address,address,uint256)', [OWNER, PAYEE, 42n]),
      );
      assert.equal(three.signature, 'safeTransferFrom(address,address,uint256)');
      assert.equal(three.selector, '0x42842e0e');
      assert.deepEqual(
        three.arguments.map((a) => [a.name, a.text]),
        [
          ['from', OWNER],
          ['to', PAYEE],
          ['tokenId', '42'],
        ],
      );
      const four = decodedCall(
        abi,
        encodeFunctionCall('function safeTransferFrom(address,address,uint256,bytes)', [OWNER, PAYEE, 43n, '0xbeef']),
      );
      assert.equal(four.signature, 'safeTransferFrom(address,address,uint256,bytes)');
      assert.equal(four.selector, '0xb88d4fde');
      assert.deepEqual(
        four.arguments.map((a) => [a.name, a.text]),
        [
          ['from', OWNER],
          ['to', PAYEE],
          ['tokenId', '43'],
          ['data', '0xbeef'],
        ],
      );
    }
  });

  it('says a registered ABI nested past the bound does not match, without walking it', () => {
    let parameter: unknown = { name: 'x', type: 'uint256' };
    for (let i = 0; i < 300; i++) parameter = { name: `t${i}`, type: 'tuple', components: [parameter] };
    const call = callOf([fn('f', [parameter])], encodeFunctionCall('function f(uint256)', [1n]));
    assert.equal(call.kind, 'mismatch');
    if (call.kind === 'mismatch') assert.match(call.reason, /nests deeper than 512 levels/);
  });
});
