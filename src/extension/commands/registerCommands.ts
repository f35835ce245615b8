/**
 * The command registry: the only caller of `registerCommand`. Each family of commands gives its descriptors; the
 * registry reads each call's arguments through the command's schema and runs it inside `runCommand`, which shows
 * errors and stays silent on cancellation.
 */
import * as vscode from 'vscode';
import type { CommandId } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import type { Services } from '../services';
import { runCommand } from '../ui/runCommand';
import type { CommandDescriptor } from './commandDescriptor';
import { abiFileCommands } from './abiFiles';
import { apiKeyCommands } from './apiKeys';
import { approvalCommands } from './approvals';
import type { CommandCall } from './commandArguments';
import { createPrivateKeyTagCommands } from './createPrivateKeyTag';
import { createSmartContractInterfaceCommands } from './createSmartContractInterface';
import { deletionCommands } from './deletions';
import { getApiKeyCommands } from './getApiKey';
import { localSandboxCommands } from './localSandbox';
import { passkeyCommands } from './passkeys';
import { profileCommands } from './profiles';
import { reviewCommands } from './review';
import type { Views } from '../views/views';
import { viewCommands } from './viewCommands';

/** A command that failed, as the user was told. Tests listen to this instead of reading notifications. */
export interface CommandFailure {
  readonly command: CommandId;
  readonly error: unknown;
  readonly message: string;
}

/** A command's argument schema, built from its `accepts` and `options` on its first run (zod loads then, not at activation). */
function lazyArguments(descriptor: CommandDescriptor): (given: unknown[]) => Promise<CommandCall> {
  let schema: Promise<{ parse(given: unknown[]): CommandCall }> | undefined;
  return async (given) => {
    schema ??= import('./commandArguments.js').then(({ commandArguments }) =>
      commandArguments(descriptor.accepts, descriptor.options),
    );
    return (await schema).parse(given);
  };
}

/** Every command of the extension, family by family. */
export function commandDescriptors(services: Services, views: Views, localSandbox: LocalSandbox): CommandDescriptor[] {
  return [
    ...profileCommands(services),
    ...apiKeyCommands(services),
    ...localSandboxCommands(services, localSandbox),
    ...createSmartContractInterfaceCommands(services),
    ...createPrivateKeyTagCommands(services),
    ...approvalCommands(services),
    ...passkeyCommands(services),
    ...deletionCommands(services),
    ...getApiKeyCommands(services),
    ...viewCommands(services, views),
    ...reviewCommands(services, views, localSandbox),
    ...abiFileCommands(services, views),
  ];
}

export function registerCommands(
  services: Services,
  views: Views,
  localSandbox: LocalSandbox,
): vscode.Event<CommandFailure> {
  const failures = new vscode.EventEmitter<CommandFailure>();
  services.context.subscriptions.push(failures);
  for (const descriptor of commandDescriptors(services, views, localSandbox)) {
    const { id, action, run } = descriptor;
    const readArguments = lazyArguments(descriptor);
    services.context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...given: unknown[]) => {
        const call = await readArguments(given);
        if (call.refused !== undefined) {
          services.log.info(`${id} does not take ${call.refused} as its argument; it asks instead`);
        }
        return runCommand(
          services,
          action,
          () => run(...call.args),
          (error, message) => failures.fire({ command: id, error, message }),
        );
      }),
    );
  }
  return failures.event;
}
