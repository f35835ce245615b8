/**
 * A teammate's text is shown as text. The checks below follow what VS Code does with a string: a notification's
 * links (its linkedText parser), `$(icon)` syntax in quick picks (renderLabelWithIcons), and a MarkdownString that
 * draws icons (backslash escapes are read as CommonMark reads them, then icons are drawn).
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Activity, OrganizationData } from '../../../src/api';
import { organizationNames, readableVoteDetail } from '../../../src/extension/wording/voteDialogWords';
import {
  markdownCode,
  markdownText,
  notificationText,
  pickText,
  shown,
  visible,
} from '../../../src/extension/ui/shownText';
import { activityTitle } from '../../../src/extension/wording/activityWords';
import { awaitingNotice } from '../../../src/extension/wording/approvalWords';
import { activitySchema, decodeEthereumTransaction, decodeRawPayload } from '../../../src/api/remote';
import { buildReviewModel } from '../../../src/extension/review/reviewModel';
import { repoRoot } from '../../support/fixtures';
import { reviewPageMarkup } from '../../support/viewMarkup';

/** The reproduction: a tag whose name is a link that approves another activity without a dialog. */
const LINK = '[Review](command:countersign.approveActivity?{"fingerprint":"<A>","confirmed":true})';
const ABI_NAME = 'a``[x](command:foo)![i](http://127.0.0.1/x.png)``';
const HOSTILE = [
  LINK,
  ABI_NAME,
  '$(verified) Audited USDC',
  'invoice\u202Egnp.exe',
  'ad\u200Bmin',
  'first\nsecond',
  '**bold** _it_ <img src=x> &amp; # heading',
  '\\$(verified) escaped already',
  'https://example.com www.example.com a@example.com',
];

/** VS Code's notification link parser (linkedText.ts): every match becomes a link that runs. */
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
/** VS Code's icon syntax (iconLabels.ts): a match whose first group is empty is drawn as an icon. */
const ICON = /(\\)?\$\(([A-Za-z0-9-]+(?:~[A-Za-z]+)?)\)/g;

function drawnIcons(text: string): string[] {
  return [...text.matchAll(ICON)].filter((match) => match[1] === undefined).map((match) => match[0]);
}

