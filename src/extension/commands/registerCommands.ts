/**
 * The command registry: the only caller of `registerCommand`. Each family of commands gives a map from command
 * id to handler; every handler runs inside `runCommand`, which shows errors and stays silent on cancellation.
 */
import * as vscode from 'vscode';
import { CommandIds, type CommandId } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import type { Services } from '../services';
import { runCommand } from '../ui/runCommand';
import type { HandlerMap } from './commandDescriptor';
import { apiKeyHandlers } from './apiKeys';
import { approvalHandlers } from './approvals';
import { createPrivateKeyTagHandlers } from './createPrivateKeyTag';
import { createSmartContractInterfaceHandlers } from './createSmartContractInterface';
import { deletionHandlers } from './deletions';
import { getApiKeyHandlers } from './getApiKey';
import { localSandboxHandlers } from './localSandbox';
import { profileHandlers } from './profiles';
import { viewCommandHandlers, type Views } from './viewCommands';

/** What each command does, in the words of "Countersign: could not <action>.". */
const ACTIONS: Readonly<Record<CommandId, string>> = {
  [CommandIds.addProfile]: 'add the profile',
  [CommandIds.switchProfile]: 'switch profiles',
  [CommandIds.editProfile]: 'edit the profile',
  [CommandIds.removeProfile]: 'remove the profile',
  [CommandIds.importApiKey]: 'import the API key',
  [CommandIds.generateApiKey]: 'generate an API key',
  [CommandIds.checkProfile]: 'check the profile',
  [CommandIds.startLocalSandbox]: 'start the local sandbox',
  [CommandIds.stopLocalSandbox]: 'stop the local sandbox',
  [CommandIds.createSmartContractInterface]: 'create the smart contract interface',
  [CommandIds.createPrivateKeyTag]: 'create the private key tag',
  [CommandIds.approveActivity]: 'approve the activity',
  [CommandIds.rejectActivity]: 'reject the activity',
  [CommandIds.deleteSmartContractInterface]: 'delete the smart contract interface',
  [CommandIds.deleteSubOrganization]: 'delete the sub-organization',
  [CommandIds.getApiKey]: 'get the API key',
  [CommandIds.refreshActivities]: 'refresh the activities',
  [CommandIds.refreshOrganization]: 'refresh the organization',
  [CommandIds.loadMoreActivities]: 'load more activities',
  [CommandIds.copyActivityId]: 'copy the activity ID',
  [CommandIds.copyFingerprint]: 'copy the fingerprint',
  [CommandIds.openActivityJson]: 'open the activity as JSON',
  [CommandIds.showLog]: 'show the log',
};

/** A command that failed, as the user was told. Tests listen to this instead of reading notifications. */
export interface CommandFailure {
  readonly command: CommandId;
  readonly error: unknown;
  readonly message: string;
}

export function registerCommands(
  services: Services,
  views: Views,
  localSandbox: LocalSandbox,
): vscode.Event<CommandFailure> {
  const failures = new vscode.EventEmitter<CommandFailure>();
  services.context.subscriptions.push(failures);
  const families: HandlerMap[] = [
    profileHandlers(services),
    apiKeyHandlers(services),
    localSandboxHandlers(services, localSandbox),
    createSmartContractInterfaceHandlers(services),
    createPrivateKeyTagHandlers(services),
    approvalHandlers(services),
    deletionHandlers(services),
    getApiKeyHandlers(services),
    viewCommandHandlers(services, views),
    { [CommandIds.showLog]: () => services.log.show() },
  ];
  const handlers: HandlerMap = Object.assign({}, ...families) as HandlerMap;
  for (const id of Object.values(CommandIds)) {
    const handler = handlers[id];
    if (!handler) continue;
    services.context.subscriptions.push(
      vscode.commands.registerCommand(id, (...args: unknown[]) =>
        runCommand(
          services,
          ACTIONS[id],
          () => handler(...args),
          (error, message) => failures.fire({ command: id, error, message }),
        ),
      ),
    );
  }
  return failures.event;
}
