// Typed access to scripts/codeServer.mjs and scripts/secretScan.mjs, which the test runners and `npm start`
// share (plain ES modules outside the compiled tree, so they are imported by absolute URL), and the one
// code-server fixture every workbench suite stands on.
import * as assert from 'node:assert/strict';
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../support/fixtures';
import { focusTrace, traceFocus } from './focusTrace';
import { resultsDir } from './screenshots';
import { openWorkbench, startLocalSandbox } from './workbench';

export interface CodeServerInstall {
  readonly dir: string;
  readonly node: string;
  readonly entry: string;
}

export interface Scratch {
  readonly root: string;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  readonly tmp: string;
  readonly configFile: string;
  dispose(): void;
}

export interface RunningCodeServer {
  readonly child: ChildProcess;
  readonly port: number;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export interface CodeServerModule {
  requireCodeServer(): CodeServerInstall;
  makeScratch(prefix?: string, extraSettings?: Record<string, unknown>): Scratch;
  copyFixtureWorkspace(target: string): string;
  freePort(preferred?: number): Promise<number>;
  runCodeServerCli(
    install: CodeServerInstall,
    scratch: Scratch,
    args: string[],
    options?: { timeoutMs?: number },
  ): Promise<string>;
  startCodeServer(
    install: CodeServerInstall,
    scratch: Scratch,
    options: {
      port: number;
      folder?: string;
      smokeTestDriver?: boolean;
      env?: Record<string, string>;
      onOutput?: (line: string, stream: 'stdout' | 'stderr') => void;
    },
  ): RunningCodeServer;
  waitForHealthz(server: RunningCodeServer, timeoutMs?: number): Promise<void>;
  launchChromium(options?: { headless?: boolean }): Promise<Browser>;
  /** `payload`: the smoke-test driver's [name, value] pairs (extension development and tests). */
  workbenchUrl(port: number, folder?: string, payload?: ReadonlyArray<readonly [string, string]>): string;
  /** The workbench URL `npm start` prints: on `localhost`, where passkeys work. */
  browserUrl(port: number, folder?: string): string;
  /** A path on the server as the remote (Node) extension host sees it. */
  remoteUri(port: number, absolutePath: string): string;
}

export interface SecretFinding {
  readonly source: string;
  readonly line: number;
  readonly kind: string;
}

export interface SecretScanModule {
  scanDirectory(dir: string, secrets?: string[], label?: (file: string) => string): SecretFinding[];
  scanText(text: string, source: string, secrets?: string[]): SecretFinding[];
  describeFinding(finding: SecretFinding): string;
}

async function importScript<T>(name: string): Promise<T> {
  return (await import(pathToFileURL(path.join(repoRoot, 'scripts', name)).href)) as T;
}

export const loadCodeServer = (): Promise<CodeServerModule> => importScript<CodeServerModule>('codeServer.mjs');
export const loadSecretScan = (): Promise<SecretScanModule> => importScript<SecretScanModule>('secretScan.mjs');

const execFileAsync = promisify(execFile);

/** How a suite wants its packaged workbench: the window's size, and what the project and the side bar hold. */
export interface PackagedWorkbenchOptions {
  readonly viewport: { readonly width: number; readonly height: number };
  /** Written into the copy of the fixture project before the server starts: path in the project → text. */
  readonly files?: Readonly<Record<string, string>>;
  readonly sideBarWidth?: number;
  readonly showCountersign?: boolean;
  /** Opens the workbench on http://localhost (the address `npm start` prints), where passkeys work. */
  readonly onLocalhost?: boolean;
}

export interface PackagedWorkbench {
  readonly page: Page;
  readonly port: number;
  readonly folder: string;
  readonly url: string;
}

/**
 * One code-server for a suite of the UI stage: its scratch folders (user data, extensions), the .vsix packaged and
 * installed there, the server and Chromium. Made by `useCodeServer` inside a `describe`, whose hooks it adds.
 */
export class CodeServerFixture {
  readonly #name: string;
  #codeServer: CodeServerModule | undefined;
  #install: CodeServerInstall | undefined;
  #scratch: Scratch | undefined;
  /** The running server, if any: stopped after the suite (a suite that stops it itself sets it back). */
  server: RunningCodeServer | undefined;
  /** Chromium, once launched: closed after the suite. */
  browser: Browser | undefined;

  constructor(name: string) {
    this.#name = name;
  }

