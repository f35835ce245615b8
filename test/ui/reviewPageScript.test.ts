// The review page's script (dist/webview/review.js, as packaged) in headless Chromium, with the extension played
// by this test: what VS Code's webview gives the script (acquireVsCodeApi, messages on `window`) and nothing else.
// It proves what a page left open relies on: a new model redraws in place (same elements, scroll, focus and
// selection kept), "N minutes ago" is kept current by the page alone, and a teammate's text stays text.
//
//   npx tsc -p . && node esbuild.mjs && npx mocha out/test/ui/reviewPageScript.test.js
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type {
  PageMessage,
  ReviewModel,
  ReviewPageState,
  ReviewViewMessage,
} from '../../src/extension/review/reviewMessages';
import { repoRoot } from '../support/fixtures';
import { PAGE_WORDS } from '../support/viewMarkup';
import { loadCodeServer } from './harness';
import { saveScreenshot } from './screenshots';

const SCRIPT = path.join(repoRoot, 'dist', 'webview', 'review.js');
const START = Date.UTC(2026, 10, 22, 12, 0, 0);
const STATE: ReviewPageState = { activityId: 'act-1', organizationId: 'org-1', profileId: 'local-sandbox.org-1.u' };

// The code run in the page is written as text: the tests compile without the DOM library, as Node code.

/** What the page posted to the extension so far. */
const posted = (page: Page) => page.evaluate<PageMessage[]>('window.posted');

/** A signing activity waiting for votes, long enough to scroll: one vote so far, or `votes` of them. */
function pending(votes = 1, completed = false): ReviewModel {
  const rows = Array.from({ length: 30 }, (_, i) => ({ label: `Field ${i + 1}`, value: `value ${i + 1}` }));
  return {
    activityId: 'act-1',
    organizationId: 'org-1',
    title: 'Sign transaction',
    statusLabel: completed ? 'Completed' : 'Consensus needed',
    awaitingVote: !completed,
    summary: [
      { label: 'Submitted', value: new Date(START - 30_000).toISOString(), timeMs: START - 30_000 },
      { label: 'Activity ID', value: 'act-1', code: true },
    ],
    risks: [],
    votes: Array.from({ length: votes }, (_, i) => ({
      who: `Team root user ${i + 2}`,
      selection: 'approved',
      approved: true,
    })),
    progress: completed ? '2 of 2 approvals: it ran.' : `${votes} of 3 approvals`,
    sections: [
      { id: 'transaction', heading: 'Transaction', rows, notes: [], actions: [] },
      { id: 'intent', heading: 'Intent', rows: [{ label: 'Signs with', value: 'key-1' }], notes: [], actions: [] },
    ],
    actions: [
      ...(completed
        ? []
        : [
            { id: 'approve' as const, label: 'Approve…', primary: true },
            { id: 'reject' as const, label: 'Reject…', primary: false },
          ]),
      { id: 'openJson', label: 'Open as JSON', primary: false },
    ],
    registerAddress: undefined,
  };
}

async function post(page: Page, model: ReviewModel): Promise<void> {
  const message: ReviewViewMessage = { type: 'view', view: { kind: 'review', model }, words: PAGE_WORDS, locale: 'en' };
  await page.evaluate(`window.postMessage(${JSON.stringify(message)}, '*')`);
}

