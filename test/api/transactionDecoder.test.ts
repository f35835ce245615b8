import * as assert from 'node:assert/strict';
import * as Abi from 'ox/Abi';
import {
  decodeEthereumTransaction,
  decodeRawPayload,
  encodeFunctionCall,
  serializeUnsignedTransaction,
  type DecodedEthereumTransaction,
  type RegisteredInterface,
} from '../../src/api/remote';
import { readFixture } from '../support/fixtures';

/** EIP-55's examples: a token, a recipient, and a contract nobody registered. */
const TOKEN = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const RECIPIENT = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const UNREGISTERED = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';

/** The fixture workspace's compiled ERC-20 (transfer(address to, uint256 value)). */
const erc20Abi = JSON.stringify((JSON.parse(readFixture('workspace/artifacts/ERC20.json')) as { abi: unknown }).abi);
const token: RegisteredInterface = {
  smartContractInterfaceId: 'sci-token',
  // Registered in lower case: the decoder compares addresses without case.
  smartContractAddress: TOKEN.toLowerCase(),
  smartContractInterface: erc20Abi,
  label: 'Example token',
};

const BIG = 123_456_789_012_345_678_901_234_567_890n;

function decoded(hex: string, interfaces: readonly RegisteredInterface[] = [token]): DecodedEthereumTransaction {
  const result = decodeEthereumTransaction(hex, interfaces);
  assert.ok(result.ok, result.ok ? '' : result.problem);
  return result.transaction;
}

const transferData = encodeFunctionCall('function transfer(address to, uint256 value)', [RECIPIENT, BIG]);

