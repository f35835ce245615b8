import * as assert from 'node:assert/strict';
import { TurnkeyClient, TurnkeyRequestError } from '@turnkey/http';
import * as Hex from 'ox/Hex';
import * as Rlp from 'ox/Rlp';
import type { Logger, LogFields } from '../../src/api';
import { operations } from '../../src/api/remote';
import { describeCause } from '../../src/sandbox/errorCause';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type SeededOrganizationName, type TestSandbox } from '../support/startTestSandbox';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const MAX_UINT256 = 2n ** 256n - 1n;
const HUGE = 2n ** 300n;

const rlpInteger = (value: bigint): Hex.Hex => (value === 0n ? '0x' : Hex.fromNumber(value));

/** An unsigned EIP-1559 transaction, hex without 0x, with any field set to any integer (no range checks). */
function eip1559(fields: Partial<Record<'chainId' | 'nonce' | 'tip' | 'maxFee' | 'gas' | 'value', bigint>>): string {
  const f = { chainId: 1n, nonce: 1n, tip: 1n, maxFee: 2n, gas: 21_000n, value: 1n, ...fields };
  const body = Rlp.fromHex([
    rlpInteger(f.chainId),
    rlpInteger(f.nonce),
    rlpInteger(f.tip),
    rlpInteger(f.maxFee),
    rlpInteger(f.gas),
    TO,
    rlpInteger(f.value),
    '0x',
    [],
  ]);
  return `02${body.slice(2)}`;
}

/** An unsigned legacy transaction with EIP-155's chain id in v, hex without 0x. */
function legacy(v: bigint): string {
  return Rlp.fromHex([
    rlpInteger(1n),
    rlpInteger(1n),
    rlpInteger(21_000n),
    TO,
    rlpInteger(1n),
    '0x',
    rlpInteger(v),
    '0x',
    '0x',
  ]).slice(2);
}

