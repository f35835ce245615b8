import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import {
  activitySchema,
  decodeEthereumTransaction,
  decodeRawPayload,
  encodeFunctionCall,
  serializeUnsignedTransaction,
} from '../../../src/api/remote';
import type { OrganizationNames } from '../../../src/extension/commands/voteDialog';
import { reviewHtml, type ReviewPageResources } from '../../../src/extension/review/reviewHtml';
import { buildReviewModel } from '../../../src/extension/review/reviewModel';
import { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS } from '../../../src/extension/review/sampleToken';
import { reviewProgressText } from '../../../src/extension/wording/reviewWords';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const RECIPIENT = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const decode = { transaction: decodeEthereumTransaction, payload: decodeRawPayload };
const names: OrganizationNames = {
  name: 'Team',
  threshold: 2,
  names: new Map([
    ['user-2', 'Team root user 2'],
    ['key-1', 'Team operations key'],
  ]),
};
const resources: ReviewPageResources = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/media/review/review.css',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/media/review/review.js',
  nonce: 'bm9uY2U=',
  state: { activityId: 'act-1', organizationId: 'org-1', profileId: 'local-sandbox.org-1.user-1' },
};

function signing(unsignedTransaction: string, status = 'ACTIVITY_STATUS_CONSENSUS_NEEDED'): Activity {
  return activitySchema.parse({
    id: 'act-1',
    organizationId: 'org-1',
    status,
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    intent: {
      signTransactionIntentV2: { signWith: 'key-1', unsignedTransaction, type: 'TRANSACTION_TYPE_ETHEREUM' },
    },
    votes: [
      {
        id: 'vote-1',
        userId: 'user-2',
        activityId: 'act-1',
        selection: 'VOTE_SELECTION_APPROVED',
        message: '',
        publicKey: '',
        signature: '',
        scheme: '',
        createdAt: { seconds: String(NOW / 1000 - 120), nanos: '0' },
      },
    ],
    fingerprint: 'sha256:abc',
    canApprove: true,
    canReject: true,
    createdAt: { seconds: String(NOW / 1000 - 120), nanos: '0' },
  });
}

const transfer = serializeUnsignedTransaction({
  chainId: 11155111,
  nonce: 4n,
  to: SAMPLE_TOKEN_ADDRESS,
  data: encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, 5n]),
  gas: 65_000n,
  maxFeePerGas: 1n,
});
const sampleInterface = {
  smartContractInterfaceId: 'sci-1',
  smartContractAddress: SAMPLE_TOKEN_ADDRESS,
  smartContractInterface: JSON.stringify(SAMPLE_TOKEN_ABI),
  label: 'Example token <ERC-20>',
};

