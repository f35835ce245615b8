/**
 * The passkey commands: Add Passkey for Approvals, Remove Passkey and Rename Passkey. Their work (the local page,
 * the ceremonies) is passkeyManagement.ts.
 *
 * Arguments: an authenticator tree node, or `{ authenticatorId?, name? }`; what is missing is asked.
 */
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import * as vscode from 'vscode';
import { command, type CommandDescriptor } from './commandDescriptor';
import { addPasskeyArguments, passkeyArguments } from './passkeyOptions';
import { addPasskey, removePasskey, renamePasskey } from './passkeyManagement';

export function passkeyCommands(services: Services): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.addPasskey,
      failure: () => vscode.l10n.t('Countersign: could not add the passkey.'),
      args: addPasskeyArguments,
      run: async (input) => addPasskey(services, input),
    }),
    command({
      id: CommandIds.removePasskey,
      failure: () => vscode.l10n.t('Countersign: could not remove the passkey.'),
      args: passkeyArguments,
      run: async (input) => removePasskey(services, input),
    }),
    command({
      id: CommandIds.renamePasskey,
      failure: () => vscode.l10n.t('Countersign: could not rename the passkey.'),
      args: passkeyArguments,
      run: async (input) => renamePasskey(services, input),
    }),
  ];
}
