// Runs the extension's suite through @vscode/test-electron's runTests(). No desktop VS Code can be downloaded
// here, so the "executable" is scripts/codeShim.sh, which runs the suite in code-server instead; the flags and
// the exit code pass through unchanged.
//
//   npx tsc -p . && node esbuild.mjs && node out/test/runTest.js
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { repoRoot } from './support/fixtures';

async function main(): Promise<void> {
  try {
    await runTests({
      vscodeExecutablePath: path.join(repoRoot, 'scripts', 'codeShim.sh'),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: path.join(repoRoot, 'out', 'test', 'extension', 'index.js'),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

void main();
