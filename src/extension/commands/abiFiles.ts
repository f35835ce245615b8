/**
 * The commands of ABI files and the interfaces registered from them (the lenses' and the Organization view's):
 * countersign.revealSmartContractInterface, compareWithRegisteredInterface, replaceSmartContractInterface,
 * openSmartContractInterfaceAbi, compareSmartContractInterfaceWithFile and revealAbiProblem.
 *
 * Arguments: a file `Uri` (or an interface tree node, for the view's two) and/or an options object
 * `{ uri?, contractName?, smartContractInterfaceId?, label?, offset?, length? }`; what is missing is asked for.
 * Their work loads on first use (abi/abiFileActions.ts).
 */
import { CommandIds, type CommandId } from '../commandIds';
import type { Services } from '../services';
import type { Views } from '../views/views';
import type { ArgumentKind, CommandDescriptor } from './commandDescriptor';

const ABI_FILE_OPTIONS = {
  uri: 'string',
  contractName: 'string',
  smartContractInterfaceId: 'string',
  label: 'string',
  offset: 'string',
  length: 'string',
} as const;

const COMMANDS: ReadonlyArray<readonly [CommandId, string, readonly ArgumentKind[]]> = [
  [CommandIds.revealSmartContractInterface, 'show the smart contract interface', ['options']],
  [CommandIds.compareWithRegisteredInterface, 'compare the ABI with the registered interface', ['uri', 'options']],
  [CommandIds.replaceSmartContractInterface, 'replace the smart contract interface', ['uri', 'options']],
  [
    CommandIds.openSmartContractInterfaceAbi,
    'open the ABI of the smart contract interface',
    ['smartContractInterface'],
  ],
  [
    CommandIds.compareSmartContractInterfaceWithFile,
    'compare the smart contract interface with a file',
    ['smartContractInterface', 'options'],
  ],
  [CommandIds.revealAbiProblem, 'show the problem of the ABI file', ['options']],
];

export function abiFileCommands(services: Services, views: Views): CommandDescriptor[] {
  return COMMANDS.map(([id, action, accepts]) => ({
    id,
    action,
    accepts,
    ...(accepts.includes('options') ? { options: ABI_FILE_OPTIONS } : {}),
    run: async (...args: unknown[]) =>
      (await import('../abi/abiFileActions.js')).runAbiFileCommand(id, services, views, args),
  }));
}