  get codeServer(): CodeServerModule {
    return ready(this.#codeServer);
  }

  get install(): CodeServerInstall {
    return ready(this.#install);
  }

  get scratch(): Scratch {
    return ready(this.#scratch);
  }

  /** Chromium, which a step before has launched. */
  get openedBrowser(): Browser {
    assert.ok(this.browser, 'Chromium is running');
    return this.browser;
  }

  /** Packages the extension as `vsce package` does for a release; the .vsix's path and what vsce printed. */
  async packageVsix(): Promise<{ vsix: string; output: string }> {
    const vsix = path.join(this.scratch.root, 'countersign.vsix');
    const vsce = path.join(repoRoot, 'node_modules', '.bin', 'vsce');
    const { stdout, stderr } = await execFileAsync(vsce, ['package', '--no-dependencies', '-o', vsix], {
      cwd: repoRoot,
    });
    return { vsix, output: `${stdout}\n${stderr}` };
  }

  /** Installs a .vsix with `code-server --install-extension`, as a user would. */
  async installVsix(vsix: string): Promise<void> {
    await this.codeServer.runCodeServerCli(this.install, this.scratch, ['--install-extension', vsix]);
  }

  /** A copy of the fixture project (a Hardhat-like workspace) in the scratch folder. */
  copyWorkspace(): string {
    return this.codeServer.copyFixtureWorkspace(path.join(this.scratch.root, 'workspace'));
  }

  /** Starts code-server on a free port and waits until it answers; its port. */
  async startServer(options: Omit<Parameters<CodeServerModule['startCodeServer']>[2], 'port'>): Promise<number> {
    const port = await this.codeServer.freePort();
    this.server = this.codeServer.startCodeServer(this.install, this.scratch, { ...options, port });
    await this.codeServer.waitForHealthz(this.server);
    return port;
  }

  /** Packages the .vsix and installs it, as a user does. */
  async installPackage(): Promise<void> {
    const { vsix } = await this.packageVsix();
    await this.installVsix(vsix);
  }

  /**
   * The start every workbench suite shares: the .vsix packaged and installed, a copy of the project (with `files`),
   * code-server on it, a Chromium tab on the workbench (steps wait 20 s by default), then the local sandbox started
   * from the palette, its notification still showing.
   */
  async openPackagedWorkbench(options: PackagedWorkbenchOptions): Promise<PackagedWorkbench> {
    await this.installPackage();
    const folder = this.copyWorkspace();
    for (const [file, text] of Object.entries(options.files ?? {})) {
      mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
      writeFileSync(path.join(folder, file), text);
    }
    const port = await this.startServer({ folder });
    const browser = await this.launchBrowser();
    const context = await browser.newContext({ viewport: options.viewport });
    await traceFocus(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const url = options.onLocalhost
      ? this.codeServer.browserUrl(port, folder)
      : this.codeServer.workbenchUrl(port, folder);
    await openWorkbench(page, url, {
      sideBarWidth: options.sideBarWidth,
      showCountersign: options.showCountersign,
      // On localhost the page's load event is not waited for: the workbench showing is what counts.
      waitUntil: options.onLocalhost ? 'domcontentloaded' : 'load',
    });
    await startLocalSandbox(page);
    return { page, port, folder, url };
  }

  async stopServer(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.stop();
  }

  async launchBrowser(): Promise<Browser> {
    this.browser = await this.codeServer.launchChromium();
    return this.browser;
  }

  async closeBrowser(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    await browser?.close().catch(() => undefined);
  }

  /**
   * What every tab showed when a step failed, for the report: a screenshot of each, its notifications, and where its
   * keyboard focus went last (focusTrace.ts).
   */
  async reportFailure(): Promise<void> {
    if (!this.browser) return;
    mkdirSync(resultsDir, { recursive: true });
    const tabs = this.browser.contexts().flatMap((context) => context.pages());
    for (const [index, tab] of tabs.entries()) {
      await tab.screenshot({ path: path.join(resultsDir, `${this.#name}-failed-${index}.png`) }).catch(() => undefined);
      const toasts = await tab
        .locator('.notification-toast')
        .allInnerTexts()
        .catch(() => []);
      if (toasts.length > 0) console.log(`      tab ${index + 1} notifications: ${toasts.join(' | ')}`);
      const focus = await focusTrace(tab);
      if (focus.length > 0)
        console.log(
          `      tab ${index + 1} focus and keys, last first:\n        ${focus.reverse().join('\n        ')}`,
        );
    }
  }

  async setUp(prefix: string): Promise<void> {
    this.#codeServer = await loadCodeServer();
    this.#install = this.#codeServer.requireCodeServer();
    this.#scratch = this.#codeServer.makeScratch(prefix);
  }

  async tearDown(): Promise<void> {
    await this.closeBrowser();
    await this.stopServer();
    this.#scratch?.dispose();
  }
}

function ready<T>(value: T | undefined): T {
  assert.ok(value !== undefined, 'the code-server fixture is set up before the first step');
  return value;
}

/**
 * The code-server fixture of the calling `describe`: set up before its first step, torn down after its last, and on
 * a failed step the screenshots (test-results/ui/<name>-failed-<n>.png), notifications and last focus moves of every
 * tab, then `onFailure` for what else explains it.
 */
export function useCodeServer(name: string, options: { onFailure?: (fixture: CodeServerFixture) => void } = {}) {
  const fixture = new CodeServerFixture(name);
  before(() => fixture.setUp(`countersign-${name}-`));
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    await fixture.reportFailure();
    options.onFailure?.(fixture);
  });
  after(async function () {
    this.timeout(30_000);
    await fixture.tearDown();
  });
  return fixture;
}
