/**
 * Evaluate Policy's context: the organization as the store read it from the service, handed to the one
 * policyContextOf of src/api/policy; a trial of the ERC-20 cap policy on a small and a large pasted transfer, and
 * `credentials[]` read from the approvals. Pure: no `vscode` here.
 */
import * as assert from 'node:assert/strict';
import type { User } from '../../../src/api';
import {
  policyContextOf,
  SAMPLE_TOKEN_ABI,
  SAMPLE_TOKEN_ADDRESS,
  SAMPLE_TOKEN_LABEL,
  serializeUnsignedTransaction,
} from '../../../src/api/remote';
import { pastedTransactionActivity, policyOrganizationOf } from '../../../src/extension/policyFiles/evaluationSubject';
import { filePolicy, readPolicyFile } from '../../../src/extension/policyFiles/policyDocument';
import { tryPolicy } from '../../../src/extension/policyFiles/policyEvaluationWords';
import type { KnownKey } from '../../../src/extension/policyFiles/policyKnowledge';
import { erc20CapPolicy, policyFileText } from '../../../src/extension/policyFiles/policyTemplates';
import { sampleTokenTransfer } from '../../support/transactionFixtures';

const at = { seconds: '1700000000', nanos: '0' };
const credential = (publicKey: string, type: string) => ({ publicKey, type });
/** The users as list_users serves them (what the store reads), the fields a policy reads and those the schema needs. */
const USERS = [
  {
    userId: 'user-dev',
    userName: 'Treasury developer',
    userTags: [],
    apiKeys: [
      {
        apiKeyId: 'api-key-dev',
        apiKeyName: 'dev',
        credential: credential('02dev', 'CREDENTIAL_TYPE_API_KEY_P256'),
        createdAt: at,
        updatedAt: at,
      },
    ],
    authenticators: [
      {
        authenticatorId: 'passkey-dev',
        authenticatorName: 'laptop',
        credentialId: 'webauthn-dev',
        credential: credential('04dev', 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR'),
        transports: [],
        attestationType: '',
        aaguid: '',
        model: '',
        createdAt: at,
        updatedAt: at,
      },
    ],
    createdAt: at,
    updatedAt: at,
  },
  {
    userId: 'user-fin',
    userName: 'Treasury approver 1',
    userTags: ['tag-finance'],
    apiKeys: [],
    authenticators: [],
    createdAt: at,
    updatedAt: at,
  },
] as unknown as User[];

const HOT_KEY: KnownKey = {
  id: 'key-hot',
  name: 'Treasury hot key',
  tags: ['tag-hot'],
  addresses: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  imported: false,
  exported: false,
};

const ORGANIZATION = policyOrganizationOf({
  users: USERS,
  organization: {
    organizationId: 'org',
    name: 'Treasury',
    users: [],
    tags: [],
    rootQuorum: { threshold: 1, userIds: [] },
    privateKeys: [
      {
        privateKeyId: HOT_KEY.id,
        privateKeyName: HOT_KEY.name,
        privateKeyTags: [...HOT_KEY.tags],
        addresses: [{ format: 'ADDRESS_FORMAT_ETHEREUM', address: HOT_KEY.addresses[0] }],
        imported: false,
        exported: false,
      },
    ],
  },
  interfaces: [
    {
      smartContractInterfaceId: 'sci-token',
      smartContractAddress: SAMPLE_TOKEN_ADDRESS,
      smartContractInterface: JSON.stringify(SAMPLE_TOKEN_ABI),
      label: SAMPLE_TOKEN_LABEL,
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
      notes: '',
      organizationId: 'org',
      createdAt: at,
      updatedAt: at,
    },
  ] as never,
});

describe('policy files: trials against the organization as served', () => {
  const cap = erc20CapPolicy({
    address: SAMPLE_TOKEN_ADDRESS,
    functionName: 'transfer',
    argument: 'amount',
    cap: '1000000000000000000000',
    userId: 'user-dev',
    policyName: 'Developer transfers below the cap',
    notes: 'Small transfers alone.',
  });
  const entries = readPolicyFile(policyFileText(cap)).entries;

  it('allows a small transfer by the developer and not a large one, clause by clause', () => {
    const policy = filePolicy(entries[0]!);
    assert.ok(policy);
    const trial = (tokens: bigint) =>
      tryPolicy(
        policy,
        [],
        policyContextOf(
          pastedTransactionActivity(sampleTokenTransfer(tokens), 'user-dev', HOT_KEY.id),
          ORGANIZATION,
          new Date(),
        ),
        'The transfer',
      );
    const small = trial(250n);
    assert.equal(small.decision, 'ALLOW');
    assert.equal(small.lines[0], 'The transfer would be allowed, by "Developer transfers below the cap".');
    const large = trial(5000n);
    assert.equal(large.decision, 'DENY_IMPLICIT');
    const amount = large.clauses.find((clause) => clause.clause.includes("contract_call_args['amount']"));
    assert.equal(amount?.value, 'false');
    assert.equal(amount?.read, "eth.tx.contract_call_args['amount'] is 5000000000000000000000");
    // The assumptions it rests on, each in a sentence: the row's id only after it.
    const assumed = small.lines.filter((line) => line.startsWith('Assumed (the service may differ): '));
    assert.equal(assumed.length, small.choices.length);
    assert.ok(small.choices.length > 0);
  });

  it("reads credentials[] from the approvals: the user's API key or passkey that signed each, by its public key", () => {
    const unsigned = serializeUnsignedTransaction({ chainId: 1, nonce: 0n, to: SAMPLE_TOKEN_ADDRESS, gas: 21_000n });
    const pasted = policyContextOf(
      pastedTransactionActivity(unsigned, 'user-dev', undefined, '02dev'),
      ORGANIZATION,
      new Date(),
    );
    assert.deepEqual(pasted.credentials, [
      { id: 'api-key-dev', user_id: 'user-dev', type: 'CREDENTIAL_TYPE_API_KEY_P256', public_key: '02dev' },
    ]);
    const voted = policyContextOf(
      {
        type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
        intent: {},
        votes: [
          {
            userId: 'user-dev',
            selection: 'VOTE_SELECTION_APPROVED',
            publicKey: '04dev',
            scheme: 'SIGNATURE_SCHEME_TK_API_P256',
          },
          {
            userId: 'user-fin',
            selection: 'VOTE_SELECTION_APPROVED',
            publicKey: '03unknown',
            scheme: 'SIGNATURE_SCHEME_TK_API_P256',
          },
          // A second approval of the same user counts once.
          { userId: 'user-dev', selection: 'VOTE_SELECTION_APPROVED', publicKey: '02dev' },
        ],
      },
      ORGANIZATION,
      new Date(),
    );
    assert.deepEqual(voted.approvers, [
      { id: 'user-dev', tags: [] },
      { id: 'user-fin', tags: ['tag-finance'] },
    ]);
    assert.deepEqual(voted.credentials, [
      {
        id: 'passkey-dev',
        user_id: 'user-dev',
        type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
        public_key: '04dev',
        credential_id: 'webauthn-dev',
      },
      // A key the users do not list: its type from the vote's scheme, no id.
      { id: '', user_id: 'user-fin', type: 'CREDENTIAL_TYPE_API_KEY_P256', public_key: '03unknown' },
    ]);
    // A consensus on credentials decides on them.
    const passkeyOnly = {
      policyName: 'Passkey approvals',
      effect: 'EFFECT_ALLOW',
      notes: '',
      consensus: "credentials.any(c, c.type == 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR')",
    };
    assert.equal(tryPolicy(passkeyOnly, [], voted, 'It').decision, 'ALLOW');
    assert.notEqual(tryPolicy(passkeyOnly, [], pasted, 'It').decision, 'ALLOW');
  });

  it('shows a raw payload its hash function and encoding in every version, a transaction its type in V2 alone', () => {
    const params = (type: string, intent: Record<string, unknown>) =>
      policyContextOf({ type, intent: { intent }, votes: [] }, ORGANIZATION, new Date()).activity.params;
    const raw = {
      signWith: HOT_KEY.id,
      payload: '00',
      hashFunction: 'HASH_FUNCTION_NO_OP',
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
    };
    const expected = { hash_function: 'HASH_FUNCTION_NO_OP', encoding: 'PAYLOAD_ENCODING_HEXADECIMAL' };
    assert.deepEqual(params('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', raw), expected);
    assert.deepEqual(params('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD', raw), expected);
    assert.deepEqual(params('ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', raw), expected);
    const tx = { signWith: HOT_KEY.id, type: 'TRANSACTION_TYPE_ETHEREUM', unsignedTransaction: '0x' };
    assert.deepEqual(params('ACTIVITY_TYPE_SIGN_TRANSACTION_V2', tx), { type: 'TRANSACTION_TYPE_ETHEREUM' });
    assert.deepEqual(params('ACTIVITY_TYPE_SIGN_TRANSACTION', tx), {});
  });
});
