// @ts-check
// `npm test`: every suite of the project, one stage after the other, ending with the line `N passed, N failed`.
//
//   0. setup     the system packages the VS Code stages need (scripts/setup.mjs): installed when root with
//                apt-get, else the run stops at once and says how to install them
//   1. compile   tsc type-checks everything and emits the tests into out/ (the review page's script, by its own
//                tsconfig.json: it runs in the webview); the scripts, benches and build (JavaScript with JSDoc
//                types) are type-checked through tsconfig.scripts.json
//   2. bundle    esbuild builds dist/extension.js and dist/sandbox.js
//      lint      typescript-eslint (type-checked rules) on every TypeScript and JavaScript file, and Prettier's
//                check: a finding stops the run
//   3. node      mocha in plain Node: architecture, client, sandbox, the extension's pure parts
//   4. vscode    code-server is installed if needed, then the extension's suite runs in its extension host
//   5. ui        the packaged .vsix in a real workbench, driven in headless Chromium
//
// A stage that cannot run (a compile error, a harness that crashes) counts as one failure and, when later stages
// depend on it, stops the run, naming the test stages that did not run. Every stage, the set-up, compile, lint and
// install included, runs under a wall-clock limit (scripts/stageRunner.mjs): past it, the stage is stopped with
// every process it started and counts one failure more; a suite that reports its results but does not exit (a
// server left open) is stopped by its reporter and counted the same way.
// Options: --stage <name> (repeatable) runs only those stages. COUNTERSIGN_STAGE_TIMEOUT_SECONDS overrides every
// limit below.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBounded, runCountedStage } from './stageRunner.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** @param {string} name */
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const onlyStages = process.argv.flatMap((arg, i, all) => (arg === '--stage' && all[i + 1] ? [all[i + 1]] : []));

const totals = { passes: 0, failures: 0, skipped: 0 };
/** @type {Set<string>} The counted stages that have run. */
const finished = new Set();
const scratch = mkdtempSync(path.join(tmpdir(), 'countersign-test-'));

/**
 * Files named *.test.js under dir (recursively unless flat), sorted.
 * @param {string} dir
 * @param {{ flat?: boolean }} options
 */
function testFiles(dir, { flat = false } = {}) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: !flat })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.js'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The wall-clock limit of each stage, in seconds: several times what a loaded machine takes (the set-up may wait for
 * another one's apt-get, the install for another one's build of code-server).
 * @type {Record<string, number>}
 */
const stageLimits = {
  setup: 30 * 60,
  compile: 15 * 60,
  'type-check scripts': 10 * 60,
  bundle: 5 * 60,
  lint: 15 * 60,
  format: 5 * 60,
  node: 20 * 60,
  'install code-server': 60 * 60,
  vscode: 20 * 60,
  ui: 30 * 60,
};
const limitOverride = Number(process.env.COUNTERSIGN_STAGE_TIMEOUT_SECONDS);
/** @param {string} name */
const limitOf = (name) => (limitOverride > 0 ? limitOverride : (stageLimits[name] ?? 20 * 60));

/**
 * Runs a counted stage (scripts/stageRunner.mjs) and adds its counts to the totals.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 */
async function countedStage(name, command, args) {
  console.log(`\n━━ ${name} ━━`);
  const outcome = await runCountedStage({
    name,
    command,
    args,
    cwd: root,
    scratch,
    timeoutSeconds: limitOf(name),
  });
  const { counts } = outcome;
  totals.passes += counts.passes;
  totals.failures += counts.failures;
  totals.skipped += counts.pending;
  finished.add(name);
  console.log(
    `   ${name}: ${counts.passes} passed, ${counts.failures} failed, ${counts.pending} skipped (${outcome.seconds} s)`,
  );
  return outcome.ok;
}

/**
 * Runs a step the stages after it depend on, under its wall-clock limit (stopped past it with every process it
 * started, as a counted stage is). A step that fails or is stopped counts one failure, and the run stops.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 */
