// `npm test`: every suite of the project, one stage after the other, ending with the line `N passed, N failed`.
//
//   0. setup     the system packages the VS Code stages need (scripts/setup.mjs): installed when root with
//                apt-get, else the run stops at once and says how to install them
//   1. compile   tsc type-checks everything and emits the tests into out/
//   2. bundle    esbuild builds dist/extension.js and dist/sandbox.js
//      lint      typescript-eslint (type-checked rules) and Prettier's check: a finding stops the run
//   3. node      mocha in plain Node: architecture, client, sandbox, the extension's pure parts
//   4. vscode    code-server is installed if needed, then the extension's suite runs in its extension host
//   5. ui        the packaged .vsix in a real workbench, driven in headless Chromium
//
// A stage that cannot run (a compile error, a harness that crashes) counts as one failure and, when later stages
// depend on it, stops the run. Options: --stage <name> (repeatable) runs only those stages.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup } from './setup.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const onlyStages = process.argv.flatMap((arg, i, all) => (arg === '--stage' && all[i + 1] ? [all[i + 1]] : []));

const totals = { passes: 0, failures: 0, skipped: 0 };
const scratch = mkdtempSync(path.join(tmpdir(), 'countersign-test-'));

function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error) console.error(`✘ ${command}: ${result.error.message}`);
  return { ok: result.status === 0, status: result.status, seconds };
}

/** Files named *.test.js under dir (recursively unless flat), sorted. */
function testFiles(dir, { flat = false } = {}) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: !flat })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.js'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Runs a stage that reports counts through COUNTERSIGN_RESULT_FILE; a stage that reports none counts as a failure. */
function countedStage(name, command, args) {
  const resultFile = path.join(scratch, `${name}.json`);
  console.log(`\n━━ ${name} ━━`);
  const outcome = run(command, args, { COUNTERSIGN_RESULT_FILE: resultFile });
  let counts;
  try {
    counts = JSON.parse(readFileSync(resultFile, 'utf8'));
  } catch {
    counts = undefined;
  }
  if (!counts) {
    console.error(`✘ ${name}: the stage ended (exit ${outcome.status}) without reporting results`);
    totals.failures += 1;
    return false;
  }
  totals.passes += counts.passes;
  totals.failures += counts.failures;
  totals.skipped += counts.pending ?? 0;
  // A non-zero exit with no failing test (a crash after the run, a hard timeout) is a failure of its own.
  if (!outcome.ok && counts.failures === 0) {
    console.error(`✘ ${name}: exited with ${outcome.status}`);
    totals.failures += 1;
  }
  console.log(
    `   ${name}: ${counts.passes} passed, ${counts.failures} failed, ${counts.pending ?? 0} skipped (${outcome.seconds} s)`,
  );
  return outcome.ok;
}

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

const wanted = (stage) => onlyStages.length === 0 || onlyStages.includes(stage);
// --forbid-only: a stray `.only` would run one test and call the rest passed.
const mochaArgs = [
  '--forbid-only',
  '--reporter',
  path.join(root, 'scripts', 'countingReporter.cjs'),
  '--timeout',
  '20000',
];

function main() {
  if (wanted('vscode') || wanted('ui')) {
    console.log('\n━━ setup ━━');
    if (!setup()) {
      totals.failures += 1;
      return;
    }
  }
  rmSync(path.join(root, 'out'), { recursive: true, force: true });
  if (!gate('compile', bin('tsc'), ['-p', '.'])) return;
  if (!gate('bundle', process.execPath, ['esbuild.mjs'])) return;
  if (!gate('lint', process.execPath, [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), 'src', 'test']))
    return;
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
    countedStage('node', bin('mocha'), [...mochaArgs, ...files]);
  }

  if (wanted('vscode') || wanted('ui')) {
    if (!gate('install code-server', 'bash', [path.join(root, 'scripts', 'setup-code-server.sh')])) return;
  }
  if (wanted('vscode')) {
    countedStage('vscode', process.execPath, [
      path.join(root, 'scripts', 'runExtensionTests.mjs'),
      `--extensionDevelopmentPath=${root}`,
      `--extensionTestsPath=${path.join(root, 'out', 'test', 'extension', 'index.js')}`,
    ]);
  }
  if (wanted('ui')) {
    countedStage('ui', bin('mocha'), [...mochaArgs, ...testFiles(path.join(root, 'out', 'test', 'ui'))]);
  }
}

try {
  main();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`\n${totals.passes} passed, ${totals.failures} failed, ${totals.skipped} skipped`);
process.exit(totals.failures === 0 && totals.passes > 0 ? 0 : 1);
