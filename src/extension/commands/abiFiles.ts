/**
 * The commands of ABI files and the interfaces registered from them (the lenses' and the Organization view's):
 * countersign.revealSmartContractInterface, compareWithRegisteredInterface, replaceSmartContractInterface,
 * openSmartContractInterfaceAbi, compareSmartContractInterfaceWithFile and revealAbiProblem.
 *
 * Arguments: a file `Uri` (or an interface tree node, for the view's two) and/or an options object
 * `{ uri?, contractName?, smartContractInterfaceId?, label?, offset?, length? }`; what is missing is asked for.
 * Their work loads on first use (abi/abiFileActions.ts).
 */
import * as vscode from 'vscode';
import * as z from 'zod';
import { runAbiFileCommand, type AbiFileInput } from '../abi/abiFileActions';
import { CommandIds, type CommandId } from '../commandIds';
import type { Services } from '../services';
import type { Views } from '../views/views';
import {
  noArguments,
  optionalString,
  options,
  smartContractInterfaceNode,
  uri,
  type ArgumentsSchema,
} from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';

const named = options({
  uri: optionalString,
  contractName: optionalString,
  smartContractInterfaceId: optionalString,
  label: optionalString,
  offset: optionalString,
  length: optionalString,
});

const none = noArguments.transform((): AbiFileInput => ({}));
const namedOnly = z.tuple([named]).transform(([given]): AbiFileInput => given);

/** Nothing, or the named arguments. */
const namedArguments: ArgumentsSchema<AbiFileInput> = z.union([none, namedOnly]);

/** A file (from the explorer or the editor), optionally with named arguments; or those alone. */
const fileArguments: ArgumentsSchema<AbiFileInput> = z.union([
  none,
  z.tuple([uri]).transform(([file]): AbiFileInput => ({ file })),
  z.tuple([uri, named]).transform(([file, given]): AbiFileInput => ({ ...given, file })),
  namedOnly,
]);

/** An interface's row, optionally with named arguments (`withNamed`); or those alone. */
function interfaceArguments(withNamed: boolean): ArgumentsSchema<AbiFileInput> {
  const row = z
    .tuple([smartContractInterfaceNode])
    .transform(([node]): AbiFileInput => ({ smartContractInterface: node.smartContractInterface }));
  if (!withNamed) return z.union([none, row]);
  return z.union([
    none,
    row,
    z
      .tuple([smartContractInterfaceNode, named])
      .transform(([node, given]): AbiFileInput => ({ ...given, smartContractInterface: node.smartContractInterface })),
    namedOnly,
  ]);
}

const COMMANDS: ReadonlyArray<readonly [CommandId, () => string, ArgumentsSchema<AbiFileInput>]> = [
  [
    CommandIds.revealSmartContractInterface,
    () => vscode.l10n.t('Countersign: could not show the smart contract interface.'),
    namedArguments,
  ],
  [
    CommandIds.compareWithRegisteredInterface,
    () => vscode.l10n.t('Countersign: could not compare the ABI with the registered interface.'),
    fileArguments,
  ],
  [
    CommandIds.replaceSmartContractInterface,
    () => vscode.l10n.t('Countersign: could not replace the smart contract interface.'),
    fileArguments,
  ],
  [
    CommandIds.openSmartContractInterfaceAbi,
    () => vscode.l10n.t('Countersign: could not open the ABI of the smart contract interface.'),
    interfaceArguments(false),
  ],
  [
    CommandIds.compareSmartContractInterfaceWithFile,
    () => vscode.l10n.t('Countersign: could not compare the smart contract interface with a file.'),
    interfaceArguments(true),
  ],
  [
    CommandIds.revealAbiProblem,
    () => vscode.l10n.t('Countersign: could not show the problem of the ABI file.'),
    namedArguments,
  ],
];

export function abiFileCommands(services: Services, views: Views): CommandDescriptor[] {
  return COMMANDS.map(([id, failure, args]) =>
    command({
      id,
      failure,
      args,
      run: async (input) => runAbiFileCommand(id, services, views, input),
    }),
  );
}
