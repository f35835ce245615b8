// The packaged .vsix in a real VS Code workbench (code-server, headless Chromium), used as a person would:
// install it, open a Hardhat-like project, start the local sandbox from the command palette, register an ABI from
// the Explorer's context menu, and find the result in the views. Saves the README's screenshots.
//
//   npx tsc -p . && npx mocha out/test/ui/createInterface.test.js
//   UPDATE_SCREENSHOTS=1 …   also writes them to media/screenshots/ (otherwise only test-results/ui/)
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { repoRoot } from '../support/fixtures';
import {
  loadCodeServer,
  loadSecretScan,
  type CodeServerInstall,
  type CodeServerModule,
  type RunningCodeServer,
  type Scratch,
  type SecretScanModule,
} from './harness';
import { focusedAction, sandboxClient, topRow, type PageRoot } from './reviewPageProbe';
import { listVsixFiles } from './vsixContents';
import {
  answerInputBox,
  chooseFromContextMenu,
  clearNotifications,
  notification,
  pane,
  pickFromQuickPick,
  runFromPalette,
  showContainer,
  treeItem,
  waitForWorkbench,
  widenSideBar,
} from './workbench';
import { resultsDir, saveScreenshot } from './screenshots';

const execFileAsync = promisify(execFile);

/** EIP-55's own example: a valid checksummed address. */
const CONTRACT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const CREATE_TITLE = 'Create Smart Contract Interface from ABI';
const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  publisher: string;
  name: string;
  version: string;
  main: string;
};
const extensionId = `${manifest.publisher}.${manifest.name}`;

/** The bundle's entry and every chunk it reaches through its imports, as the .vsix names them. */
function bundleFilesReachedFrom(entry: string): string[] {
  const reached = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reached.has(file) || !existsSync(file)) continue;
    reached.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/["'](\.\.?\/[^"'\s]+\.m?js)["']/g)) {
      queue.push(path.resolve(path.dirname(file), match[1] ?? ''));
    }
  }
  return [...reached].map((file) => `extension/${path.relative(repoRoot, file).split(path.sep).join('/')}`);
}

/** Saves a screenshot under test-results/ui/, and into media/screenshots/ with UPDATE_SCREENSHOTS=1. */
async function screenshot(page: Page, name: string): Promise<void> {
  // A hover left by the last click would cover the tree: park the mouse on the empty title bar and let it fade.
  await page.mouse.move((page.viewportSize()?.width ?? 1200) / 2, 2);
  await page
    .locator('.monaco-hover, .workbench-hover-container')
    .first()
    .waitFor({ state: 'hidden', timeout: 3000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  await saveScreenshot(page, name);
}

/** The review page's content: a webview is an iframe whose document hosts the page in an inner iframe. */
function reviewFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/** Every `privateKey` value in the sandbox's credentials.json files under `dir`: what must never reach a log. */
function sandboxPrivateKeys(dir: string): string[] {
  const keys: string[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) {
        if (name === 'privateKey' && typeof inner === 'string') keys.push(inner);
        else collect(inner);
      }
    }
  };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'credentials.json') {
      collect(JSON.parse(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')));
    }
  }
  return keys;
}

/** The last entries of the extension's "Countersign" log (first lines only, not the JSON it prints), to explain a failed step. */
function countersignLogTail(userDataDir: string, count: number): string[] {
  const logsDir = path.join(userDataDir, 'logs');
  if (!existsSync(logsDir)) return [];
  const files = readdirSync(logsDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === 'Countersign.log')
    .map((entry) => path.join(entry.parentPath, entry.name));
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^\d{4}-\d\d-\d\d /.test(line))
      .slice(-count),
  );
}

