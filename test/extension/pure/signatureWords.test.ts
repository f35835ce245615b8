/**
 * A signature in the words every place of decision uses: a teammate's Permit2 permit reads spender, token, amount
 * and expiry by name in the summary, the vote dialog and the review page, flagged unlimited with no expiry; a
 * signMessage hash says it is a hash only; an authorization is a delegation; each risk has its exact sentence; a
 * teammate's field names and strings are escaped and isolated, and a large document is read within bounds.
 */
import * as assert from 'node:assert/strict';
import {
  activitySchema,
  decodeEthereumTransaction,
  decodeRawPayload,
  parseClearSigningDescriptor,
  summarizeSignature,
  summarizeTransaction,
  type SignatureFlag,
  type TokenAmount,
} from '../../../src/api/remote';
import type { Activity } from '../../../src/api';
import { buildReviewModel } from '../../../src/extension/review/reviewModel';
import { signingIntentLines } from '../../../src/extension/wording/activityWords';
import {
  needsDecoder,
  summarizeActivity,
  type SummaryInputs,
} from '../../../src/extension/wording/activitySummaryWords';
import { signatureFlagWords } from '../../../src/extension/wording/signatureWords';
import { readableVoteDetail, type OrganizationNames } from '../../../src/extension/wording/voteDialogWords';
import {
  AUTHORIZATION,
  MESSAGE_HASH,
  NOW,
  OWNER,
  PERMIT2,
  permit2Single,
  SPENDER,
  USDC,
} from '../../support/signatureFixtures';
import { readFixture } from '../../support/fixtures';

const names: OrganizationNames = { name: 'Team', threshold: 2, names: new Map([['key-1', 'Team operations key']]) };
const inputs: SummaryInputs = {
  decode: { transaction: decodeEthereumTransaction, summarize: summarizeTransaction, signature: summarizeSignature },
  interfaces: [],
  descriptors: [],
  nameOf: (id) => (id === OWNER ? 'Treasury account' : names.names.get(id)),
  now: NOW,
};

function rawPayloadActivity(id: string, payload: string, encoding: string, hashFunction: string): Activity {
  return activitySchema.parse({
    id,
    organizationId: 'org-1',
    status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    intent: { signRawPayloadIntentV2: { signWith: OWNER, payload, encoding, hashFunction } },
    votes: [],
    fingerprint: `sha256:${id}`,
    canApprove: true,
    canReject: true,
    createdAt: { seconds: '1763812800', nanos: '0' },
    updatedAt: { seconds: '1763812800', nanos: '0' },
  });
}

const permit = rawPayloadActivity(
  'permit-1',
  JSON.stringify(permit2Single()),
  'PAYLOAD_ENCODING_EIP712',
  'HASH_FUNCTION_NO_OP',
);
const hash = rawPayloadActivity('hash-1', MESSAGE_HASH, 'PAYLOAD_ENCODING_HEXADECIMAL', 'HASH_FUNCTION_NO_OP');

