/**
 * Runs in VS Code's extension host against the local sandbox: the create smart contract interface command end to
 * end, from each ABI file format, with bad files and addresses refused before anything is sent.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { adviseAddress } from '../../src/extension/ui/operationInputs';
import { addressValidation } from '../../src/extension/ui/prompts';
import type { Activity } from '../../src/api';
import { checkAppProof, checkEthereumAddress, readAbiFile } from '../../src/api/remote';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { fixturePath, readFixture } from '../support/fixtures';
import { eventually } from './hostSupport';
import { ADDRESS, operationCommands } from './operationCommands';

describe('operation commands', function () {
  this.timeout(60_000);
  const ops = operationCommands();
  const { run, failureOf, answerPrompt, interfaces, submittedCount, createdId } = ops;
  let api: CountersignExtensionApi;
  before(() => (api = ops.api));

  describe('create smart contract interface', () => {
    // Where the file does not name its contract (plain array, Etherscan), the label is the file's name.
    const files: Array<{ file: string; contractName?: string; name: string }> = [
      { file: 'Counter.abi.json', name: 'Counter' },
      { file: 'Counter.foundry.json', name: 'Counter' },
      { file: 'MetaCoin.truffle.json', name: 'MetaCoin' },
      { file: 'combined.solc.json', contractName: 'Counter', name: 'Counter' },
      { file: 'Counter.etherscan.json', name: 'Counter.etherscan' },
    ];

    for (const { file, contractName, name } of files) {
      it(`registers the ABI of ${file}, the address in its checksummed form, the label defaulting to the contract's name`, async () => {
        const activity = await run<Activity>('countersign.createSmartContractInterface', {
          uri: vscode.Uri.file(fixturePath('abi', file)),
          address: ADDRESS.toLowerCase(),
          ...(contractName ? { contractName } : {}),
          notes: `from ${file}`,
        });
        assert.ok(activity, 'the command returned the activity');
        assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
        assert.equal(activity.type, 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE');
        const id = createdId(activity);
        const stored = (await interfaces()).find((sci) => sci.smartContractInterfaceId === id);
        assert.ok(stored, 'the organization lists the new interface');
        assert.equal(stored.smartContractAddress, ADDRESS);
        assert.equal(stored.label, name);
        assert.equal(stored.notes, `from ${file}`);
        assert.equal(stored.smartContractInterface, readAbiFile(readFixture('abi', file), file, contractName).json);
      });
    }

    it('reads a Hardhat artifact passed as text, and the Organization view shows the new interface', async () => {
      const abi = JSON.parse(readFixture('abi', 'Counter.abi.json')) as unknown[];
      const artifact = JSON.stringify({
        _format: 'hh-sol-artifact-1',
        contractName: 'HardhatCounter',
        sourceName: 'contracts/Counter.sol',
        abi,
        bytecode: '0x',
      });
      const activity = await run<Activity>('countersign.createSmartContractInterface', {
        abiText: artifact,
        fileName: 'HardhatCounter.json',
        address: ADDRESS,
      });
      assert.ok(activity);
      const id = createdId(activity);
      assert.equal((await interfaces()).find((sci) => sci.smartContractInterfaceId === id)?.label, 'HardhatCounter');
      await eventually('the Organization view to show the interface', async () => {
        const contents = await api.views.organization.contents();
        return contents?.smartContractInterfaces?.some((sci) => sci.smartContractInterfaceId === id) ? true : undefined;
      });
    });

    it('takes the only contract with an ABI from a solc file, and asks which one when several have one', async () => {
      const alone = await run<Activity>('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'combined.solc.json')),
        address: ADDRESS,
      });
      assert.ok(alone);
      assert.equal(
        (await interfaces()).find((sci) => sci.smartContractInterfaceId === createdId(alone))?.label,
        'Counter',
      );

      const abi = readFixture('abi', 'Counter.abi.json');
      const two = JSON.stringify({
        contracts: { 'contracts/Alpha.sol:Alpha': { abi }, 'contracts/Beta.sol:Beta': { abi } },
        version: '0.8.28',
      });
      const picked = await answerPrompt<Activity>('quickInput.accept', 'countersign.createSmartContractInterface', {
        abiText: two,
        fileName: 'two.json',
        address: ADDRESS,
      });
      assert.ok(picked, 'the first contract of the pick was registered');
      assert.equal(
        (await interfaces()).find((sci) => sci.smartContractInterfaceId === createdId(picked))?.label,
        'Alpha',
      );
    });

    it('refuses an ABI over 400 KB, saying its size, and sends nothing', async () => {
      const before = await submittedCount();
      const big = Array.from({ length: 4000 }, (_, i) => ({
        type: 'function',
        name: `f${i}_${'x'.repeat(80)}`,
        inputs: [],
        outputs: [],
        stateMutability: 'view',
      }));
      const failure = await failureOf('countersign.createSmartContractInterface', {
        abiText: JSON.stringify(big),
        fileName: 'Big.json',
        address: ADDRESS,
      });
      assert.match(failure.message, /^Big\.json: the ABI is \d+ KB; the service accepts at most 400 KB\./);
      assert.equal(await submittedCount(), before);
    });

    it('asks for a label when bare ABI text names no contract', async () => {
      const before = await submittedCount();
      const failure = await failureOf('countersign.createSmartContractInterface', {
        abiText: readFixture('abi', 'Counter.abi.json'),
        address: ADDRESS,
      });
      assert.match(failure.message, /pass a label/);
      assert.equal(await submittedCount(), before);
    });

    it('reads the unsaved text of the active editor when no file is named', async () => {
      const abi = JSON.parse(readFixture('abi', 'Counter.abi.json')) as Array<Record<string, unknown>>;
      const edited = [...abi, { type: 'event', name: 'Unsaved', inputs: [], anonymous: false }];
      const document = await vscode.workspace.openTextDocument({
        language: 'json',
        content: JSON.stringify(edited, null, 2),
      });
      await vscode.window.showTextDocument(document);
      assert.equal(document.isDirty || document.isUntitled, true);
      const activity = await run<Activity>('countersign.createSmartContractInterface', {
        address: ADDRESS,
        label: 'From the editor',
      });
      assert.ok(activity);
      const stored = (await interfaces()).find((sci) => sci.smartContractInterfaceId === createdId(activity));
      assert.ok(stored?.smartContractInterface.includes('"Unsaved"'), 'the unsaved event was registered');
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    it('reads the unsaved edits of a file that is open when the file is named (as the explorer menu does)', async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'countersign-abi-'));
      // The browser workbench saves edits after a delay by default: this test needs the edit to stay unsaved.
      const files = vscode.workspace.getConfiguration('files');
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      try {
        const file = path.join(folder, 'Edited.abi.json');
        writeFileSync(file, readFixture('abi', 'Counter.abi.json'));
        const uri = vscode.Uri.file(file);
        const editor = await vscode.window.showTextDocument(uri);
        const text = editor.document.getText();
        const edit = new vscode.WorkspaceEdit();
        const at = editor.document.positionAt(text.indexOf('[') + 1);
        edit.insert(uri, at, '{"type":"event","name":"NotSavedYet","inputs":[],"anonymous":false},');
        assert.equal(await vscode.workspace.applyEdit(edit), true);
        assert.equal(editor.document.isDirty, true);
        const activity = await run<Activity>('countersign.createSmartContractInterface', { uri, address: ADDRESS });
        assert.ok(activity);
        const stored = (await interfaces()).find((sci) => sci.smartContractInterfaceId === createdId(activity));
        assert.equal(stored?.label, 'Edited', 'the label comes from the file name');
        assert.ok(stored?.smartContractInterface.includes('"NotSavedYet"'), 'the unsaved edit was registered');
        assert.ok(!readFileSync(file, 'utf8').includes('NotSavedYet'), 'the file itself was not saved');
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
        rmSync(folder, { recursive: true, force: true });
      }
    });

    it('checks the address as it is typed: errors and a failed checksum block, a missing checksum only informs', () => {
      const lower = ADDRESS.toLowerCase();
      const typo = ADDRESS.replace(/[a-f]/, (c) => c.toUpperCase());
      assert.equal(addressValidation(adviseAddress(ADDRESS, checkEthereumAddress)), undefined);
      const short = addressValidation(adviseAddress('0x12', checkEthereumAddress));
      assert.equal(short?.severity, vscode.InputBoxValidationSeverity.Error);
      assert.match(short?.message ?? '', /this one has 2/);
      const noChecksum = addressValidation(adviseAddress(lower, checkEthereumAddress));
      assert.equal(noChecksum?.severity, vscode.InputBoxValidationSeverity.Info);
      assert.ok(noChecksum?.message.includes(ADDRESS), 'offers the checksummed form');
      assert.equal(
        addressValidation(adviseAddress(typo, checkEthereumAddress))?.severity,
        vscode.InputBoxValidationSeverity.Error,
      );
    });

    it('asks the service for App Proofs when the setting is on, and they check out', async () => {
      await vscode.workspace
        .getConfiguration('countersign')
        .update('generateAppProofs', true, vscode.ConfigurationTarget.Global);
      try {
        const activity = await run<Activity>('countersign.createSmartContractInterface', {
          uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
          address: ADDRESS,
          label: 'With App Proofs',
        });
        assert.ok(activity);
        assert.ok(activity.appProofs.length > 0, 'the activity carries App Proofs');
        for (const proof of activity.appProofs) assert.equal(checkAppProof(proof).ok, true);
      } finally {
        await vscode.workspace
          .getConfiguration('countersign')
          .update('generateAppProofs', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    it('ends quietly, sending nothing, when the address box is dismissed', async () => {
      const before = await submittedCount();
      const result = await answerPrompt(
        'workbench.action.closeQuickOpen',
        'countersign.createSmartContractInterface',
        vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
      );
      assert.equal(result, undefined);
      assert.equal(await submittedCount(), before);
    });

    const badFiles: Array<{ file: string; problem: RegExp }> = [
      { file: 'not-json.json', problem: /not valid JSON/ },
      { file: 'invalid-type.json', problem: /invalid ABI/ },
    ];
    for (const { file, problem } of badFiles) {
      it(`refuses ${file} with a message naming the file and the problem, and sends nothing`, async () => {
        const before = await submittedCount();
        const count = (await interfaces()).length;
        const failure = await failureOf('countersign.createSmartContractInterface', {
          uri: vscode.Uri.file(fixturePath('abi', file)),
          address: ADDRESS,
        });
        assert.ok(failure.message.includes(file), `the message names ${file}: ${failure.message}`);
        assert.match(failure.message, problem);
        assert.equal(await submittedCount(), before, 'no activity was submitted');
        assert.equal((await interfaces()).length, count);
      });
    }

    it('refuses a file that does not exist, naming it', async () => {
      const failure = await failureOf('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'Missing.json')),
        address: ADDRESS,
      });
      assert.match(failure.message, /Missing\.json: the file cannot be found/);
    });

    const badAddresses: Array<{ address: string; problem: RegExp }> = [
      { address: '0x1234', problem: /40 hex characters after 0x; this one has 4/ },
      { address: ADDRESS.slice(2), problem: /starts with 0x/ },
      { address: ADDRESS.replace(/[a-f]/, (c) => c.toUpperCase()), problem: /EIP-55 checksum/ },
    ];
    for (const { address, problem } of badAddresses) {
      it(`refuses the address ${address} with ${problem.source}, and sends nothing`, async () => {
        const before = await submittedCount();
        const failure = await failureOf('countersign.createSmartContractInterface', {
          uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
          address,
        });
        assert.match(failure.message, problem);
        assert.match(failure.message, /Nothing was sent/);
        assert.equal(await submittedCount(), before);
      });
    }
  });
});
