// @ts-check
// The folders one run of the workbench writes to (user data with quiet settings, extensions, config, TMPDIR), and
// the copy of the fixture project it opens.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Settings that keep the workbench from asking, updating, phoning home or opening tabs of its own. */
export const quietSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  'security.workspace.trust.enabled': false,
  'window.commandCenter': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/**
 * A scratch folder for one run: `root` holds the user-data dir (with quiet settings), the extensions dir, the
 * code-server config file and a private TMPDIR; `dispose()` deletes all of it.
 */
export function makeScratch(prefix = 'countersign-vscode-', extraSettings = {}) {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const tmp = path.join(root, 'tmp');
  for (const dir of [path.join(userDataDir, 'User'), extensionsDir, tmp]) mkdirSync(dir, { recursive: true });
  writeSettings(userDataDir, extraSettings);
  return {
    root,
    userDataDir,
    extensionsDir,
    tmp,
    configFile: path.join(root, 'config.yaml'),
    dispose: () => rmSync(root, { recursive: true, force: true, maxRetries: 3 }),
  };
}

/**
 * @param {string} userDataDir
 * @param {Record<string, unknown>} extraSettings
 */
export function writeSettings(userDataDir, extraSettings = {}) {
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...quietSettings, ...extraSettings }, null, 2),
  );
}

/**
 * Copies test/fixtures/workspace to `target` (a small Hardhat-like project with ABI files).
 * @param {string} target
 */
export function copyFixtureWorkspace(target) {
  cpSync(path.join(repoRoot, 'test', 'fixtures', 'workspace'), target, { recursive: true });
  return target;
}
