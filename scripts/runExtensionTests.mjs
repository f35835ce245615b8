// @ts-check
// Runs the extension's mocha suite inside a real VS Code extension host: code-server's, with headless Chromium as
// the window. Then scans the run's logs and output for secrets, as one more counted check.
//
//   node scripts/runExtensionTests.mjs --extensionDevelopmentPath=. --extensionTestsPath=out/test/extension/index.js
//        [--timeout-seconds 600] [workspace folder]
//
// Exit code: the suite's (0 when every test passed), 1 when the secret scan finds something or code-server dies,
// 124 when the run outlives the timeout. With COUNTERSIGN_RESULT_FILE set, writes {passes, failures, pending,
// tests} there. VERBOSE=1 also prints code-server's own output and the lines that only say we are offline.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import {
  copyFixtureWorkspace,
  delay,
  freePort,
  isOfflineNoise,
  launchChromium,
  makeScratch,
  remoteUri,
  repoRoot,
  requireCodeServer,
  startCodeServer,
  waitForHealthz,
  workbenchUrl,
} from './codeServer.mjs';
import { describeFinding, readListedSecrets, scanDirectory, scanText } from './secretScan.mjs';

const verbose = process.env.VERBOSE === '1';

/**
 * `--name=value` or `--name value`; VS Code's other flags (passed by @vscode/test-electron) are ignored.
 * @param {readonly string[]} argv
 */
function parseArgs(argv) {
  /** @type {{ positional: string[], noKeys?: boolean, [name: string]: string | string[] | boolean | undefined }} */
  const options = { positional: [] };
  const valued = new Set(['extensionDevelopmentPath', 'extensionTestsPath', 'timeout-seconds']);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const match = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (!match) {
      options.positional.push(arg);
      continue;
    }
    const [, name = '', inline] = match;
    // A suite that handles no private key (the activation probes): the scan looks for stamps and signatures only.
    if (name === 'no-keys') options.noKeys = true;
    if (!valued.has(name)) continue;
    options[name] = inline ?? argv[++i];
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
if (!options.extensionDevelopmentPath || !options.extensionTestsPath) {
  console.error(
    'Usage: node scripts/runExtensionTests.mjs --extensionDevelopmentPath=<dir> --extensionTestsPath=<suite index.js> [--timeout-seconds N] [--no-keys] [folder]',
  );
  process.exit(2);
}
const extensionDevelopmentPath = path.resolve(String(options.extensionDevelopmentPath));
const extensionTestsPath = path.resolve(String(options.extensionTestsPath));
const timeoutSeconds = Number(options['timeout-seconds'] ?? 600);
if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
  console.error(`--timeout-seconds must be a positive number, not ${String(options['timeout-seconds'])}`);
  process.exit(2);
}

/**
 * Everything this run printed or heard, kept for the secret scan.
 * @type {string[]}
 */
const transcript = [];
/**
 * @param {string} message
 * @param {'stdout' | 'stderr'} stream
 */
function print(message, stream = 'stdout') {
  transcript.push(message);
  if (isOfflineNoise(message)) return;
  (stream === 'stderr' ? process.stderr : process.stdout).write(`${message}\n`);
}
/**
 * code-server's own output: shown with VERBOSE=1, and the tail of it when code-server dies.
 * @type {string[]}
 */
const serverTail = [];
/**
 * @param {string} line
 * @param {'stdout' | 'stderr'} stream
 */
function onServerOutput(line, stream) {
  transcript.push(line);
  serverTail.push(line);
  if (serverTail.length > 60) serverTail.shift();
  if (verbose) print(`[code-server] ${line}`, stream);
}

/** @typedef {{ passes: number, failures: number, pending: number, tests: number }} Counts */

/** @param {Counts} counts */
function writeCounts(counts) {
  const file = process.env.COUNTERSIGN_RESULT_FILE;
  if (file) writeFileSync(file, JSON.stringify(counts));
}

const started = Date.now();
let install;
try {
  install = requireCodeServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  writeCounts({ passes: 0, failures: 1, pending: 0, tests: 1 });
  process.exit(1);
}

const scratch = makeScratch('countersign-ext-test-');
const resultFile = path.join(scratch.root, 'result.json');
const secretsFile = path.join(scratch.root, 'secrets.txt');
writeFileSync(secretsFile, '', { mode: 0o600 });

const folderArg = options.positional.find((arg) => existsSync(arg));
let folder;
if (folderArg) {
  folder = path.resolve(folderArg);
} else if (existsSync(path.join(repoRoot, 'test', 'fixtures', 'workspace'))) {
  folder = copyFixtureWorkspace(path.join(scratch.root, 'workspace'));
} else {
  folder = path.join(scratch.root, 'workspace');
  mkdirSync(folder);
}

/** @type {import('./codeServer.mjs').RunningCodeServer | undefined} */
let server;
/** @type {import('playwright-core').Browser | undefined} */
let browser;
let finishing = false;

/**
 * Stops Chromium and code-server (by PID), scans for secrets, reports, deletes the scratch folder, exits.
 * @param {{ code: number, reason?: string }} outcome
 */