/** What a MarkdownString that draws icons shows of plain markdown text: escapes read, then icons drawn. */
function iconsInMarkdown(markdown: string): string[] {
  const source = markdown.replace(ICON, (match) => `\\${match}`);
  return drawnIcons(source.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
}

/** Markdown text with its backslash escapes taken out: whatever ASCII punctuation is left could be syntax. */
function unescapedPunctuation(markdown: string): string[] {
  return [...markdown.replace(/\\[!-/:-@[-`{-~]/g, '').matchAll(/[!-'*-/:-@[-`{-~]/g)].map((m) => m[0]);
}

describe("a teammate's text, shown as text", () => {
  it('writes hidden characters out: a right-to-left override, a zero-width space, a newline', () => {
    assert.equal(visible('invoice\u202Egnp.exe'), 'invoice\\u202Egnp.exe');
    assert.equal(visible('ad\u200Bmin'), 'ad\\u200Bmin');
    assert.equal(visible('first\nsecond\r\tthird'), 'first\\nsecond\\r\\tthird');
    assert.equal(visible('bom\uFEFF tag\u{E0041}'), 'bom\\uFEFF tag\\u{E0041}');
    assert.equal(visible('Ünïcödé 名前 🙂'), 'Ünïcödé 名前 🙂', 'visible text is left as it is');
    assert.equal(
      visible('👨\u200D👩\u200D👧 می\u200Cخواهم'),
      '👨\u200D👩\u200D👧 می\u200Cخواهم',
      'joiners inside words stay',
    );
  });

  it('isolates right-to-left text, once, and writes out an isolate a teammate left open', () => {
    assert.equal(shown('שלום 12'), '\u2068שלום 12\u2069');
    assert.equal(shown(shown('שלום')), shown('שלום'));
    assert.equal(shown('plain'), 'plain');
    assert.equal(visible('open\u2068 end'), 'open\\u2068 end');
    assert.equal(visible('\u2066left\u2069'), '\\u2066left\\u2069');
  });

  it('leaves no link in a notification: the reproduction, and a link split across a name and the sentence', () => {
    for (const text of [...HOSTILE, `${LINK} and [a](https://x.test)`, `Tag "[x" ](command:foo)`]) {
      const message = notificationText(`Team root user 1 asks for your vote: Create private key tag "${text}".`);
      assert.deepEqual([...message.matchAll(NOTIFICATION_LINK)], [], message);
      assert.ok(!/[\u202E\u200B\n]/.test(message), `no hidden character in: ${message}`);
    }
    assert.equal(notificationText(LINK), LINK.replace('](', ']\\('), 'the name is still readable');
  });

  it('draws no icon in a quick pick or the status bar, and shows the text that was written', () => {
    for (const text of HOSTILE) assert.deepEqual(drawnIcons(pickText(text)), [], text);
    const label = pickText('$(verified) Audited USDC');
    // renderLabelWithIcons shows an escaped `\$(name)` as `$(name)`.
    assert.equal(
      label.replace(ICON, (match, escaped?: string) => (escaped ? match.slice(1) : match)),
      '$(verified) Audited USDC',
    );
  });

  it('in markdown: no syntax, no html, no icon, on one line, for every hostile text', () => {
    for (const text of HOSTILE) {
      const markdown = markdownText(text);
      assert.deepEqual(unescapedPunctuation(markdown), [], markdown);
      assert.deepEqual(iconsInMarkdown(markdown), [], markdown);
      assert.ok(!markdown.includes('\n'), markdown);
    }
    assert.equal(markdownText(LINK).replace(/\\(.)/g, '$1'), LINK, 'read back, it is the name');
  });

  it('in a markdown code span: no run of backticks in the text closes it', () => {
    for (const text of [...HOSTILE, '`', '``', 'x```y', '']) {
      const span = markdownCode(text);
      const fence = /^`+/.exec(span)?.[0] ?? '';
      assert.ok(span.endsWith(fence), span);
      const inner = span.slice(fence.length, span.length - fence.length);
      const runs = inner.match(/`+/g) ?? [];
      assert.ok(
        runs.every((run) => run.length !== fence.length),
        `a run as long as the fence would close it: ${span}`,
      );
      assert.ok(!inner.includes('\n'), span);
    }
    assert.equal(markdownCode(ABI_NAME), '``` a``[x](command:foo)![i](http://127.0.0.1/x.png)`` ```');
  });
});

describe('messages built from service text', () => {
  const tagActivity = (name: string): Pick<Activity, 'type' | 'intent'> => ({
    type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    intent: { createPrivateKeyTagIntent: { privateKeyTagName: name, privateKeyIds: [] } },
  });

  it('the inbox notification of a tag named with a command link shows the name and holds no link', () => {
    const notice = notificationText(awaitingNotice(tagActivity(LINK), 'Team root user 1', undefined));
    assert.deepEqual([...notice.matchAll(NOTIFICATION_LINK)], [], notice);
    assert.ok(notice.includes('[Review]'), notice);
  });

  it("the inbox notification makes a submitter's and a tag's hidden characters visible", () => {
    const notice = notificationText(awaitingNotice(tagActivity('pay\u202Eevil\nnext'), 'Mall\u200Bory', undefined));
    assert.ok(notice.includes('pay\\u202Eevil\\nnext'), notice);
    assert.ok(notice.includes('Mall\\u200Bory'), notice);
    assert.equal(activityTitle(tagActivity('\u202Ex')), 'Create private key tag "\\u202Ex"');
  });

  it('the vote dialog shows names, keys and the signing key as text, one line each', () => {
    const data = {
      name: 'Team\u202E',
      users: [{ userId: 'user-1', userName: 'Eve\nSubmitted by: Alice' }],
      privateKeys: [],
      tags: [],
      rootQuorum: { threshold: 2 },
    } as unknown as OrganizationData;
    const activity = {
      id: 'activity-1',
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      intent: {
        signRawPayloadIntentV2: {
          signWith: `${LINK}\n`,
          payload: 'hi\u202E',
          encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        },
      },
      votes: [{ userId: 'user-1', selection: 'VOTE_SELECTION_APPROVED' }],
    } as unknown as Activity;
    const detail = readableVoteDetail('approve', 'fp', 'org-1', activity, organizationNames(data));
    const lines = detail.split('\n');
    assert.ok(lines.includes('Submitted by: Eve\\nSubmitted by: Alice'), detail);
    assert.ok(
      lines.some((line) => line.includes(`Signs with: ${LINK}\\n`)),
      detail,
    );
    assert.ok(!/[\u202E]/.test(detail), detail);
    assert.ok(detail.includes('Team\\u202E (org-1)'), detail);
  });
});

describe('the review page, built from service text', () => {
  it("shows a payload's and a voter's hidden characters as text, each cell isolated", () => {
    const activity = activitySchema.parse({
      id: 'act-1',
      organizationId: 'org-1',
      status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      intent: {
        signRawPayloadIntentV2: {
          signWith: 'key-1',
          payload: 'Pay\u202Eevil\nnow',
          encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        },
      },
      votes: [{ userId: 'user-1', selection: 'VOTE_SELECTION_APPROVED', user: { userName: 'Eve\u200B' } }],
      fingerprint: 'sha256:abc',
    });
    const model = buildReviewModel({
      activity,
      names: undefined,
      interfaces: [],
      decode: { transaction: decodeEthereumTransaction, payload: decodeRawPayload },
    });
    const html = reviewPageMarkup(model);
    assert.ok(!/[\u202E\u200B]/.test(html), 'no hidden character reaches the page');
    assert.ok(html.includes('<bdi>Pay\\u202Eevil\\nnow'), 'the payload shows its override and newline');
    assert.ok(html.includes('Eve\\u200B'), 'the voter shows the zero-width space');
  });
});

describe('every surface goes through the text helpers', () => {
  const extension = path.join(repoRoot, 'src', 'extension');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(path.join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? [path.join(dir, entry.name)]
          : [],
    );
  const uses = (pattern: RegExp) =>
    files(extension)
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(extension, file).split(path.sep).join('/'))
      .sort();

  it('makes MarkdownStrings in one place, never trusted, never with html', () => {
    assert.deepEqual(uses(/new vscode\.MarkdownString\(/), ['ui/markdown.ts']);
    assert.deepEqual(uses(/isTrusted\s*[=:]\s*(true|\{)|supportHtml\s*[=:]\s*true/), []);
  });

  it('shows notifications in one place, which breaks links; quick picks in one place, which escapes icons', () => {
    assert.deepEqual(uses(/\.show(Information|Error)Message\(/), ['ui/notifications.ts']);
    assert.deepEqual(uses(/\.showWarningMessage\(/), ['ui/modalDialogs.ts', 'ui/notifications.ts']);
    assert.deepEqual(uses(/\.(showQuickPick|createQuickPick)\(/), ['ui/prompts.ts']);
  });

  it('the rules above can fail: they find a call where it is', () => {
    assert.ok(uses(/\.showWarningMessage\(/).length > 0);
    assert.ok(uses(/new vscode\.MarkdownString\(/).length > 0);
  });
});
