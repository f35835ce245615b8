/**
 * What runs behind every registered command, loaded on the first run of any of them (registerCommands.ts registers
 * the ids at activation and imports this module then, so that no handler, prompt or dialog loads before it is
 * needed). Each family of commands gives its descriptors; each call's arguments are read once, by the command's
 * schema, inside `runCommand` (which shows errors and stays silent on cancellation): a call the schema refuses
 * fails with what was wrong, and the handler never sees it.
 */
import type { CommandId } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import * as vscode from 'vscode';
import { InvalidInputError } from '../../api';
import type { Services } from '../services';
import { runCommand } from '../ui/runCommand';
import type { CommandDescriptor, CommandFailure, CommandRunner } from './commandDescriptor';
import { abiFileCommands } from './abiFiles';
import { apiKeyCommands } from './apiKeys';
import { approvalCommands } from './approvals';
import { readCall, type Refusal } from './commandArguments';
import { createPrivateKeyTagCommands } from './createPrivateKeyTag';
import { createSmartContractInterfaceCommands } from './createSmartContractInterface';
import { deletionCommands } from './deletions';
import { getApiKeyCommands } from './getApiKey';
import { localSandboxCommands } from './localSandbox';
import { passkeyCommands } from './passkeys';
import { policyFileCommands } from './policyFiles';
import { profileCommands } from './profiles';
import { reviewCommands } from './review';
import type { Views } from '../views/views';
import { ACTIVITIES_VIEW_ID, ORGANIZATION_VIEW_ID } from '../views/viewIds';
import { viewCommands } from './viewCommands';
import { walletCommands } from './walletCommands';

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
    ...walletCommands(services),
    ...getApiKeyCommands(services),
    ...viewCommands(services, views),
    ...reviewCommands(services, views, localSandbox),
    ...abiFileCommands(services, views),
    ...policyFileCommands(services),
  ];
}

/** Why a call was refused, in one sentence for each reason. */
function refusalSentence(id: CommandId, refusal: Refusal): string {
  switch (refusal.reason) {
    case 'field':
      return vscode.l10n.t('{0} was given a malformed "{1}" argument, so it did nothing.', id, refusal.field);
    case 'row':
      return vscode.l10n.t('{0} does not act on a row of kind "{1}", so it did nothing.', id, refusal.row);
    case 'count':
      return vscode.l10n.t('{0} does not take {1} arguments, so it did nothing.', id, refusal.count);
    case 'missing':
      return vscode.l10n.t('{0} needs an argument: run it from its menu.', id);
    case 'value':
      return vscode.l10n.t('{0} does not take an argument of type {1}, so it did nothing.', id, refusal.type);
  }
}

/** What a keybinding passes to run a command on the row selected in a view: `{ "selection": <view id> }`. */
const SELECTION_ARGUMENT = 'selection';

/**
 * A keybinding's `{ selection: <view id> }` stands for the row selected in that view (keybindings pass no row):
 * the command then reads that row as it would from the row's menu.
 */
function selectedRow(views: Views, given: readonly unknown[]): readonly unknown[] {
  const [first] = given;
  if (given.length !== 1 || typeof first !== 'object' || first === null || Object.keys(first).length !== 1)
    return given;
  const view = (first as Record<string, unknown>)[SELECTION_ARGUMENT];
  const tree =
    view === ACTIVITIES_VIEW_ID
      ? views.activities.treeView
      : view === ORGANIZATION_VIEW_ID
        ? views.organization.treeView
        : undefined;
  if (!tree) return given;
  const [row] = tree.selection;
  if (row === undefined || tree.selection.length > 1) {
    throw new InvalidInputError('selection', vscode.l10n.t('Select one row of the view, then press the keys again.'));
  }
  return [row];
}

/**
 * The handler's input read from a call. A call of no form the command takes is refused before anything runs, with
 * what was wrong; a view-title button given the selected row of its view runs as without it.
 */
function readArguments(
  services: Services,
  views: Views,
  descriptor: CommandDescriptor,
  given: readonly unknown[],
): unknown {
  const call = readCall(descriptor.args, selectedRow(views, given));
  if (call.ok) return call.input;
  if (descriptor.fromViewTitle && call.refusal.reason === 'row') {
    const bare = readCall(descriptor.args, []);
    if (bare.ok) return bare.input;
  }
  if (call.refusal.reason === 'field') {
    services.log.warn(`${descriptor.id}: the "${call.refusal.field}" argument: ${call.refusal.detail}`);
  }
  throw new InvalidInputError(
    'arguments',
    refusalSentence(descriptor.id, call.refusal),
    vscode.l10n.t('Run it from its menu or the Command Palette, or pass the arguments it documents.'),
  );
}

export function commandRunner(
  services: Services,
  views: Views,
  localSandbox: LocalSandbox,
  failed: (failure: CommandFailure) => void,
): CommandRunner {
  const commands = new Map<CommandId, (given: unknown[]) => Promise<unknown>>();
  for (const descriptor of commandDescriptors(services, views, localSandbox)) {
    const { id, failure, run } = descriptor;
    commands.set(id, async (given) =>
      runCommand(
        services,
        { id, failure },
        () => run(readArguments(services, views, descriptor, given)),
        (error, message) => failed({ command: id, error, message }),
      ),
    );
  }
  return async (id, given) => {
    const command = commands.get(id);
    if (!command) throw new Error(`${id} is registered but has no handler.`);
    return command(given);
  };
}
