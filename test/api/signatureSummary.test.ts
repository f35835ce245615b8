/**
 * The summary of a signature and its risk flags: typed data by its primary type and fields, permits recognised
 * (EIP-2612, DAI, Permit2 single and batch, EIP-3009) with their amounts scaled and their risks raised, and not
 * raised by a harmless neighbour; an authorization as a delegation; a message, a bare hash, a transaction sent as
 * a raw payload; hostile typed data read within bounds.
 */
import * as assert from 'node:assert/strict';
import {
  serializeUnsignedTransaction,
  summarizeSignature,
  type RegisteredInterface,
  type SignatureContext,
  type SignatureFlag,
  type SignatureSummary,
} from '../../src/api/remote';
import {
  AUTHORIZATION,
  daiPermit,
  EIP3009,
  MAX_UINT256,
  MESSAGE_HASH,
  NOW,
  OWNER,
  PERMIT2,
  permit2Batch,
  permit2Single,
  SPENDER,
  solanaTransferMessage,
  tronRawData,
  USDC,
  usdcPermit,
} from '../support/signatureFixtures';

const ours: RegisteredInterface = {
  smartContractInterfaceId: 'sci-router',
  smartContractAddress: SPENDER,
  smartContractInterface: '[]',
  label: 'Our router',
};
const CONTEXT: SignatureContext = { interfaces: [], descriptors: [] };

function typed(document: unknown, context: SignatureContext = CONTEXT): SignatureSummary {
  return summarizeSignature(
    { payload: JSON.stringify(document), encoding: 'PAYLOAD_ENCODING_EIP712', hashFunction: 'HASH_FUNCTION_NO_OP' },
    context,
    NOW,
  );
}
const kinds = (summary: SignatureSummary) => summary.flags.map((f) => f.kind);
const flag = <K extends SignatureFlag['kind']>(summary: SignatureSummary, kind: K) =>
  summary.flags.find((f): f is Extract<SignatureFlag, { kind: K }> => f.kind === kind);

