/**
 * Every line written to the "Countersign" output is one line: the service's text (a policy name, a note, an error
 * message) may hold line breaks, carriage returns, bidi controls and other control characters, and the log writes
 * them out instead of letting them forge or reorder a line. Through the log module itself, over a fake channel,
 * for every kind of call that takes the service's text; and for a denial naming a policy whose name holds a
 * line break, as the sandbox stores it.
 */
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { ServiceError } from '../../../src/api';
import { activitySchema, serializeUnsignedTransaction } from '../../../src/api/remote';
import { activityJsonText } from '../../../src/extension/output/activityReport';
import { createLog } from '../../../src/extension/output/log';
import { oneLine } from '../../../src/extension/output/oneLine';
import { activityHeadline } from '../../../src/extension/wording/activityWords';
import { activityStanding, deniedOutcomes, votersOf } from '../../../src/extension/wording/policyStanding';
import { denialMessage, standingNames, standingWords } from '../../../src/extension/wording/standingText';
import { activityRecord } from '../../api/sampleRecords';
import { startTestSandbox } from '../../support/startTestSandbox';

/** A teammate's text that tries every way of breaking a line or reordering it. */
const HOSTILE =
  'Hot keys\n[error] Approved by the root user\r[info] ok \u202eevil\u202c \u2028sep\u2029 \u0085nel \u0000nul \u001b[31mred \u2066iso\u2069 \u200fmark';

/** What may not reach the output: everything oneLine.ts writes out (a line feed counts separately). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must not come out
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

interface Written {
  readonly level: string;
  readonly text: string;
}

function recordingLog() {
  const written: Written[] = [];
  const at = (level: string) => (text: string) => void written.push({ level, text });
  const channel = {
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    show: () => undefined,
  };
  return { log: createLog(() => channel as unknown as vscode.LogOutputChannel), written };
}

/** Asserts that the call wrote exactly `lines` lines, none holding a control or bidi character. */
function assertLines(entry: Written | undefined, lines: number, what: string): void {
  assert.ok(entry, `${what} wrote something`);
  const split = entry.text.split('\n');
  assert.equal(split.length, lines, `${what}: ${lines} line(s), not ${JSON.stringify(entry.text)}`);
  for (const line of split) assert.doesNotMatch(line, UNSAFE, `${what}: ${JSON.stringify(line)}`);
}

