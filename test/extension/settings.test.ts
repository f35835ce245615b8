/**
 * Runs in VS Code's extension host: numeric settings reach the extension only within the manifest's bounds,
 * whatever a settings file holds, and the manifest VS Code loaded keeps the timer settings from untrusted
 * workspaces.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { extensionApi } from './hostSupport';

const NAMES = ['requestTimeoutSeconds', 'activities.pollIntervalSeconds', 'activities.pageSize'];

describe('settings', () => {
  let api: CountersignExtensionApi;

  before(async () => {
    api = await extensionApi();
  });
  afterEach(async () => {
    const config = vscode.workspace.getConfiguration('countersign');
    for (const name of NAMES) await config.update(name, undefined, vscode.ConfigurationTarget.Global);
  });

  const setAll = async (value: number): Promise<void> => {
    const config = vscode.workspace.getConfiguration('countersign');
    for (const name of NAMES) await config.update(name, value, vscode.ConfigurationTarget.Global);
  };

  it("clamps a 3e9 timeout, polling interval and page size to the manifest's maximum", async () => {
    await setAll(3e9);
    const settings = api.services.settings();
    assert.deepEqual([settings.requestTimeoutMs, settings.pollIntervalMs, settings.pageSize], [300_000, 60_000, 100]);
  });

  it("raises a negative one to the manifest's minimum", async () => {
    await setAll(-5);
    const settings = api.services.settings();
    assert.deepEqual([settings.requestTimeoutMs, settings.pollIntervalMs, settings.pageSize], [1_000, 1_000, 1]);
  });

  it('declares the timer settings restricted in untrusted workspaces, in the manifest VS Code loaded', () => {
    const manifest = vscode.extensions.getExtension('countersign.countersign')?.packageJSON as {
      capabilities?: { untrustedWorkspaces?: { supported?: unknown; restrictedConfigurations?: string[] } };
    };
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(untrusted?.supported, 'limited');
    assert.deepEqual([...(untrusted?.restrictedConfigurations ?? [])].sort(), [
      'countersign.activities.pollIntervalSeconds',
      'countersign.requestTimeoutSeconds',
    ]);
  });
});
