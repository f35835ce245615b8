/**
 * The pure parts of the views: how an activity is worded, coloured, grouped and aged; the contextValue token
 * sets the menus match; the polling schedule. No `vscode` here, so these also run in plain Node.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import { activitySchema } from '../../../src/api/remote';
import {
  activityGroup,
  ageText,
  fieldRows,
  presentActivity,
  sortForTree,
  statusPresentation,
} from '../../../src/extension/wording/activityPresentation';
import { contextValue, hasToken } from '../../../src/extension/views/contextValue';
import {
  freshPollState,
  nextPollState,
  pollDelayMs,
  type PollOutcome,
  type PollState,
} from '../../../src/extension/store/pollSchedule';
import { activityTypeLabel, unwrapSingleKey, voteText } from '../../../src/extension/wording/activityWords';
import { dateTimeText } from '../../../src/extension/wording/timeWords';
import { inTranslation } from '../../support/translatedBundle';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function activity(fields: Partial<Record<string, unknown>> & { id: string }): Activity {
  return activitySchema.parse({
    organizationId: 'org-1',
    status: 'ACTIVITY_STATUS_COMPLETED',
    type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
    ...fields,
  });
}

function at(msBeforeNow: number): { seconds: string; nanos: string } {
  const ms = NOW - msBeforeNow;
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) };
}

describe('views: activity presentation', () => {
  it('words the activity types Countersign submits in sentence case', () => {
    assert.equal(activityTypeLabel('ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE'), 'Create smart contract interface');
    assert.equal(activityTypeLabel('ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE'), 'Delete smart contract interface');
    assert.equal(activityTypeLabel('ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'), 'Create private key tag');
    assert.equal(activityTypeLabel('ACTIVITY_TYPE_APPROVE_ACTIVITY'), 'Approve activity');
    assert.equal(activityTypeLabel('ACTIVITY_TYPE_REJECT_ACTIVITY'), 'Reject activity');
    assert.equal(activityTypeLabel('ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION'), 'Delete sub-organization');
  });

  it('words other types too, dropping the version and keeping acronyms', () => {
    assert.equal(activityTypeLabel('ACTIVITY_TYPE_CREATE_API_KEYS_V2'), 'Create API keys');
    assert.equal(activityTypeLabel('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7'), 'Create sub-organization');
    assert.equal(activityTypeLabel('ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS'), 'Create OAuth providers');
    assert.equal(activityTypeLabel('SOMETHING_ELSE'), 'SOMETHING_ELSE');
    assert.equal(activityTypeLabel('ACTIVITY_TYPE_'), 'ACTIVITY_TYPE_');
  });

  it('gives each status its own icon and colour, and an orange bell when the user must decide', () => {
    const completed = statusPresentation('ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(completed, { label: 'Completed', iconId: 'pass', colorId: 'testing.iconPassed' });
    assert.equal(statusPresentation('ACTIVITY_STATUS_FAILED').iconId, 'error');
    assert.equal(statusPresentation('ACTIVITY_STATUS_FAILED').colorId, 'testing.iconFailed');
    assert.equal(statusPresentation('ACTIVITY_STATUS_REJECTED').iconId, 'circle-slash');
    assert.equal(statusPresentation('ACTIVITY_STATUS_PENDING').iconId, 'clock');
    const waiting = statusPresentation('ACTIVITY_STATUS_CONSENSUS_NEEDED', false);
    const deciding = statusPresentation('ACTIVITY_STATUS_CONSENSUS_NEEDED', true);
    assert.equal(deciding.iconId, 'bell-dot');
    assert.equal(deciding.colorId, 'charts.orange');
    assert.notEqual(waiting.iconId, deciding.iconId);
    const icons = new Set(
      ['CREATED', 'PENDING', 'COMPLETED', 'FAILED', 'REJECTED', 'AUTHENTICATORS_NEEDED'].map(
        (s) => statusPresentation(`ACTIVITY_STATUS_${s}`).iconId,
      ),
    );
    assert.equal(icons.size, 6, 'every known status has a distinct icon');
  });

  it('shows an unknown status in words with a question mark and no colour', () => {
    assert.deepEqual(statusPresentation('ACTIVITY_STATUS_SOMETHING_NEW'), {
      label: 'Something new',
      iconId: 'question',
      colorId: undefined,
    });
  });

  it('puts an activity in the decision group only when it waits for votes and this user may vote', () => {
    const base = { status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', canApprove: true, canReject: true };
    assert.equal(activityGroup(base), 'needsDecision');
    assert.equal(activityGroup({ ...base, canApprove: false }), 'needsDecision');
    assert.equal(
      activityGroup({ ...base, canApprove: false, canReject: false }),
      'other',
      'waiting for others is not our decision',
    );
    assert.equal(activityGroup({ ...base, status: 'ACTIVITY_STATUS_COMPLETED' }), 'other');
  });

  it('orders the decisions first, then newest first, and keeps the service order without times', () => {
    const list = [
      activity({ id: 'old-done', createdAt: at(3_600_000) }),
      activity({ id: 'new-done', createdAt: at(60_000) }),
      activity({
        id: 'decide-old',
        status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
        canApprove: true,
        canReject: true,
        createdAt: at(7_200_000),
      }),
      activity({ id: 'theirs', status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', createdAt: at(30_000) }),
      activity({
        id: 'decide-new',
        status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
        canApprove: true,
        canReject: true,
        createdAt: at(120_000),
      }),
    ];
    assert.deepEqual(
      sortForTree(list).map((a) => a.id),
      ['decide-new', 'decide-old', 'theirs', 'new-done', 'old-done'],
    );
    const untimed = [activity({ id: 'a' }), activity({ id: 'b' }), activity({ id: 'c' })];
    assert.deepEqual(
      sortForTree(untimed).map((a) => a.id),
      ['a', 'b', 'c'],
    );
    assert.equal(list[0]?.id, 'old-done', 'the input is not reordered in place');
  });

  it('says how old an activity is', () => {
    assert.equal(ageText(NOW - 10_000, NOW), 'now');
    assert.equal(ageText(NOW - 5 * 60_000, NOW), '5 min. ago');
    assert.equal(ageText(NOW - 3 * 3_600_000, NOW), '3 hr. ago');
    assert.equal(ageText(NOW - 26 * 3_600_000, NOW), 'yesterday');
    assert.equal(ageText(NOW - 4 * 86_400_000, NOW), '4 days ago');
    assert.equal(ageText(Date.UTC(2025, 0, 2), NOW, 'en', 'UTC'), 'Jan 2, 2025');
    assert.equal(ageText(undefined, NOW), '');
  });

  it('reads the age from createdAt, or from timestampMs when createdAt is missing', () => {
    assert.equal(presentActivity(activity({ id: 'a', createdAt: at(5 * 60_000) }), NOW).age, '5 min. ago');
    assert.equal(
      presentActivity(activity({ id: 'b', timestampMs: String(NOW - 2 * 3_600_000) }), NOW).age,
      '2 hr. ago',
    );
  });

  it('describes a decision as such, a pending one by its status, and a finished one by its age only', () => {
    const decide = presentActivity(
      activity({
        id: 'd',
        status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
        canApprove: true,
        canReject: true,
        createdAt: at(60_000),
      }),
      NOW,
    );
    assert.equal(decide.description, 'Needs your decision · 1 min. ago');
    assert.equal(decide.needsDecision, true);
    assert.equal(decide.pending, true);
    const pending = presentActivity(
      activity({ id: 'p', status: 'ACTIVITY_STATUS_PENDING', createdAt: at(60_000) }),
      NOW,
    );
    assert.equal(pending.description, 'Pending · 1 min. ago');
    const done = presentActivity(activity({ id: 'c', createdAt: at(60_000) }), NOW);
    assert.equal(done.description, '1 min. ago');
    assert.equal(done.pending, false);
    assert.equal(done.label, 'Create smart contract interface');
  });

  it('passes user strings through the translation of the display language', () => {
    const upper = (message: string) => message.toUpperCase();
    assert.equal(
      inTranslation(upper, () => statusPresentation('ACTIVITY_STATUS_COMPLETED', false).label),
      'COMPLETED',
    );
  });

  it('says ages and dates in the display language it is given', () => {
    assert.equal(ageText(NOW - 5 * 60_000, NOW, 'de'), 'vor 5 Min.');
    assert.equal(ageText(NOW - 26 * 3_600_000, NOW, 'fr'), 'hier');
    assert.equal(ageText(Date.UTC(2025, 0, 2), NOW, 'de', 'UTC'), '02.01.2025');
    const late = presentActivity(activity({ id: 'l', createdAt: at(5 * 60_000) }), NOW, undefined, {
      locale: 'de',
    });
    assert.equal(late.age, 'vor 5 Min.');
    assert.equal(dateTimeText(Date.UTC(2025, 0, 2, 13, 4, 5), 'de', 'UTC'), '02.01.2025, 13:04:05');
    // A setting Intl cannot read is not an error: the words are English.
    assert.equal(ageText(NOW - 5 * 60_000, NOW, 'not a locale!'), '5 min. ago');
  });

  it('names a voter by user name, then user id, and says which way they voted', () => {
    assert.deepEqual(voteText({ userId: 'u1', user: { userName: 'Alice' }, selection: 'VOTE_SELECTION_APPROVED' }), {
      who: 'Alice',
      selection: 'Approved',
      approved: true,
    });
    assert.equal(voteText({ userId: 'u2', selection: 'VOTE_SELECTION_REJECTED' }).who, 'u2');
    assert.equal(voteText({ userId: 'u2', selection: 'VOTE_SELECTION_REJECTED' }).approved, false);
  });

  it('turns an intent into rows, nested objects into children, long values shortened on one line', () => {
    const abi = JSON.stringify([{ type: 'function', name: 'x'.repeat(300) }]);
    const intent = unwrapSingleKey({
      createSmartContractInterfaceIntent: {
        label: 'Counter',
        smartContractInterface: abi,
        nested: { a: 1, list: [true, null] },
      },
    });
    const rows = fieldRows(intent);
    assert.deepEqual(
      rows.map((r) => r.key),
      ['label', 'smartContractInterface', 'nested'],
    );
    assert.equal(rows[0]?.text, 'Counter');
    assert.ok((rows[1]?.text.length ?? 0) <= 120 && rows[1]?.text.endsWith('…'), 'a long value is shortened');
    assert.equal(rows[1]?.fullText, abi, 'the tooltip keeps the whole value');
    assert.deepEqual(
      rows[2]?.children?.map((r) => [r.key, r.text]),
      [
        ['a', '1'],
        ['list', '[2]'],
      ],
    );
    assert.deepEqual(
      rows[2]?.children?.[1]?.children?.map((r) => r.text),
      ['true', 'null'],
    );
    assert.deepEqual(unwrapSingleKey({ a: 1, b: 2 }), { a: 1, b: 2 }, 'several keys are kept as they are');
  });
});

describe('views: context values', () => {
  it('sorts and de-duplicates the tokens and leaves out the false ones', () => {
    assert.equal(
      contextValue('canReject', 'activity', false, 'canApprove', undefined, 'activity'),
      'activity;canApprove;canReject',
    );
    assert.equal(contextValue('smartContractInterface'), 'smartContractInterface');
    assert.equal(contextValue(), '');
  });

  it('is matched token by token, as the menus of package.json match it', () => {
    const value = contextValue('activity', 'canReject');
    assert.ok(hasToken(value, 'canReject'));
    assert.ok(!hasToken(value, 'canApprove'));
    // the `when` clauses use \b…\b regular expressions: make sure they select the same items
    assert.ok(/\bcanReject\b/.test(value));
    assert.ok(!/\bcanApprove\b/.test(value));
    assert.ok(/\bactivity\b/.test(contextValue('activity', 'canApprove', 'canReject', 'needsDecision')));
  });
});

describe('views: polling schedule', () => {
  function run(outcomes: readonly PollOutcome[], intervalMs = 2000): number[] {
    let state: PollState = freshPollState;
    const delays = [pollDelayMs(intervalMs, state)];
    for (const outcome of outcomes) {
      state = nextPollState(state, outcome);
      delays.push(pollDelayMs(intervalMs, state));
    }
    return delays;
  }

  it('starts at the configured interval and doubles while nothing changes, up to a minute', () => {
    assert.deepEqual(run(['unchanged', 'unchanged', 'unchanged']), [2000, 4000, 8000, 16000]);
    const long = run(Array<PollOutcome>(20).fill('unchanged'));
    assert.equal(Math.max(...long), 60_000);
  });

  it('never polls faster than once a second, whatever the setting says', () => {
    for (const interval of [0, 1, 250, 999, -5, Number.NaN]) {
      assert.ok(pollDelayMs(interval, freshPollState) >= 1000, `interval ${interval}`);
    }
  });

  it('starts over at the interval after a change', () => {
    assert.deepEqual(run(['unchanged', 'unchanged', 'changed']), [2000, 4000, 8000, 2000]);
  });

  it('backs off much more after a 429, at least ten seconds, and recovers after a normal answer', () => {
    const delays = run(['rateLimited', 'rateLimited', 'unchanged']);
    assert.ok((delays[1] ?? 0) >= 10_000);
    assert.ok((delays[1] ?? 0) > run(['unchanged'])[1]!, 'a 429 waits longer than a quiet answer');
    assert.ok((delays[2] ?? 0) > (delays[1] ?? 0), 'a second 429 waits longer still');
    assert.ok((delays[3] ?? 0) < (delays[2] ?? 0), 'a normal answer ends the 429 backoff');
  });
});
