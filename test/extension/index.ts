// The suite's entry point, run by VS Code inside the extension host (`extensionTestsPath`). It loads every
// *.test.js beside it (not in subfolders: pure/ holds plain-Node tests) and writes mocha's counts to
// VSCODE_TEST_RESULT_FILE, which the runner reads once VS Code has exited.
import { readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  // COUNTERSIGN_TEST_GREP runs only the tests whose title matches, for a quick look at one suite.
  const grep = process.env.COUNTERSIGN_TEST_GREP;
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 30_000,
    reporter: 'spec',
    forbidOnly: true,
    ...(grep ? { grep } : {}),
  });
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort();
  for (const name of files) mocha.addFile(path.join(__dirname, name));

  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        const {
          passes,
          failures: failed,
          pending,
          tests,
        } = runner.stats ?? { passes: 0, failures, pending: 0, tests: 0 };
        const resultFile = process.env.VSCODE_TEST_RESULT_FILE;
        if (resultFile) writeFileSync(resultFile, JSON.stringify({ passes, failures: failed, pending, tests }));
        if (failures > 0) reject(new Error(`${failures} test(s) failed.`));
        else if (files.length === 0) reject(new Error(`No *.test.js file next to ${__filename}.`));
        else resolve();
      });
    } catch (error) {
      // A file that throws while loading lands here; the runner then finds no result file and counts a failure.
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
