// The packaged .vsix in code-server, seen from outside a single window: another installed extension that reads what
// Countersign's `activate` returns, and two windows (two browser tabs, two extension hosts) on the same user's
// profiles, where a profile switch in one moves the other's label, views and signer together. Saves a screenshot
// of both windows side by side.
//
//   npx tsc -p . && npx mocha out/test/ui/windows.test.js
import * as assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { ExportsReading } from './anotherExtension/readExports';
import { useCodeServer } from './harness';
import {
  clearNotifications,
  notified,
  openWorkbench,
  pane,
  runFromPalette,
  startLocalSandbox,
  switchProfile,
} from './workbench';
import { parkMouse, saveScreenshot } from './screenshots';

const USER_1 = 'Local sandbox · Team (Team root user 1)';
const USER_2 = 'Local sandbox · Team (Team root user 2)';
const VIEWPORT = { width: 1100, height: 720 };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Countersign profile item of a window's status bar, when it names `label`. */
function profileStatus(page: Page, label: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^Countersign profile ${escapeRegExp(label)}, organization`) });
}

/** A view's title bar, when its description (the active profile) names `label`. */
function viewDescription(page: Page, view: string, label: string): Locator {
  return pane(page, view).locator('.pane-header', { hasText: label });
}

describe('the packaged extension beside another extension, and in two windows', function () {
  this.timeout(120_000);
  this.bail(true);

  const fixture = useCodeServer('windows');
  let context: BrowserContext;
  let port: number;
  let folder: string;
  let first: Page;
  let second: Page;
  const readingFile = () => path.join(fixture.scratch.root, 'exports-reading.json');

  it('packages and installs the .vsix', async function () {
    this.timeout(240_000);
    await fixture.installPackage();
    folder = fixture.copyWorkspace();
    await fixture.launchBrowser();
  });

  it('gives another installed extension nothing from activate (no services, no key vault)', async function () {
    this.timeout(180_000);
    // The smoke-test driver lets the window load another extension under development (the reader below); the
    // installed Countersign stays a normal, Production-mode extension. (The driver also hides notifications, so
    // the windows below run on a server without it.)
    port = await fixture.startServer({
      folder,
      smokeTestDriver: true,
      env: { COUNTERSIGN_EXPORTS_READING: readingFile() },
    });
    const readerContext = await fixture.openedBrowser.newContext({ viewport: VIEWPORT });
    const reader = path.join(fixture.scratch.root, 'another-extension');
    mkdirSync(reader, { recursive: true });
    writeFileSync(
      path.join(reader, 'package.json'),
      JSON.stringify({
        name: 'exports-reader',
        publisher: 'someone-else',
        version: '0.0.1',
        engines: { vscode: '^1.138.0' },
        extensionKind: ['workspace'],
      }),
    );
    const page = await readerContext.newPage();
    const printed: string[] = [];
    let exited: (code: number) => void = () => undefined;
    const exitCode = new Promise<number>((resolve) => (exited = resolve));
    await page.exposeFunction('codeAutomationLog', (_type: unknown, args: unknown) => {
      printed.push(Array.isArray(args) ? args.map(String).join(' ') : String(args));
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown) => exited(typeof code === 'number' ? code : 1));
    const payload: [string, string][] = [
      ['extensionDevelopmentPath', fixture.codeServer.remoteUri(port, reader)],
      [
        'extensionTestsPath',
        fixture.codeServer.remoteUri(port, path.join(__dirname, 'anotherExtension', 'readExports.js')),
      ],
      ['skipWelcome', 'true'],
    ];
    await page.goto(fixture.codeServer.workbenchUrl(port, folder, payload), { timeout: 90_000 });
    assert.equal(await exitCode, 0, `the other extension's run failed:\n${printed.slice(-20).join('\n')}`);
    await readerContext.close();
    await fixture.stopServer();

    const reading = JSON.parse(readFileSync(readingFile(), 'utf8')) as ExportsReading;
    assert.equal(reading.found, true, 'Countersign is not installed beside the other extension');
    // Installed from the .vsix, not loaded for development: the mode a user's VS Code runs it in.
    assert.ok(
      reading.extensionPath?.startsWith(fixture.scratch.extensionsDir),
      `Countersign ran from ${reading.extensionPath ?? '?'}, not from the extensions folder`,
    );
    assert.equal(
      reading.type,
      'undefined',
      `activate gave another extension ${reading.type ?? '?'} (${(reading.names ?? []).join(', ')})`,
    );
  });

  it('opens a first window, starts the local sandbox and signs in as Team root user 1', async function () {
    this.timeout(180_000);
    port = await fixture.startServer({ folder });
    // One browser profile, two tabs: two windows of the same user, each with its own extension host.
    context = await fixture.openedBrowser.newContext({ viewport: VIEWPORT });
    context.setDefaultTimeout(20_000);
    first = await context.newPage();
    await openWorkbench(first, fixture.codeServer.workbenchUrl(port, folder), {
      sideBarWidth: 400,
      showCountersign: true,
    });
    await startLocalSandbox(first);
    await profileStatus(first, 'Local sandbox · Demo').waitFor();
    await clearNotifications(first);
    await switchProfile(first, USER_1);
    await profileStatus(first, USER_1).waitFor();
    await viewDescription(first, 'Activities', USER_1).waitFor();
  });

  it('opens a second window on the same profile, and switches it to Team root user 2', async function () {
    this.timeout(180_000);
    second = await context.newPage();
    await openWorkbench(second, fixture.codeServer.workbenchUrl(port, folder), {
      sideBarWidth: 400,
      showCountersign: true,
    });
    await profileStatus(second, USER_1).waitFor({ timeout: 60_000 });
    await switchProfile(second, USER_2);
    await profileStatus(second, USER_2).waitFor();
  });

  it("moves the first window's status bar, views and signer to Team root user 2 together", async function () {
    this.timeout(60_000);
    await profileStatus(first, USER_2).waitFor();
    await viewDescription(first, 'Activities', USER_2).waitFor();
    await viewDescription(first, 'Organization', USER_2).waitFor();
    // What the first window signs as: Check Profile asks the service who signed the request.
    await runFromPalette(first, 'Countersign: Check Profile');
    await notified(first, `"${USER_2}" works: signed in as Team root user 2 in Team`);
    assert.equal(await profileStatus(first, USER_1).count(), 0, 'the first window still shows Team root user 1');
    // And back, from the first window this time: the second follows.
    await clearNotifications(first);
    await switchProfile(first, USER_1);
    await profileStatus(second, USER_1).waitFor();
    await viewDescription(second, 'Organization', USER_1).waitFor();
    await switchProfile(first, USER_2);
    await profileStatus(second, USER_2).waitFor();
    await runFromPalette(first, 'Countersign: Check Profile');
    await notified(first, `"${USER_2}" works: signed in as Team root user 2 in Team`);
  });

  it('shows both windows on Team root user 2, side by side', async function () {
    this.timeout(60_000);
    const shots = [];
    for (const page of [first, second]) {
      await parkMouse(page);
      shots.push((await page.screenshot()).toString('base64'));
    }
    const both = await context.newPage();
    await both.setViewportSize({ width: VIEWPORT.width * 2 + 12, height: VIEWPORT.height });
    await both.setContent(
      `<body style="margin:0;background:#888;display:flex;gap:12px">${shots
        .map((shot) => `<img src="data:image/png;base64,${shot}" width="${VIEWPORT.width}">`)
        .join('')}</body>`,
    );
    await both.locator('img').last().waitFor();
    await both.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    await saveScreenshot(both, 'two-windows.png');
    await both.close();
  });

  it('after a crash of the local sandbox, the Organization view says so at its top and offers Start Local Sandbox', async function () {
    this.timeout(60_000);
    // The sandbox this test's server started, ended by the PID its lock names: a crash, as the user would see it.
    const lock = readdirSync(fixture.scratch.userDataDir, { recursive: true, withFileTypes: true }).find(
      (entry) => entry.isFile() && entry.name === 'sandbox.lock',
    );
    assert.ok(lock, 'the local sandbox holds its data');
    const pid = Number(readFileSync(path.join(lock.parentPath, lock.name), 'utf8').split('\n')[0]);
    assert.ok(Number.isInteger(pid) && pid > 0);
    process.kill(pid, 'SIGKILL');
    const rows = pane(first, 'Organization').locator('.monaco-list-row');
    await rows.filter({ hasText: 'Could not load the organization' }).waitFor({ timeout: 30_000 });
    await rows.filter({ hasText: 'Start Local Sandbox' }).waitFor();
    assert.equal(await rows.filter({ hasText: /^Smart contract interfaces/i }).count(), 0, 'no bare groups');
    await first.mouse.move(VIEWPORT.width / 2, 2);
    await saveScreenshot(first, 'organization-error.png');
  });
});