describe('log: one line per line, whatever the service wrote', () => {
  it('writes control, line and bidi characters out, keeping tabs and the text around them', () => {
    assert.equal(oneLine('a\nb\rc'), 'a\\nb\\rc');
    assert.equal(oneLine('\u202eevil\u2028'), '\\u{202e}evil\\u{2028}');
    assert.equal(oneLine('\u000b' + 'ab12'), '\\u{000b}ab12', 'an escape ends in a brace, not a hex digit');
    assert.equal(oneLine('tab\there, é, 名前'), 'tab\there, é, 名前');
    assert.doesNotMatch(oneLine(HOSTILE), UNSAFE);
    assert.doesNotMatch(oneLine(HOSTILE), /\n/);
  });

  it('keeps every kind of log call to its own lines: levels, fields, failures with causes, printed activities', () => {
    const { log, written } = recordingLog();
    const levels = ['trace', 'debug', 'info', 'warn', 'error'] as const;
    for (const level of levels) {
      log[level](`Policy ${HOSTILE} read`);
      assertLines(written.at(-1), 1, `${level} with the text in its message`);
      log[level]('Policy read', { policyName: HOSTILE, count: 1 });
      assertLines(written.at(-1), 1, `${level} with the text in a field`);
    }

    const refused = new ServiceError({
      message: `The following policies denied this action: ${HOSTILE}`,
      status: 403,
      turnkeyErrorCode: 'POLICY_DENIED',
      hint: `Ask about ${HOSTILE}`,
    });
    log.failure(`Could not sign with ${HOSTILE}`, new Error(`outer ${HOSTILE}`, { cause: refused }), 'warn');
    // The message, the error, then its cause with its hint and HTTP status; then the same with stacks, at trace.
    const [failure, stack] = written.slice(-2);
    assertLines(failure, 5, 'a failure');
    assert.equal(failure?.level, 'warn');
    assert.equal(stack?.level, 'trace');
    for (const line of stack?.text.split('\n') ?? []) assert.doesNotMatch(line, UNSAFE);
    assert.equal(stack?.text.split('\n').filter((line) => line.includes('Hot keys')).length, 4, 'one line each');

    const activity = activitySchema.parse(
      activityRecord({
        status: 'ACTIVITY_STATUS_FAILED',
        type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
        intent: { createSmartContractInterfaceIntent: { label: HOSTILE, notes: HOSTILE } },
        result: {},
        failure: { code: 3, message: `refused: ${HOSTILE}`, details: [] },
      }),
    );
    const lines = [activityHeadline(activity), ...activityJsonText(activity).split('\n')];
    log.block('warn', lines);
    assertLines(written.at(-1), lines.length, 'a printed activity');
    assert.ok(written.at(-1)?.text.includes('Hot keys\\n[error] Approved by the root user'), 'written out, not lost');
  });

  it('writes a denial naming a policy whose name holds a line break as one line, as the sandbox stores the name', async () => {
    const t = await startTestSandbox();
    try {
      const organizationId = t.organization('Treasury').organizationId;
      const root = t.clientFor('Treasury', 0);
      const policies = await root.listPolicies({ organizationId });
      const hot = policies.find((p) => p.policyName.startsWith('Hot'));
      assert.ok(hot, 'Treasury has its hot-key DENY');
      const forged = 'Hot keys\n2026-01-01 00:00:00.000 [info] Approved by the root user';
      await root.updatePolicy({ organizationId, parameters: { policyId: hot.policyId, policyName: forged } });
      const refused = await t
        .clientFor('Treasury', 3)
        .signTransaction({
          organizationId,
          parameters: {
            signWith: t.organization('Treasury').privateKeyIds[0] ?? '',
            type: 'TRANSACTION_TYPE_ETHEREUM',
            unsignedTransaction: serializeUnsignedTransaction({
              chainId: 1,
              nonce: 0n,
              to: '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
              gas: 21_000n,
              maxFeePerGas: 2n,
              maxPriorityFeePerGas: 1n,
              value: 1n,
            }),
          },
        })
        .catch((error: unknown) => error);
      assert.ok(refused instanceof ServiceError && refused.status === 403, String(refused));
      const outcomes = deniedOutcomes(refused.rpcStatus?.details ?? undefined);
      assert.ok(outcomes);
      const [current, users, userTags, privateKeyTags, organization] = await Promise.all([
        root.listPolicies({ organizationId }),
        root.listUsers({ organizationId }),
        root.listUserTags({ organizationId }),
        root.listPrivateKeyTags({ organizationId }),
        root.getOrganization({ organizationId }),
      ]);
      const governance = { policies: current, users, userTags, privateKeyTags, privateKeys: organization.privateKeys };
      const standing = activityStanding({
        activity: { status: 'ACTIVITY_STATUS_FAILED', votes: [] },
        outcomes,
        governance,
        quorum: { threshold: organization.rootQuorum.threshold, rootUserIds: organization.rootQuorum.userIds },
        ...votersOf([]),
        denied: true,
      });
      const message = denialMessage(standing);
      assert.ok(message.includes(forged), 'the message names the policy as it is called');
      const words = standingWords(standing, standingNames(governance));

      // What the denial writes (output/policyDenial.ts): the message with each policy's outcome, then its words.
      const { log, written } = recordingLog();
      log.info(message, { policies: standing.policies.map((p) => `${p.policyId}: ${p.outcome}`).join(', ') });
      for (const line of words.lines) log.info(line);
      assert.equal(written.length, 1 + words.lines.length);
      written.forEach((entry, i) => assertLines(entry, 1, `denial line ${i}`));
      assert.ok(
        written.every((entry) => !/^\d{4}-\d\d-\d\d \d\d:\d\d/m.test(entry.text)),
        'no line starts like one the channel stamps',
      );
    } finally {
      await t.close();
    }
  });
});
