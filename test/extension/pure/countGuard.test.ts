/**
 * No sentence says "N of M" with N above M: every wording of a count (the dialogs, the review page's header, the
 * rows' progress, a policy's and the root quorum's lines) over many combinations of votes, thresholds and
 * statuses, including combinations the service should never produce.
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import { votersOf, type StandingInput } from '../../../src/extension/wording/policyStanding';
import { countText, rootQuorumLine, standingNames, standingWords } from '../../../src/extension/wording/standingText';
import {
  approveCountLine,
  rejectCountLine,
  rejectionText,
  standingProgress,
  standingView,
} from '../../../src/extension/wording/standingCount';
import { reviewProgressText } from '../../../src/extension/wording/reviewWords';
import { approvalProgressText } from '../../../src/extension/wording/approvalWords';
import { countsAbove } from '../../support/countsAbove';

const STATUSES = [
  'ACTIVITY_STATUS_CONSENSUS_NEEDED',
  'ACTIVITY_STATUS_COMPLETED',
  'ACTIVITY_STATUS_REJECTED',
  'ACTIVITY_STATUS_FAILED',
];
const OUTCOMES = ['OUTCOME_REQUIRES_CONSENSUS', 'OUTCOME_ALLOW', 'OUTCOME_DENY_IMPLICIT'];
const roots = ['r0', 'r1', 'r2', 'r3'];
const finance = ['f0', 'f1', 'f2', 'f3', 'f4'];
const governance = {
  policies: [
    {
      policyId: 'p-large',
      policyName: 'Large',
      effect: 'EFFECT_ALLOW',
      condition: 'true',
      consensus: "approvers.filter(u, u.tags.contains('fin')).count() >= 2",
    },
    {
      policyId: 'p-any',
      policyName: 'Any',
      effect: 'EFFECT_ALLOW',
      condition: 'true',
      consensus: 'approvers.count() >= 1',
    },
  ],
  users: [
    ...roots.map((userId) => ({ userId, userName: userId, userTags: [] })),
    ...finance.map((userId) => ({ userId, userName: userId, userTags: ['fin'] })),
  ],
  userTags: [{ tagId: 'fin', tagName: 'finance' }],
};

describe('no count above its threshold', () => {
  it('words every combination of votes, thresholds and statuses without "N of M" where N > M', () => {
    let checked = 0;
    for (const threshold of [1, 2, 3])
      for (const rootVotes of [0, 1, 2, 4])
        for (const financeVotes of [0, 1, 2, 5])
          for (const status of STATUSES)
            for (const outcome of [...OUTCOMES, undefined])
              for (const rejecting of [false, true]) {
                const approving = [...roots.slice(0, rootVotes), ...finance.slice(0, financeVotes)];
                const votes = [
                  ...approving.map((userId) => ({ userId, selection: 'VOTE_SELECTION_APPROVED' })),
                  ...(rejecting ? [{ userId: 'f4', selection: 'VOTE_SELECTION_REJECTED' }] : []),
                ] as Activity['votes'];
                const input: StandingInput = {
                  activity: { status, votes },
                  outcomes: outcome ? governance.policies.map((p) => ({ policyId: p.policyId, outcome })) : [],
                  governance,
                  quorum: { threshold, rootUserIds: roots.slice(0, 3) },
                  ...votersOf(votes),
                };
                for (const you of [undefined, 'r0', 'f0']) {
                  const names = standingNames(governance, you);
                  const view = standingView(input, names);
                  const texts = [
                    approveCountLine(view),
                    rejectCountLine(view),
                    standingProgress(view, status),
                    rejectionText(view),
                    rootQuorumLine(view.standing.rootQuorum, names),
                    ...standingWords(view.standing, names).lines,
                    ...view.standing.policies.flatMap((p) =>
                      (p.consensusStanding?.clauses ?? []).flatMap((c) => (c.count ? [countText(c.count, names)] : [])),
                    ),
                    reviewProgressText({ votes, status }, threshold),
                    reviewProgressText({ votes, status }, threshold, roots.slice(0, 3)),
                    approvalProgressText({
                      approvals: rootVotes,
                      threshold,
                      youApproved: false,
                      waitingFor: [],
                    }),
                  ];
                  for (const text of texts) {
                    if (text === undefined) continue;
                    checked++;
                    assert.deepEqual(countsAbove(text), [], `${text} (threshold ${threshold}, ${status}, ${outcome})`);
                  }
                }
              }
    assert.ok(checked > 10_000, `${checked} sentences checked`);
  });
});
