/**
 * Policy files say what a policy cannot see: each lint fires on the documented example it describes, its quick
 * fix (where there is one) is applied as the editor applies it, and the fixed file is checked again with no
 * Problem left. The examples are the documented policy shapes (the allow-listed transaction and the raw-payload
 * template, the NO_OP deny, the token permits checked by domain name, the EIP-7702 restriction with quoted numbers).
 */
import * as assert from 'node:assert/strict';
import { policyDiagnostics, type PolicyFix } from '../../../src/extension/policyFiles/policyDiagnostics';
import type { PolicyKnowledge } from '../../../src/extension/policyFiles/policyKnowledge';
import { PolicyModel } from '../../../src/extension/policyFiles/policyModel';

const KNOWLEDGE: PolicyKnowledge = {
  users: [{ id: 'user-dev', name: 'Treasury developer', tags: [] }],
  userTags: [],
  privateKeyTags: [],
  privateKeys: [],
  interfaces: [],
};

const RECIPIENT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

interface Written {
  policyName: string;
  effect: 'EFFECT_ALLOW' | 'EFFECT_DENY';
  condition: string;
  consensus?: string;
}

const fileOf = (policies: Written[]) =>
  JSON.stringify(
    policies.map((p) => ({ ...p, notes: '' })),
    null,
    2,
  );
const problemsOf = (text: string) => policyDiagnostics(text, KNOWLEDGE);
/**
 * The Problems but the one that says a documented example compares activity.type with a version (policyFiles.test.ts
 * tests it), for tests that look at one of these lints.
 */
const oursOf = (text: string) => problemsOf(text).filter((p) => p.code !== 'typeForKind');
/** Fixes applied from the end of the file back, so that each one's offsets still hold. */
const applied = (text: string, fixes: readonly PolicyFix[]) =>
  [...fixes]
    .sort((a, b) => b.start - a.start)
    .reduce((out, fix) => out.slice(0, fix.start) + fix.text + out.slice(fix.end), text);

/** The documented allow-list policy: one user may sign only transactions to one address. */
const allowList = (key?: string): Written => ({
  policyName: 'Developer signs only to the recipient',
  effect: 'EFFECT_ALLOW',
  consensus: "approvers.any(u, u.id == 'user-dev')",
  condition: `${key ? `private_key.id == '${key}' && ` : ''}eth.tx.to == '${RECIPIENT}'`,
});
/** The raw-payload allow of the SDK's agent templates. */
const rawAllow = (key?: string): Written => ({
  policyName: 'Agent signs raw payloads',
  effect: 'EFFECT_ALLOW',
  consensus: "approvers.any(u, u.id == 'user-dev')",
  condition: `activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'${key ? ` && private_key.id == '${key}'` : ''}`,
});

