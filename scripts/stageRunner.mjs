// @ts-check
// One counted stage of `npm test` (scripts/test.mjs): a process that runs a suite and reports its counts as JSON
// to COUNTERSIGN_RESULT_FILE. The stage runs in a process group of its own, under a wall-clock limit: a stage that
// outlives it is stopped with everything it started (a server a test left open, a code-server, a Chromium) and
// counts as one failure. Whatever of the group is still running once the stage has ended is stopped too.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Signals the whole process group led by `pid`; false when nothing of it is left.
 * @param {number} pid
 * @param {NodeJS.Signals} signal
 */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * @typedef {{ status: number | null, signal: NodeJS.Signals | null, error: Error | undefined, timedOut: boolean,
 *   seconds: number }} BoundedOutcome
 */

/**
 * Runs `command` in a process group of its own. After `timeoutSeconds` the group gets SIGTERM, and SIGKILL
 * `graceSeconds` later. Resolves once the command has exited, with its status and whether it was stopped.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv, stdio?: import('node:child_process').StdioOptions,
 *   timeoutSeconds: number, graceSeconds?: number }} options
 * @returns {Promise<BoundedOutcome>}
 */
export function runBounded(command, args, { cwd, env, stdio = 'inherit', timeoutSeconds, graceSeconds = 5 }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio, detached: true });
    let timedOut = false;
    /** @type {NodeJS.Timeout | undefined} */
    let killTimer;
    const limit = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => child.pid !== undefined && signalGroup(child.pid, 'SIGKILL'), graceSeconds * 1000);
    }, timeoutSeconds * 1000);
    // An interrupted `npm test` stops the stage too: the group does not get the terminal's signals.
    /** @param {NodeJS.Signals} signal */
    const forward = (signal) => {
      const pid = child.pid;
      if (pid === undefined) return;
      signalGroup(pid, signal);
      setTimeout(() => signalGroup(pid, 'SIGKILL'), graceSeconds * 1000).unref();
    };
    const onInt = () => forward('SIGINT');
    const onTerm = () => forward('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    /**
     * @param {number | null} status
     * @param {NodeJS.Signals | null} signal
     * @param {Error | undefined} error
     */
    const done = (status, signal, error) => {
      clearTimeout(limit);
      clearTimeout(killTimer);
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      // What the stage started and left behind ends with it.
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
      resolve({ status, signal, error, timedOut, seconds: (Date.now() - started) / 1000 });
    };
    child.once('error', (error) => done(null, null, error));
    child.once('exit', (status, signal) => done(status, signal, undefined));
  });
}

/**
 * Runs a stage that reports counts through COUNTERSIGN_RESULT_FILE (written in `scratch`), under `timeoutSeconds`.
 * Returns its counts: a stage that reports none, that is stopped at its limit or that exits non-zero with no failing
 * test counts one failure more. `log` receives the stage's verdict lines.
 * @param {{ name: string, command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv,
 *   stdio?: import('node:child_process').StdioOptions, timeoutSeconds: number, scratch: string,
 *   log?: (line: string) => void }} stage
 */
export async function runCountedStage({
  name,
  command,
  args,
  cwd,
  env = {},
  stdio = 'inherit',
  timeoutSeconds,
  scratch,
  log = (line) => console.error(line),
}) {
  const resultFile = path.join(scratch, `${name}.json`);
  rmSync(resultFile, { force: true });
  const outcome = await runBounded(command, args, {
    cwd,
    stdio,
    timeoutSeconds,
    env: { ...process.env, ...env, COUNTERSIGN_RESULT_FILE: resultFile },
  });
  const seconds = outcome.seconds.toFixed(1);
  if (outcome.error) log(`✘ ${name}: ${outcome.error.message}`);
  if (outcome.timedOut) {
    log(`✘ ${name}: did not end within ${timeoutSeconds} s; stopped, with every process it started`);
  }
  /** @type {{ passes: number, failures: number, pending?: number } | undefined} */
  let reported;
  try {
    /** @type {unknown} */
    const parsed = JSON.parse(readFileSync(resultFile, 'utf8'));
    reported = /** @type {{ passes: number, failures: number, pending?: number }} */ (parsed);
  } catch {
    reported = undefined;
  }
  const exit = outcome.signal ?? `exit ${outcome.status}`;
  if (!reported) {
    log(`✘ ${name}: the stage ended (${exit}) without reporting results`);
    return { ok: false, timedOut: outcome.timedOut, seconds, counts: { passes: 0, failures: 1, pending: 0 } };
  }
  const counts = { passes: reported.passes, failures: reported.failures, pending: reported.pending ?? 0 };
  const ok = outcome.status === 0 && !outcome.timedOut;
  // A stage that did not exit cleanly with no failing test (a crash after the run, a hang after the results, a
  // handle left open) is a failure of its own.
  if (!ok && counts.failures === 0) {
    log(`✘ ${name}: ${outcome.timedOut ? 'stopped at its time limit' : `ended with ${exit}`}`);
    counts.failures = 1;
  }
  return { ok, timedOut: outcome.timedOut, seconds, counts };
}
