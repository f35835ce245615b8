/**
 * The passkey commands: Add Passkey for Approvals, Remove Passkey and Rename Passkey. Their work (the local page,
 * the ceremonies) loads with import() on first use; see passkeyManagement.ts.
 *
 * Arguments: an authenticator tree node, or `{ authenticatorId?, name? }`; what is missing is asked.
 */
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import * as vscode from 'vscode';
import { command, type CommandDescriptor } from './commandDescriptor';
import { addPasskeyArguments, passkeyArguments } from './passkeyOptions';

const management = () => import('./passkeyManagement.js');

export function passkeyCommands(services: Services): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.addPasskey,
      failure: () => vscode.l10n.t('Countersign: could not add the passkey.'),
      args: addPasskeyArguments,
      run: async (input) => (await management()).addPasskey(services, input),
    }),
    command({
      id: CommandIds.removePasskey,
      failure: () => vscode.l10n.t('Countersign: could not remove the passkey.'),
      args: passkeyArguments,
      run: async (input) => (await management()).removePasskey(services, input),
    }),
    command({
      id: CommandIds.renamePasskey,
      failure: () => vscode.l10n.t('Countersign: could not rename the passkey.'),
      args: passkeyArguments,
      run: async (input) => (await management()).renamePasskey(services, input),
    }),
  ];
}
