// The packaged .vsix in a real VS Code workbench (code-server, headless Chromium), used as a person would:
// install it, open a Hardhat-like project, start the local sandbox from the command palette, register an ABI from
// the Explorer's context menu, and find the result in the views; approve as a teammate, then review a teammate's
// request in its page (reviewPageSteps.ts). Saves the README's screenshots.
//
//   npx tsc -p . && npx mocha out/test/ui/createInterface.test.js
//   UPDATE_SCREENSHOTS=1 …   also writes them to media/screenshots/ (otherwise only test-results/ui/)
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { loadSecretScan, useCodeServer, type SecretScanModule } from './harness';
import { reviewPageSteps } from './reviewPageSteps';
import { expectedVsixFiles, listVsixFiles, manifest } from './vsixContents';
import {
  answerInputBox,
  chooseFromContextMenu,
  clearNotifications,
  notification,
  openWorkbench,
  pane,
  pickFromQuickPick,
  runFromPalette,
  showContainer,
  startLocalSandbox,
  switchProfile,
  treeItem,
  waitForWorkbench,
  openFile,
} from './workbench';
import { countersignLogs, countersignLogTail, printLogTail, sandboxPrivateKeys } from './workbenchLogs';
import { screenshotWithoutHover as screenshot } from './screenshots';

/** EIP-55's own example: a valid checksummed address. */
const CONTRACT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const CREATE_TITLE = 'Create Smart Contract Interface from ABI';
const extensionId = `${manifest.publisher}.${manifest.name}`;

describe('the packaged extension in a real VS Code workbench', function () {
  this.timeout(90_000);
  // Each step builds on the one before: after a failure the rest would only fail for the same reason.
  this.bail(true);

  // What else explains a failed step: the last entries of the extension's log.
  const fixture = useCodeServer('interface', { onFailure: printLogTail });
  let secretScan: SecretScanModule;
  let vsix: string;
  let folder: string;
  let page: Page;
  const serverOutput: string[] = [];

  before(async () => {
    secretScan = await loadSecretScan();
  });

  it('packages into a .vsix that holds the bundle, icons, strings and docs, and nothing else', async function () {
    this.timeout(180_000);
    const packaged = await fixture.packageVsix();
    vsix = packaged.vsix;
    assert.doesNotMatch(packaged.output, /WARNING/, 'vsce warned while packaging');
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
    // The exact list: what VS Code loads, the docs, and the manifest files vsce adds; nothing else.
    assert.deepEqual(files, expectedVsixFiles());
  });

  it('installs with code-server --install-extension', async () => {
    await fixture.installVsix(vsix);
    const listed = await fixture.codeServer.runCodeServerCli(fixture.install, fixture.scratch, [
      '--list-extensions',
      '--show-versions',
    ]);
    assert.match(
      listed,
      new RegExp(`^${extensionId.replace('.', '\\.')}@${manifest.version.replace(/\./g, '\\.')}$`, 'm'),
    );
  });

  it('opens the workbench on a Hardhat-like project', async () => {
    folder = fixture.copyWorkspace();
    const port = await fixture.startServer({ folder, onOutput: (line) => serverOutput.push(line) });
    const browser = await fixture.launchBrowser();
    page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
    page.setDefaultTimeout(20_000);
    // The first load compiles and serves the whole workbench: on a loaded machine it can take far longer than one
    // step's default, so navigation gets a minute and a half, and the workbench a minute more to appear.
    await openWorkbench(page, fixture.codeServer.workbenchUrl(port, folder), { sideBarWidth: 440 });
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
    await startLocalSandbox(page);
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
    const open = toast.locator('.monaco-button', { hasText: 'Open at Line 8, Column 4' });
    await open.waitFor();
    await screenshot(page, 'broken-abi.png');
    await open.click();
    await page.locator('.editor-group-container .tab.active', { hasText: 'Broken.abi.json' }).waitFor();
    await page
      .locator('.statusbar-item', { hasText: /Ln 8, Col 5 \(1 selected\)/ })
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
    await openFile(page, 'artifacts/contracts/Counter.sol/Counter.json');
    const lens = page.locator('.codelens-decoration', { hasText: 'Registered ABI differs from this file' }).first();
    await lens.waitFor({ timeout: 30_000 });
    await lens.locator('a', { hasText: /^Compare$/ }).click();
    await page.locator('.editor-group-container .tab.active', { hasText: 'Counter (registered) ↔' }).waitFor();
    await page.locator('.monaco-diff-editor .view-lines', { hasText: '"reset"' }).first().waitFor();
    await screenshot(page, 'abi-compare.png');
  });

  it('asks the second root user of Team to approve in a dialog that names things, with Show Details… first', async function () {
    this.timeout(120_000);
    await switchProfile(page, 'Local sandbox · Team (Team root user 1)');
    await showContainer(page, 'Explorer');
    await chooseFromContextMenu(page, treeItem(page, 'Counter.abi.json'), CREATE_TITLE);
    await answerInputBox(page, 'Step 1/3', CONTRACT_ADDRESS);
    await answerInputBox(page, 'Step 2/3', 'Team counter');
    await answerInputBox(page, 'Step 3/3');
    await notification(page, /waiting for 1 more approval \(Team root user 2\)/);
    await clearNotifications(page);

    await switchProfile(page, 'Local sandbox · Team (Team root user 2)');
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

  reviewPageSteps(() => ({ page, userDataDir: fixture.scratch.userDataDir }));

  it("logs errors by their class's own name in the packaged (minified) extension", () => {
    const log = countersignLogTail(fixture.scratch.userDataDir, 400).join('\n');
    assert.match(log, /[Cc]ould not create the smart contract interface/);
    const entries = countersignLogs(fixture.scratch.userDataDir).join('\n');
    assert.match(entries, /JsonSyntaxError: /, 'the class name survives minification');
  });

  it('leaves no private key, X-Stamp value or signature in the logs or the output', async function () {
    this.timeout(30_000);
    await fixture.closeBrowser();
    await fixture.stopServer();
    const keys = sandboxPrivateKeys(fixture.scratch.userDataDir);
    assert.ok(keys.length > 0, 'the sandbox wrote no credentials.json with private keys');
    const logsDir = path.join(fixture.scratch.userDataDir, 'logs');
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
