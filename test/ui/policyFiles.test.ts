// A policy file in a real workbench: the packaged .vsix in code-server, the local sandbox started from the palette,
// Treasury's root user's profile (its organization holds the sample token's interface), and a `*.policy.json` of the
// ERC-20 transfer under a cap being written. Completion after `contract_call_args['` lists the arguments of
// `transfer`; a tag's name where its id is needed is underlined, and its quick fix puts the id. Saves the README's
// screenshots of both.
//
//   npx tsc -p . && node esbuild.mjs && npx mocha out/test/ui/policyFiles.test.js
//   UPDATE_SCREENSHOTS=1 …   also writes them to media/screenshots/ (otherwise only test-results/ui/)
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SAMPLE_TOKEN_ADDRESS } from '../../src/api/sampleToken';
import { useCodeServer } from './harness';
import { screenshotWithoutHover as screenshot } from './screenshots';
import {
  answerInputBox,
  clearNotifications,
  notification,
  pickFromQuickPick,
  runFromPalette,
  switchProfile,
  openFile,
} from './workbench';
import { printLogTail } from './workbenchLogs';

const FILE = 'token-cap.policy.json';
/** A policy written whole, to try against an activity named by its ID. */
const TRIED = 'root-approves.policy.json';
const CONDITION = `eth.tx.to == '${SAMPLE_TOKEN_ADDRESS}' && eth.tx.function_name == 'transfer' && eth.tx.contract_call_args['`;
const CONSENSUS = "approvers.any(u, u.tags.contains('finance'))";
/** The file as a developer has it halfway: the condition stops where the argument's name goes. */
const TEXT = `${JSON.stringify(
  {
    policyName: 'Sample token transfers below the cap',
    effect: 'EFFECT_ALLOW',
    consensus: CONSENSUS,
    condition: CONDITION,
    notes: 'One finance approver is enough for a transfer of the sample token below 1000 tokens.',
  },
  null,
  2,
)}\n`;

/** Line and column (1-based, as Go to Line takes them) right after the first `marker` in the file. */
function after(marker: string): string {
  const offset = TEXT.indexOf(marker);
  assert.ok(offset >= 0, `${marker} is in the file`);
  const lines = TEXT.slice(0, offset + marker.length).split('\n');
  return `${lines.length}:${(lines.at(-1) ?? '').length + 1}`;
}

/** Moves the cursor of the active editor with Go to Line/Column. */
async function goTo(page: Page, lineColumn: string): Promise<void> {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor();
  await input.fill(`:${lineColumn}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  const [line, column] = lineColumn.split(':');
  await page
    .locator('.statusbar-item', { hasText: `Ln ${line}, Col ${column}` })
    .first()
    .waitFor();
}

describe('a policy file in a real workbench', function () {
  this.timeout(120_000);
  this.bail(true);

  const fixture = useCodeServer('policy', { onFailure: printLogTail });
  let page: Page;

  it('installs the package, opens the project and starts the local sandbox as Treasury', async function () {
    this.timeout(300_000);
    ({ page } = await fixture.openPackagedWorkbench({
      viewport: { width: 1520, height: 640 },
      files: {
        [`policies/${FILE}`]: TEXT,
        [`policies/${TRIED}`]: `${JSON.stringify({ policyName: 'Root approves', effect: 'EFFECT_ALLOW', consensus: 'approvers.count() >= 1', notes: 'Any one approval.' }, null, 2)}\n`,
      },
    }));
    await switchProfile(page, 'Local sandbox · Treasury (Treasury root user)');
    await clearNotifications(page);
  });

  it("completes the argument names of transfer after contract_call_args[', from the registered interface", async () => {
    await openFile(page, `policies/${FILE}`);
    // The side bar would push the end of the long condition out of sight.
    await runFromPalette(page, 'View: Close Primary Side Bar');
    await page.locator('.part.sidebar').waitFor({ state: 'hidden' });
    // The organization has been read once the tag's name is flagged: completion then knows the interface.
    await page.locator('.editor-group-container .squiggly-warning').first().waitFor({ timeout: 30_000 });

    await goTo(page, after("contract_call_args['"));
    await page.keyboard.press('Control+Space');
    const suggest = page.locator('.editor-widget.suggest-widget');
    await suggest.waitFor();
    const rows = suggest.locator('.monaco-list-row');
    await rows
      .filter({ hasText: /^amount/ })
      .first()
      .waitFor();
    await rows.filter({ hasText: /^to/ }).first().waitFor();
    // transfer(to, amount) of the sample token's interface, and nothing else: no other function's arguments.
    const labels = (await suggest.locator('.monaco-list-row .label-name').allInnerTexts()).map((s) => s.trim());
    assert.deepEqual(labels.sort(), ['amount', 'to']);
    await rows.filter({ hasText: 'transfer(address,uint256)' }).first().waitFor();
    await screenshot(page, 'policy-completion.png');
    await page.keyboard.press('Escape');
    await suggest.waitFor({ state: 'hidden' });
  });

  it("flags a tag's name where its id is needed, and its quick fix puts the id", async () => {
    await goTo(page, after("contains('fin"));
    await runFromPalette(page, 'Quick Fix...');
    const fix = page.locator('.action-widget .monaco-list-row', { hasText: "Use the id of 'finance'" }).first();
    await fix.waitFor();
    await screenshot(page, 'policy-quick-fix.png');
    await page.locator('.action-widget .monaco-list-row.focused', { hasText: "Use the id of 'finance'" }).waitFor();
    await page.keyboard.press('Enter');
    await fix.waitFor({ state: 'hidden' });
    const lines = page.locator('.editor-group-container .view-lines');
    await lines.filter({ hasText: /u\.tags\.contains\('[0-9a-f-]{36}'\)/ }).waitFor();
    assert.doesNotMatch(await lines.innerText(), /contains\('finance'\)/);
  });

  it('tries a policy against an activity named by its ID, and says plainly when there is none', async () => {
    await openFile(page, `policies/${TRIED}`);
    await clearNotifications(page);
    await runFromPalette(page, 'Countersign: Evaluate Policy Against Activity…');
    // The first row (Paste a transaction) is the active one: typing narrows the pick to the row wanted.
    await page.locator('.quick-input-widget input[type="text"]').fill('Another activity');
    await pickFromQuickPick(page, 'Another activity, by its ID…');
    await answerInputBox(page, 'Evaluate against an activity', '00000000-0000-4000-8000-000000000000');
    // The service's own words: what was looked for, and where.
    await notification(page, /no activity with ID 00000000-0000-4000-8000-000000000000 in this organization/);
  });
});
