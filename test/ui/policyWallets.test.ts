// A policy file that names a wallet, in a real workbench: the packaged .vsix in code-server, the local sandbox
// started from the palette with two wallets made in Treasury (through the sandbox's API, as a teammate would), and
// Treasury's root user's profile. Typing `wallet.id == '` in the condition opens the completion list with the
// wallets by their names. Saves the README's screenshot of it.
//
//   npx tsc -p . && node esbuild.mjs && npx mocha out/test/ui/policyWallets.test.js
//   UPDATE_SCREENSHOTS=1 …   also writes it to media/screenshots/ (otherwise only test-results/ui/)
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ethereumAccount, solanaAccount } from '../support/walletFixtures';
import { useCodeServer } from './harness';
import { sandboxClient } from './reviewPageProbe';
import { screenshotWithoutHover as screenshot } from './screenshots';
import { clearNotifications, runFromPalette, switchProfile, openFile } from './workbench';
import { printLogTail } from './workbenchLogs';

const FILE = 'cold-wallet.policy.json';
/** Where the wallet's id goes: typed after this, at the end of the condition. */
const TYPED_AFTER = "activity.action == 'SIGN' && ";
const TEXT = `${JSON.stringify(
  {
    policyName: 'Finance signs with the cold wallet',
    effect: 'EFFECT_ALLOW',
    consensus: 'approvers.count() >= 2',
    condition: TYPED_AFTER,
    notes: 'Two approvals for any signing with the cold wallet.',
  },
  null,
  2,
)}\n`;
const WALLETS = ['Treasury cold', 'Treasury hot'] as const;

describe('a policy file naming a wallet, in a real workbench', function () {
  this.timeout(120_000);
  this.bail(true);

  const fixture = useCodeServer('policy-wallets', { onFailure: printLogTail });
  let page: Page;

  it('installs the package, starts the local sandbox, makes two wallets in Treasury and becomes its root user', async function () {
    this.timeout(300_000);
    ({ page } = await fixture.openPackagedWorkbench({
      viewport: { width: 1280, height: 560 },
      files: { [`policies/${FILE}`]: TEXT },
    }));

    const { client, organizationId } = sandboxClient(fixture.scratch.userDataDir, 'Treasury', 0);
    try {
      // Treasury's seeds may hold them already: made only when missing.
      const seeded = new Set((await client.listWallets({ organizationId })).map((w) => w.walletName));
      for (const [walletName, accounts] of [
        [WALLETS[0], [ethereumAccount(0), ethereumAccount(1)]],
        [WALLETS[1], [ethereumAccount(0), solanaAccount(0)]],
      ] as const) {
        if (seeded.has(walletName)) continue;
        const made = await client.createWallet({ organizationId, parameters: { walletName, accounts: [...accounts] } });
        assert.equal(made.status, 'ACTIVITY_STATUS_COMPLETED', walletName);
      }
    } finally {
      await client.close();
    }
    await switchProfile(page, 'Local sandbox · Treasury (Treasury root user)');
    await clearNotifications(page);
  });

  it("offers the organization's wallets by their names after wallet.id == '", async () => {
    await openFile(page, `policies/${FILE}`);
    await runFromPalette(page, 'View: Close Primary Side Bar');
    await page.locator('.part.sidebar').waitFor({ state: 'hidden' });

    // The cursor at the end of the condition: found, then the selection collapsed to its end.
    await page.keyboard.press('Control+F');
    const find = page.locator('.find-widget textarea, .find-widget input').first();
    await find.waitFor();
    await find.fill(TYPED_AFTER);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.locator('.find-widget.visible').waitFor({ state: 'hidden' });
    await page.keyboard.press('ArrowRight');

    await page.keyboard.type("wallet.id == '");
    const suggest = page.locator('.editor-widget.suggest-widget');
    const rows = suggest.locator('.monaco-list-row');
    // The organization may still be being read when the quote is typed: the list is asked for again until it knows.
    for (let attempt = 0; ; attempt++) {
      const shown = await rows
        .filter({ hasText: WALLETS[0] })
        .first()
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (shown) break;
      assert.ok(attempt < 6, 'the wallets were offered');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Space');
    }
    const labels = (await suggest.locator('.monaco-list-row .label-name').allInnerTexts()).map((s) => s.trim());
    assert.deepEqual(labels, WALLETS);
    await screenshot(page, 'policy-wallet-completion.png');

    await page.keyboard.press('Enter');
    await suggest.waitFor({ state: 'hidden' });
    const lines = page.locator('.editor-group-container .view-lines');
    await lines.filter({ hasText: /wallet\.id\s==\s'[0-9a-f-]{36}'/ }).waitFor();
  });
});
