/**
 * `eth.eip_712` and `eth.eip_7702_authorization`: the documented EIP-712 and EIP-7702 policy examples decide a
 * signing of typed data or an authorization as they say; values are read by their declared types, addresses
 * without regard to case; a document past its bounds, a batch of payloads or an empty domain leave what they
 * cannot give missing, so a policy reading it errs.
 */
import * as assert from 'node:assert/strict';
import { decide, type PolicyContext, type PolicyDefinition } from '../../../src/api/policy';
import { MAX_TYPED_DEPTH, signatureFieldsOf } from '../../../src/api/policy/signatureFields';
import { checkPolicy } from '../../../src/api/policy';
import { dev, policy } from './contexts';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const RAW_PAYLOAD = "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'";

const TOKEN_PERMISSIONS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
];
/** The documented Permit2 batch, with the types a wallet sends beside it. */
function permit2Batch(permitted: readonly { token: string; amount: string }[]) {
  return {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      PermitBatchTransferFrom: [
        { name: 'permitted', type: 'TokenPermissions[]' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
      TokenPermissions: TOKEN_PERMISSIONS,
    },
    primaryType: 'PermitBatchTransferFrom',
    domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
    message: { permitted, spender: SPENDER, nonce: 0, deadline: 1234567890 },
  };
}

/** An EIP-2612 permit of USD Coin, as viem serialises it (bigints as strings). */
function usdcPermit(
  domain: Record<string, unknown> = { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
) {
  return {
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    domain,
    message: { owner: SPENDER, spender: SPENDER, value: '5000000', nonce: '0', deadline: '1900000000' },
  };
}

const EIP3009 = {
  types: {
    TransferWithAuthorization: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'validAfter', type: 'uint256' },
      { name: 'validBefore', type: 'uint256' },
      { name: 'nonce', type: 'bytes32' },
    ],
  },
  primaryType: 'TransferWithAuthorization',
  domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
  message: {
    from: SPENDER,
    to: USDC,
    value: '1000000',
    validAfter: '0',
    validBefore: '1900000000',
    nonce: `0x${'AB'.repeat(32)}`,
  },
};

