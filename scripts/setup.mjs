// @ts-check
// The system packages `npm test` and `npm start` need, checked (and on Debian, installed) before anything else runs:
//
//   - Chromium, the headless browser the extension's tests drive (tests only; CHROMIUM_PATH may name one);
//   - to build code-server the first time (its native modules): the Kerberos headers (libkrb5-dev), make, g++
//     and python3.
//
// Root with apt-get: installs what is missing, saying so. Not root: stops at once with the `sudo apt-get install`
// line. Elsewhere: says what is missing and how to point the harness at a Chromium that is already installed.
//
//   node scripts/setup.mjs [--tests]     (scripts/test.mjs and scripts/start.mjs call setup() themselves)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateCodeServer } from './codeServerInstall.mjs';

/** The header code-server's Kerberos module is built against. */
export const GSSAPI_HEADER = '/usr/include/gssapi/gssapi.h';

/** Where set-ups on this machine take turns with apt-get (only root installs, and only root writes here). */
export const APT_LOCK = '/var/lock/countersign-apt.lock';
/** How long apt-get install waits for dpkg's lock held by another program. */
const APT_LOCK_WAIT_SECONDS = 600;

/**
 * What a missing requirement is, and the Debian package that brings it.
 * @type {Record<string, { package: string, what: string }>}
 */
const REQUIREMENTS = {
  chromium: { package: 'chromium', what: 'Chromium (the headless browser the tests drive)' },
  gssapi: { package: 'libkrb5-dev', what: 'the Kerberos headers (gssapi.h, to build code-server)' },
  make: { package: 'make', what: 'make (to build code-server)' },
  'g++': { package: 'g++', what: 'g++ (to build code-server)' },
  python3: { package: 'python3', what: 'python3 (to build code-server)' },
};

/**
 * @param {string | undefined} pathEnv
 * @param {string} command
 */
function onPath(pathEnv, command) {
  return (pathEnv ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
}

/**
 * @typedef {{ env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, gssapiHeader?: string,
 *   codeServerInstalled?: boolean, browser?: boolean }} Probe
 */

/**
 * The requirements that are missing. `probe` says where to look (every field has the real default):
 * `env` (PATH and CHROMIUM_PATH), `platform`, `gssapiHeader`, `codeServerInstalled`, `browser` (tests need one).
 * @param {Probe} probe
 * @returns {string[]}
 */
export function findMissing(probe = {}) {
  const env = probe.env ?? process.env;
  const platform = probe.platform ?? process.platform;
  const codeServerInstalled = probe.codeServerInstalled ?? locateCodeServer() !== undefined;
  /** @type {string[]} */
  const missing = [];
  if (probe.browser ?? true) {
    const named = env.CHROMIUM_PATH;
    const found = named ? existsSync(named) : ['chromium', 'chromium-browser'].some((c) => onPath(env.PATH, c));
    if (!found) missing.push('chromium');
  }
  if (!codeServerInstalled) {
    // Elsewhere the headers come with the system (macOS) or under another name: the build says if they do not.
    if (platform === 'linux' && !existsSync(probe.gssapiHeader ?? GSSAPI_HEADER)) missing.push('gssapi');
    for (const tool of ['make', 'g++', 'python3']) if (!onPath(env.PATH, tool)) missing.push(tool);
  }
  return missing;
}

/**
 * The exact command a user without root runs.
 * @param {readonly string[]} missing
 */
export function sudoLine(missing) {
  return `sudo apt-get install -y ${missing.map((name) => REQUIREMENTS[name]?.package ?? name).join(' ')}`;
}

/** @param {readonly string[]} missing */
function describe(missing) {
  return missing.map((name) => `  - ${REQUIREMENTS[name]?.what ?? name}`).join('\n');
}

/**
 * Checks, and installs with apt-get when it may. Returns true when everything is there (now or before).
 * `options`: the probe of findMissing, plus `uid` (default process.getuid()), `log` (default console.log) and
 * `aptLock` (default APT_LOCK).
 * @param {Probe & { uid?: number, log?: (line: string) => void, aptLock?: string }} options
 */
export function setup(options = {}) {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line) => console.log(line));
  let missing = findMissing(options);
  if (missing.length === 0) return true;

  const namedChromium = env.CHROMIUM_PATH;
  if (missing.includes('chromium') && namedChromium) {
    log(`✘ CHROMIUM_PATH names ${namedChromium}, which does not exist. Point it at a Chromium executable.`);
    return false;
  }
  const uid = options.uid ?? process.getuid?.();
  const hasApt = onPath(env.PATH, 'apt-get');
  if (!hasApt) {
    log(`✘ Missing:\n${describe(missing)}`);
    log('Install them with your system\'s package manager (on macOS: "xcode-select --install" for the build tools).');
    if (missing.includes('chromium'))
      log('To use a Chromium (or Chrome) you already have: CHROMIUM_PATH=/path/to/chromium npm test');
    return false;
  }
  if (uid !== 0) {
    log(`✘ Missing:\n${describe(missing)}`);
    log('Install them, then run the command again:');
    log(`  ${sudoLine(missing)}`);
    if (missing.includes('chromium')) log('(Or point CHROMIUM_PATH at a Chromium you already have.)');
    return false;
  }

  // Two set-ups at once (npm start and npm test, two checkouts) take turns with apt-get: two at once fail on dpkg's
  // lock. One that had to wait checks again: the other may have installed everything.
  const aptLock = options.aptLock ?? APT_LOCK;
  const turns = onPath(env.PATH, 'flock');
  let waited = false;
  const othersTurn = () => turns && spawnSync('flock', ['-n', aptLock, 'true'], { env }).status !== 0;
  const waitForTurn = () => {
    if (!waited) log('Waiting for another Countersign set-up to finish installing system packages with apt-get');
    waited = true;
  };
  if (othersTurn()) {
    waitForTurn();
    spawnSync('flock', [aptLock, 'true'], { env });
    missing = findMissing(options);
    if (missing.length === 0) return true;
  }
  const packages = missing.map((name) => REQUIREMENTS[name]?.package ?? name);
  log(`Installing ${packages.join(', ')} with apt-get:\n${describe(missing)}`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    // Waits (and says so) while another program (unattended upgrades, a user's apt) holds dpkg's own lock.
    ['install', '-y', '-qq', '--no-install-recommends', '-o', `DPkg::Lock::Timeout=${APT_LOCK_WAIT_SECONDS}`],
  ]) {
    const all = args[0] === 'install' ? [...args, ...packages] : args;
    if (othersTurn()) waitForTurn();
    const [command, commandArgs] = turns ? ['flock', [aptLock, 'apt-get', ...all]] : ['apt-get', all];
    const result = spawnSync(command, commandArgs, { env: aptEnv, stdio: 'inherit' });
    if (result.status !== 0) {
      log(`✘ apt-get ${args[0]} failed (${result.error?.message ?? `exit ${result.status}`}).`);
      if (args[0] === 'update')
        log('If another program holds its lock (named above), run this again once that program has finished.');
      return false;
    }
  }
  const still = findMissing(options);
  if (still.length > 0) {
    log(`✘ Still missing after apt-get install:\n${describe(still)}`);
    return false;
  }
  log('Installed.');
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(setup({ browser: process.argv.includes('--tests') }) ? 0 : 1);
}
