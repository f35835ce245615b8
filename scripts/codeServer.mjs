// @ts-check
// Runs a real VS Code for the extension: code-server (the VS Code server and its web workbench) on its own Node,
// with headless Chromium as the window. Shared by the extension-test runner, the UI test and `npm start`.
//
// Everything started here is stopped here, by process id: code-server runs in its own process group so that its
// extension host and pty host end with it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

// The install, the scratch folders, the workbench's URLs and the browser each live in a file of their own; what
// imports this module finds all of it here.
export { chromiumArgs, chromiumPath, isOfflineNoise, launchChromium } from './chromium.mjs';
export { codeServerInstallDir, locateCodeServer, requireCodeServer } from './codeServerInstall.mjs';
export { copyFixtureWorkspace, makeScratch, quietSettings, repoRoot, writeSettings } from './workbenchScratch.mjs';
export { browserUrl, remoteUri, workbenchUrl } from './workbenchUrls.mjs';

/**
 * @typedef {{ dir: string, node: string, entry: string }} CodeServerInstall
 * @typedef {{ root?: string, userDataDir: string, extensionsDir: string, tmp: string, configFile: string }} Scratch
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit
 * @typedef {{ child: import('node:child_process').ChildProcess, port: number, exited: Promise<Exit>,
 *   stop: () => Promise<void> }} RunningCodeServer
 */

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
