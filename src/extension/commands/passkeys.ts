/**
 * The passkey commands: Add Passkey for Approvals, Remove Passkey and Rename Passkey. Their work (the local page,
 * the ceremonies) loads with import() on first use; see passkeyManagement.ts.
 *
 * Arguments: an authenticator tree node, or `{ authenticatorId?, name? }`; what is missing is asked.
 */
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import type { CommandDescriptor } from './commandDescriptor';

import { PASSKEY_OPTIONS } from './passkeyOptions';

const management = () => import('./passkeyManagement.js');

export function passkeyCommands(services: Services): CommandDescriptor[] {
  return [
    {
      id: CommandIds.addPasskey,
      action: 'add the passkey',
      accepts: ['options'],
      options: PASSKEY_OPTIONS,
      run: async (...args: unknown[]) => (await management()).addPasskey(services, args),
    },
    {
      id: CommandIds.removePasskey,
      action: 'remove the passkey',
      accepts: ['authenticator', 'id', 'options'],
      options: PASSKEY_OPTIONS,
      run: async (...args: unknown[]) => (await management()).removePasskey(services, args),
    },
    {
      id: CommandIds.renamePasskey,
      action: 'rename the passkey',
      accepts: ['authenticator', 'id', 'options'],
      options: PASSKEY_OPTIONS,
      run: async (...args: unknown[]) => (await management()).renamePasskey(services, args),
    },
  ];
}
