/**
 * Runs in VS Code's extension host: the details the extension writes (an evaluation's) open read-only, so closing
 * their tab asks nothing.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { showReadOnlyText } from '../../src/extension/output/readOnlyText';
import { sandboxSuiteHooks } from './sandboxProfiles';

describe('read-only details', function () {
  this.timeout(60_000);
  sandboxSuiteHooks(() => undefined);

  it("opens an evaluation's details read-only: not Untitled, not dirty, so closing asks nothing", async () => {
    const text = 'The policy allows it.\n  condition: true';
    const editor = await showReadOnlyText('Policy evaluation', text);
    assert.equal(editor.document.getText(), text);
    assert.equal(editor.document.isUntitled, false);
    assert.equal(editor.document.isDirty, false);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.ok(!vscode.window.visibleTextEditors.some((e) => e.document === editor.document));
  });
});