describe('signature summary: typed data', () => {
  it('reads a Permit2 permit by name: token, amount scaled, spender, expiry; unlimited with no expiry', () => {
    const summary = typed(permit2Single());
    const reading = summary.reading;
    assert.equal(reading.kind, 'typedData');
    if (reading.kind !== 'typedData') return;
    assert.equal(reading.primaryType, 'PermitSingle');
    assert.equal(reading.standard, 'Permit2');
    assert.equal(reading.domain.verifyingContract?.name, 'Permit2');
    const byPath = new Map(reading.fields.map((f) => [f.path, f]));
    assert.equal(byPath.get('details.token')?.addressName, 'USDC');
    assert.equal(byPath.get('details.amount')?.amount?.symbol, 'USDC');
    assert.equal(byPath.get('details.amount')?.amount?.unlimited, true);
    assert.equal(byPath.get('details.expiration')?.date, 'never');
    assert.equal(byPath.get('sigDeadline')?.date, '2026-11-26T12:10:00.000Z');
    assert.equal(byPath.get('spender')?.text, SPENDER);
    assert.deepEqual(kinds(summary), ['unlimitedPermit', 'noExpiry', 'spenderNotOurs']);
    assert.equal(flag(summary, 'unlimitedPermit')?.token?.name, 'USDC');
    assert.equal(flag(summary, 'noExpiry')?.field, 'details.expiration');
  });

  it('does not flag a bounded Permit2 permit for a spender of the organization', () => {
    const bounded = permit2Single({ amount: '5000000', expiration: String(NOW / 1000 + 86_400) });
    assert.deepEqual(kinds(typed(bounded, { interfaces: [ours], descriptors: [] })), []);
    // The same spender with the interfaces unknown: said, not assumed.
    assert.deepEqual(
      flag(typed(bounded, { interfaces: undefined, descriptors: [] }), 'spenderNotOurs')?.checked,
      false,
    );
  });

  it('flags a Permit2 batch by its unlimited entry, not its bounded one', () => {
    const summary = typed(permit2Batch(['1000000', (2n ** 160n - 1n).toString()]));
    assert.equal(summary.reading.kind === 'typedData' && summary.reading.standard, 'Permit2 batch');
    const unlimited = summary.flags.filter((f) => f.kind === 'unlimitedPermit');
    assert.equal(unlimited.length, 1);
    assert.equal(unlimited[0]?.kind === 'unlimitedPermit' && unlimited[0].token?.name, 'DAI');
  });

  it('flags EIP-2612 amounts unlimited or very large, and deadlines missing, far or past', () => {
    assert.ok(kinds(typed(usdcPermit({ value: MAX_UINT256 }))).includes('unlimitedPermit'));
    const large = flag(typed(usdcPermit({ value: (10n ** 16n).toString() })), 'largePermit');
    assert.equal(large?.amount.scaled, '10000000000');
    assert.deepEqual(kinds(typed(usdcPermit({ value: '250000000' }))), ['spenderNotOurs']);
    assert.equal(flag(typed(usdcPermit({ withoutDeadline: true })), 'noExpiry')?.field, 'deadline');
    const far = flag(typed(usdcPermit({ deadline: String(NOW / 1000 + 45 * 86_400) })), 'farExpiry');
    assert.deepEqual([far?.days, far?.date], [45, '2027-01-10T12:00:00.000Z']);
    assert.equal(typed(usdcPermit({ deadline: String(NOW / 1000 + 29 * 86_400) })).flags.length, 1);
    assert.equal(flag(typed(usdcPermit({ deadline: String(NOW / 1000 - 60) })), 'pastExpiry')?.field, 'deadline');
    assert.ok(kinds(typed(usdcPermit({ deadline: MAX_UINT256 }))).includes('noExpiry'));
    // Another protocol's Permit (no spender, no value) is typed data, not a permit, and raises none of these.
    const other = {
      types: { Permit: [{ name: 'action', type: 'string' }] },
      primaryType: 'Permit',
      domain: { name: 'Game', chainId: 1 },
      message: { action: 'move' },
    };
    const read = typed(other);
    assert.deepEqual([read.reading.kind === 'typedData' && read.reading.standard, kinds(read)], [undefined, []]);
  });

  it('flags DAI allowed:true as unlimited and expiry 0 as never; allowed:false with an expiry as neither', () => {
    assert.deepEqual(kinds(typed(daiPermit(true, '0'))), ['unlimitedPermit', 'noExpiry', 'spenderNotOurs']);
    assert.deepEqual(kinds(typed(daiPermit(false, String(NOW / 1000 + 3600)))), ['spenderNotOurs']);
  });

  it('flags an EIP-3009 transfer past its validBefore, with no spender', () => {
    const summary = typed(EIP3009);
    assert.equal(summary.reading.kind === 'typedData' && summary.reading.standard, 'EIP-3009');
    assert.deepEqual(kinds(summary), ['pastExpiry']);
  });

  it('flags an empty domain, a domain on another chain, and a domain naming a token it is not', () => {
    assert.deepEqual(kinds(typed(usdcPermit({ domain: {} }))).slice(0, 1), ['emptyDomain']);
    const elsewhere = flag(typed(usdcPermit(), { ...CONTEXT, chainId: '8453' }), 'domainChain');
    assert.deepEqual([elsewhere?.domainChainId, elsewhere?.expected], ['1', '8453']);
    // With no chain from the caller, a token the typed data names says its own: mainnet USDC in a permit on Base.
    const onBase = permit2Single({ domain: { name: 'Permit2', chainId: 8453, verifyingContract: PERMIT2 } });
    const token = flag(typed(onBase), 'domainChain');
    assert.deepEqual(
      [token?.domainChainId, token?.expected, token?.contract],
      ['8453', '1', { address: USDC, name: 'USDC' }],
    );
    // On the token's own chain, or with a domain naming no chain (flagged as such elsewhere), nothing is said.
    assert.equal(flag(typed(permit2Single()), 'domainChain'), undefined);
    assert.equal(flag(typed(usdcPermit()), 'domainChain'), undefined);
    const impostor = usdcPermit({ domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: SPENDER } });
    assert.equal(flag(typed(impostor), 'notTheToken')?.verifyingContract, SPENDER);
    const fakePermit2 = permit2Single({ domain: { name: 'Permit2', chainId: 1, verifyingContract: OWNER } });
    assert.equal(flag(typed(fakePermit2), 'notTheToken')?.name, 'Permit2');
    // The real ones are not flagged.
    assert.equal(flag(typed(usdcPermit()), 'notTheToken'), undefined);
    assert.equal(flag(typed(permit2Single()), 'notTheToken'), undefined);
  });

  it('reads hostile typed data within bounds: fields capped and counted, long values cut, deep nesting refused', () => {
    const many = {
      types: { Big: Array.from({ length: 100 }, (_, i) => ({ name: `f${i}`, type: 'string' })) },
      primaryType: 'Big',
      domain: { name: 'x' },
      message: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, i === 0 ? 'y'.repeat(10_000) : 'v'])),
    };
    const summary = typed(many);
    assert.equal(summary.reading.kind, 'typedData');
    if (summary.reading.kind !== 'typedData') return;
    assert.equal(summary.reading.fields.length, 40);
    assert.equal(summary.reading.omitted, 60);
    assert.equal(summary.reading.fields[0]?.text.length, 200);
    assert.equal(summary.reading.fields[0]?.truncated, true);
    let nested: unknown = { v: 'leaf' };
    for (let i = 0; i < 100; i++) nested = { v: 'x', inner: nested };
    const deep = typed({
      types: {
        Node: [
          { name: 'v', type: 'string' },
          { name: 'inner', type: 'Node' },
        ],
      },
      primaryType: 'Node',
      domain: {},
      message: nested,
    });
    assert.deepEqual([deep.reading.kind, kinds(deep)], ['unreadable', ['unreadablePayload']]);
    assert.equal(typed('not typed data').reading.kind, 'unreadable');
  });
});

