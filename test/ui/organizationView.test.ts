// The Organization view of an organization governed by policies, in a real workbench: the packaged .vsix in
// code-server, the local sandbox started from the palette, Treasury's root user's profile, and its "Policies" and
// users (with their tags by name) expanded. Saves the README's screenshot of them.
//
//   npx tsc -p . && node esbuild.mjs && npx mocha out/test/ui/organizationView.test.js
//   UPDATE_SCREENSHOTS=1 …   also writes it to media/screenshots/ (otherwise only test-results/ui/)
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../support/fixtures';
import {
  loadCodeServer,
  type CodeServerInstall,
  type CodeServerModule,
  type RunningCodeServer,
  type Scratch,
} from './harness';
import {
  clearNotifications,
  notification,
  pane,
  runFromPalette,
  setExpanded,
  showContainer,
  treeItem,
  waitForWorkbench,
  widenSideBar,
} from './workbench';
import { resultsDir, saveScreenshot } from './screenshots';

const execFileAsync = promisify(execFile);

describe("the Organization view's policies and users in a real workbench", function () {
  this.timeout(120_000);
  this.bail(true);

  let codeServer: CodeServerModule;
  let install: CodeServerInstall;
  let scratch: Scratch;
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;

  before(async () => {
    codeServer = await loadCodeServer();
    install = codeServer.requireCodeServer();
    scratch = codeServer.makeScratch('countersign-organization-');
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && browser) {
      mkdirSync(resultsDir, { recursive: true });
      await page.screenshot({ path: path.join(resultsDir, 'organization-failed.png') }).catch(() => undefined);
    }
  });

  after(async function () {
    this.timeout(30_000);
    await browser?.close().catch(() => undefined);
    await server?.stop();
    scratch?.dispose();
  });

  it('installs the package and starts the local sandbox from the palette', async function () {
    this.timeout(300_000);
    const vsix = path.join(scratch.root, 'countersign.vsix');
    await execFileAsync(
      path.join(repoRoot, 'node_modules', '.bin', 'vsce'),
      ['package', '--no-dependencies', '-o', vsix],
      {
        cwd: repoRoot,
      },
    );
    await codeServer.runCodeServerCli(install, scratch, ['--install-extension', vsix]);
    const folder = codeServer.copyFixtureWorkspace(path.join(scratch.root, 'workspace'));
    const port = await codeServer.freePort();
    server = codeServer.startCodeServer(install, scratch, { port, folder });
    await codeServer.waitForHealthz(server);
    browser = await codeServer.launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
    page.setDefaultTimeout(20_000);
    await page.goto(codeServer.workbenchUrl(port, folder), { timeout: 90_000 });
    await waitForWorkbench(page);
    await widenSideBar(page, 760);
    await page.getByRole('tab', { name: /^Countersign/ }).waitFor({ timeout: 60_000 });
    await showContainer(page, 'Countersign');
    await runFromPalette(page, 'Countersign: Start Local Sandbox');
    await notification(page, /local sandbox runs at http:\/\/127\.0\.0\.1:\d+/i);
    await clearNotifications(page);
  });

  it("shows Treasury's policies in words and its users with their tags, and saves the screenshot", async () => {
    await runFromPalette(page, 'Countersign: Switch Profile');
    const profile = 'Local sandbox · Treasury (Treasury root user)';
    const input = page.locator('.quick-input-widget input[type="text"]');
    await input.fill(profile);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: profile }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });

    const organization = pane(page, 'Organization');
    // The view has drawn Treasury (not the profile before it) before any row is clicked.
    await treeItem(organization, /^Policies 6/).waitFor();
    // The groups this picture is not about are closed, so that Policies and Users fit.
    for (const group of [/^Smart contract interfaces/, /^Wallets/, /^Private keys/, /^Private key tags/])
      await setExpanded(treeItem(organization, group), false);
    await setExpanded(treeItem(organization, /^Policies/), true);
    await setExpanded(treeItem(organization, /^Users and passkeys/), true);
    await treeItem(
      organization,
      /^Large transfers need two finance approvals Allows when 2 approvers tagged finance approve/,
    ).waitFor();
    await treeItem(
      organization,
      /^Developer transfers below the cap Allows when Treasury developer approves/,
    ).waitFor();
    await treeItem(
      organization,
      /^Hot keys sign only for registered contracts Denies whenever its condition holds/,
    ).waitFor();
    await treeItem(organization, /^Treasury approver 1 finance · no passkey/).waitFor();
    await treeItem(organization, /^Treasury approver 2 finance · no passkey/).waitFor();

    // A hover left by the last click would cover the tree: park the mouse on the title bar and let it fade.
    await page.mouse.move(680, 2);
    await page
      .locator('.monaco-hover, .workbench-hover-container')
      .first()
      .waitFor({ state: 'hidden', timeout: 3000 })
      .catch(() => undefined);
    await saveScreenshot(page, 'organization-policies.png');
  });
});
