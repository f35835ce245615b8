// @ts-check
// Mocha's spec reporter, which also writes the run's counts as JSON to COUNTERSIGN_RESULT_FILE (when set), so
// that scripts/test.mjs can add up every stage into its closing `N passed, N failed` line.
//
// Once the counts are written, the process should exit by itself. When something a test started is still open
// (a server, a socket, a timer, a child process), Mocha would wait for it forever after "1 failing": after
// COUNTERSIGN_EXIT_GRACE_SECONDS (20 by default) the reporter says what is still open and exits non-zero, which
// the stage counts as a failure.
'use strict';
const { writeFileSync } = require('node:fs');
const Mocha = require('mocha');

const graceSeconds = Number(process.env.COUNTERSIGN_EXIT_GRACE_SECONDS ?? 20);

class CountingReporter extends Mocha.reporters.Spec {
  /**
   * @param {import('mocha').Runner} runner
   * @param {import('mocha').MochaOptions} options
   */
  constructor(runner, options) {
    super(runner, options);
    // Stopped at the stage's time limit: exit through the 'exit' hooks, which stop what runs in groups of its own
    // (code-server, scripts/codeServer.mjs).
    process.once('SIGTERM', () => {
      console.error('\n✘ stopped (SIGTERM) before the tests ended');
      process.exit(143);
    });
    runner.once('end', () => {
      const { passes, failures, pending, tests } = this.stats;
      const file = process.env.COUNTERSIGN_RESULT_FILE;
      if (file) writeFileSync(file, JSON.stringify({ passes, failures, pending, tests }));
      // Unref'd: a process with nothing left open exits before it fires.
      setTimeout(() => {
        const open = process.getActiveResourcesInfo().filter((name) => name !== 'TTYWrap');
        console.error(
          `\n✘ the tests ended ${graceSeconds} s ago, but the process is still running: a test left something ` +
            `open (${open.join(', ') || 'nothing Node can name'}). Close it in an after() hook.`,
        );
        // Mocha sets the exit code to the number of failures in an 'exit' handler of its own, which would turn
        // this exit into a success when every test passed: this handler runs after it.
        const code = Math.min(Math.max(failures, 1), 255);
        process.on('exit', () => {
          process.exitCode = code;
        });
        process.exit(code);
      }, graceSeconds * 1000).unref();
    });
  }
}

module.exports = CountingReporter;