describe('the review page script, in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser | undefined;
  let page: Page;

  before(async () => {
    assert.ok(existsSync(SCRIPT), `${SCRIPT} is built by esbuild.mjs`);
    browser = await (await loadCodeServer()).launchChromium();
  });

  after(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    assert.ok(browser);
    page = await browser.newPage({ viewport: { width: 700, height: 400 } });
    await page.clock.install({ time: START });
    await page.setContent(
      `<!DOCTYPE html><html><head><title>Review</title></head>` +
        `<body data-state="${JSON.stringify(STATE).replace(/"/g, '&quot;')}"><div id="root"></div></body></html>`,
    );
    // What VS Code gives a webview's script: here it records what the page posts and keeps.
    await page.evaluate(`
      window.posted = [];
      window.acquireVsCodeApi = () => ({
        postMessage: (message) => window.posted.push(message),
        setState: (state) => { window.kept = state; },
      });`);
    await page.addScriptTag({ content: readFileSync(SCRIPT, 'utf8') });
  });

  afterEach(async () => {
    await page.close();
  });

  it('keeps its ids with setState and says ready, and asks for nothing else', async () => {
    assert.deepEqual(await page.evaluate('window.kept'), STATE);
    assert.deepEqual(await posted(page), [{ type: 'ready' }]);
  });

  it('redraws a new model in place: the same elements, the scroll position, the focused button and the selection', async () => {
    await post(page, pending(1));
    await page.locator('td', { hasText: 'value 20' }).waitFor();
    const before = await page.evaluate<{ scrollY: number; height: number }>(`(() => {
      const cell = [...document.querySelectorAll('td')].find((td) => td.textContent === 'value 20');
      cell.mark = 'kept';
      document.querySelector('button[data-action="openJson"]').focus({ preventScroll: true });
      const range = document.createRange();
      range.selectNodeContents(cell);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      window.scrollTo(0, 300);
      return { scrollY: window.scrollY, height: document.documentElement.scrollHeight };
    })()`);
    assert.ok(before.height > 400 && before.scrollY === 300, `the page scrolls: ${JSON.stringify(before)}`);

    // A teammate votes: one vote more. Then the activity runs: its vote buttons go.
    await post(page, pending(2));
    await page.locator('li', { hasText: 'Team root user 3: approved' }).waitFor();
    await post(page, pending(2, true));
    await page.locator('.status', { hasText: 'Completed' }).waitFor();

    const after = await page.evaluate(`(() => {
      const cell = [...document.querySelectorAll('td')].find((td) => td.textContent === 'value 20');
      return {
        scrollY: window.scrollY,
        focused: document.activeElement?.getAttribute('data-action'),
        selection: getSelection().toString(),
        sameCell: cell?.mark === 'kept',
        buttons: [...document.querySelectorAll('button')].map((b) => b.getAttribute('data-action')),
      };
    })()`);
    assert.deepEqual(after, {
      scrollY: 300,
      focused: 'openJson',
      selection: 'value 20',
      sameCell: true,
      buttons: ['openJson'],
    });
  });

  it('keeps "N minutes ago" current by itself, without a new model or a message to the extension', async () => {
    await post(page, pending(1));
    const submitted = page.locator('time');
    await submitted.filter({ hasText: /^now$/ }).waitFor();
    await page.clock.runFor(30_000);
    await submitted.filter({ hasText: /^1 minute ago$/ }).waitFor();
    await page.clock.runFor(60 * 60_000);
    await submitted.filter({ hasText: /^1 hour ago$/ }).waitFor();
    assert.deepEqual(await posted(page), [{ type: 'ready' }]);
  });

  it("shows a teammate's text as text: no markup, hidden characters written out, isolated in a <bdi>", async () => {
    const hostile = '<img src=x onerror="document.title=\'owned\'">\u202Egnp.exe';
    const model = pending(1);
    await post(page, { ...model, votes: [{ who: hostile, selection: 'approved', approved: true }] });
    const vote = page.locator('ul.votes li');
    await vote.waitFor();
    assert.equal(await page.locator('img').count(), 0, 'no element made from the text');
    assert.equal(
      await vote.locator('bdi').textContent(),
      '<img src=x onerror="document.title=\'owned\'">\\u202Egnp.exe',
    );
    assert.notEqual(await page.title(), 'owned');
  });

  it('posts the action of a button it shows, and the extension alone decides what it does', async () => {
    await post(page, pending(1));
    await page.locator('button[data-action="approve"]').click();
    await page.waitForFunction('window.posted.length === 2');
    assert.deepEqual(await posted(page), [{ type: 'ready' }, { type: 'action', action: 'approve' }]);
  });

  it('wraps its buttons in a narrow column instead of running past the edge', async () => {
    await page.addStyleTag({ content: readFileSync(path.join(repoRoot, 'media', 'review', 'review.css'), 'utf8') });
    await page.setViewportSize({ width: 240, height: 400 });
    await post(page, pending(1));
    const buttons = page.locator('.actions button');
    await buttons.first().waitFor();
    const layout = await page.evaluate<{
      overflow: number;
      rows: number;
      widest: number;
      room: number;
      past: string[];
    }>(`(() => {
      const boxes = [...document.querySelectorAll('.actions button')].map((b) => b.getBoundingClientRect());
      return {
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        rows: new Set(boxes.map((b) => Math.round(b.top))).size,
        widest: Math.max(...boxes.map((b) => b.right)),
        room: document.documentElement.clientWidth,
        past: [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
          .map((e) => e.tagName + '.' + e.className)
          .slice(0, 5),
      };
    })()`);
    await saveScreenshot(page, 'review-narrow.png');
    assert.ok(layout.widest <= layout.room, `every button within the column: ${JSON.stringify(layout)}`);
    assert.ok(layout.rows > 1, `the buttons take more than one row: ${JSON.stringify(layout)}`);
    assert.equal(layout.overflow, 0, `nothing runs past the edge: ${JSON.stringify(layout)}`);
  });
});
