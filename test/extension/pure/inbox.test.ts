import * as assert from 'node:assert/strict';
import type { Activity, OrganizationData } from '../../../src/api';
import { activitySchema } from '../../../src/api/remote';
import {
  APPROVAL_WINDOW_MS,
  approvalProgress,
  awaitsVote,
  isOpen,
  organizationFacts,
  rememberNotified,
  submitterName,
  toNotify,
  voteOf,
} from '../../../src/extension/inbox/inboxRules';
import { activityTitle, outcomeSentence, signingIntentLines } from '../../../src/extension/wording/activityWords';
import {
  alreadyVotedText,
  approvalProgressText,
  awaitingNotice,
  waitingSentence,
} from '../../../src/extension/wording/approvalWords';
import { awaitingCountText, awaitingGroupLabel } from '../../../src/extension/wording/awaitingWords';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const team: OrganizationData = {
  organizationId: 'org-team',
  name: 'Team',
  users: [
    { userId: 'user-1', userName: 'Team root user 1' },
    { userId: 'user-2', userName: 'Team root user 2' },
    { userId: 'user-3', userName: 'Auditor' },
  ],
  privateKeys: [
    {
      privateKeyId: 'key-1',
      privateKeyName: 'Team signing key',
      addresses: [{ format: 'ADDRESS_FORMAT_ETHEREUM', address: ADDRESS }],
    },
  ],
  tags: [],
  rootQuorum: { threshold: 2, userIds: ['user-1', 'user-2'] },
};

const timestamp = (ms: number) => ({ seconds: String(Math.floor(ms / 1000)), nanos: '0' });

function vote(userId: string, selection: string, atMs = NOW - 60_000): Record<string, unknown> {
  return { userId, selection, createdAt: timestamp(atMs) };
}

