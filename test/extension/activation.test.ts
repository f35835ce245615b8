import * as assert from 'node:assert/strict';
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

  it('does not activate at startup, only for a view or a command', () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension);
    assert.equal(activeAtLoad, false, 'the extension was already active when the suite started');
    const events = (extension.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
    assert.ok(
      !events.includes('*') && !events.includes('onStartupFinished'),
      `eager activation events: ${events.join(', ')}`,
    );
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
    const api = extension.exports as { services?: unknown; views?: unknown } | undefined;
    assert.ok(api && typeof api === 'object', 'activate() returns nothing');
    assert.ok(api.services, 'activate() returns no services');
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
});
