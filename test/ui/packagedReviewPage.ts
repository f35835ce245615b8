// The review page as packaged (its script and stylesheet), in a page of headless Chromium, shown a model the way the
// extension posts one, under a dark theme's colours. What the page posts back is kept in `window.posted`.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { ReviewModel, ReviewViewMessage } from '../../src/extension/review/reviewMessages';
import { repoRoot } from '../support/fixtures';
import { PAGE_WORDS } from '../support/viewMarkup';
import { loadCodeServer } from './harness';

export const REVIEW_SCRIPT = path.join(repoRoot, 'dist', 'webview', 'review.js');
const STYLE = path.join(repoRoot, 'media', 'review', 'review.css');
/** A dark theme's colours, for the variables the stylesheet reads (VS Code sets them in a webview). */
const THEME = `body {
  --vscode-foreground: #cccccc; --vscode-editor-background: #1f1f1f; --vscode-descriptionForeground: #9d9d9d;
  --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px; --vscode-editor-font-family: monospace;
  --vscode-panel-border: #2b2b2b; --vscode-badge-foreground: #f8f8f8; --vscode-badge-background: #616161;
  --vscode-button-secondaryForeground: #cccccc; --vscode-button-secondaryBackground: #313131;
  --vscode-button-foreground: #ffffff; --vscode-button-background: #0078d4;
  --vscode-editorWarning-foreground: #cca700; --vscode-testing-iconPassed: #73c991;
  --vscode-editor-findMatchHighlightBackground: #623315; --vscode-diffEditor-insertedTextBackground: #37373d;
  --vscode-editorInlayHint-foreground: #969696;
}`;

/**
 * Chromium for the calling `describe`, once the packaged review script is there: launched before its first test,
 * closed after its last.
 */
export function useReviewPageBrowser(): { readonly browser: Browser } {
  let browser: Browser | undefined;
  before(async () => {
    assert.ok(existsSync(REVIEW_SCRIPT), `${REVIEW_SCRIPT} is built by esbuild.mjs`);
    browser = await (await loadCodeServer()).launchChromium();
  });
  after(async () => {
    await browser?.close();
  });
  return {
    get browser(): Browser {
      assert.ok(browser, 'Chromium is running');
      return browser;
    },
  };
}

/** The rows of a section's table of facts, label → value, as the page shows them. */
export async function factRows(page: Page, section: string): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  for (const row of await page.locator(`section#${section} table.facts tr`).all()) {
    rows.set((await row.locator('th').innerText()).trim(), (await row.locator('td').innerText()).trim());
  }
  return rows;
}

/** A new page of `browser` showing `model` as the review page would. */
export async function showReviewModel(browser: Browser, model: ReviewModel): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 900, height: 760 } });
  await page.setContent(
    `<!DOCTYPE html><html><head><title>Review</title><style>${THEME}</style>` +
      `<style>${readFileSync(STYLE, 'utf8')}</style></head><body><div id="root"></div></body></html>`,
  );
  await page.evaluate(`
    window.posted = [];
    window.acquireVsCodeApi = () => ({ postMessage: (m) => window.posted.push(m), setState: () => undefined });`);
  await page.addScriptTag({ content: readFileSync(REVIEW_SCRIPT, 'utf8') });
  const message: ReviewViewMessage = { type: 'view', view: { kind: 'review', model }, words: PAGE_WORDS, locale: 'en' };
  await page.evaluate(`window.postMessage(${JSON.stringify(message)}, '*')`);
  return page;
}
