/**
 * Refusals at creation (checkPolicy): the service's whole wording, with where in the expression, for each way a
 * policy's expressions are refused; and what is accepted.
 */
import * as assert from 'node:assert/strict';
import { checkPolicy, type PolicyProblem } from '../../../src/api/policy';

const PREFIX = 'Expression cannot be evaluated:';

/** The one problem of a policy, without its choices. */
function refusal(p: Parameters<typeof checkPolicy>[0]): Omit<PolicyProblem, 'choices'> {
  const problems = checkPolicy(p);
  assert.equal(problems.length, 1, JSON.stringify(problems));
  const { choices: _choices, ...rest } = problems[0]!;
  return rest;
}

describe('policy checks at creation', () => {
  it('accepts the documented examples', () => {
    const accepted = [
      { consensus: "approvers.any(u, u.id == 'user-1')", condition: "eth.tx.to == '0xabc'" },
      { consensus: "approvers.filter(u, u.tags.contains('tag-1')).count() >= 2" },
      {
        condition:
          "eth.tx.to == '0xabc' && eth.tx.function_name == 'transfer' && eth.tx.contract_call_args['wad'] < 1000000000000000000",
      },
      { condition: "private_key.tags.contains('tag-2')" },
      { condition: "activity.resource in ['AUTH', 'OTP'] && activity.action == 'CREATE'" },
      {
        condition:
          "activity.type == 'ACTIVITY_TYPE_DELETE_USERS' && activity.params.user_ids.count() == 1 && 'u' in activity.params.user_ids",
      },
      { condition: "solana.tx.transfers.count() == 1 && solana.tx.transfers.all(t, t.to == 'addr')" },
      { condition: "eth.tx.data[0..10] == '0xa9059cbb' && eth.tx.value <= 170141183460469231731687303715884105728" },
      { condition: 'true' },
      { time: "time.now >= Timestamp('2026-03-01T00:00:00Z') && time.now < Timestamp('2026-04-01T00:00:00+00:00')" },
      { time: "CronSpan('0 9 * * 1-5', '8h', 'America/New_York') && !CronSpan('0 2 1,15 * *', '1d12h', 'UTC')" },
      { time: '' },
      {},
    ];
    for (const p of accepted) assert.deepEqual(checkPolicy(p), [], JSON.stringify(p));
  });

  it('refuses an empty consensus with the wording the service gives', () => {
    assert.deepEqual(refusal({ consensus: '' }), {
      field: 'consensus',
      message: `invalid policy consensus: ${PREFIX} parse error: Unrecognized EOF found at 0`,
      offset: 0,
      length: 0,
      line: 1,
      column: 1,
    });
  });

  it('refuses a field that does not exist, naming the segment that does not resolve (as the service does) over the whole path', () => {
    assert.deepEqual(refusal({ condition: "activity.kind == 'X' && eth.tx.foo == 1" }), {
      field: 'condition',
      message: `invalid policy condition: ${PREFIX} field does not exist: foo`,
      offset: 24,
      length: 10,
      line: 1,
      column: 25,
    });
    assert.equal(
      refusal({ consensus: 'approvers.any(u,\n u.name == 1)' }).message,
      `invalid policy consensus: ${PREFIX} field does not exist: name`,
    );
    assert.deepEqual(
      [
        refusal({ consensus: 'approvers.any(u,\n u.name == 1)' }).line,
        refusal({ consensus: 'approvers.any(u,\n u.name == 1)' }).column,
      ],
      [2, 2],
    );
    assert.equal(
      refusal({ condition: "activity.params.amount == 'x'" }).message.endsWith('field does not exist: amount'),
      true,
    );
    assert.equal(
      refusal({ condition: "wallet_account.path == 'm/0'" }).message.endsWith('field does not exist: path'),
      true,
    );
    assert.equal(refusal({ condition: 'eth == 1' }).message.endsWith('field does not exist: eth'), true);
  });

  it("refuses another field's keywords", () => {
    assert.deepEqual(refusal({ condition: 'approvers.count() > 1' }), {
      field: 'condition',
      message: `invalid policy condition: ${PREFIX} field does not exist: approvers`,
      offset: 0,
      length: 9,
      line: 1,
      column: 1,
    });
    assert.equal(
      refusal({ consensus: "activity.kind == 'SIGN_TRANSACTION'" }).message,
      `invalid policy consensus: ${PREFIX} field does not exist: activity`,
    );
    assert.equal(
      refusal({ condition: "time.now > Timestamp('2026-01-01T00:00:00Z')" }).message,
      `invalid policy condition: ${PREFIX} field does not exist: time`,
    );
    assert.equal(
      refusal({ time: "eth.tx.to == 'x'" }).message,
      `invalid policy time: ${PREFIX} field does not exist: eth`,
    );
  });

  it('refuses double-quoted strings where the quote is', () => {
    assert.deepEqual(refusal({ condition: 'eth.tx.to == "0xabc"' }), {
      field: 'condition',
      message: `invalid policy condition: ${PREFIX} parse error: Invalid token at 13`,
      offset: 13,
      length: 1,
      line: 1,
      column: 14,
    });
  });

  it('refuses syntax errors in each field, placed', () => {
    assert.deepEqual(refusal({ condition: "activity.kind == 'X' &&" }), {
      field: 'condition',
      message: `invalid policy condition: ${PREFIX} parse error: Unrecognized EOF found at 23`,
      offset: 23,
      length: 0,
      line: 1,
      column: 24,
    });
    assert.deepEqual(refusal({ time: 'time.now >' }), {
      field: 'time',
      message: `invalid policy time: ${PREFIX} parse error: Unrecognized EOF found at 10`,
      offset: 10,
      length: 0,
      line: 1,
      column: 11,
    });
    assert.equal(
      refusal({ consensus: 'approvers.any(u u.id)' }).message,
      `invalid policy consensus: ${PREFIX} parse error: Unrecognized token \`u\` found at 16:17`,
    );
  });

  it('refuses type errors where both types are known', () => {
    const cases: [Parameters<typeof checkPolicy>[0], string, number, number][] = [
      [{ condition: "eth.tx.value == 'a'" }, 'type mismatch: int == string', 0, 19],
      [{ condition: "activity.type < 'b'" }, 'type mismatch: < compares int or timestamp, not string', 0, 19],
      [{ condition: 'eth.tx.value' }, 'type mismatch: the expression must be bool, not int', 0, 12],
      [
        { condition: 'private_key.tags.count() && true' },
        'type mismatch: each side of && must be bool, not int',
        0,
        24,
      ],
      [
        { consensus: 'approvers.any(u, u.id)' },
        'type mismatch: the predicate of .any() must be bool, not string',
        17,
        4,
      ],
      [{ condition: 'eth.tx.to.count() == 1' }, 'type mismatch: .count() applies to a list, not string', 0, 17],
      [{ condition: 'private_key.tags.size() == 1' }, 'unknown function: size', 0, 23],
    ];
    for (const [p, message, offset, length] of cases) {
      const got = refusal(p);
      const field = Object.keys(p)[0]!;
      assert.equal(got.message, `invalid policy ${field}: ${PREFIX} ${message}`);
      assert.deepEqual([got.offset, got.length], [offset, length], JSON.stringify(p));
    }
  });

  it('refuses timestamps with an offset and malformed cron spans, at the argument', () => {
    assert.deepEqual(refusal({ time: "time.now < Timestamp('2026-01-01T00:00:00-05:00')" }), {
      field: 'time',
      message: `invalid policy time: ${PREFIX} invalid timestamp '2026-01-01T00:00:00-05:00': the offset must be zero (Z or +00:00)`,
      offset: 21,
      length: 27,
      line: 1,
      column: 22,
    });
    const bad = [
      [
        "CronSpan('*/5 * * * *', '1h', 'UTC')",
        "invalid cron '*/5 * * * *': field 1 ('*/5') is not a number, range, list or *",
      ],
      [
        "CronSpan('0 9 * * MON', '1h', 'UTC')",
        "invalid cron '0 9 * * MON': field 5 ('MON') is not a number, range, list or *",
      ],
      [
        "CronSpan('0 9 * *', '1h', 'UTC')",
        "invalid cron '0 9 * *': expected 5 fields (minute hour day-of-month month day-of-week)",
      ],
      ["CronSpan('0 9 * * *', '8d', 'UTC')", "invalid duration '8d': must be more than 0 and at most 7d"],
      [
        "CronSpan('0 9 * * *', '1.5h', 'UTC')",
        "invalid duration '1.5h': expected whole days, hours and minutes, e.g. 8h or 1d12h",
      ],
      ["CronSpan('0 9 * * *', '8h', 'Mars/Olympus')", "unknown time zone 'Mars/Olympus'"],
    ];
    for (const [time, message] of bad)
      assert.equal(refusal({ time }).message, `invalid policy time: ${PREFIX} ${message}`);
  });

  it('reports each refused field of a policy', () => {
    const problems = checkPolicy({ condition: 'eth.tx.nope == 1', consensus: '', time: "Timestamp('x')" });
    assert.deepEqual(
      problems.map((p) => p.field),
      ['condition', 'consensus', 'time'],
    );
  });
});
