/**
 * Evaluate's context and the sandbox's read typed data and authorizations from a sign_raw_payload intent the same
 * way: `eth.eip_712` for PAYLOAD_ENCODING_EIP712, `eth.eip_7702_authorization` for an authorization, neither for a
 * hash.
 */
import * as assert from 'node:assert/strict';
import { policyContextOf as servedContextOf } from '../../../src/api/policy/policyContext';
import { policyContextOf as sandboxContextOf } from '../../../src/sandbox/policyContext';
import type { ActivityRecord, Organization } from '../../../src/sandbox/state';
import { OrganizationWallets } from '../../../src/sandbox/wallets/walletState';
import { decide, type PolicyContext } from '../../../src/api/policy';

const PERMIT = JSON.stringify({
  types: {
    Permit: [
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'USD Coin', chainId: 1 },
  message: { spender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '5' },
});
const AUTHORIZATION = JSON.stringify({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 1, nonce: 0 });
const TYPE = 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2';

const intentOf = (payload: string, encoding: string) => ({
  signRawPayloadIntentV2: { signWith: 'key-1', payload, encoding, hashFunction: 'HASH_FUNCTION_NO_OP' },
});

function contexts(payload: string, encoding: string): PolicyContext[] {
  const intent = intentOf(payload, encoding);
  const editor = servedContextOf(
    { type: TYPE, intent, votes: [] },
    { users: [], privateKeys: [], smartContractInterfaces: [] },
    new Date(),
  );
  const organization = {
    record: { privateKeys: [] },
    interfaces: new Map(),
    wallets: new OrganizationWallets(),
  } as unknown as Organization;
  const activity = { type: TYPE, intent } as unknown as ActivityRecord;
  const sandbox = sandboxContextOf(activity, organization, new Map(), [], Date.now());
  return [editor, sandbox];
}

const outcome = (condition: string, context: PolicyContext) =>
  decide([{ policyId: 'p', policyName: 'p', effect: 'EFFECT_ALLOW', condition }], context, { rootQuorumMet: false })
    .evaluations[0]?.outcome;

describe('extension (pure) and sandbox: the policy context of a signature', () => {
  it('gives typed data as eth.eip_712 and an authorization as eth.eip_7702_authorization', () => {
    for (const context of contexts(PERMIT, 'PAYLOAD_ENCODING_EIP712'))
      assert.equal(
        outcome("eth.eip_712.primary_type == 'Permit' && eth.eip_712.message['value'] == 5", context),
        'OUTCOME_ALLOW',
      );
    for (const context of contexts(AUTHORIZATION, 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION'))
      assert.equal(outcome('eth.eip_7702_authorization.chain_id == 1', context), 'OUTCOME_ALLOW');
  });

  it('gives a hash neither', () => {
    for (const context of contexts('ab'.repeat(32), 'PAYLOAD_ENCODING_HEXADECIMAL'))
      assert.equal(context.eth, undefined);
  });
});