describe('api: the transaction decoder of the review page', () => {
  it('decodes a registered ERC-20 transfer: function, signature and arguments by name, address EIP-55, amount exact', () => {
    const tx = decoded(
      serializeUnsignedTransaction({
        chainId: 11155111,
        nonce: 7n,
        to: TOKEN,
        data: transferData,
        gas: 65_000n,
        maxFeePerGas: 30_000_000_000n,
        maxPriorityFeePerGas: 1_500_000_000n,
      }),
    );
    assert.equal(tx.transactionType, 'eip1559');
    assert.equal(tx.chainId, '11155111');
    assert.equal(tx.to, TOKEN);
    assert.equal(tx.valueEth, '0');
    assert.equal(tx.nonce, '7');
    assert.equal(tx.gasLimit, '65000');
    assert.deepEqual(tx.fees, [
      { name: 'maxFeePerGas', wei: '30000000000', gwei: '30' },
      { name: 'maxPriorityFeePerGas', wei: '1500000000', gwei: '1.5' },
    ]);
    assert.equal(tx.call.kind, 'decoded');
    if (tx.call.kind !== 'decoded') return;
    assert.equal(tx.call.title, 'transfer(to, value)');
    assert.equal(tx.call.signature, 'transfer(address,uint256)');
    assert.equal(tx.call.selector, '0xa9059cbb');
    assert.equal(tx.call.interfaceLabel, 'Example token');
    assert.deepEqual(tx.call.arguments, [
      { name: 'to', type: 'address', text: RECIPIENT },
      { name: 'value', type: 'uint256', text: BIG.toString() },
    ]);
  });

  it('decodes a function of one argument, and one of none', () => {
    const one = decoded(
      serializeUnsignedTransaction({
        chainId: 1,
        nonce: 0n,
        to: TOKEN,
        data: encodeFunctionCall('function balanceOf(address account)', [RECIPIENT]),
        gas: 9n,
        gasPrice: 1n,
      }),
    );
    assert.equal(one.call.kind, 'decoded');
    if (one.call.kind === 'decoded')
      assert.deepEqual(one.call.arguments, [{ name: 'account', type: 'address', text: RECIPIENT }]);
    const none = decoded(
      serializeUnsignedTransaction({
        chainId: 1,
        nonce: 0n,
        to: TOKEN,
        data: encodeFunctionCall('function totalSupply()', []),
        gas: 9n,
        gasPrice: 1n,
      }),
    );
    assert.equal(none.call.kind, 'decoded');
    if (none.call.kind === 'decoded') assert.equal(none.call.title, 'totalSupply()');
  });

  it('says no interface is registered for a call to another address, with its selector', () => {
    const tx = decoded(
      serializeUnsignedTransaction({
        chainId: 1,
        nonce: 0n,
        to: UNREGISTERED,
        data: transferData,
        gas: 1n,
        gasPrice: 1n,
      }),
    );
    assert.deepEqual(tx.call, { kind: 'noInterface', selector: '0xa9059cbb' });
  });

  it('reads a plain ETH transfer with its value exact in ETH', () => {
    const tx = decoded(
      serializeUnsignedTransaction({
        chainId: 1,
        nonce: 3n,
        to: RECIPIENT,
        value: 1_000_000_000_000_000_001n,
        gas: 21_000n,
        gasPrice: 2n,
      }),
    );
    assert.equal(tx.call.kind, 'transfer');
    assert.equal(tx.valueEth, '1.000000000000000001');
    assert.equal(tx.valueWei, '1000000000000000001');
    assert.equal(tx.dataBytes, 0);
  });

  it('reads each transaction type: legacy (gas price, chain id from EIP-155), EIP-2930 (access list), EIP-1559', () => {
    const legacy = decoded(
      serializeUnsignedTransaction({
        chainId: 5,
        nonce: 1n,
        to: TOKEN,
        data: transferData,
        gas: 9n,
        gasPrice: 20_000_000_000n,
      }),
    );
    assert.equal(legacy.transactionType, 'legacy');
    assert.equal(legacy.chainId, '5');
    assert.deepEqual(legacy.fees, [{ name: 'gasPrice', wei: '20000000000', gwei: '20' }]);
    assert.equal(legacy.call.kind, 'decoded');

    const eip2930 = decoded(
      serializeUnsignedTransaction({
        chainId: 10,
        nonce: 2n,
        to: TOKEN,
        data: transferData,
        gas: 9n,
        gasPrice: 3n,
        accessList: [{ address: TOKEN, storageKeys: [`0x${'00'.repeat(31)}01`] }],
      }),
    );
    assert.equal(eip2930.transactionType, 'eip2930');
    assert.equal(eip2930.accessListEntries, 1);
    assert.deepEqual(eip2930.fees, [{ name: 'gasPrice', wei: '3', gwei: '0.000000003' }]);
    assert.equal(eip2930.call.kind, 'decoded');

    const eip1559 = decoded(
      serializeUnsignedTransaction({ chainId: 1, nonce: 0n, to: TOKEN, data: transferData, gas: 9n, maxFeePerGas: 2n }),
    );
    assert.equal(eip1559.transactionType, 'eip1559');
    assert.equal(eip1559.call.kind, 'decoded');
  });

  it('says plainly when the calldata does not match the registered ABI: an unknown selector, or arguments that do not decode', () => {
    const unknown = decoded(
      serializeUnsignedTransaction({
        chainId: 1,
        nonce: 0n,
        to: TOKEN,
        data: encodeFunctionCall('function mint(address to, uint256 amount)', [RECIPIENT, 1n]),
        gas: 9n,
        gasPrice: 1n,
      }),
    );
    assert.equal(unknown.call.kind, 'mismatch');
    if (unknown.call.kind === 'mismatch')
      assert.match(unknown.call.reason, /no function of the registered interface has the selector 0x40c10f19/);

    // transfer's selector with its second argument cut off.
    const truncated = decoded(
      serializeUnsignedTransaction({
        chainId: 1,
        nonce: 0n,
        to: TOKEN,
        data: transferData.slice(0, 10 + 64),
        gas: 9n,
        gasPrice: 1n,
      }),
    );
    assert.equal(truncated.call.kind, 'mismatch');
    if (truncated.call.kind === 'mismatch')
      assert.match(truncated.call.reason, /do not decode as transfer\(address,uint256\)/);

    const short = decoded(
      serializeUnsignedTransaction({ chainId: 1, nonce: 0n, to: TOKEN, data: '0xa905', gas: 9n, gasPrice: 1n }),
    );
    assert.equal(short.call.kind, 'mismatch');

    const broken = decoded(
      serializeUnsignedTransaction({ chainId: 1, nonce: 0n, to: TOKEN, data: transferData, gas: 9n, gasPrice: 1n }),
      [{ ...token, smartContractInterface: '[{"type": "function",' }],
    );
    assert.equal(broken.call.kind, 'mismatch');
    if (broken.call.kind === 'mismatch') assert.match(broken.call.reason, /not valid JSON/);
  });

  it('shows nested tuples and arrays as their named parts', () => {
    const abi = Abi.from(['function settle((address payee, uint256[] amounts) order, bool[2] flags)']);
    const data = encodeFunctionCall('function settle((address payee, uint256[] amounts) order, bool[2] flags)', [
      { payee: RECIPIENT.toLowerCase(), amounts: [1n, BIG] },
      [true, false],
    ]);
    const tx = decoded(
      serializeUnsignedTransaction({ chainId: 1, nonce: 0n, to: TOKEN, data, gas: 9n, gasPrice: 1n }),
      [{ ...token, smartContractInterface: JSON.stringify(abi) }],
    );
    assert.equal(tx.call.kind, 'decoded');
    if (tx.call.kind !== 'decoded') return;
    assert.equal(tx.call.title, 'settle(order, flags)');
    assert.deepEqual(tx.call.arguments, [
      {
        name: 'order',
        type: 'tuple',
        parts: [
          { name: 'payee', type: 'address', text: RECIPIENT },
          {
            name: 'amounts',
            type: 'uint256[]',
            parts: [
              { name: '[0]', type: 'uint256', text: '1' },
              { name: '[1]', type: 'uint256', text: BIG.toString() },
            ],
          },
        ],
      },
      {
        name: 'flags',
        type: 'bool[2]',
        parts: [
          { name: '[0]', type: 'bool', text: 'true' },
          { name: '[1]', type: 'bool', text: 'false' },
        ],
      },
    ]);
  });

  it('gives a clear problem for malformed transactions, never an exception', () => {
    for (const [input, expected] of [
      ['', /hex/],
      ['0xzz', /hex/],
      ['abc', /even number/],
      ['02ff', /not a valid Ethereum transaction/],
      ['c0', /not a valid Ethereum transaction/],
      [
        `${serializeUnsignedTransaction({ chainId: 1, nonce: 0n, to: TOKEN, gas: 9n, maxFeePerGas: 1n })}00`,
        /not a valid Ethereum transaction/,
      ],
    ] as const) {
      const result = decodeEthereumTransaction(input, [token]);
      assert.equal(result.ok, false, `${input} was accepted`);
      if (!result.ok) assert.match(result.problem, expected);
    }
  });

  it('puts a raw payload in words: its text when printable UTF-8, its bytes and digest otherwise', () => {
    const text = decodeRawPayload({
      payload: Buffer.from('Sign in to Example\nNonce: 42', 'utf8').toString('hex'),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_KECCAK256',
    });
    assert.equal(text.text, 'Sign in to Example\nNonce: 42');
    assert.equal(text.bytes, 28);
    assert.match(text.digest ?? '', /^[0-9a-f]{64}$/);

    const binary = decodeRawPayload({
      payload: 'ff00fe01',
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_SHA256',
    });
    assert.equal(binary.text, undefined);
    assert.equal(binary.bytes, 4);

    const utf8 = decodeRawPayload({
      payload: 'héllo',
      encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
      hashFunction: 'HASH_FUNCTION_SHA256',
    });
    assert.equal(utf8.text, 'héllo');
    assert.equal(utf8.bytes, 6);

    const bad = decodeRawPayload({
      payload: 'abc',
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    });
    assert.equal(bad.bytes, undefined);
    assert.match(bad.problem ?? '', /hex/);
  });
});
