/**
 * Runs in VS Code's extension host against the local sandbox: the lenses above an ABI file in each state
 * (unregistered, registered and equal, registered and different, invalid), its diagnostics at the entries they
 * concern, the comparison with the registered ABI, and replacing an interface in Demo (no quorum) and in Team
 * (two approvals).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { AbiEditorFeatures } from '../../src/extension/abi/abiEditorFeatures';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { eventually, run } from './hostSupport';
import { goAhead, sandboxSuiteHooks, useSandboxProfile, withModalAnswers } from './sandboxProfiles';
import {
  ADDRESS,
  counterAbi,
  abiFor,
  workspaceUri,
  artifactText,
  writeFile,
  states,
  lensesUntil,
  replaceAnswering,
  interfacesOf,
} from './abiFileHelpers';

describe('ABI files in the editor', function () {
  this.timeout(120_000);
  let api!: CountersignExtensionApi;
  let features!: AbiEditorFeatures;
  sandboxSuiteHooks((a) => {
    api = a;
  });
  before(async () => {
    features = await api.abiEditor.start();
  });

  it('goes from "Register" to "Registered as", then "differs" with Compare and Replace… after a recompile', async () => {
    const name = `Lens${Date.now()}`;
    const uri = workspaceUri('artifacts', 'contracts', `${name}.sol`, `${name}.json`);
    const document = await writeFile(uri, artifactText(name, abiFor(name)));

    const unregistered = await lensesUntil(features, document, 'the Register lens', (l) => l.length > 0);
    assert.deepEqual(states(unregistered), ['register: $(add) Register as smart contract interface']);
    // The lens sits on the artifact's "abi" key.
    const abiLine = document.positionAt(unregistered[0]?.offset ?? -1).line;
    assert.match(document.lineAt(abiLine).text, /^\s*"abi": \[/);

    // The lens's own arguments, plus the address a user would type.
    assert.equal(unregistered[0]?.command, 'countersign.createSmartContractInterface');
    assert.deepEqual(unregistered[0]?.args, [{ uri: uri.toString(), contractName: name }]);
    const registration = await run<Activity>(api, 'countersign.createSmartContractInterface', {
      uri: uri.toString(),
      contractName: name,
      address: ADDRESS,
      label: name,
    });
    assert.equal(registration?.status, 'ACTIVITY_STATUS_COMPLETED');
    const registered = await lensesUntil(features, document, 'the Registered lens', (l) =>
      l.some((lens) => lens.state === 'registered'),
    );
    const sci = (await interfacesOf(api)).find((entry) => entry.label === name);
    assert.ok(sci);
    assert.deepEqual(states(registered), [`registered: $(check) Registered as ${name} · 0x5aAeb6…1BeAed`]);

    // Its action shows the interface in the Organization view, selected.
    const shown = await run<boolean>(api, registered[0]?.command ?? '', ...(registered[0]?.args ?? []));
    assert.equal(shown, true);
    // The selection reaches the extension host from the workbench as an event, after reveal() has resolved.
    const selected = await eventually('the interface selected in the Organization view', () =>
      api.views.organization.treeView.selection.find((element) => element.kind === 'smartContractInterface'),
    );
    assert.equal(selected?.kind, 'smartContractInterface');
    assert.equal(
      selected?.kind === 'smartContractInterface' ? selected.smartContractInterface.smartContractInterfaceId : '',
      sci.smartContractInterfaceId,
    );

    await writeFile(uri, artifactText(name, abiFor(name, true)));
    const differs = await lensesUntil(features, document, 'the differs lenses', (l) =>
      l.some((lens) => lens.state === 'differs'),
    );
    assert.deepEqual(states(differs), [
      'differs: $(diff) Registered ABI differs from this file',
      'differs: Compare',
      'differs: Replace…',
    ]);

    // Compare: the registered ABI on the left, the file's on the right, both canonical and pretty-printed.
    const compare = differs[1];
    assert.ok(compare);
    const sides = await run<{ left: vscode.Uri; right: vscode.Uri }>(api, compare.command, ...compare.args);
    assert.ok(sides);
    const tab = await eventually('the diff editor', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    });
    assert.equal(tab.original.toString(), sides.left.toString());
    assert.equal(tab.modified.toString(), sides.right.toString());
    const left = (await vscode.workspace.openTextDocument(sides.left)).getText();
    const right = (await vscode.workspace.openTextDocument(sides.right)).getText();
    assert.notEqual(left, right);
    assert.equal((JSON.parse(left) as unknown[]).length, abiFor(name).length);
    assert.equal((JSON.parse(right) as unknown[]).length, abiFor(name, true).length);
    assert.ok(!right.includes('"increment"') && left.includes('"increment"'), 'only the dropped function differs');
    assert.ok(left.startsWith('[\n  {\n    "inputs"'), 'keys sorted, two-space indent');
  });

  it('puts the problems of an ABI file in the Problems panel at the entries they concern, and nothing on other JSON', async () => {
    const invalid = counterAbi.map((entry) =>
      entry['name'] === 'setNumber' ? { ...entry, inputs: [{ name: 'newNumber', type: 'uint257' }] } : entry,
    );
    const withWarning = counterAbi.map((entry) =>
      entry['name'] === 'setNumber' ? { ...entry, inputs: [{ name: '', type: 'uint256' }] } : entry,
    );
    const invalidDoc = await writeFile(
      workspaceUri('abi', 'Invalid.abi.json'),
      `${JSON.stringify(invalid, null, 2)}\n`,
    );
    const warningDoc = await writeFile(
      workspaceUri('abi', 'Unnamed.abi.json'),
      `${JSON.stringify(withWarning, null, 2)}\n`,
    );
    const brokenDoc = await vscode.workspace.openTextDocument(workspaceUri('abi', 'Broken.abi.json'));
    const manifest = await writeFile(workspaceUri('package.json'), '{ "name": "contracts", "version": "1.0.0" }\n');
    const other = await writeFile(workspaceUri('data', 'list.json'), '[{ "name": "not an ABI" }]\n');

    const ours = (document: vscode.TextDocument) =>
      vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Countersign');
    const textOf = (document: vscode.TextDocument, d: vscode.Diagnostic) => document.getText(d.range);

    const [error] = await eventually('the invalid entry diagnostic', () => {
      const found = ours(invalidDoc);
      return found.length > 0 ? found : undefined;
    });
    assert.ok(error);
    assert.equal(error.severity, vscode.DiagnosticSeverity.Error);
    assert.match(error.message, /^Entry 3 \(function setNumber\): inputs\[0\]\.type is not a Solidity type/);
    assert.equal(textOf(invalidDoc, error), '"uint257"');

    const [warning] = await eventually('the unnamed input warning', () => {
      const found = ours(warningDoc);
      return found.length > 0 ? found : undefined;
    });
    assert.ok(warning);
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning.message, /input 0 \(uint256\) has no name/);
    assert.match(textOf(warningDoc, warning), /^\{\s*"name": "",\s*"type": "uint256"\s*\}$/);
    // A warning only: the quick fix registers anyway.
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      warningDoc.uri,
      warning.range,
    );
    const registerAnyway = actions.find((action) => action.title === 'Register anyway');
    assert.ok(registerAnyway, `a Register anyway fix among ${actions.map((a) => a.title).join(', ')}`);
    assert.equal(registerAnyway.command?.command, 'countersign.createSmartContractInterface');
    const errorActions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      invalidDoc.uri,
      error.range,
    );
    assert.ok(!errorActions.some((action) => action.title === 'Register anyway'), 'no Register anyway on an error');

    // A trailing comma: one diagnostic of ours, at the comma (not at the bracket after it).
    const syntax = await eventually('the JSON syntax diagnostic', () => {
      const found = ours(brokenDoc);
      return found.length > 0 ? found : undefined;
    });
    assert.equal(syntax.length, 1, `one diagnostic: ${syntax.map((d) => d.message).join(' | ')}`);
    assert.match(syntax[0]?.message ?? '', /^Not valid JSON \(line 8, column 4\): a trailing comma before \]/);
    assert.equal(syntax[0]?.range.start.line, 7);
    assert.equal(syntax[0] && textOf(brokenDoc, syntax[0]), ',');
    const [brokenLens] = await features.lenses(brokenDoc);
    assert.equal(brokenLens?.state, 'invalid');
    assert.match(brokenLens?.title ?? '', /line 8, column 4\): a trailing comma before \]/);
    // The invalid file's lens says so, and opens the problem.
    const [invalidLens] = await features.lenses(invalidDoc);
    assert.equal(invalidLens?.state, 'invalid');
    await run(api, invalidLens?.command ?? '', ...(invalidLens?.args ?? []));
    const editor = await eventually('the file open at the problem', () =>
      vscode.window.activeTextEditor?.document.uri.toString() === invalidDoc.uri.toString()
        ? vscode.window.activeTextEditor
        : undefined,
    );
    assert.equal(editor.document.getText(editor.selection), '"uint257"');

    await features.settled();
    assert.deepEqual(ours(manifest), []);
    assert.deepEqual(ours(other), []);
    assert.deepEqual(await features.lenses(manifest), []);
    assert.deepEqual(await features.lenses(other), []);
  });

  /** Registers the artifact's ABI, then recompiles it with a changed ABI; returns the file and the interface. */
  async function registeredThenChanged(label: string, approve?: (activity: Activity) => Promise<void>) {
    const uri = workspaceUri('artifacts', 'contracts', `${label}.sol`, `${label}.json`);
    const document = await writeFile(uri, artifactText(label, abiFor(label)));
    const registration = await run<Activity>(api, 'countersign.createSmartContractInterface', {
      uri: uri.toString(),
      address: ADDRESS,
      label,
    });
    assert.ok(registration);
    if (approve) await approve(registration);
    const sci = await eventually('the interface to be registered', async () =>
      (await interfacesOf(api)).find((entry) => entry.label === label),
    );
    await writeFile(uri, artifactText(label, abiFor(label, true)));
    const differs = await lensesUntil(features, document, 'the differs lenses', (l) =>
      l.some((lens) => lens.state === 'differs'),
    );
    const replace = differs.find((lens) => lens.title === 'Replace…');
    assert.ok(replace);
    return { uri, document, sci, replace };
  }

  it('replaces an interface in Demo: registers the new version, then deletes the old one, each confirmed', async () => {
    const label = `Replace${Date.now()}`;
    const { document, sci, replace } = await registeredThenChanged(label);
    const { result, shown } = await replaceAnswering(
      api,
      (request) => request.buttons.find((b) => b === 'Register' || b === 'Delete'),
      replace,
    );
    assert.ok(result);
    assert.deepEqual(
      shown.map((request) => request.message),
      [
        `Register "${label} v2" from artifacts/contracts/${label}.sol/${label}.json?`,
        `Delete smart contract interface "${label}"?`,
      ],
    );
    assert.equal(result.registration.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(result.registration.type, 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE');
    assert.equal(result.deletion?.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(result.deletion?.type, 'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE');
    const after = await interfacesOf(api);
    assert.ok(
      !after.some((entry) => entry.smartContractInterfaceId === sci.smartContractInterfaceId),
      'the old one is gone',
    );
    const replacement = after.find((entry) => entry.label === `${label} v2`);
    assert.ok(replacement, 'the new version is registered');
    assert.equal(replacement.smartContractAddress, sci.smartContractAddress);
    const lenses = await lensesUntil(features, document, 'the Registered lens of the new version', (l) =>
      l.some((lens) => lens.state === 'registered'),
    );
    assert.deepEqual(states(lenses), [`registered: $(check) Registered as ${label} v2 · 0x5aAeb6…1BeAed`]);
  });

  it('keeps the old interface when its deletion is not confirmed', async () => {
    const label = `Keep${Date.now()}`;
    const { sci, replace } = await registeredThenChanged(label);
    const { result } = await replaceAnswering(
      api,
      (request) => (request.buttons.includes('Register') ? 'Register' : undefined),
      replace,
    );
    assert.equal(result?.registration.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(result?.deletion, undefined);
    assert.ok(
      (await interfacesOf(api)).some((entry) => entry.smartContractInterfaceId === sci.smartContractInterfaceId),
    );
  });

  it('in Team, shows the new version waiting for approval and offers the deletion once it has completed', async () => {
    await useSandboxProfile(api, 'Team', 0);
    const approveAsSecond = async (activity: Activity) => {
      await useSandboxProfile(api, 'Team', 1);
      const { result: vote } = await withModalAnswers<Activity>(api, goAhead, 'countersign.approveActivity', {
        activityId: activity.id,
      });
      assert.equal(vote?.status, 'ACTIVITY_STATUS_COMPLETED');
      await useSandboxProfile(api, 'Team', 0);
    };
    try {
      const label = `Team${Date.now()}`;
      const { document, sci, replace } = await registeredThenChanged(label, approveAsSecond);
      const { result, shown } = await replaceAnswering(
        api,
        (request) => request.buttons.find((b) => b === 'Register' || b === 'Delete'),
        replace,
      );
      assert.ok(result);
      assert.equal(result.registration.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      assert.equal(result.deletion, undefined, 'nothing is deleted while the registration waits');
      assert.equal(shown.length, 1);
      const waiting = await lensesUntil(features, document, 'the waiting lens', (l) =>
        l.some((lens) => lens.state === 'waiting'),
      );
      assert.deepEqual(states(waiting), [`waiting: $(watch) Registration as ${label} v2 waits for approval`]);
      assert.ok(
        (await interfacesOf(api)).some((entry) => entry.smartContractInterfaceId === sci.smartContractInterfaceId),
      );

      await approveAsSecond(result.registration);
      const done = await lensesUntil(features, document, 'the registered and delete-old lenses', (l) =>
        l.some((lens) => lens.state === 'deleteOld'),
      );
      assert.deepEqual(states(done), [
        `registered: $(check) Registered as ${label} v2 · 0x5aAeb6…1BeAed`,
        `deleteOld: Delete old "${label}"…`,
      ]);
      const deleteOld = done[1];
      assert.deepEqual(deleteOld?.args, [sci.smartContractInterfaceId]);
      const { result: deletion, shown: asked } = await withModalAnswers<Activity>(
        api,
        (request) => (request.buttons.includes('Delete') ? 'Delete' : undefined),
        deleteOld?.command ?? '',
        ...(deleteOld?.args ?? []),
      );
      assert.equal(asked[0]?.message, `Delete smart contract interface "${label}"?`);
      assert.equal(deletion?.type, 'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE');
    } finally {
      await useSandboxProfile(api, 'Demo');
    }
  });

  it('hovers an interface row with its functions and events', async () => {
    const label = `Hover${Date.now()}`;
    const uri = workspaceUri('abi', `${label}.abi.json`);
    await writeFile(uri, `${JSON.stringify(counterAbi, null, 2)}\n`);
    await run(api, 'countersign.createSmartContractInterface', { uri: uri.toString(), address: ADDRESS, label });
    const sci = (await interfacesOf(api)).find((entry) => entry.label === label);
    assert.ok(sci);
    const element = {
      kind: 'smartContractInterface' as const,
      id: `countersign.organization/smartContractInterfaces/${sci.smartContractInterfaceId}`,
      organizationId: sci.organizationId,
      smartContractInterface: sci,
    };
    const provider = api.views.organization.provider;
    const item = await provider.getTreeItem(element);
    assert.equal(item.tooltip, undefined, 'the tooltip is made on hover');
    const resolved = await provider.resolveTreeItem?.(item, element, new vscode.CancellationTokenSource().token);
    const tooltip = resolved?.tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString);
    assert.match(tooltip.value, /\*\*Functions\*\* \(3\)/);
    assert.match(tooltip.value, /`setNumber\(uint256 newNumber\)`/);
    assert.match(tooltip.value, /\*\*Events\*\* \(1\)/);
    assert.match(tooltip.value, /`NumberChanged\(/);
    // The row's Open ABI: the registered ABI, canonical and read-only; Compare with File…: the diff with a file.
    const opened = await run<vscode.Uri>(api, 'countersign.openSmartContractInterfaceAbi', element);
    assert.ok(opened);
    assert.equal(opened.scheme, 'countersign-abi');
    const abiText = (await vscode.workspace.openTextDocument(opened)).getText();
    assert.deepEqual(
      (JSON.parse(abiText) as Array<{ name?: string }>).map((entry) => entry.name ?? ''),
      ['', 'increment', 'number', 'setNumber', 'NumberChanged', 'NotOwner'],
      'entries by type (constructor, functions, events, errors), then signature',
    );
    const sides = await run<{ left: vscode.Uri; right: vscode.Uri }>(
      api,
      'countersign.compareSmartContractInterfaceWithFile',
      element,
      { uri: uri.toString() },
    );
    assert.ok(sides);
    assert.equal((await vscode.workspace.openTextDocument(sides.right)).getText(), abiText);
  });
});
