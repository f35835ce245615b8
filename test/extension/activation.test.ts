import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';

const extensionId = 'countersign.countersign';

interface ContributedCommand {
  readonly command: string;
}

function contributedCommands(extension: vscode.Extension<unknown>): string[] {
  const manifest = extension.packageJSON as { contributes?: { commands?: ContributedCommand[] } };
  return (manifest.contributes?.commands ?? []).map((entry) => entry.command);
}

// Read when the suite loads this file, before any test has opened a view or run a command.
const activeAtLoad = vscode.extensions.getExtension(extensionId)?.isActive;

describe('activation', () => {
  it('the extension is installed in the extension host', () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension, `${extensionId} is not loaded`);
    assert.equal(extension.extensionKind, vscode.ExtensionKind.Workspace);
  });

  it('activates at startup only in a smart-contract workspace (the suite opens a Hardhat project), never for any JSON file', async () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension);
    const events = (extension.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
    assert.ok(
      !events.includes('*') && !events.includes('onStartupFinished') && !events.some((e) => e.startsWith('onLanguage')),
      `eager activation events: ${events.join(', ')}`,
    );
    for (const marker of ['hardhat.config.js', 'foundry.toml', 'truffle-config.js'])
      assert.ok(events.includes(`workspaceContains:${marker}`), `no activation on ${marker}`);
    const hardhat = await vscode.workspace.findFiles('hardhat.config.js', undefined, 1);
    assert.equal(hardhat.length, 1, 'the suite runs in a workspace with a hardhat.config.js');
    assert.equal(activeAtLoad, true, 'the extension did not start by itself in a Hardhat workspace');
  });

  it('activates without error, and says how long it took', async function () {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension);
    const wasActive = extension.isActive;
    const started = performance.now();
    await extension.activate();
    const elapsed = performance.now() - started;
    assert.equal(extension.isActive, true);
    if (wasActive) {
      console.log('    Activation took (not measured: already active)');
    } else {
      console.log(`    Activation took ${Math.round(elapsed)} ms`);
    }
    // Only because this suite runs it in ExtensionMode.Test (the packaged extension's UI suite shows that a normal
    // install returns nothing).
    const api = extension.exports as { services?: { context: vscode.ExtensionContext } } | undefined;
    assert.ok(api && typeof api === 'object', 'activate() returns nothing');
    assert.ok(api.services, 'activate() returns no services');
    assert.equal(api.services.context.extensionMode, vscode.ExtensionMode.Test);
  });

  it('registers every command package.json contributes', async () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension);
    await extension.activate();
    const contributed = contributedCommands(extension);
    assert.ok(contributed.length > 0, 'package.json contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((command) => !registered.has(command));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('gives the chunks loaded later the very modules the host loaded with the entry: one copy of each', async () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension?.isActive);
    const main = (extension.packageJSON as { main: string }).main;
    const entryFile = path.join(extension.extensionPath, main);
    // The host loaded the entry by this URL: importing it again gives the same module.
    const entry = (await import(pathToFileURL(entryFile).href)) as Record<string, unknown>;
    const chunks = path.join(path.dirname(entryFile), 'chunks');
    const reexports = readdirSync(chunks)
      .filter((name) => name.endsWith('.mjs'))
      .filter((name) => readFileSync(path.join(chunks, name), 'utf8').includes(`from "../${path.basename(main)}"`));
    assert.ok(reexports.length > 0, 'no chunk re-exports what the entry gathered');
    let checked = 0;
    for (const name of reexports) {
      const chunk = (await import(pathToFileURL(path.join(chunks, name)).href)) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(chunk)) {
        const same = Object.entries(entry).some(([key, held]) => key.endsWith(`_${exported}`) && held === value);
        assert.ok(same, `${name}'s ${exported} is not the entry's own`);
        checked += 1;
      }
    }
    assert.ok(checked > 0, 'the re-exporting chunks export nothing');
  });
});
