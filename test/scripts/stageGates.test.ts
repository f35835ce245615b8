/**
 * `npm test`'s steps that the test stages depend on (scripts/test.mjs: the set-up, compile, bundle, lint, format,
 * install code-server) each run under a wall-clock limit: one that hangs is stopped with every process it started
 * and counts as a failure, and the run ends non-zero with its `N passed, N failed` line. The real test.mjs and
 * stageRunner.mjs run here in a scratch copy of the project whose tools are stand-ins: each ends at once (the node
 * and vscode suites report 3 passes), except the one named by FAKE_HANG, which starts a child process, ignores
 * SIGTERM and never ends.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../support/fixtures';

/** A stand-in tool named `name`, in JavaScript that runs as a script or a module. */
const tool = (name: string) => `
const fs = process.getBuiltinModule('node:fs');
const { spawn } = process.getBuiltinModule('node:child_process');
const name = ${JSON.stringify(name)};
if (process.env.FAKE_HANG === name) {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  fs.writeFileSync(process.env.FAKE_STATE, JSON.stringify({ pid: process.pid, child: child.pid }));
  process.on('SIGTERM', () => {});
  setInterval(() => {}, 1000);
} else if (process.env.COUNTERSIGN_RESULT_FILE) {
  fs.writeFileSync(process.env.COUNTERSIGN_RESULT_FILE, JSON.stringify({ passes: 3, failures: 0, pending: 0 }));
}
`;

/** Whether the process runs (a zombie, ended but not reaped yet, does not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('npm test: a step that hangs (scripts/test.mjs)', function () {
  this.timeout(60_000);
  let project: string;

  before(() => {
    project = mkdtempSync(path.join(tmpdir(), 'countersign-gates-'));
    const write = (file: string, text: string, executable = false) => {
      const target = path.join(project, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
      if (executable) chmodSync(target, 0o755);
    };
    for (const file of ['test.mjs', 'stageRunner.mjs']) {
      mkdirSync(path.join(project, 'scripts'), { recursive: true });
      copyFileSync(path.join(repoRoot, 'scripts', file), path.join(project, 'scripts', file));
    }
    // Run with node: the set-up, the bundle, lint and the vscode stage's runner.
    write('scripts/setup.mjs', tool('setup'));
    write('esbuild.mjs', tool('bundle'));
    write('node_modules/eslint/bin/eslint.js', tool('lint'));
    write('scripts/runExtensionTests.mjs', tool('vscode'));
    // Run as commands: tsc (compile and type-check scripts), prettier, mocha, and the install script (with bash).
    for (const [file, name] of [
      ['node_modules/.bin/tsc', 'compile'],
      ['node_modules/.bin/prettier', 'format'],
      ['node_modules/.bin/mocha', 'node'],
      ['scripts/setup-code-server.sh', 'install code-server'],
    ] as const) {
      write(`${file}.cjs`, tool(name));
      write(file, `#!/bin/sh\nexec '${process.execPath}' '${path.join(project, `${file}.cjs`)}' "$@"\n`, true);
    }
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  /** Runs the copy's test.mjs with `hang` hanging and a 1 s limit on every stage; resolves once it has exited. */
  async function npmTest(hang: string, stages: string[]) {
    const state = path.join(project, `${hang}.state.json`);
    const child = spawn(
      process.execPath,
      [path.join(project, 'scripts', 'test.mjs'), ...stages.flatMap((stage) => ['--stage', stage])],
      {
        cwd: project,
        env: { ...process.env, FAKE_HANG: hang, FAKE_STATE: state, COUNTERSIGN_STAGE_TIMEOUT_SECONDS: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
    assert.ok(existsSync(state), `the ${hang} step started: ${said}`);
    const hung = JSON.parse(readFileSync(state, 'utf8')) as { pid: number; child: number };
    const lines = said.trim().split('\n');
    return { status, said, last: lines[lines.length - 1], hung };
  }

  it('stops a compile that never ends at its limit, with what it started, and counts it as the failure', async () => {
    const run = await npmTest('compile', ['node']);
    assert.equal(run.status, 1, run.said);
    assert.equal(run.last, '0 passed, 1 failed, 0 skipped', run.said);
    assert.match(run.said, /✘ compile: did not end within 1 s; stopped, with every process it started/);
    assert.match(run.said, /✘ not run, since compile did not succeed: node/);
    assert.equal(alive(run.hung.pid), false, 'the hung compiler has ended');
    assert.equal(alive(run.hung.child), false, 'and so has the process it started');
  });

  it('stops an install of code-server that never ends; the tests that ran still count, and the run fails', async () => {
    const run = await npmTest('install code-server', ['node', 'vscode']);
    assert.equal(run.status, 1, run.said);
    assert.equal(run.last, '3 passed, 1 failed, 0 skipped', run.said);
    assert.match(run.said, /━━ setup ━━[\s\S]*━━ format ━━[\s\S]*node: 3 passed/, 'every step before it ran');
    assert.match(run.said, /✘ install code-server: did not end within 1 s/);
    assert.match(run.said, /✘ not run, since install code-server did not succeed: vscode/);
    assert.equal(alive(run.hung.pid), false);
    assert.equal(alive(run.hung.child), false);
  });
});