function signing(
  payload: unknown,
  encoding = 'PAYLOAD_ENCODING_EIP712',
  hashFunction = 'HASH_FUNCTION_NO_OP',
): PolicyContext {
  const intent = {
    signWith: 'key-1',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    encoding,
    hashFunction,
  };
  const fields = signatureFieldsOf(intent);
  return {
    activity: { type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', params: { hash_function: hashFunction, encoding } },
    approvers: [dev],
    credentials: [],
    private_key: { id: 'key-1', tags: [], imported: false, exported: false, label: 'Hot key' },
    ...(fields ? { eth: fields } : {}),
    now: new Date('2026-11-26T12:00:00Z'),
  };
}

function evaluate(fields: Omit<PolicyDefinition, 'policyId' | 'policyName'>, context: PolicyContext) {
  return decide([policy(fields)], context, { rootQuorumMet: false }).evaluations[0]!;
}
const allow = (condition: string) => ({ effect: 'EFFECT_ALLOW' as const, condition });

describe('policy engine: the documented EIP-712 and EIP-7702 examples', () => {
  it('accepts the fields they read at creation, the domain salt too', () => {
    for (const condition of [
      "eth.eip_712.domain.name == 'HyperliquidSignTransaction' && eth.eip_712.primary_type == 'HyperliquidTransaction:ApproveAgent'",
      "eth.eip_712.message['permitted'][0]['token'] == '0xA0b8' && eth.eip_712.domain.salt == '0x00'",
      "eth.eip_7702_authorization.address == '0x1' && eth.eip_7702_authorization.chain_id == 1 && eth.eip_7702_authorization.nonce == 0",
    ])
      assert.deepEqual(checkPolicy({ condition }), [], condition);
  });

  it('Hyperliquid ApproveAgent: allowed by its domain name and primary type, nothing else', () => {
    const condition = `eth.eip_712.domain.name == 'HyperliquidSignTransaction' && eth.eip_712.primary_type == 'HyperliquidTransaction:ApproveAgent' && ${RAW_PAYLOAD}`;
    const approveAgent = {
      types: { 'HyperliquidTransaction:ApproveAgent': [{ name: 'agentAddress', type: 'address' }] },
      primaryType: 'HyperliquidTransaction:ApproveAgent',
      domain: {
        name: 'HyperliquidSignTransaction',
        version: '1',
        chainId: 42161,
        verifyingContract: `0x${'0'.repeat(40)}`,
      },
      message: { agentAddress: SPENDER },
    };
    const allowed = evaluate(allow(condition), signing(approveAgent));
    assert.equal(allowed.outcome, 'OUTCOME_ALLOW');
    assert.ok(allowed.choices.includes('typed-data-values'));
    assert.equal(evaluate(allow(condition), signing(usdcPermit())).outcome, 'OUTCOME_DENY_IMPLICIT');
  });

  it('Permit2 batch: the first token, every token, how many, and an amount below 100 USDC', () => {
    const base = `eth.eip_712.domain.name == 'Permit2' && eth.eip_712.primary_type == 'PermitBatchTransferFrom'`;
    const first = allow(`${base} && eth.eip_712.message['permitted'][0]['token'] == '${USDC}' && ${RAW_PAYLOAD}`);
    const every = allow(
      `${base} && eth.eip_712.message['permitted'].all(p, p['token'] == '${USDC}') && ${RAW_PAYLOAD}`,
    );
    const few = allow(`${base} && eth.eip_712.message['permitted'].count() <= 2 && ${RAW_PAYLOAD}`);
    const small = allow(
      `${base} && eth.eip_712.message['permitted'].any(p, p['token'] == '${USDC}' && p['amount'] < 100000000) && ${RAW_PAYLOAD}`,
    );
    const outcomes = (permitted: { token: string; amount: string }[]) =>
      [first, every, few, small].map((p) => evaluate(p, signing(permit2Batch(permitted))).outcome);
    // The documented document: 1,000 USDC.
    assert.deepEqual(outcomes([{ token: USDC, amount: '1000000000' }]), [
      'OUTCOME_ALLOW',
      'OUTCOME_ALLOW',
      'OUTCOME_ALLOW',
      'OUTCOME_DENY_IMPLICIT',
    ]);
    // 50 USDC, the token written in lower case by the wallet.
    assert.deepEqual(outcomes([{ token: USDC.toLowerCase(), amount: '50000000' }]), [
      'OUTCOME_ALLOW',
      'OUTCOME_ALLOW',
      'OUTCOME_ALLOW',
      'OUTCOME_ALLOW',
    ]);
    const other = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
    assert.deepEqual(
      outcomes([
        { token: USDC, amount: '1' },
        { token: other, amount: '1' },
        { token: other, amount: '1' },
      ]),
      ['OUTCOME_ALLOW', 'OUTCOME_DENY_IMPLICIT', 'OUTCOME_DENY_IMPLICIT', 'OUTCOME_ALLOW'],
    );
  });

  it('EIP-3009 and EIP-2612 of USD Coin: allowed by domain name and primary type alone', () => {
    const transfer = allow(
      `eth.eip_712.domain.name == 'USD Coin' && eth.eip_712.primary_type == 'TransferWithAuthorization' && ${RAW_PAYLOAD}`,
    );
    const permit = allow(
      `eth.eip_712.domain.name == 'USD Coin' && eth.eip_712.primary_type == 'Permit' && ${RAW_PAYLOAD}`,
    );
    assert.equal(evaluate(transfer, signing(EIP3009)).outcome, 'OUTCOME_ALLOW');
    assert.equal(evaluate(permit, signing(EIP3009)).outcome, 'OUTCOME_DENY_IMPLICIT');
    assert.equal(evaluate(permit, signing(usdcPermit())).outcome, 'OUTCOME_ALLOW');
    // The same name on another contract and chain passes too: the example checks neither.
    const impostor = usdcPermit({ name: 'USD Coin', version: '2', chainId: 56, verifyingContract: SPENDER });
    assert.equal(evaluate(permit, signing(impostor)).outcome, 'OUTCOME_ALLOW');
  });

  it('EIP-7702: the documented quoted numbers are refused as a type mismatch; written as numbers they match', () => {
    const documented =
      "eth.eip_7702_authorization.address == '<ADDRESS>' && eth.eip_7702_authorization.chain_id == '<CHAIN_ID>' && eth.eip_7702_authorization.nonce == '<NONCE>'";
    assert.deepEqual(
      checkPolicy({ condition: `${documented} && ${RAW_PAYLOAD}` }).map((p) => p.message),
      ['invalid policy condition: Expression cannot be evaluated: type mismatch: int == string'],
    );
    const authorization = { address: SPENDER, chainId: 1, nonce: 7 };
    const condition = `eth.eip_7702_authorization.address == '${SPENDER.toLowerCase()}' && eth.eip_7702_authorization.chain_id == 1 && eth.eip_7702_authorization.nonce == 7 && ${RAW_PAYLOAD}`;
    const context = signing(authorization, 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION');
    const allowed = evaluate(allow(condition), context);
    assert.equal(allowed.outcome, 'OUTCOME_ALLOW');
    assert.ok(allowed.choices.includes('typed-data-values') && allowed.choices.includes('case-rules'));
    const later = signing({ ...authorization, nonce: '0x8' }, 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION');
    assert.equal(evaluate(allow(condition), later).outcome, 'OUTCOME_DENY_IMPLICIT');
    // An authorization has no typed data, and typed data no authorization.
    assert.match(evaluate(allow("eth.eip_712.primary_type == 'Permit'"), context).error ?? '', /MissingKeyword/);
    assert.match(
      evaluate(allow('eth.eip_7702_authorization.nonce == 7'), signing(usdcPermit())).error ?? '',
      /MissingKeyword/,
    );
  });

  it('Deny NO_OP hash signing (except EIP-712) also denies an EIP-7702 authorization', () => {
    const deny = {
      effect: 'EFFECT_DENY' as const,
      condition: `${RAW_PAYLOAD} && activity.params.hash_function == 'HASH_FUNCTION_NO_OP' && activity.params.encoding != 'PAYLOAD_ENCODING_EIP712'`,
    };
    const authorization = signing({ address: SPENDER, chainId: 1, nonce: 0 }, 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION');
    assert.equal(evaluate(deny, authorization).outcome, 'OUTCOME_DENY_EXPLICIT');
    assert.equal(evaluate(deny, signing(usdcPermit())).outcome, 'OUTCOME_DENY_IMPLICIT');
    assert.equal(
      evaluate(deny, signing(`0x${'11'.repeat(32)}`, 'PAYLOAD_ENCODING_HEXADECIMAL')).outcome,
      'OUTCOME_DENY_EXPLICIT',
    );
  });
});

describe('policy engine: how typed data and authorizations are read (rows typed-data-values, empty-domain, unread-signature)', () => {
  it('reads values by their declared types: ints compare with ints and in lists, bytes without regard to case', () => {
    const context = signing(EIP3009);
    for (const condition of [
      "eth.eip_712.message['value'] in [1000000, 2000000]",
      "eth.eip_712.message['validBefore'] > 1800000000",
      `eth.eip_712.message['nonce'] == '0x${'ab'.repeat(32)}'`,
      `eth.eip_712.domain.verifying_contract == '${USDC.toLowerCase()}'`,
      'eth.eip_712.domain.chain_id == 1',
    ])
      assert.equal(evaluate(allow(condition), context).outcome, 'OUTCOME_ALLOW', condition);
    // A string field stays exact.
    assert.equal(evaluate(allow("eth.eip_712.domain.name == 'usd coin'"), context).outcome, 'OUTCOME_DENY_IMPLICIT');
  });

  it('gives an empty domain no fields: a policy on domain.name errs', () => {
    const empty = evaluate(allow("eth.eip_712.domain.name == 'USD Coin'"), signing(usdcPermit({})));
    assert.equal(empty.outcome, 'OUTCOME_ERROR');
    assert.match(empty.error ?? '', /MissingField: eth\.eip_712\.domain\.name/);
    assert.ok(empty.choices.includes('empty-domain'));
  });

  it('reads only a lone payload of a batch, and no document nested past its bound', () => {
    const payload = JSON.stringify(usdcPermit());
    const one = signatureFieldsOf({ payloads: [payload], encoding: 'PAYLOAD_ENCODING_EIP712' });
    assert.equal(one?.eip_712?.primary_type, 'Permit');
    assert.equal(signatureFieldsOf({ payloads: [payload, payload], encoding: 'PAYLOAD_ENCODING_EIP712' }), undefined);
    // A struct holding itself, nested past the bound.
    let nested: Record<string, unknown> = { v: '1' };
    for (let i = 0; i <= MAX_TYPED_DEPTH; i++) nested = { v: '1', inner: nested };
    const deep = {
      types: {
        Node: [
          { name: 'v', type: 'uint256' },
          { name: 'inner', type: 'Node' },
        ],
      },
      primaryType: 'Node',
      domain: {},
      message: nested,
    };
    assert.equal(signatureFieldsOf({ payload: JSON.stringify(deep), encoding: 'PAYLOAD_ENCODING_EIP712' }), undefined);
    const outcome = evaluate(allow("eth.eip_712.primary_type == 'Node'"), signing(deep));
    assert.match(outcome.error ?? '', /MissingKeyword: eth\.eip_712/);
    assert.ok(outcome.choices.includes('unread-signature'));
    // Text that is not typed data, and an authorization without a nonce, are not read either.
    assert.equal(signatureFieldsOf({ payload: 'hello', encoding: 'PAYLOAD_ENCODING_EIP712' }), undefined);
    assert.equal(
      signatureFieldsOf({
        payload: JSON.stringify({ address: SPENDER, chainId: 1 }),
        encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
      }),
      undefined,
    );
  });
});
