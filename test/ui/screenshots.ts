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
