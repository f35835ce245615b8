/**
 * One test per row of docs/policies.md: each choice behaves as the row says, and results resting on it carry its
 * id. The table and the engine's list of ids are the same set.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CHOICE_IDS, checkPolicy, decide, namedByConsensus, type PolicyContext } from '../../../src/api/policy';
import type { PolicyDefinition } from '../../../src/api/policy';
import { signatureFieldsOf } from '../../../src/api/policy/signatureFields';
import {
  alice,
  dev,
  FINANCE_TAG,
  plainActivity,
  policy,
  root,
  signingWithKey,
  RECIPIENT,
  signingWithWallet,
  TOKEN,
  transferTx,
} from './contexts';

/** The only policy's evaluation. */
function evaluate(fields: Omit<PolicyDefinition, 'policyId' | 'policyName'>, context: PolicyContext) {
  return decide([policy(fields)], context, { rootQuorumMet: false }).evaluations[0]!;
}
const refusedChoices = (p: Parameters<typeof checkPolicy>[0]) => checkPolicy(p).flatMap((problem) => problem.choices);

describe('policy choices (docs/policies.md)', () => {
  it('lists in the table exactly the ids the engine uses', () => {
    const table = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'docs', 'policies.md'), 'utf8');
    const rows = [...table.matchAll(/^\| `([a-z-]+)` /gm)].map((m) => m[1]);
    assert.deepEqual([...rows].sort(), [...CHOICE_IDS].sort());
  });

  it('precedence: && binds tighter than ||, and a result resting on it says so', () => {
    const loose = evaluate({ effect: 'EFFECT_ALLOW', condition: 'true || true && false' }, signingWithKey([dev]));
    assert.equal(loose.outcome, 'OUTCOME_ALLOW');
    assert.ok(loose.choices.includes('precedence'));
    const bracketed = evaluate({ effect: 'EFFECT_ALLOW', condition: '(true || true) && false' }, signingWithKey([dev]));
    assert.equal(bracketed.outcome, 'OUTCOME_DENY_IMPLICIT');
    assert.ok(!bracketed.choices.includes('precedence'));
  });

  it('parse-wording: refusals beyond the documented one carry the row', () => {
    assert.deepEqual(refusedChoices({ condition: 'a &&& b' }), ['parse-wording']);
    assert.deepEqual(refusedChoices({ consensus: '' }), []);
  });

  it('empty-expression: an empty condition is refused, an absent one is no constraint, an empty time always active', () => {
    const [problem] = checkPolicy({ condition: '' });
    assert.equal(
      problem?.message,
      'invalid policy condition: Expression cannot be evaluated: parse error: Unrecognized EOF found at 0',
    );
    assert.ok(problem?.choices.includes('empty-expression'));
    assert.equal(evaluate({ effect: 'EFFECT_ALLOW' }, signingWithKey([dev])).outcome, 'OUTCOME_ALLOW');
    assert.equal(evaluate({ effect: 'EFFECT_ALLOW', time: '' }, signingWithKey([dev])).outcome, 'OUTCOME_ALLOW');
    const stored = evaluate({ effect: 'EFFECT_ALLOW', condition: '' }, signingWithKey([dev]));
    assert.deepEqual([stored.outcome, stored.choices.includes('empty-expression')], ['OUTCOME_ERROR', true]);
  });

  it("keywords-per-field: another field's keyword is refused as a missing field", () => {
    assert.deepEqual(refusedChoices({ condition: "approvers.any(u, u.id == 'x')" }), ['keywords-per-field']);
    assert.deepEqual(refusedChoices({ consensus: 'wallet.exported' }), ['keywords-per-field']);
    assert.deepEqual(refusedChoices({ condition: 'nothing.here' }), ['parse-wording']);
  });

  it('type-check: known types are checked at creation, data-shaped values when evaluated', () => {
    assert.deepEqual(refusedChoices({ condition: "eth.tx.value == 'a'" }), ['type-check']);
    assert.deepEqual(checkPolicy({ condition: "eth.tx.contract_call_args['amount'] == 'a'" }), []);
    const atRun = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "eth.tx.contract_call_args['amount'] == true" },
      signingWithKey([dev]),
    );
    assert.equal(atRun.error, 'condition: type mismatch: cannot compare string with bool');
  });

  it('params-at-creation: a field some type exposes is accepted, and missing for the others', () => {
    assert.deepEqual(checkPolicy({ condition: "activity.params.hash_function == 'HASH_FUNCTION_NO_OP'" }), []);
    const signing = evaluate(
      { effect: 'EFFECT_DENY', condition: "activity.params.hash_function == 'HASH_FUNCTION_NO_OP'" },
      signingWithKey([dev]),
    );
    assert.equal(signing.error, 'condition: MissingField: activity.params.hash_function');
    assert.ok(signing.choices.includes('params-at-creation'));
    const raw = plainActivity('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
      hashFunction: 'HASH_FUNCTION_NO_OP',
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
    });
    const deny = evaluate(
      {
        effect: 'EFFECT_DENY',
        condition:
          "activity.params.hash_function == 'HASH_FUNCTION_NO_OP' && activity.params.encoding != 'PAYLOAD_ENCODING_EIP712'",
      },
      raw,
    );
    assert.equal(deny.outcome, 'OUTCOME_DENY_EXPLICIT');
    const login = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "activity.params.session_profile_id == ''" },
      plainActivity('ACTIVITY_TYPE_STAMP_LOGIN'),
    );
    assert.equal(login.outcome, 'OUTCOME_ALLOW');
  });

  it('activity-resource: kinds missing from the table are placed by inference, and say so', () => {
    const condition = "activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'";
    const swap = evaluate({ effect: 'EFFECT_ALLOW', condition }, plainActivity('ACTIVITY_TYPE_EXECUTE_SWAP'));
    assert.deepEqual([swap.outcome, swap.choices.includes('activity-resource')], ['OUTCOME_ALLOW', true]);
    const signing = evaluate({ effect: 'EFFECT_ALLOW', condition }, plainActivity('ACTIVITY_TYPE_SIGN_TRANSACTION'));
    assert.deepEqual([signing.outcome, signing.choices.includes('activity-resource')], ['OUTCOME_ALLOW', false]);
    const tag = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "activity.kind == 'CREATE_USER_TAG' && activity.resource == 'USER'" },
      plainActivity('ACTIVITY_TYPE_CREATE_USER_TAG'),
    );
    assert.equal(tag.outcome, 'OUTCOME_ALLOW');
    const unknown = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "activity.resource == 'X'" },
      plainActivity('ACTIVITY_TYPE_SOMETHING_NEW'),
    );
    assert.equal(unknown.error, 'condition: MissingField: activity.resource');
  });

  it('erroring-deny: a DENY that errors is skipped', () => {
    const deny = policy({ effect: 'EFFECT_DENY', condition: "private_key.id == 'key-1'" });
    const allow = policy({ effect: 'EFFECT_ALLOW', condition: 'true' });
    const result = decide([deny, allow], signingWithWallet([dev]), { rootQuorumMet: false });
    assert.equal(result.decision, 'ALLOW');
    assert.deepEqual(result.evaluations[0]!.choices, ['erroring-deny']);
  });

  it('consensus-needed: an ALLOW waiting for a consensus the submitter is not in still waits', () => {
    const result = decide(
      [policy({ effect: 'EFFECT_ALLOW', consensus: `approvers.any(u, u.id == '${alice.id}')` })],
      signingWithKey([dev]),
      { rootQuorumMet: false },
    );
    assert.equal(result.decision, 'CONSENSUS_NEEDED');
    assert.ok(result.choices.includes('consensus-needed'));
  });

  it('outcome-not-applicable: a DENY that does not apply is DENY_IMPLICIT, like an ALLOW', () => {
    const deny = evaluate({ effect: 'EFFECT_DENY', condition: 'false' }, signingWithKey([dev]));
    assert.deepEqual([deny.outcome, deny.choices], ['OUTCOME_DENY_IMPLICIT', ['outcome-not-applicable']]);
    const allow = evaluate({ effect: 'EFFECT_ALLOW', condition: 'false' }, signingWithKey([dev]));
    assert.deepEqual([allow.outcome, allow.choices], ['OUTCOME_DENY_IMPLICIT', []]);
  });

  it('time-inactive: a closed window with an unmet consensus is DENY_IMPLICIT', () => {
    const fields = { effect: 'EFFECT_ALLOW' as const, time: "time.now < Timestamp('2020-01-01T00:00:00Z')" };
    assert.equal(evaluate(fields, signingWithKey([dev])).outcome, 'OUTCOME_TIME_INACTIVE');
    const waiting = evaluate(
      { ...fields, consensus: `approvers.any(u, u.id == '${alice.id}')` },
      signingWithKey([dev]),
    );
    assert.equal(waiting.outcome, 'OUTCOME_DENY_IMPLICIT');
    assert.ok(waiting.choices.includes('time-inactive'));
  });

  it('every-field-evaluated: a consensus that errors beside a false condition is an error', () => {
    const result = evaluate(
      { effect: 'EFFECT_ALLOW', condition: 'false', consensus: "approvers.any(u, u.email == 'a@example.test')" },
      signingWithKey([dev]),
    );
    assert.deepEqual([result.outcome, result.error], ['OUTCOME_ERROR', 'consensus: MissingField: u.email']);
    assert.ok(result.choices.includes('every-field-evaluated'));
  });

  it('int-string: a string of digits beside an int compares as an integer; other mixes error', () => {
    const under = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "eth.tx.contract_call_args['amount'] < 5000" },
      signingWithKey([dev]),
    );
    assert.deepEqual([under.outcome, under.choices.includes('int-string')], ['OUTCOME_ALLOW', true]);
    const notDigits = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "eth.tx.contract_call_args['to'] < 5000" },
      signingWithKey([dev]),
    );
    assert.equal(notDigits.outcome, 'OUTCOME_ERROR');
    const uint = evaluate(
      { effect: 'EFFECT_ALLOW', condition: 'eth.tx.value < 170141183460469231731687303715884105728' },
      signingWithKey([dev], transferTx(1n, { value: (1n << 127n) - 1n })),
    );
    assert.equal(uint.outcome, 'OUTCOME_ALLOW');
  });

  it('case-rules: eth.tx.to/from and addresses among arguments ignore case; the rest is exact', () => {
    const to = evaluate(
      {
        effect: 'EFFECT_ALLOW',
        condition: `eth.tx.to == '${TOKEN.toUpperCase().replace('0X', '0x')}' && eth.tx.to[0..6] == '${TOKEN.slice(0, 6).toLowerCase()}'`,
      },
      signingWithKey([dev]),
    );
    assert.deepEqual([to.outcome, to.choices.includes('case-rules')], ['OUTCOME_ALLOW', true]);
    const from = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "eth.tx.from == '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'" },
      signingWithKey([dev]),
    );
    assert.deepEqual([from.outcome, from.choices.includes('case-rules')], ['OUTCOME_ALLOW', true]);
    const arg = evaluate(
      {
        effect: 'EFFECT_ALLOW',
        condition: `eth.tx.contract_call_args['to'] in ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8']`,
      },
      signingWithKey([dev]),
    );
    assert.deepEqual([arg.outcome, arg.choices.includes('case-rules')], ['OUTCOME_ALLOW', true]);
    // An address inside a list argument, whichever way the list is searched.
    const recipients = transferTx(1n, {
      contract_call_args: { recipients: [RECIPIENT, TOKEN], amount: '1' },
    });
    for (const condition of [
      `'${RECIPIENT.toLowerCase()}' in eth.tx.contract_call_args['recipients']`,
      `eth.tx.contract_call_args['recipients'].contains('${TOKEN.toLowerCase()}')`,
      `eth.tx.contract_call_args['recipients'][0] == '${RECIPIENT.toLowerCase()}'`,
    ]) {
      const listed = evaluate({ effect: 'EFFECT_ALLOW', condition }, signingWithKey([dev], recipients));
      assert.deepEqual([listed.outcome, listed.choices.includes('case-rules')], ['OUTCOME_ALLOW', true], condition);
    }
    const account = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "wallet_account.address == '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'" },
      signingWithWallet([dev]),
    );
    assert.equal(account.outcome, 'OUTCOME_DENY_IMPLICIT');
    const name = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "eth.tx.function_name == 'Transfer'" },
      signingWithKey([dev]),
    );
    assert.equal(name.outcome, 'OUTCOME_DENY_IMPLICIT');
    const tag = evaluate(
      { effect: 'EFFECT_ALLOW', condition: `private_key.tags.contains('${FINANCE_TAG.toUpperCase()}')` },
      signingWithKey([dev], transferTx(1n), [FINANCE_TAG]),
    );
    assert.equal(tag.outcome, 'OUTCOME_DENY_IMPLICIT');
    const id = evaluate({ effect: 'EFFECT_ALLOW', condition: "private_key.id == 'KEY-1'" }, signingWithKey([dev]));
    assert.equal(id.outcome, 'OUTCOME_DENY_IMPLICIT');
    const txType = evaluate({ effect: 'EFFECT_ALLOW', condition: "eth.tx.type == 'type_2'" }, signingWithKey([dev]));
    assert.equal(txType.outcome, 'OUTCOME_DENY_IMPLICIT');
  });

  it('slices: out of range is an error; in range is 0-based and end-exclusive over the hex text', () => {
    const inRange = evaluate(
      {
        effect: 'EFFECT_ALLOW',
        condition: "eth.tx.data[0..2] == '0x' && eth.tx.data[2..10] == 'a9059cbb' && eth.tx.data[2] == 'a'",
      },
      signingWithKey([dev]),
    );
    assert.equal(inRange.outcome, 'OUTCOME_ALLOW');
    const past = evaluate({ effect: 'EFFECT_ALLOW', condition: "eth.tx.data[0..1000] == '0x'" }, signingWithKey([dev]));
    assert.deepEqual([past.outcome, past.choices.includes('slices')], ['OUTCOME_ERROR', true]);
    assert.match(past.error ?? '', /index out of range: \[0\.\.1000\] of eth\.tx\.data of length 138/);
    const index = evaluate({ effect: 'EFFECT_ALLOW', condition: "private_key.tags[0] == 'x'" }, signingWithKey([dev]));
    assert.match(index.error ?? '', /index out of range: 0 in private_key\.tags of length 0/);
  });

  it('all-empty: .all over an empty list is true', () => {
    const result = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "private_key.tags.all(t, t == 'never')" },
      signingWithKey([dev]),
    );
    assert.deepEqual([result.outcome, result.choices.includes('all-empty')], ['OUTCOME_ALLOW', true]);
  });

  it('cron-span: a local time skipped by a clock change never fires; one repeated fires twice', () => {
    const at = (time: string, iso: string) =>
      evaluate({ effect: 'EFFECT_ALLOW', time }, { ...signingWithKey([dev]), now: new Date(iso) });
    // New York springs forward at 2:00 on 2026-03-08: 2:30 does not happen that night.
    const skipped = "CronSpan('30 2 * * *', '1h', 'America/New_York')";
    assert.equal(at(skipped, '2026-03-07T07:40:00Z').outcome, 'OUTCOME_ALLOW');
    assert.equal(at(skipped, '2026-03-08T07:40:00Z').outcome, 'OUTCOME_TIME_INACTIVE');
    // It falls back at 2:00 on 2026-11-01: 1:30 happens at 05:30Z and again at 06:30Z.
    const repeated = "CronSpan('30 1 * * *', '10m', 'America/New_York')";
    assert.equal(at(repeated, '2026-11-01T05:35:00Z').outcome, 'OUTCOME_ALLOW');
    assert.equal(at(repeated, '2026-11-01T06:35:00Z').outcome, 'OUTCOME_ALLOW');
    assert.equal(at(repeated, '2026-11-01T06:05:00Z').outcome, 'OUTCOME_TIME_INACTIVE');
    assert.ok(at(repeated, '2026-11-01T05:35:00Z').choices.includes('cron-span'));
    // Day of month and day of week restricted together: either fires (2026-11-26 is a Thursday, not the 1st).
    assert.equal(at("CronSpan('0 9 1 * 4', '1h', 'UTC')", '2026-11-26T09:30:00Z').outcome, 'OUTCOME_ALLOW');
    assert.equal(at("CronSpan('0 9 1 * 1', '1h', 'UTC')", '2026-11-26T09:30:00Z').outcome, 'OUTCOME_TIME_INACTIVE');
  });

  it('root-quorum-listed: a bypassed decision still lists every evaluation', () => {
    const result = decide([policy({ effect: 'EFFECT_ALLOW', condition: 'false' })], signingWithKey([root]), {
      rootQuorumMet: true,
    });
    assert.deepEqual([result.decision, result.evaluations.length], ['ALLOW', 1]);
    assert.ok(result.choices.includes('root-quorum-listed'));
  });

  it('root-quorum-only: policies never decide root-quorum activities', () => {
    const context = plainActivity('ACTIVITY_TYPE_UPDATE_ROOT_QUORUM', {}, [dev]);
    const policies = [
      policy({ effect: 'EFFECT_ALLOW' }),
      policy({ effect: 'EFFECT_ALLOW', condition: "activity.kind == 'UPDATE_ROOT_QUORUM'" }),
    ];
    const below = decide(policies, context, { rootQuorumMet: false });
    assert.equal(below.decision, 'DENY_IMPLICIT');
    assert.ok(below.choices.includes('root-quorum-only'));
    assert.equal(below.evaluations[1]!.error, 'condition: MissingField: activity.kind');
    assert.equal(decide(policies, context, { rootQuorumMet: true }).decision, 'ALLOW');
  });

  it('named-by-consensus: a predicate names its users; a bare count names everyone', () => {
    const all = policy({ effect: 'EFFECT_ALLOW', consensus: `approvers.all(u, u.tags.contains('${FINANCE_TAG}'))` });
    assert.equal(namedByConsensus(all, alice, signingWithKey([dev])), true);
    assert.equal(namedByConsensus(all, root, signingWithKey([dev])), false);
    const count = policy({ effect: 'EFFECT_ALLOW', consensus: 'approvers.count() >= 2' });
    assert.equal(namedByConsensus(count, root, signingWithKey([dev])), true);
  });

  it('tags-by-id: tags match by id, exactly', () => {
    const byId = evaluate(
      { effect: 'EFFECT_ALLOW', consensus: `approvers.any(u, u.tags.contains('${FINANCE_TAG}'))` },
      signingWithKey([alice]),
    );
    assert.deepEqual([byId.outcome, byId.choices.includes('tags-by-id')], ['OUTCOME_ALLOW', true]);
    const upper = evaluate(
      { effect: 'EFFECT_ALLOW', consensus: `approvers.any(u, u.tags.contains('${FINANCE_TAG.toUpperCase()}'))` },
      signingWithKey([alice]),
    );
    assert.equal(upper.outcome, 'OUTCOME_REQUIRES_CONSENSUS');
  });

  it('limits: too deep or too long a list is refused, and an evaluation past its budget is an error', () => {
    assert.deepEqual(refusedChoices({ condition: `${'!'.repeat(300)}true` }), ['limits']);
    const list = `[${Array.from({ length: 200 }, (_, i) => i).join(', ')}]`;
    const spent = evaluate(
      { effect: 'EFFECT_ALLOW', condition: `${list}.all(x, ${list}.all(y, ${list}.any(z, z == -1) || true))` },
      signingWithKey([dev]),
    );
    assert.deepEqual([spent.outcome, spent.choices.includes('limits')], ['OUTCOME_ERROR', true]);
    assert.match(spent.error ?? '', /^condition: evaluation budget exceeded: more than \d+ steps$/);
  });

  it('typed-data-values, empty-domain, unread-signature: how typed data reads, and what it lacks', () => {
    const typed = JSON.stringify({
      types: { Permit: [{ name: 'value', type: 'uint256' }] },
      primaryType: 'Permit',
      domain: {},
      message: { value: '5' },
    });
    const signing = (payload: string): PolicyContext => {
      const intent = { payload, encoding: 'PAYLOAD_ENCODING_EIP712', hashFunction: 'HASH_FUNCTION_NO_OP' };
      const fields = signatureFieldsOf(intent);
      const params = { encoding: intent.encoding, hash_function: intent.hashFunction };
      return {
        ...plainActivity('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', params, [dev]),
        ...(fields ? { eth: fields } : {}),
      };
    };
    const value = evaluate(
      { effect: 'EFFECT_ALLOW', condition: "eth.eip_712.message['value'] in [5]" },
      signing(typed),
    );
    assert.deepEqual([value.outcome, value.choices.includes('typed-data-values')], ['OUTCOME_ALLOW', true]);
    const domain = evaluate({ effect: 'EFFECT_ALLOW', condition: "eth.eip_712.domain.name == 'x'" }, signing(typed));
    assert.deepEqual([domain.outcome, domain.choices.includes('empty-domain')], ['OUTCOME_ERROR', true]);
    const unread = evaluate({ effect: 'EFFECT_ALLOW', condition: "eth.eip_712.primary_type == 'x'" }, signing('{'));
    assert.deepEqual([unread.outcome, unread.choices.includes('unread-signature')], ['OUTCOME_ERROR', true]);
  });
});
