/**
 * Runs in VS Code's extension host: an ABI file that is not valid JSON is refused with where and why, and the
 * message's action opens the file at that position.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ErrorAction } from '../../src/extension/ui/errorAction';
import { fixturePath } from '../support/fixtures';
import { eventually, failureOf } from './hostSupport';
import { sandboxSuiteHooks } from './sandboxProfiles';

describe('an ABI file that is not valid JSON', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });

  it('says the line, the column and the reason, and offers to open the file there', async () => {
    const uri = vscode.Uri.file(fixturePath('abi', 'not-json.json'));
    const failure = await failureOf(api, 'countersign.createSmartContractInterface', {
      uri,
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    assert.match(failure.message, /not-json\.json: the file is not valid JSON \(line 3, column 38\): a trailing comma/);
    // The bundle's classes are not the test's: the action is read from the error as the wrapper reads it.
    const action = (failure.error as { action?: ErrorAction }).action;
    assert.ok(action, 'the failure comes with an action');
    assert.equal(action.title, 'Open at Line 3, Column 38');

    await vscode.commands.executeCommand(action.command, ...action.args);
    const editor = await eventually('the file to open', () =>
      vscode.window.activeTextEditor?.document.uri.fsPath === uri.fsPath ? vscode.window.activeTextEditor : undefined,
    );
    assert.equal(editor.selection.start.line, 2);
    assert.equal(editor.selection.start.character, 37);
    assert.equal(editor.document.getText(new vscode.Range(editor.selection.start, editor.selection.end)), ',');
  });
});
