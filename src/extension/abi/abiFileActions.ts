/**
 * What the ABI lenses and the Organization view's interface rows do: reveal an interface, open its ABI, compare
 * it with a file, replace it with a file's ABI, and show an ABI file's problem. Loaded on first use.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity, type ReadAbi, type SmartContractInterface } from '../../api';
import { canonicalAbiJson, nextVersionLabel } from '../../api/remote';
import { CommandIds, type CommandId } from '../commandIds';
import { readAbiFile } from '../../api/remote';
import type { Services, Session } from '../services';
import { chooseAbiFile, displayName, readAbiSource, toUri } from '../ui/abiDocuments';
import { withOpenAtProblem } from '../ui/errorAction';
import { withProgress } from '../ui/progress';
import { askText, confirmModal, pickSmartContractInterface } from '../ui/prompts';
import { labelProblem } from '../ui/operationInputs';
import { submitActivity } from '../output/submitActivity';
import type { Views } from '../views/views';
import { ORGANIZATION_VIEW_ID } from '../views/viewIds';
import type { SmartContractInterfaceElement } from '../views/treeElements';
import type { PendingRegistration } from '../store/registrations';
import { fileAbiUri, registeredAbiUri } from './registeredAbiUri';
import { showInformation } from '../ui/notifications';

const ETHEREUM = 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM';

export interface AbiFileOptions {
  readonly uri?: string | undefined;
  readonly contractName?: string | undefined;
  readonly smartContractInterfaceId?: string | undefined;
  readonly label?: string | undefined;
}

/** What the ABI file commands read from their call (commands/abiFiles.ts). */
export interface AbiFileInput extends AbiFileOptions {
  /** The file a menu or a caller named with a Uri. */
  readonly file?: vscode.Uri | undefined;
  /** The interface of the Organization view's row it was run from. */
  readonly smartContractInterface?: SmartContractInterface | undefined;
  readonly offset?: string | undefined;
  readonly length?: string | undefined;
}

/** An interface of the active organization, by id, from the shared list (read anew when it is not there). */
async function interfaceById(services: Services, session: Session, id: string): Promise<SmartContractInterface> {
  const listing = await (await services.store()).interfaceListing();
  const known = listing?.interfaces.find((sci) => sci.smartContractInterfaceId === id);
  if (known) return known;
  return withProgress(vscode.l10n.t('Reading smart contract interface {0}…', id), (signal) =>
    session.client.getSmartContractInterface(
      { organizationId: session.profile.organizationId, smartContractInterfaceId: id },
      { signal },
    ),
  );
}