async function gate(name, command, args) {
  console.log(`\n━━ ${name} ━━`);
  const timeoutSeconds = limitOf(name);
  // No stdin: the step runs in a process group of its own, which may not read the terminal.
  const outcome = await runBounded(command, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeoutSeconds,
  });
  const ok = outcome.status === 0 && !outcome.timedOut;
  if (outcome.error) console.error(`✘ ${name}: ${outcome.error.message}`);
  if (outcome.timedOut) {
    console.error(`✘ ${name}: did not end within ${timeoutSeconds} s; stopped, with every process it started`);
  } else if (!ok) {
    console.error(`✘ ${name} failed (${outcome.signal ?? `exit ${outcome.status}`})`);
  }
  if (ok) {
    console.log(`   ${name}: done (${outcome.seconds.toFixed(1)} s)`);
  } else {
    totals.failures += 1;
    const notRun = ['node', 'vscode', 'ui'].filter((stage) => wanted(stage) && !finished.has(stage));
    if (notRun.length > 0) console.error(`✘ not run, since ${name} did not succeed: ${notRun.join(', ')}`);
  }
  return ok;
}

/** @param {string} stage */
const wanted = (stage) => onlyStages.length === 0 || onlyStages.includes(stage);
// --forbid-only: a stray `.only` would run one test and call the rest passed.
const mochaArgs = [
  '--forbid-only',
  '--reporter',
  path.join(root, 'scripts', 'countingReporter.cjs'),
  '--timeout',
  '20000',
];

async function main() {
  if (wanted('vscode') || wanted('ui')) {
    if (!(await gate('setup', process.execPath, [path.join(root, 'scripts', 'setup.mjs'), '--tests']))) return;
  }
  rmSync(path.join(root, 'out'), { recursive: true, force: true });
  if (!(await gate('compile', bin('tsc'), ['-p', '.']))) return;
  // The review page's script runs in a browser: checked against the DOM by its own tsconfig.json.
  if (!(await gate('compile', bin('tsc'), ['-p', 'src/extension/review/page']))) return;
  if (!(await gate('type-check scripts', bin('tsc'), ['-p', 'tsconfig.scripts.json']))) return;
  if (!(await gate('bundle', process.execPath, ['esbuild.mjs']))) return;
  const eslint = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
  if (!(await gate('lint', process.execPath, [eslint, '.']))) return;
  if (!(await gate('format', bin('prettier'), ['--check', '.']))) return;

  if (wanted('node')) {
    const out = path.join(root, 'out', 'test');
    const files = [
      ...testFiles(out, { flat: true }),
      ...testFiles(path.join(out, 'api')),
      ...testFiles(path.join(out, 'sandbox')),
      ...testFiles(path.join(out, 'extension', 'pure')),
      ...testFiles(path.join(out, 'scripts')),
    ];
    await countedStage('node', bin('mocha'), [...mochaArgs, ...files]);
  }

  if (wanted('vscode') || wanted('ui')) {
    if (!(await gate('install code-server', 'bash', [path.join(root, 'scripts', 'setup-code-server.sh')]))) return;
  }
  if (wanted('vscode')) {
    await countedStage('vscode', process.execPath, [
      path.join(root, 'scripts', 'runExtensionTests.mjs'),
      `--extensionDevelopmentPath=${root}`,
      `--extensionTestsPath=${path.join(root, 'out', 'test', 'extension', 'index.js')}`,
    ]);
  }
  if (wanted('ui')) {
    await countedStage('ui', bin('mocha'), [...mochaArgs, ...testFiles(path.join(root, 'out', 'test', 'ui'))]);
  }
}

try {
  await main();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`\n${totals.passes} passed, ${totals.failures} failed, ${totals.skipped} skipped`);
process.exit(totals.failures === 0 && totals.passes > 0 ? 0 : 1);
