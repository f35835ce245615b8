/**
 * A large ABI file in VS Code's extension host: past a few megabytes it is not read on each edit (reading 15 MB
 * holds the extension host for a second or more). Its one lens registers it, which reads it then; until then it
 * has no lenses of its own and no problems, even an invalid entry.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandIds } from '../../src/extension/commandIds';
import { MAX_ANALYSED_ABI_CHARS } from '../../src/extension/abi/abiLensModel';
import { artifactText, counterAbi, workspaceUri, writeFile } from './abiFileHelpers';
import { extensionApi } from './hostSupport';

describe('a large ABI file in the editor', function () {
  this.timeout(120_000);

  it('is read only when registered: one lens offers it, and no problem is looked for', async () => {
    const api = await extensionApi();
    const features = await api.abiEditor.start();
    // An artifact whose bytecode makes it larger than the bound, with an entry the check would refuse.
    const artifact = JSON.parse(artifactText('Large', [...counterAbi, { type: 'function' }])) as Record<
      string,
      unknown
    >;
    artifact['deployedBytecode'] = `0x${'00'.repeat(Math.ceil(MAX_ANALYSED_ABI_CHARS / 2) + 1024)}`;
    const uri = workspaceUri('artifacts', 'contracts', 'Large.sol', 'Large.json');
    const document = await writeFile(uri, JSON.stringify(artifact));
    try {
      assert.ok(document.getText().length > MAX_ANALYSED_ABI_CHARS);
      await features.settled();
      const lenses = await features.lenses(document);
      assert.deepEqual(
        lenses.map((lens) => [lens.state, lens.command, lens.args]),
        [['large', CommandIds.createSmartContractInterface, [{ uri: uri.toString() }]]],
      );
      assert.match(lenses[0]?.title ?? '', /^Large ABI file \(\d+\.\d MB\): Register/);
      assert.deepEqual(features.diagnostics.get(uri) ?? [], [], 'no problem is looked for');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(uri);
    }
  });
});
