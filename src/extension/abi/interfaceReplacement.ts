/**
 * Replace Smart Contract Interface: a registered interface cannot change, so the file's ABI is registered anew at
 * the old one's address, and the old one's deletion is offered once the registration has completed (at once, or
 * when a teammate's approval completes it).
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity, type SmartContractInterface } from '../../api';
import { canonicalAbiJson, nextVersionLabel } from '../../api/remote';
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import { displayName, toUri } from '../ui/abiDocuments';
import { showInformation } from '../ui/notifications';
import { labelProblem } from '../ui/operationInputs';
import { askText, confirmModal } from '../ui/prompts';
import { submitActivity } from '../output/submitActivity';
import type { PendingRegistration } from '../store/registrations';
import { interfaceById, pickInterface, readFileAbi, type AbiFileOptions } from './abiCommandTargets';

const ETHEREUM = 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM';

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
      validateInput: (text) => labelProblem(text),
    }));
  if (label === undefined) return undefined;
  const problem = labelProblem(label);
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
