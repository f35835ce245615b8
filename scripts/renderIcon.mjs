// @ts-check
// Renders media/icon.svg to media/icon.png (128×128, the Marketplace icon) with a headless Chromium.
// Usage: node scripts/renderIcon.mjs [path to chromium]  (default: $CHROMIUM_PATH or /usr/bin/chromium)
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs } from './codeServer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'media', 'icon.svg');
const target = path.join(root, 'media', 'icon.png');
const executablePath = process.argv[2] ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SIZE = 128;

const svg = await readFile(source, 'utf8');
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: chromiumArgs,
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  await page.setContent(
    `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}svg{display:block;width:${SIZE}px;height:${SIZE}px}</style></head><body>${svg}</body></html>`,
  );
  const png = await page.locator('svg').screenshot({ omitBackground: true });
  await writeFile(target, png);
  console.log(`${path.relative(root, target)}: ${png.length} bytes, ${SIZE}×${SIZE}`);
} finally {
  await browser.close();
}