async function pickInterface(services: Services, title: string): Promise<SmartContractInterface | undefined> {
  const listing = await (await services.store()).interfaceListing();
  return pickSmartContractInterface(listing?.interfaces ?? [], title);
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

/** The file's ABI (one contract), or an error that opens the file at its problem. */
async function readFileAbi(uri: vscode.Uri, contractName: string | undefined): Promise<ReadAbi> {
  const source = await readAbiSource(uri);
  try {
    return readAbiFile(source.text, source.fileName, contractName);
  } catch (error) {
    throw withOpenAtProblem(error, uri);
  }
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

export interface Replacement {
  readonly registration: Activity;
  readonly deletion: Activity | undefined;
}

/**
 * Registers the file's ABI as a new interface at the old one's address, under a new label; once that registration
 * has completed, offers to delete the old one. Each is its own activity, confirmed on its own. In an organization
 * whose quorum needs other votes, the deletion is offered when the registration completes.
 */
export async function replaceSmartContractInterface(
  services: Services,
  first: unknown,
  options: AbiFileOptions,
): Promise<Replacement | undefined> {
  const session = await services.requireSession();
  const uri = toUri(first) ?? toUri(options.uri) ?? vscode.window.activeTextEditor?.document.uri;
  if (!uri) throw new InvalidInputError('ABI file', vscode.l10n.t('Open the ABI file to register.'));
  const abi = await readFileAbi(uri, options.contractName);
  const fileName = displayName(uri);
  const old = options.smartContractInterfaceId
    ? await interfaceById(services, session, options.smartContractInterfaceId)
    : await pickInterface(services, vscode.l10n.t('Replace which smart contract interface with {0}?', fileName));
  if (!old) return undefined;

  const contractName = abi.contractName ?? old.label;
  const labels = (await (await services.store()).interfaceListing())?.interfaces.map((sci) => sci.label) ?? [old.label];
  const proposed = nextVersionLabel(contractName, labels);
  const label =
    options.label ??
    (await askText({
      title: vscode.l10n.t('Replace "{0}" · Label of the new interface', old.label),
      prompt: vscode.l10n.t('A registered interface cannot be changed: the ABI is registered anew under this label.'),
      value: proposed,
      validateInput: (text) => labelProblem(text, vscode.l10n.t),
    }));
  if (label === undefined) return undefined;
  const problem = labelProblem(label, vscode.l10n.t);
  if (problem) throw new InvalidInputError('smart contract interface', vscode.l10n.t('{0} Nothing was sent.', problem));

  const register = vscode.l10n.t('Register');
  const confirmed = await confirmModal(
    services.modals,
    vscode.l10n.t('Register "{0}" from {1}?', label, fileName),
    vscode.l10n.t(
      'A new smart contract interface "{0}" at {1}, with the ABI of {2} ({3} bytes). "{4}" ({5}) stays until you delete it: that is asked once the registration has completed.',
      label,
      old.smartContractAddress,
      fileName,
      abi.bytes,
      old.label,
      old.smartContractInterfaceId,
    ),
    register,
  );
  if (!confirmed) return undefined;

  const organizationId = session.profile.organizationId;
  services.log.info(
    vscode.l10n.t(
      'Replacing {0} ({1}): registering {2} from {3}',
      old.label,
      old.smartContractInterfaceId,
      label,
      fileName,
    ),
  );
  const registration = await submitActivity(
    services,
    {
      title: vscode.l10n.t('Creating smart contract interface "{0}"…', label),
      changes: ['organization'],
      sentence: (activity) =>
        activity.status === 'ACTIVITY_STATUS_COMPLETED'
          ? vscode.l10n.t('Smart contract interface "{0}" created.', label)
          : activity.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED'
            ? vscode.l10n.t('"{0}" waits for approval. Deleting "{1}" is offered once it completes.', label, old.label)
            : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.createSmartContractInterface(
        {
          organizationId,
          parameters: {
            smartContractAddress: old.smartContractAddress,
            smartContractInterface: abi.json,
            type: ETHEREUM,
            label,
            ...(old.notes ? { notes: old.notes } : {}),
          },
          generateAppProofs,
        },
        { signal },
      ),
  );
  if (registration.status !== 'ACTIVITY_STATUS_COMPLETED') {
    (await services.store()).notePendingRegistration({
      organizationId,
      activity: registration,
      label,
      canonicalJson: canonicalAbiJson(JSON.parse(abi.json)),
      replaces: old,
    });
    services.log.info(
      vscode.l10n.t(
        'Registration of {0} ({1}) waits for approval; {2} ({3}) is kept until it completes.',
        label,
        registration.id,
        old.label,
        old.smartContractInterfaceId,
      ),
    );
    return { registration, deletion: undefined };
  }
  services.log.info(vscode.l10n.t('Registered {0} ({1}).', label, registration.id));
  const deletion = await deleteReplaced(services, old);
  return { registration, deletion };
}

/**
 * The old interface's deletion, with its own confirmation, through its command (which shows its own failure);
 * says in the log what was done.
 */
async function deleteReplaced(services: Services, old: SmartContractInterface): Promise<Activity | undefined> {
  const deletion = await vscode.commands.executeCommand<Activity | undefined>(
    CommandIds.deleteSmartContractInterface,
    old.smartContractInterfaceId,
  );
  if (!deletion) {
    services.log.info(vscode.l10n.t('Kept {0} ({1}): it was not deleted.', old.label, old.smartContractInterfaceId));
  } else if (deletion.status === 'ACTIVITY_STATUS_COMPLETED') {
    services.log.info(vscode.l10n.t('Deleted {0} ({1}).', old.label, old.smartContractInterfaceId));
  } else {
    services.log.info(
      vscode.l10n.t(
        'Deletion of {0} ({1}) waits for approval ({2}).',
        old.label,
        old.smartContractInterfaceId,
        deletion.id,
      ),
    );
  }
  return deletion;
}

/** A registration that waited for approval has completed: offer to delete the interface it replaces. */
export async function offerDeletionOfReplaced(services: Services, registration: PendingRegistration): Promise<void> {
  const old = registration.replaces;
  services.log.info(
    vscode.l10n.t('Registration of {0} ({1}) completed.', registration.label, registration.activity.id),
  );
  if (!old) return;
  const remove = vscode.l10n.t('Delete "{0}"…', old.label);
  const choice = await showInformation(
    vscode.l10n.t('"{0}" is registered. Delete the interface it replaces, "{1}"?', registration.label, old.label),
    remove,
  );
  if (choice === remove)
    await vscode.commands.executeCommand(CommandIds.deleteSmartContractInterface, old.smartContractInterfaceId);
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
