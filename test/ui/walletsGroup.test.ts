// Create Wallet in a real workbench: the packaged .vsix in code-server, the local sandbox started from the palette,
// then "Countersign: Create Wallet…" run from the palette and answered as a user answers it (a name, the Ethereum
// preset, three accounts), and the new wallet with its accounts in the Organization view's "Wallets" group, an
// account's hover open. Saves the README's screenshot of it.
//
//   npx tsc -p . && node esbuild.mjs && npx mocha --timeout 120000 out/test/ui/walletsGroup.test.js
//   UPDATE_SCREENSHOTS=1 …   also writes it to media/screenshots/ (otherwise only test-results/ui/)
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useCodeServer } from './harness';
import { saveScreenshot } from './screenshots';
import {
  answerInputBox,
  clearNotifications,
  notified,
  pane,
  pickFromQuickPick,
  runFromPalette,
  setExpanded,
  treeItem,
} from './workbench';

describe('Create Wallet from the palette to the Wallets group, in a real workbench', function () {
  this.timeout(120_000);
  this.bail(true);

  const fixture = useCodeServer('wallets');
  let page: Page;

  it('installs the package and starts the local sandbox from the palette', async function () {
    this.timeout(300_000);
    ({ page } = await fixture.openPackagedWorkbench({
      viewport: { width: 1360, height: 820 },
      sideBarWidth: 760,
      showCountersign: true,
    }));
    await clearNotifications(page);
  });

  it('creates a wallet of three Ethereum accounts from the palette and shows them, and saves the screenshot', async () => {
    const organization = pane(page, 'Organization');
    // Demo's seeded wallet is closed, so that the new wallet's accounts are the only ones shown.
    await setExpanded(treeItem(organization, /^Demo wallet 3 accounts/), false);

    await runFromPalette(page, 'Countersign: Create Wallet…');
    await answerInputBox(page, 'Wallet name', 'Treasury cold');
    await pickFromQuickPick(page, /^Ethereum/);
    const proposed = await answerInputBox(page, 'How many Ethereum accounts', '3');
    assert.equal(proposed, '1', 'one account is proposed');
    await notified(page, 'Wallet "Treasury cold" created with 3 Ethereum accounts.');

    await treeItem(organization, /^Treasury cold 3 accounts/).waitFor();
    const accounts = [0, 1, 2].map((i) => treeItem(organization, new RegExp(`^account ${i} 0x[0-9a-fA-F]{6}…`)));
    for (const account of accounts) await account.waitFor();

    // The groups this picture is not about are closed, so that the wallet shows beside its neighbours.
    for (const group of [/^Smart contract interfaces/, /^Private keys/, /^Private key tags/, /^Policies/, /^Users/])
      await setExpanded(treeItem(organization, group), false);
    await clearNotifications(page);

    // The hover of the first account: its address, path, curve and format, as the service gave them.
    const first = accounts[0];
    assert.ok(first);
    await first.hover();
    const hover = page.locator('.monaco-hover, .workbench-hover-container').filter({ hasText: "m/44'/60'/0'/0/0" });
    await hover.first().waitFor({ timeout: 15_000 });
    assert.match((await hover.first().innerText()).replace(/\s+/g, ' '), /Curve: secp256k1 Format: ethereum/);
    await saveScreenshot(page, 'wallets-group.png');
  });
});