describe('signature summary: authorizations, messages, hashes and raw transactions', () => {
  const raw = (payload: string, encoding: string, hashFunction: string, signWith?: string) =>
    summarizeSignature({ payload, encoding, hashFunction, signWith }, CONTEXT, NOW);

  it('reads an EIP-7702 authorization as a delegation, always flagged', () => {
    const summary = raw(AUTHORIZATION, 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION', 'HASH_FUNCTION_NO_OP', OWNER);
    assert.deepEqual(summary.reading, {
      kind: 'authorization',
      account: { address: OWNER, name: undefined },
      contract: { address: SPENDER, name: undefined },
      chainId: '1',
      nonce: '3',
    });
    assert.deepEqual(kinds(summary), ['delegation']);
  });

  it('reads a bare 32-byte hash signed as is as a hash only, and flags it', () => {
    const summary = raw(MESSAGE_HASH, 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_NO_OP');
    assert.deepEqual(summary.reading, { kind: 'hashOnly', hash: `0x${MESSAGE_HASH}` });
    assert.deepEqual(kinds(summary), ['hashOnly']);
    // The same bytes hashed by the service are a message of 32 bytes, not a hash only.
    assert.equal(raw(MESSAGE_HASH, 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_KECCAK256').reading.kind, 'message');
  });

  it('reads a message as its text when printable, else its bytes and digest', () => {
    const text = raw('Sign in to example.test', 'PAYLOAD_ENCODING_TEXT_UTF8', 'HASH_FUNCTION_KECCAK256');
    assert.equal(text.reading.kind === 'message' && text.reading.text, 'Sign in to example.test');
    const bytes = raw('00ff'.repeat(40), 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_KECCAK256');
    assert.equal(bytes.reading.kind, 'message');
    if (bytes.reading.kind !== 'message') return;
    assert.deepEqual([bytes.reading.text, bytes.reading.bytes, bytes.reading.hex.length], [undefined, 80, 130]);
    assert.match(bytes.reading.digest ?? '', /^0x[0-9a-f]{64}$/);
    assert.deepEqual(bytes.flags, []);
  });

  it('reads an Ethereum, a Solana and a Tron transaction sent as a raw payload, and flags each', () => {
    const ethereum = serializeUnsignedTransaction({
      chainId: 1,
      nonce: 0n,
      to: SPENDER,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    });
    for (const [payload, chain] of [
      [ethereum, 'Ethereum'],
      [solanaTransferMessage(), 'Solana'],
      [`01${'00'.repeat(64)}${solanaTransferMessage()}`, 'Solana'],
      [tronRawData(), 'Tron'],
    ] as const) {
      const summary = raw(payload, 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_NOT_APPLICABLE');
      assert.equal(summary.reading.kind === 'rawTransaction' && summary.reading.chain, chain, chain);
      assert.deepEqual(summary.flags, [{ kind: 'rawTransaction', chain }]);
    }
    // Near misses are messages: a Solana message one byte short, Tron bytes with an unknown field.
    assert.equal(
      raw(solanaTransferMessage().slice(0, -2), 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_SHA256').reading.kind,
      'message',
    );
    assert.equal(
      raw(`${tronRawData()}f801`, 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_SHA256').reading.kind,
      'message',
    );
  });
});
