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
// depend on it, stops the run. Each test stage runs under a wall-clock limit (scripts/stageRunner.mjs): past it, the
// stage is stopped with every process it started and counts one failure more; a suite that reports its results but
// does not exit (a server left open) is stopped by its reporter and counted the same way.
// Options: --stage <name> (repeatable) runs only those stages. COUNTERSIGN_STAGE_TIMEOUT_SECONDS overrides the
// limits below.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup } from './setup.mjs';
import { runCountedStage } from './stageRunner.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** @param {string} name */
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const onlyStages = process.argv.flatMap((arg, i, all) => (arg === '--stage' && all[i + 1] ? [all[i + 1]] : []));

const totals = { passes: 0, failures: 0, skipped: 0 };
const scratch = mkdtempSync(path.join(tmpdir(), 'countersign-test-'));

/**
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error) console.error(`✘ ${command}: ${result.error.message}`);
  return { ok: result.status === 0, status: result.status, seconds };
}

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
 * The wall-clock limit of each test stage, in seconds: several times what a loaded machine takes.
 * @type {Record<string, number>}
 */
const stageLimits = { node: 20 * 60, vscode: 20 * 60, ui: 30 * 60 };
const limitOverride = Number(process.env.COUNTERSIGN_STAGE_TIMEOUT_SECONDS);

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
    timeoutSeconds: limitOverride > 0 ? limitOverride : (stageLimits[name] ?? 20 * 60),
  });
  const { counts } = outcome;
  totals.passes += counts.passes;
  totals.failures += counts.failures;
  totals.skipped += counts.pending;
  console.log(
    `   ${name}: ${counts.passes} passed, ${counts.failures} failed, ${counts.pending} skipped (${outcome.seconds} s)`,
  );
  return outcome.ok;
}

/**
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 */
function gate(name, command, args) {
  console.log(`\n━━ ${name} ━━`);
  const outcome = run(command, args);
  if (!outcome.ok) {
    console.error(`✘ ${name} failed (exit ${outcome.status})`);
    totals.failures += 1;
  } else {
    console.log(`   ${name}: done (${outcome.seconds} s)`);
  }
  return outcome.ok;
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
    console.log('\n━━ setup ━━');
    if (!setup()) {
      totals.failures += 1;
      return;
    }
  }
  rmSync(path.join(root, 'out'), { recursive: true, force: true });
  if (!gate('compile', bin('tsc'), ['-p', '.'])) return;
  // The review page's script runs in a browser: checked against the DOM by its own tsconfig.json.
  if (!gate('compile', bin('tsc'), ['-p', 'src/extension/review/page'])) return;
  if (!gate('type-check scripts', bin('tsc'), ['-p', 'tsconfig.scripts.json'])) return;
  if (!gate('bundle', process.execPath, ['esbuild.mjs'])) return;
  if (!gate('lint', process.execPath, [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '.'])) return;
  if (!gate('format', bin('prettier'), ['--check', '.'])) return;

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
    if (!gate('install code-server', 'bash', [path.join(root, 'scripts', 'setup-code-server.sh')])) return;
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