function signing(votes: Record<string, unknown>[], fields: Record<string, unknown> = {}): Activity {
  return activitySchema.parse({
    id: 'act-sign',
    organizationId: 'org-team',
    status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    intent: {
      signTransactionIntentV2: {
        signWith: 'key-1',
        unsignedTransaction: `02ef0180843b9aca00${'ab'.repeat(40)}`,
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    },
    votes,
    fingerprint: 'sha256:sign',
    createdAt: timestamp(NOW - 120_000),
    ...fields,
  });
}

const asSecond = organizationFacts('user-2', team);
const asFirst = organizationFacts('user-1', team);
const asAuditor = organizationFacts('user-3', team);

describe('inbox: what waits for your vote', () => {
  const submitted = signing([vote('user-1', 'VOTE_SELECTION_APPROVED')]);

  it('waits for a root user who has not voted, not for the submitter nor for a user outside the quorum', () => {
    assert.equal(awaitsVote(submitted, asSecond, NOW), true);
    assert.equal(awaitsVote(submitted, asFirst, NOW), false, 'the submitter approved it by submitting');
    assert.equal(awaitsVote(submitted, asAuditor, NOW), false, 'not a root user');
  });

  it('stops waiting once the user voted, when it ended, and when its approvals expired', () => {
    const voted = signing([vote('user-1', 'VOTE_SELECTION_APPROVED'), vote('user-2', 'VOTE_SELECTION_APPROVED')]);
    assert.equal(awaitsVote(voted, asSecond, NOW), false);
    assert.equal(
      awaitsVote(signing(submitted.votes as never, { status: 'ACTIVITY_STATUS_COMPLETED' }), asSecond, NOW),
      false,
    );
    const stale = signing([vote('user-1', 'VOTE_SELECTION_APPROVED', NOW - APPROVAL_WINDOW_MS - 1000)], {
      createdAt: timestamp(NOW - APPROVAL_WINDOW_MS - 2000),
    });
    assert.equal(isOpen(stale, NOW), false, 'no live vote and created more than 24 hours ago');
    assert.equal(awaitsVote(stale, asSecond, NOW), false);
    assert.equal(voteOf(stale, 'user-1', NOW), undefined, 'an expired vote does not count');
  });

  it('counts approvals of root users and names who is left', () => {
    const progress = approvalProgress(submitted, asSecond, NOW);
    assert.deepEqual(progress, { approvals: 1, threshold: 2, youApproved: false, waitingFor: ['Team root user 2'] });
    assert.equal(approvalProgressText(progress), '1 of 2 approvals, waiting for Team root user 2');
    assert.equal(
      approvalProgressText(approvalProgress(submitted, asFirst, NOW)),
      '1 of 2 approvals, you approved, waiting for Team root user 2',
    );
    assert.equal(submitterName(submitted, asSecond), 'Team root user 1');
  });

  it("follows the service's canApprove over the root quorum: a root user it says cannot approve is not waited for", () => {
    const refusedRoot = signing([vote('user-1', 'VOTE_SELECTION_APPROVED')], { canApprove: false });
    assert.equal(refusedRoot.canApproveKnown, true);
    assert.equal(awaitsVote(refusedRoot, asSecond, NOW), false, 'a root user, but the service said canApprove: false');
    const namedByPolicy = signing([vote('user-1', 'VOTE_SELECTION_APPROVED')], { canApprove: true });
    assert.equal(awaitsVote(namedByPolicy, asAuditor, NOW), true, 'no root user, but the service said they can');
  });

  it('counts one approval per user, however often they approved, and waits for no one who rejected', () => {
    const twice = signing([
      vote('user-1', 'VOTE_SELECTION_APPROVED', NOW - 90_000),
      vote('user-1', 'VOTE_SELECTION_APPROVED', NOW - 30_000),
    ]);
    assert.deepEqual(approvalProgress(twice, asSecond, NOW), {
      approvals: 1,
      threshold: 2,
      youApproved: false,
      waitingFor: ['Team root user 2'],
    });
    const rejected = signing([vote('user-1', 'VOTE_SELECTION_APPROVED'), vote('user-2', 'VOTE_SELECTION_REJECTED')]);
    assert.deepEqual(approvalProgress(rejected, asFirst, NOW), {
      approvals: 1,
      threshold: 2,
      youApproved: true,
      waitingFor: [],
    });
    assert.equal(awaitsVote(rejected, asSecond, NOW), false, 'who rejected has voted');
    assert.equal(voteOf(rejected, 'user-2', NOW)?.selection, 'VOTE_SELECTION_REJECTED');
  });

  it('notifies each activity once, never one submitted here, and remembers a bounded number of ids', () => {
    const awaiting = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    assert.deepEqual(
      toNotify(awaiting, new Set(['a']), (id) => id === 'c'),
      ['b'],
    );
    const remembered = rememberNotified(['x', 'y'], ['y', 'z'], 3);
    assert.deepEqual(remembered, ['x', 'y', 'z']);
    assert.deepEqual(rememberNotified(remembered, ['w'], 3), ['y', 'z', 'w'], 'the oldest is forgotten first');
  });
});

describe('wording: signing activities and the inbox', () => {
  const submitted = signing([vote('user-1', 'VOTE_SELECTION_APPROVED')]);
  const nameOf = (id: string) => asSecond.names.get(id);

  it('names the key a signing activity signs with, by name, by address, or shortened', () => {
    assert.equal(activityTitle(submitted, undefined, nameOf), 'Sign transaction with "Team signing key"');
    const byAddress = signing([], {
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      intent: {
        signRawPayloadIntentV2: {
          signWith: ADDRESS,
          payload: 'hello',
          encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        },
      },
    });
    // A key by its address reads as its name with the address short: the whole address is in the hover.
    assert.equal(
      activityTitle(byAddress, undefined, nameOf),
      'Sign raw payload with Team signing key (0x5aAeb6…1BeAed)',
    );
    assert.equal(activityTitle(byAddress), 'Sign raw payload with 0x5aAeb6…1BeAed');
    assert.deepEqual(signingIntentLines(byAddress, nameOf), [
      `  Signs with: Team signing key (${ADDRESS})`,
      '  Payload: "hello" (UTF-8 text)',
      '  Hashed with: keccak256',
    ]);
  });

  it('says what a transaction is and shows the signed transaction or the signature in the outcome', () => {
    const lines = signingIntentLines(submitted, nameOf) ?? [];
    assert.equal(lines[0], '  Signs with: Team signing key (key-1)');
    assert.match(lines[1] ?? '', /^ {2}Transaction: Ethereum, 0x02ef0180843b…ababab \(49 bytes\)$/);
    const done = signing([], {
      status: 'ACTIVITY_STATUS_COMPLETED',
      result: { signTransactionResult: { signedTransaction: `02f8${'cd'.repeat(60)}` } },
    });
    assert.match(
      outcomeSentence(done),
      /^Sign transaction with key-1: completed\. Signed transaction: 0x02f8cdcd.*\(62 bytes\)\.$/,
    );
    const signature = signing([], {
      status: 'ACTIVITY_STATUS_COMPLETED',
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      intent: {},
      result: { signRawPayloadResult: { r: 'a'.repeat(64), s: 'b'.repeat(64), v: '01' } },
    });
    assert.equal(
      outcomeSentence(signature),
      'Sign raw payload: completed. Signature: r 0xaaaaaaaaaa…aaaaaa, s 0xbbbbbbbbbb…bbbbbb, v 01.',
    );
  });

  it('reports a submission that needs approvals as waiting for N more, naming them, never as a failure', () => {
    const progress = approvalProgress(submitted, asFirst, NOW);
    assert.equal(
      waitingSentence(submitted, progress, nameOf),
      'Sign transaction with "Team signing key": waiting for 1 more approval (Team root user 2).',
    );
    const three = organizationFacts('user-1', {
      ...team,
      rootQuorum: { threshold: 3, userIds: ['user-1', 'user-2', 'user-3'] },
    });
    assert.equal(
      waitingSentence(submitted, approvalProgress(submitted, three, NOW), nameOf),
      'Sign transaction with "Team signing key": waiting for 2 more approvals (Team root user 2, Auditor).',
    );
    assert.doesNotMatch(waitingSentence(submitted, undefined), /fail|error/i);
  });

  it('words the inbox: its count, its group, its notification and the refusal of a second vote', () => {
    assert.equal(awaitingCountText(1), '1 activity waits for your vote');
    assert.equal(awaitingCountText(3), '3 activities wait for your vote');
    assert.equal(awaitingGroupLabel(2), 'Awaiting your vote (2)');
    assert.equal(
      awaitingNotice(submitted, 'Team root user 1', approvalProgress(submitted, asSecond, NOW), nameOf),
      'Team root user 1 asks for your vote: Sign transaction with "Team signing key" (1 of 2 approvals, waiting for Team root user 2).',
    );
    assert.equal(
      alreadyVotedText(submitted, 'VOTE_SELECTION_APPROVED', nameOf),
      'You already approved Sign transaction with "Team signing key": each user votes once, so nothing was sent.',
    );
  });
});
