/**
 * What runs behind every registered command, loaded on the first run of any of them (registerCommands.ts registers
 * the ids at activation and imports this module then, so that no handler, prompt or dialog loads before it is
 * needed). Each family of commands gives its descriptors; each call's arguments are read through the command's
 * schema and the command runs inside `runCommand`, which shows errors and stays silent on cancellation.
 */
import type { CommandId } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import type { Services } from '../services';
import { runCommand } from '../ui/runCommand';
import type { CommandDescriptor, CommandFailure, CommandRunner } from './commandDescriptor';
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

export function commandRunner(
  services: Services,
  views: Views,
  localSandbox: LocalSandbox,
  failed: (failure: CommandFailure) => void,
): CommandRunner {
  const commands = new Map<CommandId, (given: unknown[]) => Promise<unknown>>();
  for (const descriptor of commandDescriptors(services, views, localSandbox)) {
    const { id, action, run } = descriptor;
    const readArguments = lazyArguments(descriptor);
    commands.set(id, async (given) => {
      const call = await readArguments(given);
      if (call.refused !== undefined) {
        services.log.info(`${id} does not take ${call.refused} as its argument; it asks instead`);
      }
      return runCommand(
        services,
        action,
        () => run(...call.args),
        (error, message) => failed({ command: id, error, message }),
      );
    });
  }
  return async (id, given) => {
    const command = commands.get(id);
    if (!command) throw new Error(`${id} is registered but has no handler.`);
    return command(given);
  };
}
