/**
 * What the ABI lenses and the Organization view's interface rows do: reveal an interface, open its ABI, compare
 * it with a file, replace it with a file's ABI (interfaceReplacement.ts), and show an ABI file's problem. Loaded on
 * first use.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type SmartContractInterface } from '../../api';
import { CommandIds, type CommandId } from '../commandIds';
import type { Services } from '../services';
import { chooseAbiFile, displayName, toUri } from '../ui/abiDocuments';
import { showInformation } from '../ui/notifications';
import type { Views } from '../views/views';
import { ORGANIZATION_VIEW_ID } from '../views/viewIds';
import type { SmartContractInterfaceElement } from '../views/treeElements';
import { interfaceById, pickInterface, readFileAbi, type AbiFileOptions } from './abiCommandTargets';
import { replaceSmartContractInterface } from './interfaceReplacement';
import { fileAbiUri, registeredAbiUri } from './registeredAbiUri';

// What the ABI editor features load when a registration that waited completes.
export { offerDeletionOfReplaced } from './interfaceReplacement';

/** What the ABI file commands read from their call (commands/abiFiles.ts). */
export interface AbiFileInput extends AbiFileOptions {
  /** The file a menu or a caller named with a Uri. */
  readonly file?: vscode.Uri | undefined;
  /** The interface of the Organization view's row it was run from. */
  readonly smartContractInterface?: SmartContractInterface | undefined;
  readonly offset?: string | undefined;
  readonly length?: string | undefined;
}

export async function revealSmartContractInterface(
  services: Services,
  views: Views,
  options: AbiFileOptions,
): Promise<boolean> {
  const id = options.smartContractInterfaceId;
  if (!id)
    throw new InvalidInputError('smart contract interface', vscode.l10n.t('No smart contract interface was named.'));
  await services.requireSession();
  const contents = await views.organization.contents();
  const sci = contents?.smartContractInterfaces?.find((entry) => entry.smartContractInterfaceId === id);
  if (sci && contents) {
    // The row as the view makes it (same id), so that reveal finds it; getParent gives its group.
    const element: SmartContractInterfaceElement = {
      kind: 'smartContractInterface',
      id: `${ORGANIZATION_VIEW_ID}/smartContractInterfaces/${id}`,
      organizationId: contents.organizationId,
      smartContractInterface: sci,
    };
    await vscode.commands.executeCommand(`${ORGANIZATION_VIEW_ID}.focus`);
    await views.organization.treeView.reveal(element, { select: true, focus: true, expand: false });
  }
  const shown = sci !== undefined;
  if (!shown) {
    void showInformation(
      vscode.l10n.t('Smart contract interface {0} is not in the Organization view of the active profile.', id),
    );
  }
  return shown;
}

/** Opens the diff editor: the registered ABI on the left, the file's on the right, both canonical. */
export async function openComparison(
  sci: SmartContractInterface,
  fileUri: vscode.Uri,
  contractName: string | undefined,
): Promise<{ left: vscode.Uri; right: vscode.Uri }> {
  const left = registeredAbiUri(sci.organizationId, sci.smartContractInterfaceId, sci.label);
  const right = fileAbiUri(fileUri, contractName);
  const title = vscode.l10n.t('{0} (registered) ↔ {1}', sci.label, displayName(fileUri));
  await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  return { left, right };
}

export async function compareWithRegisteredInterface(
  services: Services,
  first: unknown,
  options: AbiFileOptions,
): Promise<{ left: vscode.Uri; right: vscode.Uri } | undefined> {
  const session = await services.requireSession();
  const uri = toUri(first) ?? toUri(options.uri) ?? vscode.window.activeTextEditor?.document.uri;
  if (!uri) throw new InvalidInputError('ABI file', vscode.l10n.t('Open an ABI file to compare it.'));
  await readFileAbi(uri, options.contractName);
  const sci = options.smartContractInterfaceId
    ? await interfaceById(services, session, options.smartContractInterfaceId)
    : await pickInterface(
        services,
        vscode.l10n.t('Compare {0} with which smart contract interface?', displayName(uri)),
      );
  if (!sci) return undefined;
  return openComparison(sci, uri, options.contractName);
}

export async function openSmartContractInterfaceAbi(
  services: Services,
  sci: SmartContractInterface | undefined,
): Promise<vscode.Uri | undefined> {
  const chosen =
    sci ?? (await pickInterface(services, vscode.l10n.t('Open the ABI of which smart contract interface?')));
  if (!chosen) return undefined;
  const uri = registeredAbiUri(chosen.organizationId, chosen.smartContractInterfaceId, chosen.label);
  let document = await vscode.workspace.openTextDocument(uri);
  if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
  await vscode.window.showTextDocument(document, { preview: true });
  return uri;
}

export async function compareSmartContractInterfaceWithFile(
  services: Services,
  sci: SmartContractInterface | undefined,
  options: AbiFileOptions,
): Promise<{ left: vscode.Uri; right: vscode.Uri } | undefined> {
  const chosen = sci ?? (await pickInterface(services, vscode.l10n.t('Compare which smart contract interface?')));
  if (!chosen) return undefined;
  const uri = toUri(options.uri) ?? (await chooseAbiFile());
  if (!uri) return undefined;
  await readFileAbi(uri, options.contractName);
  return openComparison(chosen, uri, options.contractName);
}

/** Opens an ABI file at a problem's place, and the Problems panel. */
export async function revealAbiProblem(options: { uri?: string; offset?: string; length?: string }): Promise<void> {
  const uri = toUri(options.uri);
  if (!uri) return;
  const document = await vscode.workspace.openTextDocument(uri);
  const start = document.positionAt(Number(options.offset ?? 0));
  const end = document.positionAt(Number(options.offset ?? 0) + Number(options.length ?? 0));
  await vscode.window.showTextDocument(document, { selection: new vscode.Range(start, end) });
  await vscode.commands.executeCommand('workbench.actions.view.problems');
}

/** Runs one of the commands of commands/abiFiles.ts, with the input its schema read. */
export function runAbiFileCommand(
  id: CommandId,
  services: Services,
  views: Views,
  input: AbiFileInput,
): Promise<unknown> {
  const options = input;
  const node = input.smartContractInterface;
  // Only the ABI commands are routed here; every other command has its own handler.
  // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check
  switch (id) {
    case CommandIds.revealSmartContractInterface:
      return revealSmartContractInterface(services, views, options);
    case CommandIds.compareWithRegisteredInterface:
      return compareWithRegisteredInterface(services, input.file, options);
    case CommandIds.replaceSmartContractInterface:
      return replaceSmartContractInterface(services, input.file, options);
    case CommandIds.openSmartContractInterfaceAbi:
      return openSmartContractInterfaceAbi(services, node);
    case CommandIds.compareSmartContractInterfaceWithFile:
      return compareSmartContractInterfaceWithFile(services, node, options);
    case CommandIds.revealAbiProblem:
      return revealAbiProblem(options);
    default:
      return Promise.resolve(undefined);
  }
}
