/**
 * `npm test`'s stages end, whatever a suite leaves behind (scripts/stageRunner.mjs, scripts/countingReporter.cjs):
 * tiny fixture suites, run by mocha as the node and UI stages run theirs, fail with a server left open or never
 * end; each stage ends within a bounded time with its failure counted, and nothing it started keeps running.
 */
import * as assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../support/fixtures';

interface StageOutcome {
  ok: boolean;
  timedOut: boolean;
  seconds: string;
  counts: { passes: number; failures: number; pending: number };
}
interface StageRunner {
  runCountedStage(options: {
    name: string;
    command: string;
    args: string[];
    cwd?: string;
    env?: Record<string, string>;
    stdio?: unknown;
    timeoutSeconds: number;
    scratch: string;
    log?: (line: string) => void;
  }): Promise<StageOutcome>;
}

/** A test that opens a server on 127.0.0.1 (and a child process), notes their port and pid, then does `then`. */
const fixture = (then: string) => `
const http = require('node:http');
const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
describe('a fixture suite', function () {
  it('opens a server and a child process, and ${then.split('\n')[0]}', async function () {
    this.timeout(0);
    const server = http.createServer((_req, res) => res.end('still here'));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    writeFileSync(process.env.FIXTURE_STATE, JSON.stringify({ port: server.address().port, pid: child.pid }));
    ${then.split('\n').slice(1).join('\n')}
  });
});
`;

const FAILS = fixture("fails\nthrow new Error('deliberate failure');");
const PASSES = fixture('passes\n');
const NEVER_ENDS = fixture('never ends\nawait new Promise(() => {});');

/** Whether something still accepts connections on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether the process runs (a zombie, ended but not reaped yet, does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z /.test(stat);
  } catch {
    return false;
  }
}

/** Whether the process has ended within 5 s: a SIGKILL is delivered, and the process reaped, a moment after. */
async function ends(pid: number): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('a stage that a suite leaves running (scripts/stageRunner.mjs)', function () {
  this.timeout(90_000);
  let runner: StageRunner;
  let dir: string;

  before(async () => {
    runner = (await import(pathToFileURL(path.join(repoRoot, 'scripts', 'stageRunner.mjs')).href)) as StageRunner;
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-stage-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs `source` as a suite, the way test.mjs runs the node stage; returns the outcome, what it said, and more. */
  async function stage(name: string, source: string, timeoutSeconds: number) {
    const suite = path.join(dir, `${name}.cjs`);
    writeFileSync(suite, source);
    const state = path.join(dir, `${name}.state.json`);
    const output = path.join(dir, `${name}.log`);
    const fd = openSync(output, 'w');
    const verdicts: string[] = [];
    const started = Date.now();
    let outcome: StageOutcome;
    try {
      outcome = await runner.runCountedStage({
        name,
        command: process.execPath,
        args: [
          path.join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js'),
          '--reporter',
          path.join(repoRoot, 'scripts', 'countingReporter.cjs'),
          suite,
        ],
        env: { FIXTURE_STATE: state, COUNTERSIGN_EXIT_GRACE_SECONDS: '2' },
        stdio: ['ignore', fd, fd],
        timeoutSeconds,
        scratch: dir,
        log: (line) => verdicts.push(line),
      });
    } finally {
      closeSync(fd);
    }
    const seconds = (Date.now() - started) / 1000;
    const { port, pid } = JSON.parse(readFileSync(state, 'utf8')) as { port: number; pid: number };
    return { outcome, seconds, port, pid, verdicts, said: readFileSync(output, 'utf8') };
  }

  it('ends a suite that fails and leaves a server open soon after "1 failing", with the failure counted', async () => {
    const run = await stage('fails', FAILS, 60);
    assert.deepEqual(run.outcome.counts, { passes: 0, failures: 1, pending: 0 });
    assert.equal(run.outcome.timedOut, false, 'ended by its reporter, not by the time limit');
    assert.ok(run.seconds < 30, `ended in ${run.seconds} s`);
    assert.match(run.said, /1 failing/);
    assert.match(run.said, /a test left something open \(.*TCPServerWrap/);
    assert.equal(await accepts(run.port), false, 'the server is closed');
    assert.ok(await ends(run.pid), 'the child process is stopped');
  });

  it('counts a suite that passes but leaves a server open as one failure', async () => {
    const run = await stage('passes', PASSES, 60);
    assert.deepEqual(run.outcome.counts, { passes: 1, failures: 1, pending: 0 });
    assert.equal(run.outcome.ok, false);
    assert.ok(run.seconds < 30, `ended in ${run.seconds} s`);
    assert.equal(await accepts(run.port), false, 'the server is closed');
  });

  it('stops a suite that never ends at the time limit, with every process it started, and counts one failure', async () => {
    const run = await stage('hangs', NEVER_ENDS, 4);
    assert.deepEqual(run.outcome.counts, { passes: 0, failures: 1, pending: 0 });
    assert.equal(run.outcome.timedOut, true);
    assert.ok(run.seconds < 20, `ended in ${run.seconds} s`);
    assert.ok(
      run.verdicts.some((line) => /did not end within 4 s/.test(line)),
      run.verdicts.join('\n'),
    );
    assert.equal(await accepts(run.port), false, 'the server is closed');
    assert.ok(await ends(run.pid), 'the child process is stopped');
  });
});
