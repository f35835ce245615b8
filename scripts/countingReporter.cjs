// Mocha's spec reporter, which also writes the run's counts as JSON to COUNTERSIGN_RESULT_FILE (when set), so
// that scripts/test.mjs can add up every stage into its closing `N passed, N failed` line.
'use strict';
const { writeFileSync } = require('node:fs');
const Mocha = require('mocha');

class CountingReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const file = process.env.COUNTERSIGN_RESULT_FILE;
      if (!file) return;
      const { passes, failures, pending, tests } = runner.stats;
      writeFileSync(file, JSON.stringify({ passes, failures, pending, tests }));
    });
  }
}

module.exports = CountingReporter;
