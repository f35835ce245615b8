// @ts-check
// `npm start`: Countersign in a real VS Code in your browser. Packages the extension, installs it into a
// code-server of its own (installed on first use), and serves it on 127.0.0.1 with a small Hardhat-like project
// open; the address printed names it `localhost`, where passkeys work. Ctrl-C stops it.
//
//   node scripts/start.mjs [--port 8080] [--dev]
//
// --dev runs this checkout instead of a package: a development build, rebuilt on every change (esbuild --watch),
// linked into code-server's extensions folder; "Developer: Reload Window" picks up a rebuild.
//
// State (settings, profiles, the local sandbox's journal) is kept in .vscode-test/start/ between starts; the
// API keys live in the browser's secret storage. Delete that folder to start over.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { delimiter } from 'node:path';
import * as path from 'node:path';
import {
  browserUrl,
  copyFixtureWorkspace,
  freePort,
  locateCodeServer,
  repoRoot,
  requireCodeServer,
  runCodeServerCli,
  startCodeServer,
  waitForHealthz,
  writeSettings,
} from './codeServer.mjs';
import { setup } from './setup.mjs';

const dev = process.argv.includes('--dev');
const portArg = process.argv.indexOf('--port');
const preferredPort = portArg > 0 ? Number(process.argv[portArg + 1]) : 8080;
if (!Number.isInteger(preferredPort) || preferredPort <= 0 || preferredPort > 65535) {
  console.error(`--port must be a TCP port, not ${process.argv[portArg + 1]}`);
  process.exit(2);
}

/**
 * Runs one preparation step; a quiet step shows its output only when it fails.
 * @param {string} title
 * @param {string} command
 * @param {string[]} args
 * @param {{ quiet?: boolean }} options
 */
function step(title, command, args, { quiet = false } = {}) {
  console.log(`▸ ${title}`);
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error(`✘ ${title} failed (${result.error?.message ?? `exit ${result.status}`})`);
    process.exit(1);
  }
}

/** @param {string} file */
function isSymlink(file) {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** @param {string} command */
function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
}

const home = path.join(repoRoot, '.vscode-test', 'start');
const dirs = {
  root: home,
  userDataDir: path.join(home, 'user-data'),
  // Separate folders: a linked checkout and an installed package of the same version would replace each other.
  extensionsDir: path.join(home, dev ? 'extensions-dev' : 'extensions'),
  tmp: path.join(home, 'tmp'),
  configFile: path.join(home, 'config.yaml'),
};
for (const dir of [dirs.userDataDir, dirs.extensionsDir, dirs.tmp]) mkdirSync(dir, { recursive: true });
if (!existsSync(path.join(dirs.userDataDir, 'User', 'settings.json'))) writeSettings(dirs.userDataDir);
const workspace = path.join(home, 'workspace');
if (!existsSync(workspace)) copyFixtureWorkspace(workspace);

// A browser is the user's own; building code-server the first time needs system packages.
if (!setup({ browser: false })) process.exit(1);
if (!locateCodeServer())
  step('Installing code-server (once, a few minutes)', 'bash', [
    path.join(repoRoot, 'scripts', 'setup-code-server.sh'),
  ]);
const install = requireCodeServer();

/** @type {import('node:child_process').ChildProcess | undefined} */
let watcher;
if (dev) {
  step('Building the extension (development build)', process.execPath, ['esbuild.mjs']);
  /** @type {unknown} */
  const parsed = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const manifest = /** @type {{ publisher: string, name: string, version: string }} */ (parsed);
  const link = path.join(dirs.extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  // Only the link is removed, never what it points to.
  if (isSymlink(link)) rmSync(link);
  else if (existsSync(link)) rmSync(link, { recursive: true });
  symlinkSync(repoRoot, link, 'dir');
  watcher = spawn(process.execPath, ['esbuild.mjs', '--watch'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
} else {
  // Packaging runs the production build (vscode:prepublish), so the installed extension is what users get.
  const vsix = path.join(dirs.tmp, 'countersign.vsix');
  step(
    'Building and packaging the extension',
    path.join(repoRoot, 'node_modules', '.bin', 'vsce'),
    ['package', '--no-dependencies', '-o', vsix],
    {
      quiet: true,
    },
  );
  console.log('▸ Installing it into code-server');
  try {
    await runCodeServerCli(install, dirs, ['--install-extension', vsix, '--force']);
  } catch (error) {
    console.error(`✘ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const port = await freePort(preferredPort);
/** @type {string[]} */
const tail = [];
const server = startCodeServer(install, dirs, {
  port,
  folder: workspace,
  onOutput: (line) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
    if (process.env.VERBOSE === '1') console.log(`[code-server] ${line}`);
  },
});

let stopping = false;
/** @param {number} code */
async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping code-server…');
  watcher?.kill('SIGTERM');
  await server.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));
void server.exited.then(({ code, signal }) => {
  if (stopping) return;
  for (const line of tail) console.error(`[code-server] ${line}`);
  console.error(`code-server exited (${signal ?? `exit ${code}`}).`);
  process.exit(1);
});

try {
  await waitForHealthz(server);
} catch (error) {
  console.error(`✘ ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}

// localhost, not 127.0.0.1: the passkey pages need it (see browserUrl).
console.log(`\nCountersign is running in VS Code at ${browserUrl(port, workspace)}`);
console.log(
  'Open the Countersign view in the activity bar and choose "Start Local Sandbox" to try it without an account.',
);
if (onPath('code')) {
  console.log(`With desktop VS Code instead: code --extensionDevelopmentPath=${repoRoot} ${workspace}`);
}
if (dev) console.log('Changes are rebuilt as you save; run "Developer: Reload Window" in VS Code to load them.');
console.log('Press Ctrl-C to stop.');
