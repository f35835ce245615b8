// Where the UI tests put their screenshots: test-results/ui/ always, and media/screenshots/ (the README's) too when
// UPDATE_SCREENSHOTS=1.
import { copyFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../support/fixtures';

export const resultsDir = path.join(repoRoot, 'test-results', 'ui');

/** Saves what `page` shows as `name` under test-results/ui/, and into media/screenshots/ with UPDATE_SCREENSHOTS=1. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, name);
  await page.screenshot({ path: file });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    const media = path.join(repoRoot, 'media', 'screenshots');
    mkdirSync(media, { recursive: true });
    copyFileSync(file, path.join(media, name));
  }
}

/** Moves the mouse onto the empty title bar and lets a hover left by the last click fade: it would cover the view. */
export async function parkMouse(page: Page): Promise<void> {
  await page.mouse.move((page.viewportSize()?.width ?? 1200) / 2, 2);
  await page
    .locator('.monaco-hover, .workbench-hover-container')
    .first()
    .waitFor({ state: 'hidden', timeout: 3000 })
    .catch(() => undefined);
}

/** A screenshot of the workbench for the README, with no hover over it (see saveScreenshot for where it goes). */
export async function screenshotWithoutHover(page: Page, name: string): Promise<void> {
  await parkMouse(page);
  // The hover's fade-out animation outlives its element's hidden state by a moment.
  await page.waitForTimeout(300);
  await saveScreenshot(page, name);
}
