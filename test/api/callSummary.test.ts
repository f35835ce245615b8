/**
 * The summary of a transaction and its risk flags, against real calldata (encoded with ox, through the API): each flag is
 * raised by the call it names and not by its harmless neighbour; amounts keep their raw value and are scaled only
 * with known decimals, whose source is named.
 */
import * as assert from 'node:assert/strict';
import {
  decodeEthereumTransaction,
  encodeFunctionCall,
  parseClearSigningDescriptor,
  serializeUnsignedTransaction,
  summarizeTransaction,
  wellKnownStandard,
  type CallSummary,
  type ClearSigningDescriptor,
  type RegisteredInterface,
  type SummaryContext,
} from '../../src/api/remote';
import { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from '../../src/api/sampleToken';

const RECIPIENT = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const UNREGISTERED = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
const MAX = 2n ** 256n - 1n;

const sampleInterface: RegisteredInterface = {
  smartContractInterfaceId: 'sci-1',
  smartContractAddress: SAMPLE_TOKEN_ADDRESS,
  smartContractInterface: JSON.stringify(SAMPLE_TOKEN_ABI),
  label: SAMPLE_TOKEN_LABEL,
};

function summary(
  to: string,
  data: string,
  context: Partial<SummaryContext> = {},
  options: { value?: bigint; chainId?: number } = {},
): CallSummary {
  const unsigned = serializeUnsignedTransaction({
    chainId: options.chainId ?? 11155111,
    nonce: 1n,
    to,
    data,
    value: options.value ?? 0n,
    gas: 65_000n,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_500_000_000n,
  });
  const decoded = decodeEthereumTransaction(unsigned, context.interfaces ?? [sampleInterface]);
  assert.ok(decoded.ok, 'the transaction decodes');
  return summarizeTransaction(decoded.transaction, {
    interfaces: [sampleInterface],
    descriptors: [],
    ...context,
  });
}

const kinds = (s: CallSummary) => s.flags.map((f) => f.kind);

describe('summary of a transaction and its risk flags', () => {
  it('reads a registered transfer by name: function, recipient, amount exact and scaled from the built-in list', () => {
    const s = summary(
      SAMPLE_TOKEN_ADDRESS,
      encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, 250n * 10n ** 18n]),
    );
    assert.equal(s.call.kind, 'call');
    if (s.call.kind !== 'call') return;
    assert.equal(s.call.source, 'interface');
    assert.equal(s.call.functionName, 'transfer');
    assert.equal(s.call.interfaceId, 'sci-1');
    assert.deepEqual(s.recipient, { address: RECIPIENT, name: undefined, role: 'recipient' });
    assert.equal(s.toName, SAMPLE_TOKEN_LABEL);
    const amount = s.call.arguments[1]?.amount;
    assert.equal(amount?.raw, '250000000000000000000');
    assert.equal(amount?.scaled, '250');
    assert.equal(amount?.decimals, 18);
    assert.deepEqual(amount?.source, { kind: 'builtIn', symbol: 'EXAMPLE' });
    assert.deepEqual(kinds(s), []);
  });

  it('reads an unregistered approve with the well-known table and flags the unlimited allowance and the address', () => {
    const s = summary(
      UNREGISTERED,
      encodeFunctionCall('function approve(address spender, uint256 amount)', [RECIPIENT, MAX]),
    );
    assert.equal(s.call.kind, 'call');
    if (s.call.kind !== 'call') return;
    assert.equal(s.call.source, 'wellKnown');
    assert.equal(s.call.functionName, 'approve');
    assert.equal(s.call.arguments[1]?.amount?.unlimited, true);
    assert.equal(s.call.arguments[1]?.amount?.scaled, undefined, 'no decimals are known for that address');
    assert.deepEqual(kinds(s), ['unlimitedApproval', 'noInterface']);
    assert.deepEqual(s.flags[0], { kind: 'unlimitedApproval', spender: RECIPIENT });
  });

  it('flags a very large approval, but not an ordinary one', () => {
    const approve = (amount: bigint) =>
      summary(
        SAMPLE_TOKEN_ADDRESS,
        encodeFunctionCall('function approve(address spender, uint256 amount)', [RECIPIENT, amount]),
      );
    assert.deepEqual(kinds(approve(10n ** 9n * 10n ** 18n)), ['largeApproval']);
    assert.deepEqual(kinds(approve(10n ** 18n)), []);
    // Without decimals, from 2^128 up.
    const raw = (amount: bigint) =>
      summary(
        UNREGISTERED,
        encodeFunctionCall('function approve(address spender, uint256 amount)', [RECIPIENT, amount]),
      );
    assert.deepEqual(kinds(raw(2n ** 128n)), ['largeApproval', 'noInterface']);
    assert.deepEqual(kinds(raw(2n ** 100n)), ['noInterface']);
  });

  it('flags setApprovalForAll(…, true), not (…, false)', () => {
    const call = (approved: boolean) =>
      summary(
        UNREGISTERED,
        encodeFunctionCall('function setApprovalForAll(address operator, bool approved)', [RECIPIENT, approved]),
      );
    assert.deepEqual(kinds(call(true)), ['approvalForAll', 'noInterface']);
    assert.deepEqual(call(true).flags[0], { kind: 'approvalForAll', operator: RECIPIENT });
    assert.deepEqual(kinds(call(false)), ['noInterface']);
  });

  it('flags value sent to a contract without calldata, not a plain payment to an account', () => {
    const toContract = summary(SAMPLE_TOKEN_ADDRESS, '0x', {}, { value: 10n ** 18n });
    assert.deepEqual(kinds(toContract), ['valueWithoutData']);
    assert.equal(toContract.call.kind, 'transfer');
    assert.deepEqual(kinds(summary(RECIPIENT, '0x', {}, { value: 10n ** 18n })), []);
  });

  it('flags duplicate or empty argument names of the interface used to decode', () => {
    const abi = [
      {
        type: 'function',
        name: 'move',
        inputs: [
          { name: 'to', type: 'address' },
          { name: 'to', type: 'address' },
          { name: '', type: 'uint256' },
        ],
        outputs: [],
        stateMutability: 'nonpayable',
      },
    ];
    const registered = { ...sampleInterface, smartContractInterface: JSON.stringify(abi) };
    // The selector and the data do not depend on the names: encoded by types, decoded with the odd ABI.
    const data = encodeFunctionCall('function move(address a, address b, uint256 c)', [RECIPIENT, UNREGISTERED, 5n]);
    const s = summary(SAMPLE_TOKEN_ADDRESS, data, { interfaces: [registered] });
    assert.deepEqual(kinds(s), ['argumentNames']);
    const clean = summary(
      SAMPLE_TOKEN_ADDRESS,
      encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, 1n]),
    );
    assert.deepEqual(kinds(clean), []);
  });

  it('leaves an unknown selector unknown, and says the address is unregistered only when the interfaces were read', () => {
    const data = encodeFunctionCall('function frobnicate(uint256 x)', [7n]);
    const s = summary(UNREGISTERED, data);
    assert.equal(s.call.kind, 'unknown');
    assert.deepEqual(kinds(s), ['noInterface']);
    // Unread, the interfaces leave that risk unchecked: it is said, not dropped in silence.
    assert.deepEqual(kinds(summary(UNREGISTERED, data, { interfaces: undefined })), ['interfacesUnknown']);
  });

  it('says the risk of an unregistered contract is unchecked when the interfaces could not be read, whatever the call', () => {
    const approve = encodeFunctionCall('function approve(address spender, uint256 amount)', [
      RECIPIENT,
      2n ** 256n - 1n,
    ]);
    const unread = summary(UNREGISTERED, approve, { interfaces: undefined });
    assert.deepEqual(kinds(unread), ['unlimitedApproval', 'interfacesUnknown']);
    assert.deepEqual(kinds(summary(UNREGISTERED, approve)), ['unlimitedApproval', 'noInterface']);
  });

  it('knows the selectors of the well-known table', () => {
    assert.equal(wellKnownStandard('0xa9059cbb'), 'ERC-20');
    assert.equal(wellKnownStandard('0x095ea7b3'), 'ERC-20 or ERC-721');
    assert.equal(wellKnownStandard('0xa22cb465'), 'ERC-721 or ERC-1155');
    assert.equal(wellKnownStandard('0xd505accf'), 'ERC-2612');
    assert.equal(wellKnownStandard('0xac9650d8'), 'Multicall');
    assert.equal(wellKnownStandard('0x12345678'), undefined);
  });

  describe('ERC-7730 descriptors', () => {
    const descriptorText = (address: string, chainId: number, threshold?: string) =>
      JSON.stringify({
        $schema: 'https://eips.ethereum.org/assets/eip-7730/erc7730-v1.schema.json',
        context: { contract: { deployments: [{ chainId, address }] } },
        metadata: { owner: 'Example', token: { name: 'Example', ticker: 'EXD', decimals: 6 } },
        display: {
          definitions: { amount: { label: 'Amount to send', format: 'tokenAmount', params: { tokenPath: '@.to' } } },
          formats: {
            'transfer(address to,uint256 amount)': {
              intent: 'Send',
              fields: [
                { path: '#.to', label: 'Recipient', format: 'addressName' },
                { path: 'amount', $ref: '$.display.definitions.amount' },
              ],
            },
            'approve(address spender,uint256 amount)': {
              intent: 'Approve',
              fields: [
                { path: 'spender', label: 'Spender' },
                {
                  path: 'amount',
                  label: 'Allowance',
                  format: 'tokenAmount',
                  params: threshold ? { threshold, message: 'All of it' } : {},
                },
              ],
            },
          },
        },
      });
    const read = (text: string): ClearSigningDescriptor => {
      const reading = parseClearSigningDescriptor(text, 'calldata-example.json');
      assert.ok(reading.ok, reading.ok ? '' : reading.problem);
      return reading.descriptor;
    };

    it('takes the decimals, labels and intent from a descriptor for that contract, and names the file', () => {
      const descriptor = read(descriptorText(UNREGISTERED, 11155111));
      const s = summary(
        UNREGISTERED,
        encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, 2_500_000n]),
        { descriptors: [descriptor] },
      );
      assert.equal(s.call.kind, 'call');
      if (s.call.kind !== 'call') return;
      assert.equal(s.call.intent, 'Send');
      assert.equal(s.call.descriptor, 'calldata-example.json');
      assert.equal(s.call.arguments[0]?.label, 'Recipient');
      assert.equal(s.call.arguments[1]?.label, 'Amount to send');
      assert.equal(s.call.arguments[1]?.amount?.scaled, '2.5');
      assert.equal(s.call.arguments[1]?.amount?.symbol, 'EXD');
      assert.deepEqual(s.call.arguments[1]?.amount?.source, { kind: 'descriptor', file: 'calldata-example.json' });
    });

    it('ignores a descriptor for another chain', () => {
      const descriptor = read(descriptorText(UNREGISTERED, 1));
      const s = summary(
        UNREGISTERED,
        encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, 2_500_000n]),
        { descriptors: [descriptor] },
      );
      assert.equal(s.call.kind === 'call' ? s.call.arguments[1]?.amount?.scaled : 'no call', undefined);
    });

    it("flags an approval past the descriptor's threshold as unlimited, with its message", () => {
      const descriptor = read(
        descriptorText(UNREGISTERED, 11155111, '0x8000000000000000000000000000000000000000000000000000000000000000'),
      );
      const s = summary(
        UNREGISTERED,
        encodeFunctionCall('function approve(address spender, uint256 amount)', [RECIPIENT, 2n ** 255n]),
        { descriptors: [descriptor] },
      );
      assert.equal(kinds(s)[0], 'unlimitedApproval');
      assert.equal(s.call.kind === 'call' ? s.call.arguments[1]?.amount?.message : undefined, 'All of it');
    });

    it('refuses a file that is not a descriptor, or messages bound to no domain, saying where', () => {
      const reading = parseClearSigningDescriptor('{"context":{},"display":{"formats":{}}}', 'x.json');
      assert.equal(reading.ok, false);
      assert.match(reading.ok ? '' : reading.problem, /x\.json is not an ERC-7730 descriptor: context/);
      const unbound = parseClearSigningDescriptor(
        '{"context":{"eip712":{}},"display":{"formats":{}}}',
        'eip712-x.json',
      );
      assert.match(
        unbound.ok ? '' : unbound.problem,
        /eip712-x\.json is not an ERC-7730 descriptor: context\.eip712: it binds to no domain/,
      );
      assert.equal(parseClearSigningDescriptor('{', 'broken.json').ok, false);
    });
  });
});
