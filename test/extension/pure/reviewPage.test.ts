import * as assert from 'node:assert/strict';
import type { Activity } from '../../../src/api';
import {
  activitySchema,
  decodeEthereumTransaction,
  decodeRawPayload,
  encodeFunctionCall,
  serializeUnsignedTransaction,
} from '../../../src/api/remote';
import type { OrganizationNames } from '../../../src/extension/wording/voteDialogWords';
import { reviewShellHtml, type ReviewPageResources } from '../../../src/extension/review/reviewHtml';
import { buildReviewModel } from '../../../src/extension/review/reviewModel';
import { relativeTime } from '../../../src/extension/review/reviewView';
import { reviewIdNames } from '../../../src/extension/review/reviewWhy';
import { policyNamesOf } from '../../../src/extension/wording/policyWords';
import { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS } from '../../../src/extension/review/sampleToken';
import { reviewProgressText } from '../../../src/extension/wording/reviewWords';
import { reviewPageMarkup } from '../../support/viewMarkup';

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
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/dist/webview/review.js',
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

describe('extension (pure): the review page model and view', () => {
  it('puts a pending transfer in words: submitter, progress, the intent with key names, the call by argument name', () => {
    const model = buildReviewModel({
      activity: signing(transfer),
      names,
      interfaces: [sampleInterface],
      decode,
    });
    const summary = Object.fromEntries(model.summary.map((r) => [r.label, r.value]));
    assert.equal(summary['Submitted by'], 'Team root user 2');
    assert.equal(summary['Submitted'], '2026-11-22T11:58:00.000Z');
    assert.equal(model.summary.find((r) => r.label === 'Submitted')?.timeMs, NOW - 120_000);
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
    });
    assert.deepEqual(
      model.actions.map((a) => a.id),
      ['openJson'],
    );
    assert.equal(model.awaitingVote, false);
  });

  it('says when the interfaces could not be read, and when the transaction is malformed, without throwing', () => {
    const unread = buildReviewModel({ activity: signing(transfer), names, interfaces: undefined, decode });
    assert.match(unread.sections.find((s) => s.id === 'call')?.notes[0]?.text ?? '', /could not be read/);
    assert.deepEqual(unread.sections.find((s) => s.id === 'call')?.actions, []);
    const malformed = buildReviewModel({ activity: signing('02zz'), names, interfaces: [], decode });
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
    const model = buildReviewModel({ activity, names, interfaces: [], decode });
    const rows = Object.fromEntries(
      (model.sections.find((s) => s.id === 'payload')?.rows ?? []).map((r) => [r.label, r.value]),
    );
    assert.equal(rows['Encoding'], 'Hexadecimal');
    assert.equal(rows['Hash function'], 'Keccak-256');
    assert.equal(rows['As text'], 'Sign in to Example');
  });

  it('sets one HTML: a strict CSP, the one script by its nonce, the ids to reopen it, and no content yet', () => {
    const html = reviewShellHtml(resources, 'Review activity act-1', 'en');
    assert.match(
      html,
      /content="default-src &#39;none&#39;; style-src https:\/\/file\+\.vscode-resource\.vscode-cdn\.net; script-src &#39;nonce-bm9uY2U=&#39;/,
    );
    assert.match(
      html,
      /<script nonce="bm9uY2U=" src="https:\/\/file\+\.vscode-resource[^"]*\/dist\/webview\/review\.js">/,
    );
    assert.doesNotMatch(html, /<style|style="/, 'no inline style');
    assert.match(html, /data-state="\{&quot;activityId&quot;:&quot;act-1&quot;/);
    assert.match(html, /<div id="root"><\/div>/, 'what it shows comes by message');
  });

  it('draws the model with every value as text, what it does first, and its buttons by action id', () => {
    const model = buildReviewModel({ activity: signing(transfer), names, interfaces: [sampleInterface], decode });
    const html = reviewPageMarkup(model);
    assert.match(html, /Example token &lt;ERC-20&gt;/);
    assert.doesNotMatch(html, /<ERC-20>/);
    assert.match(html, /<button type="button" data-action="approve" class="primary">Approve…<\/button>/);
    const order = ['id="call"', 'id="transaction"', 'id="summary"', 'id="intent"'].map((id) => html.indexOf(id));
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
      'what it does comes first',
    );
    assert.ok(!order.includes(-1));
  });

  it('words how long ago it was submitted from the time it is drawn at, so the page keeps it current itself', () => {
    const model = buildReviewModel({ activity: signing(transfer), names, interfaces: [sampleInterface], decode });
    const submitted = (nowMs: number) =>
      /<time datetime="[^"]+">([^<]*)<\/time>/.exec(reviewPageMarkup(model, nowMs))?.[1];
    assert.equal(submitted(NOW), '2 minutes ago');
    assert.equal(submitted(NOW + 60 * 60_000), '1 hour ago');
    assert.equal(submitted(NOW - 100_000), 'now');
    assert.equal(relativeTime(NOW - 26 * 3600_000, NOW, 'en'), 'yesterday');
    assert.equal(relativeTime(NOW - 5 * 60_000, NOW, 'de'), 'vor 5 Minuten');
    assert.equal(relativeTime(NOW - 5 * 60_000, NOW, 'not a language tag'), '5 minutes ago');
  });

  it("names each id of a policy's expressions beside its literal, as text, the literal kept as written", () => {
    const tag = 'f3a1c2d4-0000-4000-8000-000000000001';
    const user = 'f3a1c2d4-0000-4000-8000-000000000002';
    const text = `approvers.filter(u, u.tags.contains('${tag}')).count() >= 2 || approvers.any(u, u.id == '${user}')`;
    const ids = policyNamesOf({
      users: [{ userId: user, userName: 'Eve \u202Egnp.exe <img src=x onerror=alert(1)>' }],
      userTags: [{ tagId: tag, tagName: '<b>finance</b>' }],
      privateKeyTags: [],
    });
    const clause = text.indexOf(' || ');
    const why = {
      heading: 'Why it waits',
      policies: [
        {
          policyId: 'policy-1',
          outcome: 'Policy "Large transfers": 1 of 2 approvals',
          tone: 'waiting' as const,
          clauses: [],
          expressions: [
            {
              label: 'Consensus',
              text,
              marks: [{ offset: 0, length: clause, tone: 'unmet' as const }],
              names: reviewIdNames(text, ids),
            },
          ],
        },
      ],
      lead: [],
      lines: [],
      notes: [],
      openPolicy: 'Open Policy',
      legend: { met: 'Outlined green: holds', unmet: 'Outlined orange: does not hold (yet)' },
      showExpression: 'Show expression',
    };
    const model = buildReviewModel({
      activity: signing(transfer),
      names,
      interfaces: [sampleInterface],
      decode,
      why: { section: why, progress: undefined },
    });
    const code = /<div class="expression"><span class="label">Consensus<\/span><code dir="ltr">(.*?)<\/code>/
      .exec(reviewPageMarkup(model))?.[1]
      ?.replace(/&#39;/g, "'");
    assert.equal(
      code,
      `<mark class="unmet">approvers.filter(u, u.tags.contains('${tag}'` +
        '<bdi class="id-name" title="&lt;b&gt;finance&lt;/b&gt; (user tag)">&lt;b&gt;finance&lt;/b&gt;</bdi>' +
        `)).count() &gt;= 2</mark> || approvers.any(u, u.id == '${user}'` +
        '<bdi class="id-name" title="Eve \\u202Egnp.exe &lt;img src=x onerror=alert(1)&gt; (user)">' +
        'Eve \\u202Egnp.exe &lt;img src=x onerror=alert(1)&gt;</bdi>)',
    );
    // Without the names, the text between the tags is the expression exactly as the service has it.
    assert.equal(code?.replace(/<bdi[^>]*>.*?<\/bdi>|<\/?mark[^>]*>/g, '').replace(/&gt;/g, '>'), text);
  });

  it("draws a legend, a sentence per clause, and the expression behind 'Show expression'", () => {
    const why = {
      heading: 'Why it waits',
      lead: [],
      policies: [
        {
          policyId: 'policy-1',
          outcome: 'Policy "Large transfers": 1 of 2 approvals',
          tone: 'waiting' as const,
          clauses: [
            {
              label: 'Condition',
              clauses: [
                { text: 'amount is 1,500 EXAMPLE, at least 1,000 EXAMPLE', tone: 'met' as const, state: 'applies' },
              ],
            },
            {
              label: 'Consensus',
              clauses: [
                {
                  text: 'needs 2 approvals from users tagged <b>finance</b>: 1 so far (Alice)',
                  tone: 'unmet' as const,
                  state: 'not yet',
                },
              ],
            },
          ],
          expressions: [{ label: 'Consensus', text: 'approvers.count() >= 2', marks: [], names: [] }],
        },
      ],
      lines: [],
      notes: [],
      openPolicy: 'Open Policy',
      legend: { met: 'Outlined green: holds', unmet: 'Outlined orange: does not hold (yet)' },
      showExpression: 'Show expression',
    };
    const markup = reviewPageMarkup(
      buildReviewModel({
        activity: signing(transfer),
        names,
        interfaces: [sampleInterface],
        decode,
        why: { section: why, progress: undefined },
      }),
    );
    assert.match(
      markup,
      /<h2>Why it waits<\/h2><p class="legend"><mark class="met">Outlined green: holds<\/mark> <mark class="unmet">Outlined orange: does not hold \(yet\)<\/mark><\/p>/,
    );
    assert.ok(
      markup.includes(
        '<li class="clause met"><mark class="met">applies</mark> <bdi>amount is 1,500 EXAMPLE, at least 1,000 EXAMPLE</bdi></li>',
      ),
    );
    // A name in a sentence is a teammate's text: escaped, never markup.
    assert.ok(
      markup.includes(
        '<mark class="unmet">not yet</mark> <bdi>needs 2 approvals from users tagged &lt;b&gt;finance&lt;/b&gt;: 1 so far (Alice)</bdi>',
      ),
    );
    // The expression as written is one click away, closed until opened.
    assert.match(
      markup,
      /<details class="expressions"><summary>Show expression<\/summary><div class="expression"><span class="label">Consensus<\/span><code dir="ltr">approvers\.count\(\) &gt;= 2<\/code><\/div><\/details>/,
    );
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