describe('policy files: what a policy cannot see', () => {
  it('warns at eth.tx when another ALLOW lets any key sign raw payloads, which eth.tx never reads', () => {
    const text = fileOf([allowList(), rawAllow()]);
    const problems = problemsOf(text);
    assert.deepEqual(
      problems.map((p) => [p.code, p.severity, text.slice(p.start, p.end)]),
      [
        ['typeForKind', 'warning', "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'"],
        ['rawPayloadBypass', 'warning', 'eth.tx'],
      ],
    );
    assert.equal(
      problems[1]?.message,
      "A raw payload bypasses this condition on eth.tx: the policy 'Agent signs raw payloads' allows SIGN_RAW_PAYLOAD on any key, and a transaction signed as a raw payload is never read as eth.tx. Limit that policy to the encodings it means (activity.params.encoding), or to other keys.",
    );
    assert.equal(problems[1]?.fix, undefined);
  });

  it('warns when both name the same key, not when the raw payloads are on another key or only typed data', () => {
    const same = oursOf(fileOf([allowList('key-hot'), rawAllow('key-hot')]));
    assert.deepEqual(
      same.map((p) => p.code),
      ['rawPayloadBypass'],
    );
    assert.match(same[0]?.message ?? '', /on the same keys/);
    assert.deepEqual(oursOf(fileOf([allowList('key-hot'), rawAllow('key-cold')])), []);
    const typedOnly = rawAllow();
    typedOnly.condition += " && activity.params.encoding == 'PAYLOAD_ENCODING_EIP712'";
    assert.deepEqual(oursOf(fileOf([allowList(), typedOnly])), []);
  });

  it('warns of a broad ALLOW that lets the same keys sign anything, raw payloads included, not of one limited to other activities', () => {
    const broad = (condition: string): Written => ({
      policyName: 'Signer signs',
      effect: 'EFFECT_ALLOW',
      consensus: "approvers.any(u, u.id == 'user-dev')",
      condition,
    });
    const bypassed = (condition: string) => oursOf(fileOf([allowList('key-hot'), broad(condition)])).map((p) => p.code);
    // The template's "signing with any key" ALLOW, one key's every activity, and an ALLOW of everything.
    assert.deepEqual(bypassed("activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'"), ['rawPayloadBypass']);
    assert.deepEqual(bypassed("private_key.id == 'key-hot'"), ['rawPayloadBypass']);
    assert.deepEqual(bypassed('true'), ['rawPayloadBypass']);
    const [problem] = oursOf(fileOf([allowList('key-hot'), broad("private_key.id == 'key-hot'")]));
    assert.equal(
      problem?.message,
      "A raw payload bypasses this condition on eth.tx: the policy 'Signer signs' allows any signing on the same keys, SIGN_RAW_PAYLOAD included, and a transaction signed as a raw payload is never read as eth.tx. Limit that policy to the activities it means (activity.type), or to other keys.",
    );
    // Limited to transactions, to other activities, to another key, or to what a raw payload signing has not.
    assert.deepEqual(
      bypassed("activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && private_key.id == 'key-hot'"),
      [],
    );
    assert.deepEqual(bypassed("activity.action == 'CREATE'"), []);
    assert.deepEqual(bypassed("activity.resource == 'USER'"), []);
    assert.deepEqual(bypassed("private_key.id == 'key-cold'"), []);
    assert.deepEqual(bypassed('solana.tx.transfers.count() == 1'), []);
    assert.deepEqual(bypassed("activity.params.type == 'TRANSACTION_TYPE_ETHEREUM'"), []);
    assert.deepEqual(
      bypassed("private_key.id == 'key-hot' && activity.params.encoding == 'PAYLOAD_ENCODING_EIP712'"),
      [],
    );
  });

  it('warns that the documented NO_OP deny also denies EIP-7702 authorizations, and the fix excludes them', () => {
    const documented =
      "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' && activity.params.hash_function == 'HASH_FUNCTION_NO_OP' && activity.params.encoding != 'PAYLOAD_ENCODING_EIP712'";
    const text = fileOf([{ policyName: 'Deny NO_OP hashes', effect: 'EFFECT_DENY', condition: documented }]);
    const problems = oursOf(text);
    assert.deepEqual(
      problems.map((p) => [p.code, text.slice(p.start, p.end)]),
      [['noOpDenyTooBroad', "activity.params.hash_function == 'HASH_FUNCTION_NO_OP'"]],
    );
    assert.equal(
      problems[0]?.message,
      'This deny of HASH_FUNCTION_NO_OP also denies signatures with PAYLOAD_ENCODING_EIP7702_AUTHORIZATION: the SDKs send typed data and EIP-7702 authorizations with HASH_FUNCTION_NO_OP, and the service hashes them. Exclude them unless this policy means to deny them.',
    );
    const fixed = applied(text, [problems[0].fix!]);
    assert.equal(
      (JSON.parse(fixed) as Written[])[0]?.condition,
      "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' && activity.params.hash_function == 'HASH_FUNCTION_NO_OP' && activity.params.encoding != 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION' && activity.params.encoding != 'PAYLOAD_ENCODING_EIP712'",
    );
    assert.deepEqual(oursOf(fixed), []);
    // With the documented example's other Problem fixed as well, nothing is left to say.
    assert.deepEqual(
      problemsOf(
        applied(
          text,
          problemsOf(text).map((p) => p.fix!),
        ),
      ),
      [],
    );
  });

  it('offers, through the model a code action asks, the fix that excludes both encodings from a bare NO_OP deny', () => {
    const text = fileOf([
      {
        policyName: 'Deny NO_OP hashes',
        effect: 'EFFECT_DENY',
        condition: "activity.params.hash_function == 'HASH_FUNCTION_NO_OP'",
      },
    ]);
    const model = new PolicyModel(text);
    const [problem] = model.problems(KNOWLEDGE);
    assert.equal(problem?.code, 'noOpDenyTooBroad');
    const [offered] = model.fixes([{ code: problem.code, start: problem.start, end: problem.end }], KNOWLEDGE);
    assert.equal(
      offered?.fix.title,
      'Exclude PAYLOAD_ENCODING_EIP712, PAYLOAD_ENCODING_EIP7702_AUTHORIZATION from this deny',
    );
    const fixed = applied(text, [offered.fix]);
    assert.match(
      fixed,
      / && activity\.params\.encoding != 'PAYLOAD_ENCODING_EIP712' && activity\.params\.encoding != 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION'"/,
    );
    assert.deepEqual(new PolicyModel(fixed).problems(KNOWLEDGE), []);
    // An ALLOW of NO_OP hashes is no deny.
    assert.deepEqual(problemsOf(text.replace('EFFECT_DENY', 'EFFECT_ALLOW')), []);
  });

  it('warns of a permit condition that trusts the domain name without its contract and chain', () => {
    const documented = "eth.eip_712.primary_type == 'Permit' && eth.eip_712.domain.name == 'USD Coin'";
    const text = fileOf([{ policyName: 'USDC permits', effect: 'EFFECT_ALLOW', condition: documented }]);
    const problems = problemsOf(text);
    assert.deepEqual(
      problems.map((p) => [p.code, text.slice(p.start, p.end)]),
      [['domainNameOnly', "eth.eip_712.domain.name == 'USD Coin'"]],
    );
    assert.equal(
      problems[0]?.message,
      "A typed-data domain's name is whatever the signing site writes: this condition checks eth.eip_712.domain.name but not eth.eip_712.domain.verifying_contract, eth.eip_712.domain.chain_id, so typed data for any contract or chain that claims the name passes. Compare eth.eip_712.domain.verifying_contract, eth.eip_712.domain.chain_id too.",
    );
    const halfway = `${documented} && eth.eip_712.domain.chain_id == 1`;
    assert.match(
      problemsOf(fileOf([{ policyName: 'USDC permits', effect: 'EFFECT_ALLOW', condition: halfway }]))[0]?.message ??
        '',
      /but not eth\.eip_712\.domain\.verifying_contract, so/,
    );
    const bound = `${halfway} && eth.eip_712.domain.verifying_contract == '${USDC}'`;
    assert.deepEqual(
      problemsOf(fileOf([{ policyName: 'USDC permits', effect: 'EFFECT_ALLOW', condition: bound }])),
      [],
    );
  });

  it('says of a chain id and nonce written as quoted strings that they are numbers, and the fixes unquote them', () => {
    const documented = `eth.eip_7702_authorization.address == '${USDC}' && eth.eip_7702_authorization.chain_id == '1' && eth.eip_7702_authorization.nonce == '0'`;
    const text = fileOf([{ policyName: 'Delegation to one contract', effect: 'EFFECT_ALLOW', condition: documented }]);
    const problems = problemsOf(text);
    assert.deepEqual(
      problems.map((p) => [p.code, p.severity, text.slice(p.start, p.end)]),
      [
        ['quotedNumber', 'error', "'1'"],
        ['quotedNumber', 'error', "'0'"],
      ],
    );
    assert.equal(
      problems[0]?.message,
      "eth.eip_7702_authorization.chain_id is a number and '1' is text: the service refuses to compare them (it says: invalid policy condition: Expression cannot be evaluated: type mismatch: int == string). Write 1 without quotes.",
    );
    assert.equal(problems[1]?.fix?.title, 'Write 0 as a number');
    const fixed = applied(
      text,
      problems.map((p) => p.fix!),
    );
    assert.equal(
      (JSON.parse(fixed) as Written[])[0]?.condition,
      `eth.eip_7702_authorization.address == '${USDC}' && eth.eip_7702_authorization.chain_id == 1 && eth.eip_7702_authorization.nonce == 0`,
    );
    assert.deepEqual(problemsOf(fixed), []);
  });

  it('leaves a type mismatch that is no quoted number as the service words it', () => {
    const text = fileOf([{ policyName: 'Odd', effect: 'EFFECT_ALLOW', condition: "eth.tx.chain_id == 'mainnet'" }]);
    assert.deepEqual(
      problemsOf(text).map((p) => p.code),
      ['refused'],
    );
  });
});