async function finish(outcome) {
  if (finishing) return;
  finishing = true;
  clearTimeout(hardTimeout);
  // Bounded: a browser that will not close is left to die with its process when we exit.
  await Promise.race([browser?.close().catch(() => undefined), delay(10_000)]);
  await server?.stop();

  /** @type {Counts | undefined} */
  let suite;
  try {
    /** @type {unknown} */
    const parsed = JSON.parse(readFileSync(resultFile, 'utf8'));
    suite = /** @type {Counts} */ (parsed);
  } catch {
    suite = undefined;
  }

  // The secret scan: every log of this run (including the Countersign output channel and the extension host's
  // log) and everything printed, against the keys the suite listed and the shapes of stamps and signatures.
  const secrets = readListedSecrets(secretsFile);
  const logsDir = path.join(scratch.userDataDir, 'logs');
  const findings = [
    ...scanDirectory(logsDir, secrets, (file) => `logs/${path.relative(logsDir, file)}`),
    ...scanText(transcript.join('\n'), "the run's output", secrets),
  ];
  // A scan that had nothing to read or nothing to look for has shown nothing: it does not pass.
  const blind = [
    ...(existsSync(logsDir) ? [] : [`the log folder ${logsDir} is missing`]),
    ...(secrets.length > 0 || options.noKeys ? [] : ['the suite listed no private key to look for']),
  ];
  console.log('');
  if (blind.length > 0) {
    console.log(`  ✘ the secret scan could not run: ${blind.join('; ')}`);
  } else if (findings.length === 0) {
    console.log(
      options.noKeys
        ? '  ✔ no secret in the logs or the output (stamps, signatures; the suite handles no private key)'
        : `  ✔ no secret in the logs or the output (${secrets.length} listed private key(s), stamps, signatures)`,
    );
  } else {
    console.log(`  ✘ secrets found in the logs or the output:`);
    for (const finding of findings) console.log(`      ${describeFinding(finding)}`);
  }

  const scanPassed = findings.length === 0 && blind.length === 0 ? 1 : 0;
  const counts = {
    passes: (suite?.passes ?? 0) + scanPassed,
    // A suite that reported nothing (it crashed, or the run timed out) counts as one failure.
    failures: (suite ? suite.failures : 1) + (1 - scanPassed),
    pending: suite?.pending ?? 0,
    tests: (suite?.tests ?? 1) + 1,
  };
  writeCounts(counts);
  scratch.dispose();

  let code = outcome.code;
  if (code === 0 && (!suite || counts.failures > 0)) code = 1;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (outcome.reason) console.log(`\n${outcome.reason}`);
  console.log(
    `\n${counts.passes} passed, ${counts.failures} failed, ${counts.pending} skipped (${seconds} s in VS Code)`,
  );
  process.exit(code);
}

const hardTimeout = setTimeout(() => {
  void finish({ code: 124, reason: `The run did not end within ${timeoutSeconds} s; stopped.` });
}, timeoutSeconds * 1000);

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => void finish({ code: 130, reason: `Interrupted (${signal}).` }));
}
// A reader that goes away (`| head`) must not leave code-server and Chromium running.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
process.on('uncaughtException', (error) => {
  transcript.push(String(error));
  void finish({ code: 1, reason: `The runner failed: ${error instanceof Error ? error.message : String(error)}` });
});

try {
  const port = await freePort();
  server = startCodeServer(install, scratch, {
    port,
    folder,
    smokeTestDriver: true,
    env: { VSCODE_TEST_RESULT_FILE: resultFile, COUNTERSIGN_SECRETS_FILE: secretsFile },
    onOutput: onServerOutput,
  });
  void server.exited.then(({ code, signal }) => {
    if (finishing) return;
    for (const line of serverTail) print(`[code-server] ${line}`, 'stderr');
    void finish({ code: 1, reason: `code-server exited unexpectedly (${signal ?? `exit ${code}`}).` });
  });
  await waitForHealthz(server);

  browser = await launchChromium();
  const page = await browser.newPage();
  await page.exposeFunction('codeAutomationLog', (/** @type {unknown} */ _type, /** @type {unknown} */ args) => {
    print(format(...(Array.isArray(args) ? /** @type {unknown[]} */ (args) : [args])));
  });
  await page.exposeFunction('codeAutomationExit', (/** @type {unknown} */ code) => {
    void finish({ code: typeof code === 'number' ? code : 1 });
  });
  page.on('crash', () => void finish({ code: 1, reason: 'The workbench page crashed.' }));

  /** @type {Array<[string, string]>} */
  const payload = [
    ['extensionDevelopmentPath', remoteUri(port, extensionDevelopmentPath)],
    ['extensionTestsPath', remoteUri(port, extensionTestsPath)],
    ['skipWelcome', 'true'],
  ];
  await page.goto(workbenchUrl(port, folder, payload));
} catch (error) {
  print(`Could not run the suite: ${error instanceof Error ? error.message : String(error)}`, 'stderr');
  await finish({ code: 1 });
}
