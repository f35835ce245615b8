/**
 * Policy files as the editor reads them, on real files (test/fixtures/policy): completion inside `condition` and
 * `consensus` from the organization (argument names after `contract_call_args['`, ids with names), diagnostics at
 * the file's exact characters (escapes included) in the service's wording, the lints and what their fixes write,
 * and the lens states (trials of a policy: policyEvaluation.test.ts). Pure: no `vscode` here.
 */
import * as assert from 'node:assert/strict';
import type { Policy } from '../../../src/api';
import { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from '../../../src/api/remote';
import { completePolicy } from '../../../src/extension/policyFiles/policyCompletion';
import { policyDiagnostics } from '../../../src/extension/policyFiles/policyDiagnostics';
import { expressionAt, readPolicyFile } from '../../../src/extension/policyFiles/policyDocument';
import { hoverPolicy } from '../../../src/extension/policyFiles/policyHover';
import type { PolicyKnowledge } from '../../../src/extension/policyFiles/policyKnowledge';
import { policyLenses } from '../../../src/extension/policyFiles/policyLensModel';
import { erc20CapPolicy, policyFileText } from '../../../src/extension/policyFiles/policyTemplates';
import { readFixture } from '../../support/fixtures';

const KNOWLEDGE: PolicyKnowledge = {
  users: [
    {
      id: 'user-dev',
      name: 'Treasury developer',
      tags: [],
      credentials: [
        { id: 'api-key-dev', type: 'CREDENTIAL_TYPE_API_KEY_P256', publicKey: '02dev' },
        {
          id: 'passkey-dev',
          type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
          publicKey: '04dev',
          credentialId: 'webauthn-dev',
        },
      ],
    },
    { id: 'user-fin', name: 'Treasury approver 1', tags: ['tag-finance'] },
  ],
  userTags: [{ id: 'tag-finance', name: 'finance' }],
  privateKeyTags: [{ id: 'tag-hot', name: 'hot' }],
  privateKeys: [
    {
      id: 'key-hot',
      name: 'Treasury hot key',
      tags: ['tag-hot'],
      addresses: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      imported: false,
      exported: false,
    },
  ],
  interfaces: [
    {
      id: 'sci-token',
      address: SAMPLE_TOKEN_ADDRESS,
      label: SAMPLE_TOKEN_LABEL,
      abi: JSON.stringify(SAMPLE_TOKEN_ABI),
    },
  ],
};

/** Completion at the file offset just after `marker` (its n-th occurrence). */
function completeAfter(text: string, marker: string, occurrence = 0) {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = text.indexOf(marker, at + 1);
  assert.ok(at >= 0, `the fixture holds ${marker}`);
  const found = expressionAt(readPolicyFile(text), at + marker.length);
  assert.ok(found, `${marker} is inside an expression`);
  return completePolicy(found.field, found.expression.value, found.inner, KNOWLEDGE);
}

describe('policy files: completion', () => {
  const text = readFixture('policy', 'writing.policy.json');

  it("offers after contract_call_args[' the arguments of the function the condition names, at the address it names", () => {
    const items = completeAfter(text, "contract_call_args['");
    assert.deepEqual(
      items.map((item) => [item.label, item.insertText]),
      [
        ['to', "to']"],
        ['amount', "amount']"],
      ],
    );
    assert.match(items[1]?.detail ?? '', /uint256 · transfer\(address,uint256\) · Example token/);
  });

  it("offers user ids labelled with their names after u.id == '", () => {
    const items = completeAfter(text, "u.id == '");
    assert.deepEqual(
      items.map((item) => [item.label, item.insertText]),
      [
        ['Treasury developer', 'user-dev'],
        ['Treasury approver 1', 'user-fin'],
      ],
    );
  });

  it("offers user tag ids labelled with their names in u.tags.contains('", () => {
    const items = completeAfter(text, "u.tags.contains('");
    assert.deepEqual(
      items.map((item) => [item.label, item.insertText]),
      [['finance', 'tag-finance']],
    );
  });

  it('offers the fields of eth.tx after its dot, and only the parameters of the kinds the condition names', () => {
    const fields = completeAfter(text, 'eth.tx.').map((item) => item.label);
    for (const name of ['to', 'from', 'value', 'function_name', 'contract_call_args'])
      assert.ok(fields.includes(name), name);
    const params = completeAfter(text, 'activity.params.').map((item) => item.label);
    assert.deepEqual(params.sort(), ['encoding', 'hash_function']);
  });

  it('offers the keywords of the field where a value starts: approvers in a consensus, not eth', () => {
    const consensus = '{"policyName":"p","effect":"EFFECT_ALLOW","notes":"","consensus":"appr"}';
    const at = expressionAt(readPolicyFile(consensus), consensus.indexOf('appr') + 4);
    assert.ok(at);
    const labels = completePolicy(at.field, at.expression.value, at.inner, KNOWLEDGE).map((i) => i.label);
    assert.ok(labels.includes('approvers') && labels.includes('credentials'));
    assert.ok(!labels.includes('eth'));
  });

  it('says over an id what it names, and over a field its type', () => {
    const hover = hoverPolicy('consensus', "approvers.any(u, u.id == 'user-dev')", 30, KNOWLEDGE);
    assert.equal(hover?.text, 'User "Treasury developer"');
    const field = hoverPolicy('condition', "eth.tx.to == 'x'", 8, KNOWLEDGE);
    assert.equal(field?.signature, 'eth.tx.to: string');
  });
});

describe('policy files: diagnostics', () => {
  const text = readFixture('policy', 'mistakes.policy.json');
  const problems = policyDiagnostics(text, KNOWLEDGE);
  const of = (code: string) => problems.filter((p) => p.code === code);
  const applied = (fix: { start: number; end: number; text: string }) =>
    text.slice(0, fix.start) + fix.text + text.slice(fix.end);

  it("reports an unknown field in the service's words at its exact characters, past escaped quotes", () => {
    const [refused] = of('refused');
    assert.ok(refused);
    assert.equal(
      refused.message,
      'invalid policy condition: Expression cannot be evaluated: field does not exist: foo',
    );
    assert.equal(text.slice(refused.start, refused.end), 'eth.tx.foo');
  });

  it("warns of a tag's name where its id is needed, and the fix writes the id", () => {
    const [lint] = of('tagName');
    assert.ok(lint?.fix);
    assert.equal(text.slice(lint.start, lint.end), "'finance'");
    assert.match(applied(lint.fix), /u\.tags\.contains\('tag-finance'\)/);
  });

  it('warns of activity.type with a version, and the fix compares activity.kind', () => {
    const [lint] = of('typeForKind');
    assert.ok(lint?.fix);
    assert.match(applied(lint.fix), /"condition": "activity\.kind == 'SIGN_TRANSACTION'"/);
  });

  it('warns of a lowercase address compared with wallet_account.address, and the fix writes it in EIP-55', () => {
    const [lint] = of('lowercaseAddress');
    assert.ok(lint?.fix);
    assert.match(applied(lint.fix), new RegExp(`wallet_account\\.address == '${SAMPLE_TOKEN_ADDRESS}'`));
  });

  it('warns of || between keywords no activity has together', () => {
    const [lint] = of('exclusiveKeywords');
    assert.ok(lint);
    assert.equal(text.slice(lint.start, lint.end), "wallet.id == 'W' || private_key.id == 'K'");
  });

  it('refuses an empty consensus as the service does, and the fix removes the property', () => {
    const [empty] = of('emptyConsensus');
    assert.ok(empty?.fix);
    assert.match(
      empty.message,
      /^invalid policy consensus: Expression cannot be evaluated: parse error: Unrecognized EOF found at 0/,
    );
    const fixed = JSON.parse(applied(empty.fix)) as Array<Record<string, unknown>>;
    assert.deepEqual(Object.keys(fixed[3] ?? {}), ['policyName', 'effect', 'condition', 'notes']);
  });

  it('says over a time field that the service needs its early-access flag for it, which the sandbox does not', () => {
    const timed = JSON.stringify(
      [
        {
          policyName: 'Office hours',
          effect: 'EFFECT_ALLOW',
          condition: 'true',
          time: "CronSpan('0 9 * * 1-5', '8h', 'UTC')",
        },
      ],
      null,
      2,
    );
    const found = policyDiagnostics(timed, KNOWLEDGE);
    assert.deepEqual(
      found.map((p) => [p.code, p.severity, timed.slice(p.start, p.end)]),
      [['timeNeedsFlag', 'warning', "CronSpan('0 9 * * 1-5', '8h', 'UTC')"]],
    );
    assert.match(found[0]?.message ?? '', /early-access flag/);
    assert.match(found[0]?.message ?? '', /sandbox accepts it/);
  });

  it('finds nothing to say about a policy written right', () => {
    const right = policyFileText(
      erc20CapPolicy({
        address: SAMPLE_TOKEN_ADDRESS,
        functionName: 'transfer',
        argument: 'amount',
        cap: '1000000000000000000000',
        userId: 'user-dev',
        policyName: 'Developer transfers below the cap',
        notes: '',
      }),
    );
    assert.deepEqual(policyDiagnostics(right, KNOWLEDGE), []);
  });
});

describe('policy files: lenses and trials', () => {
  const cap = erc20CapPolicy({
    address: SAMPLE_TOKEN_ADDRESS,
    functionName: 'transfer',
    argument: 'amount',
    cap: '1000000000000000000000',
    userId: 'user-dev',
    policyName: 'Developer transfers below the cap',
    notes: 'Small transfers alone.',
  });
  const text = policyFileText(cap);
  const entries = readPolicyFile(text).entries;
  const at = { seconds: '1700000000', nanos: '0' };
  const registered = (fields: Partial<Policy>): Policy => ({
    policyId: 'policy-1',
    policyName: cap.policyName,
    effect: 'EFFECT_ALLOW',
    condition: cap.condition ?? '',
    consensus: cap.consensus ?? '',
    notes: cap.notes,
    createdAt: at,
    updatedAt: at,
    ...fields,
  });
  const states = (policies: Policy[] | undefined) =>
    policyLenses('file:///w/cap.policy.json', entries, policies).map((lens) => `${lens.state}: ${lens.title}`);

  it('says Not in the organization, Matches, or Differs with Compare and Update', () => {
    assert.deepEqual(states([]), [
      'absent: $(circle-slash) Not in the organization',
      'create: Create Policy…',
      'evaluate: Evaluate…',
    ]);
    assert.deepEqual(states([registered({})]), [
      'matches: $(check) Matches policy "Developer transfers below the cap"',
      'delete: Delete Policy…',
      'evaluate: Evaluate…',
    ]);
    assert.deepEqual(states([registered({ notes: 'other' })]), [
      'differs: $(diff) Differs from policy "Developer transfers below the cap"',
      'compare: Compare',
      'update: Update Policy…',
      'evaluate: Evaluate…',
    ]);
  });
});