/** Every line logged, with its fields, for the tests that read what an internal error left in the log. */
function recordingLogger(): { logger: Logger; lines: { level: string; message: string; fields: LogFields }[] } {
  const lines: { level: string; message: string; fields: LogFields }[] = [];
  const at =
    (level: string) =>
    (message: string, fields: LogFields = {}): void => {
      lines.push({ level, message, fields });
    };
  return {
    lines,
    logger: { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
  };
}

describe('sandbox: out-of-range transactions and internal errors', () => {
  let t: TestSandbox;
  let recording: ReturnType<typeof recordingLogger>;
  beforeEach(async () => {
    recording = recordingLogger();
    t = await startTestSandbox({ logger: recording.logger });
  });
  afterEach(() => t.close());

  const official = (name: SeededOrganizationName, userIndex = 0): TurnkeyClient => officialClient(t, name, userIndex);
  const signingKeyId = async (name: SeededOrganizationName): Promise<string> => {
    const keys = await t.clientFor(name).listPrivateKeys({ organizationId: t.organization(name).organizationId });
    const key = keys.find((k) => k.curve === 'CURVE_SECP256K1');
    assert.ok(key);
    return key.privateKeyId;
  };
  const submit = async (name: SeededOrganizationName, unsignedTransaction: string) =>
    official(name).signTransaction({
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      timestampMs: String(t.clock.now()),
      organizationId: t.organization(name).organizationId,
      parameters: { signWith: await signingKeyId(name), unsignedTransaction, type: 'TRANSACTION_TYPE_ETHEREUM' },
    });

  const outOfRange: readonly { what: string; unsignedTransaction: string; message: RegExp }[] = [
    { what: 'chainId 2^256 - 1', unsignedTransaction: eip1559({ chainId: MAX_UINT256 }), message: /chainId/ },
    { what: 'chainId 2^53', unsignedTransaction: eip1559({ chainId: 2n ** 53n }), message: /chainId/ },
    { what: 'chainId 0', unsignedTransaction: eip1559({ chainId: 0n }), message: /chain ?id/i },
    { what: 'a legacy v of 2^256 - 1', unsignedTransaction: legacy(MAX_UINT256), message: /chainId/ },
    { what: 'nonce 2^64', unsignedTransaction: eip1559({ nonce: 2n ** 64n }), message: /nonce/ },
    { what: 'gas above 2^256', unsignedTransaction: eip1559({ gas: HUGE }), message: /gas/ },
    { what: 'value above 2^256', unsignedTransaction: eip1559({ value: HUGE }), message: /value/ },
    { what: 'maxFeePerGas above 2^256', unsignedTransaction: eip1559({ maxFee: HUGE }), message: /maxFeePerGas/ },
  ];
  for (const c of outOfRange) {
    it(`refuses an unsigned transaction with ${c.what} at submission (400), creating no activity`, async () => {
      const organizationId = t.organization('Demo').organizationId;
      const before = (await t.clientFor('Demo').listActivities({ organizationId })).length;
      await assert.rejects(submit('Demo', c.unsignedTransaction), (error: unknown) => {
        assert.ok(error instanceof TurnkeyRequestError, String(error));
        assert.equal(error.code, 3, error.message);
        assert.match(error.message, /invalid request: /);
        assert.match(error.message, c.message);
        return true;
      });
      assert.equal((await t.clientFor('Demo').listActivities({ organizationId })).length, before);
      assert.deepEqual(
        recording.lines.filter((l) => l.level === 'error'),
        [],
      );
    });
  }

  it('still signs the largest chainId and nonce in range', async () => {
    const { activity } = await submit('Demo', eip1559({ chainId: 2n ** 53n - 1n, nonce: 2n ** 64n - 2n }));
    assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it('logs the cause of an activity that fails at execution with an internal error, without its keys', async () => {
    const organizationId = t.organization('Team').organizationId;
    const { activity } = await submit('Team', eip1559({}));
    assert.equal(activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    // A transaction accepted before submissions were range-checked, still awaiting its quorum.
    const stored = t.engine.state.activities.byId(activity.id);
    assert.ok(stored);
    const intent = stored.intent[operations.signTransaction.intentKey] as { unsignedTransaction: string };
    intent.unsignedTransaction = eip1559({ chainId: MAX_UINT256 });
    await official('Team', 1).approveActivity({
      type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
      timestampMs: String(t.clock.now()),
      organizationId,
      parameters: { fingerprint: activity.fingerprint },
    });
    const done = await t.clientFor('Team').getActivity({ organizationId, activityId: activity.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_FAILED');
    assert.match(String(done.failure?.message), /internal error/);
    const errors = recording.lines.filter((l) => l.level === 'error');
    assert.equal(errors.length, 1, JSON.stringify(recording.lines));
    const fields = errors[0]?.fields ?? {};
    assert.equal(fields['activityId'], activity.id);
    assert.match(String(fields['cause']), /safe unsigned integer range/);
    const secrets = [...t.engine.state.organizations.values()].flatMap((o) =>
      o.record.privateKeys.flatMap((k) => (k.signingKey === undefined ? [] : [k.signingKey])),
    );
    const logged = JSON.stringify(recording.lines);
    for (const secret of secrets) assert.ok(!logged.includes(secret), 'a private key reached the log');
  });

  it('logs the cause of every 500 it answers, with the reference the answer gives', async () => {
    const organizationId = t.organization('Demo').organizationId;
    const organization = t.engine.state.organizations.get(organizationId);
    assert.ok(organization);
    // Damage in memory that no request could cause: reading the organization's keys now throws.
    Object.defineProperty(organization.record, 'privateKeys', {
      get() {
        throw new TypeError('the key list is gone');
      },
    });
    await assert.rejects(t.clientFor('Demo').listPrivateKeys({ organizationId }), (error: unknown) => {
      assert.match(String(error), /internal server error \(([0-9a-f-]{36})\)/);
      return true;
    });
    const errors = recording.lines.filter((l) => l.level === 'error');
    assert.equal(errors.length, 1, JSON.stringify(recording.lines));
    assert.equal(errors[0]?.fields['error'], 'TypeError');
    assert.equal(errors[0]?.fields['cause'], 'the key list is gone');
    assert.equal(typeof errors[0]?.fields['reference'], 'string');
  });

  it('masks what could be a key in a logged cause, and names the frame without its folders', () => {
    const key = 'ab'.repeat(32);
    const fields = describeCause(new RangeError(`cannot sign with 0x${key}: out of range\nsecond line ${key}`));
    assert.equal(fields['error'], 'RangeError');
    assert.equal(fields['cause'], 'cannot sign with [masked]: out of range');
    assert.ok(!JSON.stringify(fields).includes(key));
    assert.match(String(fields['at']), /internalErrors\.test\.js:\d+:\d+/);
    assert.ok(!String(fields['at']).includes('/'), String(fields['at']));
  });
});