describe('extension (pure): the review page model and HTML', () => {
  it('puts a pending transfer in words: submitter, progress, the intent with key names, the call by argument name', () => {
    const model = buildReviewModel({
      activity: signing(transfer),
      names,
      interfaces: [sampleInterface],
      decode,
      nowMs: NOW,
    });
    const summary = Object.fromEntries(model.summary.map((r) => [r.label, r.value]));
    assert.equal(summary['Submitted by'], 'Team root user 2');
    assert.match(summary['Submitted'] ?? '', /^2 min\. ago · 2026-11-22T11:58:00\.000Z$/);
    assert.equal(summary['Organization'], 'Team (org-1)');
    assert.equal(model.progress, '1 of 2 approvals: 1 more needed before it runs.');
    const intent = model.sections.find((s) => s.id === 'intent');
    assert.ok(intent?.rows.some((r) => r.label === 'Signs with' && r.value.startsWith('Team operations key')));
    const call = model.sections.find((s) => s.id === 'call');
    assert.equal(call?.call?.title, 'transfer(to, amount)');
    assert.deepEqual(
      model.actions.map((a) => a.id),
      ['approve', 'reject', 'approveWithPasskey', 'rejectWithPasskey', 'openJson'],
    );
  });

  it('offers no vote once the activity ran, and says so in its progress', () => {
    const model = buildReviewModel({
      activity: signing(transfer, 'ACTIVITY_STATUS_COMPLETED'),
      names,
      interfaces: [sampleInterface],
      decode,
      nowMs: NOW,
    });
    assert.deepEqual(
      model.actions.map((a) => a.id),
      ['openJson'],
    );
    assert.equal(model.awaitingVote, false);
  });

  it('says when the interfaces could not be read, and when the transaction is malformed, without throwing', () => {
    const unread = buildReviewModel({ activity: signing(transfer), names, interfaces: undefined, decode, nowMs: NOW });
    assert.match(unread.sections.find((s) => s.id === 'call')?.notes[0]?.text ?? '', /could not be read/);
    assert.deepEqual(unread.sections.find((s) => s.id === 'call')?.actions, []);
    const malformed = buildReviewModel({ activity: signing('02zz'), names, interfaces: [], decode, nowMs: NOW });
    const note = malformed.sections.find((s) => s.id === 'transaction')?.notes[0];
    assert.equal(note?.tone, 'error');
    assert.match(note?.text ?? '', /^The transaction cannot be read: /);
  });

  it('reads a raw payload: encoding, hash function and its text', () => {
    const activity = activitySchema.parse({
      id: 'act-2',
      organizationId: 'org-1',
      status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      intent: {
        signRawPayloadIntentV2: {
          signWith: 'key-1',
          payload: Buffer.from('Sign in to Example', 'utf8').toString('hex'),
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        },
      },
      fingerprint: 'sha256:def',
    });
    const model = buildReviewModel({ activity, names, interfaces: [], decode, nowMs: NOW });
    const rows = Object.fromEntries(
      (model.sections.find((s) => s.id === 'payload')?.rows ?? []).map((r) => [r.label, r.value]),
    );
    assert.equal(rows['Encoding'], 'Hexadecimal');
    assert.equal(rows['Hash function'], 'Keccak-256');
    assert.equal(rows['As text'], 'Sign in to Example');
  });

  it('draws HTML under a strict CSP, with every value escaped and nothing remote but the webview own files', () => {
    const model = buildReviewModel({
      activity: signing(transfer),
      names,
      interfaces: [sampleInterface],
      decode,
      nowMs: NOW,
    });
    const html = reviewHtml(model, resources);
    assert.match(
      html,
      /content="default-src &#39;none&#39;; style-src https:\/\/file\+\.vscode-resource\.vscode-cdn\.net; script-src &#39;nonce-bm9uY2U=&#39;/,
    );
    assert.match(html, /<script nonce="bm9uY2U=" src="https:\/\/file\+\.vscode-resource/);
    assert.doesNotMatch(html, /<style|style="/, 'no inline style');
    assert.match(html, /Example token &lt;ERC-20&gt;/);
    assert.doesNotMatch(html, /<ERC-20>/);
    assert.match(html, /<button type="button" data-action="approve" class="primary">Approve…<\/button>/);
    assert.match(html, /data-state="\{&quot;activityId&quot;:&quot;act-1&quot;/);
    const order = ['id="call"', 'id="transaction"', 'id="summary"', 'id="intent"'].map((id) => html.indexOf(id));
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
      'what it does comes first',
    );
    assert.ok(!order.includes(-1));
  });

  it('counts each user once in the progress, and words the ends', () => {
    const vote = (userId: string, selection: string) => ({ userId, selection }) as Activity['votes'][number];
    const twice = { votes: [vote('a', 'VOTE_SELECTION_APPROVED'), vote('a', 'VOTE_SELECTION_APPROVED')] };
    assert.equal(
      reviewProgressText({ ...twice, status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' }, 3),
      '1 of 3 approvals: 2 more needed before it runs.',
    );
    assert.equal(
      reviewProgressText({ ...twice, status: 'ACTIVITY_STATUS_REJECTED' }, 2),
      '1 of 2 approvals: it was rejected and will not run.',
    );
  });
});