const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-6)}`;

describe('extension (pure): a signature in words', () => {
  it('reads a Permit2 permit by name: spender, token, amount and expiry, flagged unlimited with no expiry', () => {
    assert.equal(needsDecoder(permit), true);
    const summary = summarizeActivity(permit, inputs);
    assert.ok(summary);
    assert.equal(
      summary.line,
      `Signs a Permit2 permit PermitSingle(details.token USDC (${short(USDC)}), details.amount unlimited, details.expiration 281474976710655 (never), details.nonce 0, …) for "Permit2", Ethereum mainnet (1), Permit2 (${short('0x000000000022D473030F116dDEE9F6B43aC78BA3')})`,
    );
    const detail = new Map(summary.details.map((d) => [d.label.trim(), d.value]));
    assert.equal(detail.get('spender'), SPENDER);
    assert.equal(detail.get('details.token'), `USDC (${USDC})`);
    assert.match(detail.get('details.amount') ?? '', /^unlimited/);
    assert.equal(detail.get('sigDeadline'), `${NOW / 1000 + 600} (2026-11-26T12:10:00.000Z)`);
    assert.deepEqual(summary.flags, [
      `Unlimited permit (Permit2): ${short(SPENDER)} may spend every USDC (${short(USDC)}) the key holds, now and later, without any transaction from it.`,
      'No expiry: details.expiration is missing or never comes, so what it allows lasts for ever.',
      `The spender ${short(SPENDER)} is not a contract of your organization's interfaces.`,
    ]);
    assert.deepEqual(summary.risks, ['Unlimited permit', 'No expiry', 'Spender not yours']);
    // The vote dialog says the same, each risk marked.
    const dialog = readableVoteDetail('approve', permit.fingerprint, 'org-1', permit, names, summary);
    assert.ok(dialog.includes(summary.line));
    assert.ok(dialog.includes(`⚠ ${summary.flags[0] ?? ''}`));
    // And the review page: the reading in the payload's rows, the risks on top.
    const model = buildReviewModel({
      activity: permit,
      names,
      interfaces: [],
      decode: { transaction: decodeEthereumTransaction, payload: decodeRawPayload, signature: summarizeSignature },
      now: NOW,
    });
    const rows = model.sections.find((s) => s.id === 'payload')?.rows ?? [];
    assert.equal(rows.find((r) => r.label === 'Signs')?.value, summary.line);
    assert.equal(rows.find((r) => r.label.trim() === 'spender')?.value, SPENDER);
    assert.deepEqual(model.risks, summary.flags);
    // Typed data sent with HASH_FUNCTION_NO_OP is hashed by EIP-712's rules, not left unhashed.
    assert.equal(
      rows.find((r) => r.label === 'Hash function')?.value,
      'EIP-712 (the typed data is hashed by its own rules)',
    );
    assert.ok(
      signingIntentLines(permit)?.includes('  Hashed with: EIP-712 (the typed data is hashed by its own rules)'),
    );
    const hashRows = buildReviewModel({
      activity: hash,
      names,
      interfaces: [],
      decode: { transaction: decodeEthereumTransaction, payload: decodeRawPayload, signature: summarizeSignature },
      now: NOW,
    }).sections.find((s) => s.id === 'payload')?.rows;
    assert.equal(hashRows?.find((r) => r.label === 'Hash function')?.value, 'None (the payload is the digest)');
  });

  it('says a signMessage hash is a hash only, and an authorization a delegation of the signing account', () => {
    const hashed = summarizeActivity(hash, inputs);
    assert.equal(hashed?.line, 'Signs a hash only: what it signs cannot be read here or by any policy');
    assert.deepEqual(hashed?.flags, ['A hash only: what it signs cannot be read here or by any policy.']);
    const delegation = summarizeActivity(
      rawPayloadActivity('auth-1', AUTHORIZATION, 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION', 'HASH_FUNCTION_NO_OP'),
      inputs,
    );
    assert.equal(
      delegation?.line,
      `Delegates account Treasury account (${short(OWNER)}) to contract ${short(SPENDER)} on Ethereum mainnet (1)`,
    );
    assert.deepEqual(delegation?.risks, ['EIP-7702 delegation']);
  });

  it('says the chain a typed-data domain names as a row, and flags it only when a contract it names is elsewhere', () => {
    const review = (activity: Activity) =>
      buildReviewModel({
        activity,
        names,
        interfaces: [],
        decode: { transaction: decodeEthereumTransaction, payload: decodeRawPayload, signature: summarizeSignature },
        now: NOW,
      });
    // The request names no chain, and nothing else known says one: the domain's chain is a neutral row, no risk.
    const model = review(permit);
    const rows = model.sections.find((s) => s.id === 'payload')?.rows ?? [];
    assert.equal(
      rows.find((r) => r.label === 'Chain')?.value,
      'signs for Ethereum mainnet (1); the request itself names no chain',
    );
    assert.equal(
      model.risks.some((r) => r.startsWith('The domain is for')),
      false,
    );
    // A Permit2 permit on Base for the USDC of Ethereum mainnet: the token's chain is known, and it is not Base.
    const onBase = permit2Single({ domain: { name: 'Permit2', chainId: 8453, verifyingContract: PERMIT2 } });
    const elsewhere = review(
      rawPayloadActivity('permit-base', JSON.stringify(onBase), 'PAYLOAD_ENCODING_EIP712', 'HASH_FUNCTION_NO_OP'),
    );
    assert.ok(
      elsewhere.risks.includes(
        `The domain is for Base (8453), but USDC (${short(USDC)}) is a contract on Ethereum mainnet (1).`,
      ),
      elsewhere.risks.join('\n'),
    );
    const noChain = permit2Single({ domain: { name: 'Permit2', verifyingContract: PERMIT2 } });
    const anyChain = review(
      rawPayloadActivity('permit-any', JSON.stringify(noChain), 'PAYLOAD_ENCODING_EIP712', 'HASH_FUNCTION_NO_OP'),
    );
    assert.equal(
      anyChain.sections.find((s) => s.id === 'payload')?.rows.find((r) => r.label === 'Chain')?.value,
      'the domain names no chain, and the request itself names none',
    );
  });

  it('reads typed data with the intent and labels of the ERC-7730 descriptor bound to its domain', () => {
    const read = parseClearSigningDescriptor(readFixture('clearSigning', 'eip712-test-exchange.json'), 'exchange.json');
    assert.ok(read.ok);
    const listing = {
      types: {
        Order: [
          { name: 'maker', type: 'address' },
          { name: 'give', type: 'Asset' },
          { name: 'take', type: 'Asset[]' },
          { name: 'endsAt', type: 'uint256' },
          { name: 'memo', type: 'string' },
        ],
        Asset: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Order',
      domain: { name: 'Test Exchange', chainId: 1, verifyingContract: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      message: { maker: OWNER, give: { token: USDC, amount: '250000000' }, take: [], endsAt: '0', memo: 'hi' },
    };
    const activity = rawPayloadActivity(
      'order-1',
      JSON.stringify(listing),
      'PAYLOAD_ENCODING_EIP712',
      'HASH_FUNCTION_NO_OP',
    );
    const summary = summarizeActivity(activity, { ...inputs, descriptors: [read.descriptor] });
    assert.match(summary?.line ?? '', /^Place an order: Signs typed data Order\(/);
    const detail = new Map(summary?.details.map((d) => [d.label.trim(), d.value]));
    assert.equal(detail.get('Intent'), 'Place an order (ERC-7730 descriptor exchange.json)');
    assert.match(detail.get('give.amount (You give)') ?? '', /^250 USDC/);
    assert.equal(detail.get('memo'), 'hi');
  });

  it('gives every risk its exact sentence', () => {
    const spender = { address: SPENDER, name: 'Our router' };
    const amount: TokenAmount = {
      raw: '10000000000000000',
      scaled: '10000000000',
      symbol: 'USDC',
      decimals: 6,
      source: { kind: 'builtIn', symbol: 'USDC' },
      message: undefined,
      unlimited: false,
    };
    const cases: [SignatureFlag, string][] = [
      [
        { kind: 'unlimitedPermit', standard: 'DAI', spender: undefined, token: undefined },
        'Unlimited permit (DAI): the spender may spend every token of this kind the key holds, now and later, without any transaction from it.',
      ],
      [
        { kind: 'largePermit', standard: 'EIP-2612', spender, amount },
        `Very large permit (EIP-2612): Our router (${short(SPENDER)}) may spend 10000000000 USDC.`,
      ],
      [
        { kind: 'noExpiry', field: 'deadline' },
        'No expiry: deadline is missing or never comes, so what it allows lasts for ever.',
      ],
      [
        { kind: 'farExpiry', field: 'deadline', date: '2027-01-10T12:00:00.000Z', days: 45 },
        'Far expiry: deadline is 2027-01-10T12:00:00.000Z, 45 days from now.',
      ],
      [
        { kind: 'pastExpiry', field: 'validBefore', date: '2026-11-25T12:00:00.000Z' },
        'Already expired: validBefore was 2026-11-25T12:00:00.000Z; a signature for a past date is not what a wallet asks for.',
      ],
      [
        { kind: 'spenderNotOurs', spender, checked: false },
        `The spender is Our router (${short(SPENDER)}), but your organization's smart contract interfaces could not be read: whether it is one of yours is not checked.`,
      ],
      [
        { kind: 'emptyDomain' },
        'Empty domain: the typed data names no application, chain or contract, so the signature is valid wherever its message is.',
      ],
      [
        { kind: 'domainChain', domainChainId: '1', expected: '8453' },
        'The domain is for Ethereum mainnet (1), not Base (8453).',
      ],
      [
        { kind: 'domainChain', domainChainId: '8453', expected: '1', contract: { address: USDC, name: 'USDC' } },
        `The domain is for Base (8453), but USDC (${short(USDC)}) is a contract on Ethereum mainnet (1).`,
      ],
      [
        { kind: 'notTheToken', name: 'USD Coin', verifyingContract: SPENDER },
        `The domain says "USD Coin", but its contract ${SPENDER} is not USD Coin.`,
      ],
      [
        { kind: 'delegation', contract: spender, chainId: '1' },
        `EIP-7702 delegation: the account hands itself to the code of Our router (${short(SPENDER)}) on Ethereum mainnet (1), which can then move everything the account holds.`,
      ],
      [
        { kind: 'rawTransaction', chain: 'Solana' },
        'A Solana transaction sent as a raw payload: policies on transactions do not apply.',
      ],
      [
        { kind: 'unreadablePayload', encoding: 'PAYLOAD_ENCODING_EIP712', problem: 'not JSON' },
        'The payload cannot be read (not JSON): do not approve what you cannot read.',
      ],
    ];
    for (const [flag, sentence] of cases) assert.equal(signatureFlagWords(flag), sentence, flag.kind);
  });

  it('shows a teammate’s field names and strings escaped and isolated, and counts the fields it does not show', () => {
    const hostile = {
      types: {
        Order: [
          { name: 'note\u202e', type: 'string' },
          ...Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, type: 'uint256' })),
        ],
      },
      primaryType: 'Order',
      domain: { name: 'שלום', chainId: 1 },
      message: {
        'note\u202e': 'line\nbreak \u05d0',
        ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, i])),
      },
    };
    const activity = rawPayloadActivity(
      'o-1',
      JSON.stringify(hostile),
      'PAYLOAD_ENCODING_EIP712',
      'HASH_FUNCTION_NO_OP',
    );
    const summary = summarizeActivity(activity, inputs);
    assert.ok(summary);
    assert.ok(summary.line.includes('note\\u202E'), summary.line);
    assert.ok(summary.line.includes('"\u2068שלום\u2069"'), summary.line);
    const note = summary.details.find((d) => d.label.includes('note'));
    assert.equal(note?.value, '\u2068line\\nbreak \u05d0\u2069');
    assert.equal(summary.details.at(-1)?.value, '11 more fields are not shown');
    // Text where an address should be is shown as text, not as an address.
    const spoof = permit2Single({
      domain: { name: 'Permit2', chainId: 1, verifyingContract: 'Permit2\u202e [verified]' },
    });
    const spoofed = summarizeActivity(
      rawPayloadActivity('s-1', JSON.stringify(spoof), 'PAYLOAD_ENCODING_EIP712', 'HASH_FUNCTION_NO_OP'),
      inputs,
    );
    assert.ok(
      spoofed?.flags.includes(
        'The domain says "Permit2", but its contract "Permit2\\u202E [verified]" is not Permit2.',
      ),
      spoofed?.flags.join('\n'),
    );
  });
});
