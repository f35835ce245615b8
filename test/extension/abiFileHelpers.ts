/**
 * What the ABI-file suite writes and reads in the extension host: artifacts in the test workspace, the lenses of a
 * file until they reach the states wanted, and the interfaces of the active profile.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SmartContractInterface } from '../../src/api';
import type { AbiLens } from '../../src/extension/abi/abiLensModel';
import type { AbiEditorFeatures } from '../../src/extension/abi/abiEditorFeatures';
import type { Replacement } from '../../src/extension/abi/interfaceReplacement';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { readFixture } from '../support/fixtures';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import { answerPrompt, eventually } from './hostSupport';

export const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const counterAbi = JSON.parse(readFixture('abi', 'Counter.abi.json')) as Array<Record<string, unknown>>;
/** The Counter ABI with a function of its own, so that no other test's interface has the same ABI. */
export function abiFor(label: string, recompiled = false): unknown[] {
  const own = { type: 'function', name: `only${label}`, inputs: [], outputs: [], stateMutability: 'view' };
  // The recompile dropped a function.
  return [...counterAbi.filter((entry) => !recompiled || entry['name'] !== 'increment'), own];
}

export function workspaceUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run in a workspace folder');
  return vscode.Uri.joinPath(folder.uri, ...parts);
}

/** A Hardhat artifact as the compiler writes it: the ABI plus bytecode, in artifacts/contracts/<name>.sol/. */
export function artifactText(contractName: string, abi: unknown[]): string {
  return `${JSON.stringify(
    {
      _format: 'hh-sol-artifact-1',
      contractName,
      sourceName: `contracts/${contractName}.sol`,
      abi,
      bytecode: '0x6080',
      deployedBytecode: '0x6080',
      linkReferences: {},
      deployedLinkReferences: {},
    },
    null,
    2,
  )}\n`;
}

export async function writeFile(uri: vscode.Uri, text: string): Promise<vscode.TextDocument> {
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const document = await vscode.workspace.openTextDocument(uri);
  if (document.getText() !== text) {
    // The document was open: give it the new text as an editor would, and save it.
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
    await vscode.workspace.applyEdit(edit);
    await document.save();
  }
  return document;
}

export function states(lenses: readonly AbiLens[]): string[] {
  return lenses.map((lens) => `${lens.state}: ${lens.title}`);
}

/** The document's lenses once they say what `accept` waits for (the shared list is fetched anew after a change). */
export async function lensesUntil(
  features: AbiEditorFeatures,
  document: vscode.TextDocument,
  what: string,
  accept: (lenses: AbiLens[]) => boolean,
): Promise<AbiLens[]> {
  let last: AbiLens[] = [];
  try {
    return await eventually(
      what,
      async () => {
        last = await features.lenses(document);
        return accept(last) ? last : undefined;
      },
      15_000,
    );
  } catch (error) {
    assert.fail(`${(error as Error).message}; the lenses said: ${JSON.stringify(states(last))}`);
  }
}

/** Runs a lens's Replace… as a user would: accepts the proposed label, and answers the modal dialogs. */
export async function replaceAnswering(
  api: CountersignExtensionApi,
  answer: (request: ModalRequest) => string | undefined,
  lens: AbiLens,
): Promise<{ result: Replacement | undefined; shown: ModalRequest[] }> {
  const shown: ModalRequest[] = [];
  const answering = api.services.modals.answerWith(answer);
  const watching = api.services.modals.onDidShow((request) => shown.push(request));
  try {
    const result = await answerPrompt<Replacement>(api, 'quickInput.accept', lens.command, ...lens.args);
    return { result, shown };
  } finally {
    answering.dispose();
    watching.dispose();
  }
}

export async function interfacesOf(api: CountersignExtensionApi): Promise<SmartContractInterface[]> {
  const session = await api.services.requireSession();
  return session.client.listSmartContractInterfaces({ organizationId: session.profile.organizationId });
}