describe('the packaged extension in a real VS Code workbench', function () {
  this.timeout(90_000);
  // Each step builds on the one before: after a failure the rest would only fail for the same reason.
  this.bail(true);

  let codeServer: CodeServerModule;
  let secretScan: SecretScanModule;
  let install: CodeServerInstall;
  let scratch: Scratch;
  let vsix: string;
  let folder: string;
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const serverOutput: string[] = [];

  before(async () => {
    codeServer = await loadCodeServer();
    secretScan = await loadSecretScan();
    install = codeServer.requireCodeServer();
    scratch = codeServer.makeScratch('countersign-ui-');
  });

  afterEach(async function () {
    // What the workbench showed when a step failed, for the report.
    if (this.currentTest?.state === 'failed' && browser) {
      mkdirSync(resultsDir, { recursive: true });
      await page.screenshot({ path: path.join(resultsDir, 'failed-step.png') }).catch(() => undefined);
      const toasts = await page
        .locator('.notification-toast')
        .allInnerTexts()
        .catch(() => []);
      if (toasts.length > 0) console.log(`      notifications: ${toasts.join(' | ')}`);
      for (const line of countersignLogTail(scratch.userDataDir, 20)) console.log(`      log: ${line}`);
    }
  });

  after(async function () {
    this.timeout(30_000);
    await browser?.close().catch(() => undefined);
    await server?.stop();
    scratch?.dispose();
  });

  it('packages into a .vsix that holds the bundle, icons, strings and docs, and nothing else', async function () {
    this.timeout(180_000);
    vsix = path.join(scratch.root, 'countersign.vsix');
    const vsce = path.join(repoRoot, 'node_modules', '.bin', 'vsce');
    const { stdout, stderr } = await execFileAsync(vsce, ['package', '--no-dependencies', '-o', vsix], {
      cwd: repoRoot,
    });
    assert.doesNotMatch(`${stdout}\n${stderr}`, /WARNING/, 'vsce warned while packaging');
    const files = listVsixFiles(vsix);
    assert.ok(files.includes(`extension/${path.posix.normalize(manifest.main)}`), 'the bundle is missing');
    assert.ok(
      files.some((name) => /^extension\/dist\/chunks\/.+\.mjs$/.test(name)),
      "the bundle's chunks are missing",
    );
    assert.ok(files.includes('extension/package.nls.json'), 'the manifest strings are missing');
    assert.ok(files.includes('extension/l10n/bundle.l10n.json'), 'the l10n bundle is missing');
    const unexpected = files.filter((name) =>
      /\.map$|\.ts$|^extension\/(src|test|scripts|node_modules|out)\//.test(name),
    );
    assert.deepEqual(unexpected, [], 'sources, maps or dependencies were packaged');
    // The exact list: what VS Code loads (the entry and the chunks it imports, no stale chunk of an older build),
    // the docs, and the manifest files vsce adds; nothing else.
    const walkthrough = readdirSync(path.join(repoRoot, 'media', 'walkthrough'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `extension/media/walkthrough/${name}`);
    assert.deepEqual(
      files,
      [
        '[Content_Types].xml',
        'extension.vsixmanifest',
        'extension/LICENSE.txt',
        'extension/changelog.md',
        ...bundleFilesReachedFrom(path.join(repoRoot, manifest.main)),
        // The local sandbox runs as a process of its own, from its own bundle.
        'extension/dist/sandbox.js',
        // The messages VS Code translates (package.json's "l10n").
        'extension/l10n/bundle.l10n.json',
        // The review page's script, bundled for the webview.
        'extension/dist/webview/review.js',
        'extension/media/countersign.svg',
        'extension/media/icon.png',
        // The JSON schema of policy files (package.json's "jsonValidation").
        'extension/media/policyFile.schema.json',
        'extension/media/review/review.css',
        ...walkthrough,
        'extension/package.json',
        'extension/package.nls.json',
        'extension/readme.md',
      ].sort(),
    );
  });

  it('installs with code-server --install-extension', async () => {
    await codeServer.runCodeServerCli(install, scratch, ['--install-extension', vsix]);
    const listed = await codeServer.runCodeServerCli(install, scratch, ['--list-extensions', '--show-versions']);
    assert.match(
      listed,
      new RegExp(`^${extensionId.replace('.', '\\.')}@${manifest.version.replace(/\./g, '\\.')}$`, 'm'),
    );
  });

  it('opens the workbench on a Hardhat-like project', async () => {
    folder = codeServer.copyFixtureWorkspace(path.join(scratch.root, 'workspace'));
    const port = await codeServer.freePort();
    server = codeServer.startCodeServer(install, scratch, {
      port,
      folder,
      onOutput: (line) => serverOutput.push(line),
    });
    await codeServer.waitForHealthz(server);
    browser = await codeServer.launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
    page.setDefaultTimeout(20_000);
    // The first load compiles and serves the whole workbench: on a loaded machine it can take far longer than one
    // step's default, so navigation gets the same minute the workbench itself gets to appear.
    await page.goto(codeServer.workbenchUrl(port, folder), { timeout: 60_000 });
    await waitForWorkbench(page);
    await widenSideBar(page, 440);
    await showContainer(page, 'Explorer');
    await treeItem(page, 'artifacts').waitFor();
    await treeItem(page, 'abi').waitFor();
  });

  it('shows the Countersign container with its Activities and Organization views, inviting to start a sandbox', async () => {
    await showContainer(page, 'Countersign');
    await pane(page, 'Activities').waitFor();
    await pane(page, 'Organization').waitFor();
    await page.locator('.part.sidebar .welcome-view-content', { hasText: 'Start Local Sandbox' }).first().waitFor();
  });

  it('starts the local sandbox from the command palette, and the Organization view shows its keys', async () => {
    await runFromPalette(page, 'Countersign: Start Local Sandbox');
    await notification(page, /local sandbox runs at http:\/\/127\.0\.0\.1:\d+/i);
    const organization = pane(page, 'Organization');
    await treeItem(organization, /^Private keys/).waitFor();
    await treeItem(organization, /^Smart contract interfaces/).waitFor();
    await clearNotifications(page);
  });

  it('creates a smart contract interface from the Explorer context menu of an ABI file', async () => {
    await showContainer(page, 'Explorer');
    const abiFolder = treeItem(page, 'abi');
    if ((await abiFolder.getAttribute('aria-expanded')) !== 'true') await abiFolder.click();
    const file = treeItem(page, 'Counter.abi.json');
    await file.click();
    await page.locator('.editor-group-container .tab', { hasText: 'Counter.abi.json' }).waitFor();
    await chooseFromContextMenu(page, file, CREATE_TITLE);

    // Each prompt says where the user is and which file the answers are about.
    await answerInputBox(page, 'Step 1/3 · abi/Counter.abi.json · Contract address', CONTRACT_ADDRESS);
    const proposedLabel = await answerInputBox(page, 'Step 2/3 · abi/Counter.abi.json · Label');
    assert.equal(proposedLabel, 'Counter', 'the label should default to the contract name');
    await answerInputBox(page, 'Notes');
    await notification(page, 'Smart contract interface "Counter" created');
  });

  it('shows the new interface in the Organization view', async () => {
    await showContainer(page, 'Countersign');
    const organization = pane(page, 'Organization');
    const group = treeItem(organization, /^Smart contract interfaces/);
    await group.waitFor();
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await treeItem(organization, /^Counter/).waitFor();
    // The progress notification closes a moment after the activity completes.
    await page
      .locator('.notification-toast', { hasText: 'Creating smart contract interface' })
      .waitFor({ state: 'hidden' });
    await notification(page, 'Smart contract interface "Counter" created');
    await screenshot(page, 'create-interface.png');
  });

  it('shows the completed activity in the Activities view, with what it registered', async () => {
    const activities = pane(page, 'Activities');
    // The item's accessible name is "<type>, <status>, <age>".
    const activity = treeItem(activities, /^Create smart contract interface, Completed/);
    await activity.waitFor();
    if ((await activity.getAttribute('aria-expanded')) === 'false') await activity.click();
    const intent = treeItem(activities, /^Intent/);
    await intent.waitFor();
    if ((await intent.getAttribute('aria-expanded')) === 'false') await intent.click();
    await treeItem(activities, CONTRACT_ADDRESS).waitFor();
    // The intent's label row itself (the activity's row names Counter too, beside its type).
    await treeItem(activities, /^Counter$/).waitFor();

    await chooseFromContextMenu(page, activity, 'Open Activity as JSON');
    const jsonTab = page.locator('.editor-group-container .tab.active', { hasText: /^[0-9a-f-]{36}\.json/ });
    await jsonTab.waitFor();
    await page.locator('.editor-group-container .view-lines', { hasText: 'ACTIVITY_STATUS_COMPLETED' }).waitFor();
    await clearNotifications(page);
    await screenshot(page, 'activities.png');
  });

  it("after the window reloads, brings the Local sandbox profile's sandbox up by itself, with what it held", async function () {
    this.timeout(120_000);
    await runFromPalette(page, 'Developer: Reload Window');
    await waitForWorkbench(page);
    await showContainer(page, 'Countersign');
    const organization = pane(page, 'Organization');
    const group = treeItem(organization, /^Smart contract interfaces/);
    await group.waitFor({ timeout: 60_000 });
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await treeItem(organization, /^Counter/).waitFor();
    await treeItem(pane(page, 'Activities'), /^Create smart contract interface, Completed/).waitFor();
  });

  it('refuses a broken ABI file saying where and why, and opens the file at that position', async () => {
    await showContainer(page, 'Explorer');
    const abiFolder = page.getByRole('treeitem', { name: 'abi', exact: true });
    if ((await abiFolder.getAttribute('aria-expanded')) !== 'true') await abiFolder.click();
    await chooseFromContextMenu(page, treeItem(page, 'Broken.abi.json'), CREATE_TITLE);
    const toast = await notification(
      page,
      'abi/Broken.abi.json: the file is not valid JSON (line 8, column 4): a trailing comma before ]',
    );
    const open = toast.locator('.monaco-button', { hasText: 'Open at Line 9, Column 1' });
    await open.waitFor();
    await screenshot(page, 'broken-abi.png');
    await open.click();
    await page.locator('.editor-group-container .tab.active', { hasText: 'Broken.abi.json' }).waitFor();
    await page
      .locator('.statusbar-item', { hasText: /Ln 9, Col 2 \(1 selected\)/ })
      .first()
      .waitFor();
    await clearNotifications(page);
  });

  it('shows above an ABI file the interface it is registered as', async function () {
    this.timeout(60_000);
    await showContainer(page, 'Explorer');
    await treeItem(page, 'Counter.abi.json').click();
    await page.locator('.editor-group-container .tab.active', { hasText: 'Counter.abi.json' }).waitFor();
    await page
      .locator('.codelens-decoration', { hasText: 'Registered as Counter · 0x5aAeb6…1BeAed' })
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'abi-lens.png');
  });

  it('compares a recompiled artifact with the registered interface in the diff editor', async function () {
    this.timeout(60_000);
    // The compiler wrote the contract again, with one more function than the registered ABI.
    const abi = JSON.parse(readFileSync(path.join(folder, 'abi', 'Counter.abi.json'), 'utf8')) as unknown[];
    abi.push({ type: 'function', name: 'reset', inputs: [], outputs: [], stateMutability: 'nonpayable' });
    const artifactDir = path.join(folder, 'artifacts', 'contracts', 'Counter.sol');
    mkdirSync(artifactDir, { recursive: true });
    const artifact = {
      _format: 'hh-sol-artifact-1',
      contractName: 'Counter',
      sourceName: 'contracts/Counter.sol',
      abi,
    };
    writeFileSync(path.join(artifactDir, 'Counter.json'), `${JSON.stringify(artifact, null, 2)}\n`);
    await runFromPalette(page, 'Go to File...');
    const input = page.locator('.quick-input-widget input[type="text"]');
    await input.fill('artifacts/contracts/Counter.sol/Counter.json');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Counter.json' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.editor-group-container .tab.active', { hasText: 'Counter.json' }).waitFor();
    const lens = page.locator('.codelens-decoration', { hasText: 'Registered ABI differs from this file' }).first();
    await lens.waitFor({ timeout: 30_000 });
    await lens.locator('a', { hasText: /^Compare$/ }).click();
    await page.locator('.editor-group-container .tab.active', { hasText: 'Counter (registered) ↔' }).waitFor();
    await page.locator('.monaco-diff-editor .view-lines', { hasText: '"reset"' }).first().waitFor();
    await screenshot(page, 'abi-compare.png');
  });

  it('asks the second root user of Team to approve in a dialog that names things, with Show Details… first', async function () {
    this.timeout(120_000);
    const switchTo = async (profile: string) => {
      await runFromPalette(page, 'Countersign: Switch Profile');
      const input = page.locator('.quick-input-widget input[type="text"]');
      await input.waitFor();
      await input.fill(profile);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: profile }).first().waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    };
    await switchTo('Local sandbox · Team (Team root user 1)');
    await showContainer(page, 'Explorer');
    await chooseFromContextMenu(page, treeItem(page, 'Counter.abi.json'), CREATE_TITLE);
    await answerInputBox(page, 'Step 1/3', CONTRACT_ADDRESS);
    await answerInputBox(page, 'Step 2/3', 'Team counter');
    await answerInputBox(page, 'Step 3/3');
    await notification(page, /waiting for 1 more approval \(Team root user 2\)/);
    await clearNotifications(page);

    await switchTo('Local sandbox · Team (Team root user 2)');
    await showContainer(page, 'Countersign');
    // The inbox: its group first in the Activities view, the view's badge and the status bar item. (No notification:
    // the activity was submitted from this window.)
    await treeItem(pane(page, 'Activities'), /^Awaiting your vote \(\d+\)/).waitFor();
    await page
      .getByRole('button', { name: /activit(y waits|ies wait) for your vote/ })
      .first()
      .waitFor();
    await screenshot(page, 'inbox.png');
    await clearNotifications(page);
    await runFromPalette(page, 'Countersign: Approve Activity');
    await pickFromQuickPick(page, 'Create smart contract interface');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    const buttons = await dialog.locator('.dialog-buttons .monaco-button').allInnerTexts();
    assert.deepEqual(buttons.map((b) => b.trim()).sort(), ['Approve', 'Cancel', 'Open ABI…', 'Show Details…']);
    // Enter presses the focused (default) button: the harmless one, never the vote.
    const focused = await dialog.locator('.dialog-buttons .monaco-button:focus').innerText();
    assert.equal(focused.trim(), 'Show Details…', 'Enter never approves');
    const text = await dialog.innerText();
    assert.match(text, /Approval 2 of 2: it runs when you approve/);
    assert.match(text, /Submitted by: Team root user 1/);
    assert.match(text, /ABI: 3 functions, 1 event/);
    await screenshot(page, 'approve-dialog.png');
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Approve$/ }).click();
    await treeItem(pane(page, 'Activities'), /^Approve activity, Completed/).waitFor();
    await treeItem(pane(page, 'Organization'), /^Team counter/).waitFor();
  });

  it("simulates a teammate's request and shows the transfer decoded in a review page beside the editor", async function () {
    this.timeout(120_000);
    await runFromPalette(page, 'View: Close All Editors');
    await runFromPalette(page, "Countersign: Simulate a Teammate's Request");
    // The active profile is Team's second root user: the teammate is played by that user, so it offers the first.
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Switch to "Local sandbox · Team (Team root user 1)"' })
      .waitFor();
    await page.keyboard.press('Enter');
    const toast = await notification(page, /Team root user 2 asks you to approve 2 transactions of Team/);
    await toast.locator('.monaco-button', { hasText: 'Review Transfer' }).click();
    const frame = reviewFrame(page);
    await frame.locator('h3.call-title', { hasText: 'transfer(to, amount)' }).waitFor({ timeout: 30_000 });
    const args = (await frame.locator('table.arguments tbody tr').allInnerTexts()).map((row) =>
      row.replace(/\s+/g, ' ').trim(),
    );
    assert.deepEqual(args, [
      'to address 0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      'amount uint256 250 EXAMPLE (raw 250000000000000000000; 18 decimals from the built-in list of well-known tokens)',
    ]);
    const text = await frame.locator('main').innerText();
    assert.match(text, /Submitted by\s+Team root user 2/);
    assert.match(text, /Chain\s+Sepolia \(11155111\)/);
    await frame.locator('.progress', { hasText: '1 of 2 approvals: 1 more needed before it runs.' }).waitFor();
    await clearNotifications(page);
    await screenshot(page, 'review-page.png');
  });

  it('approves from the review page through the same confirmation, and the page shows the activity completed', async function () {
    this.timeout(60_000);
    const frame = reviewFrame(page);
    await frame.locator('button[data-action="approve"]').click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Approve "Sign transaction"\?/);
    assert.match(await dialog.innerText(), /Approval 2 of 2: it runs when you approve/);
    // The dialog names the function, the recipient and the amount, as the page does.
    assert.match(await dialog.innerText(), /What it does: transfer\(to 0xdbF03B…C8C6FB, amount 250 EXAMPLE\)/);
    await screenshot(page, 'approve-transfer-dialog.png');
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Approve$/ }).click();
    await frame.locator('h1 .status', { hasText: 'Completed' }).waitFor({ timeout: 30_000 });
    await frame.locator('.progress', { hasText: '2 of 2 approvals: it ran.' }).waitFor();
    assert.equal(await frame.locator('button[data-action="approve"]').count(), 0, 'no vote button once it ran');
  });

  it('brings the review page back after the window reloads', async function () {
    this.timeout(180_000);
    await runFromPalette(page, 'Developer: Reload Window');
    await waitForWorkbench(page);
    const frame = reviewFrame(page);
    // The page shows once the local sandbox is up again, as the views do: on a loaded machine that takes a while.
    await frame.locator('h3.call-title', { hasText: 'transfer(to, amount)' }).waitFor({ timeout: 120_000 });
    await frame.locator('h1 .status', { hasText: 'Completed' }).waitFor();
  });

  it('keeps the scroll position and the focused button of a page left open when a vote cast elsewhere updates it', async function () {
    this.timeout(120_000);
    await runFromPalette(page, 'View: Close All Editors');
    // The other request of the teammate still waits: its page, scrolled, its "Open as JSON" button focused.
    await runFromPalette(page, 'Countersign: Review Activity');
    await pickFromQuickPick(page, 'Sign transaction');
    const frame = reviewFrame(page);
    await frame.locator('button[data-action="registerInterface"]').waitFor({ timeout: 30_000 });
    // The teammate's other request: an unlimited approve to a contract nobody registered, flagged first.
    await frame.locator('h3.call-title', { hasText: 'approve(spender, amount)' }).waitFor();
    assert.match(
      await frame.locator('main').innerText(),
      /Unlimited token approval: 0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB/,
    );
    // Its row is flagged too, once the inbox has read it.
    await treeItem(pane(page, 'Activities'), /^Sign transaction, .*Unlimited token approval/).waitFor({
      timeout: 30_000,
    });
    await clearNotifications(page);
    await screenshot(page, 'flagged-approval.png');
    await frame.locator('button[data-action="openJson"]').focus();
    const html = frame.locator('html');
    await html.evaluate((root: PageRoot) => root.ownerDocument.defaultView?.scrollTo(0, 240));
    const before = await html.evaluate(topRow);
    const scrolled = await html.evaluate((root: PageRoot) => root.ownerDocument.defaultView?.scrollY);
    assert.ok(
      scrolled !== undefined && scrolled > 0 && before,
      `the page scrolls (${scrolled}px), with a row at its top: ${before}`,
    );
    assert.equal(await html.evaluate(focusedAction), 'openJson');
    await saveScreenshot(page, 'review-page-scrolled.png');

    // The vote is cast outside this window, straight to the service: nothing in the workbench moves the focus, and
    // the page learns of it by its own poll.
    const state = JSON.parse((await frame.locator('body').getAttribute('data-state')) ?? '{}') as {
      activityId: string;
    };
    const voter = sandboxClient(scratch.userDataDir, 'Team', 0);
    try {
      const activity = await voter.client.getActivity({
        organizationId: voter.organizationId,
        activityId: state.activityId,
      });
      await voter.client.approveActivity({
        organizationId: voter.organizationId,
        parameters: { fingerprint: activity.fingerprint },
      });
    } finally {
      await voter.client.close();
    }
    await frame.locator('h1 .status', { hasText: 'Completed' }).waitFor({ timeout: 30_000 });

    assert.equal(await html.evaluate(topRow), before, 'the same row is at the top of the page');
    assert.ok(
      ((await html.evaluate((root: PageRoot) => root.ownerDocument.defaultView?.scrollY)) ?? 0) > 0,
      'not reloaded',
    );
    assert.equal(await html.evaluate(focusedAction), 'openJson', 'the focused button keeps the focus');
    await saveScreenshot(page, 'review-page-updated.png');
  });

  it("logs errors by their class's own name in the packaged (minified) extension", () => {
    const log = countersignLogTail(scratch.userDataDir, 400).join('\n');
    assert.match(log, /[Cc]ould not create the smart contract interface/);
    const entries = readdirSync(path.join(scratch.userDataDir, 'logs'), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name === 'Countersign.log')
      .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
      .join('\n');
    assert.match(entries, /JsonSyntaxError: /, 'the class name survives minification');
  });

  it('leaves no private key, X-Stamp value or signature in the logs or the output', async function () {
    this.timeout(30_000);
    await browser?.close();
    browser = undefined;
    await server?.stop();
    server = undefined;
    const keys = sandboxPrivateKeys(scratch.userDataDir);
    assert.ok(keys.length > 0, 'the sandbox wrote no credentials.json with private keys');
    const logsDir = path.join(scratch.userDataDir, 'logs');
    assert.ok(existsSync(logsDir), 'code-server wrote no logs');
    const findings = [
      ...secretScan.scanDirectory(logsDir, keys, (file) => `logs/${path.relative(logsDir, file)}`),
      ...secretScan.scanText(serverOutput.join('\n'), "code-server's output", keys),
    ];
    assert.deepEqual(
      findings.map((finding) => secretScan.describeFinding(finding)),
      [],
    );
  });
});
