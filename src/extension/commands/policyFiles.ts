/**
 * The commands of policy files (their lenses' and the palette's): countersign.createPolicyFromFile,
 * updatePolicyFromFile, deletePolicyOfFile, comparePolicyWithFile, evaluatePolicy, newPolicyFromTemplate and
 * openPolicyAsFile (also from a policy's row of the Organization view).
 *
 * Arguments: a file `Uri` and/or an options object `{ uri?, index?, policyId?, activityId?, unsignedTransaction?,
 * privateKeyId?, template?, smartContractInterfaceId?, functionName?, argument?, cap?, userId?, tagId?, walletId?, address?, policyName? }`;
 * what is missing is asked for. Their work loads on first use (policyFiles/policyFileActions.ts).
 */
import * as vscode from 'vscode';
import * as z from 'zod';
import { CommandIds, type CommandId } from '../commandIds';
import type { PolicyFileInput } from '../policyFiles/policyFileTarget';
import { runPolicyFileCommand } from '../policyFiles/policyFileActions';
import type { Services } from '../services';
import { anyTreeRow, noArguments, optionalString, options, uri, type ArgumentsSchema } from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';

const named = options({
  uri: optionalString,
  index: z.number().int().min(0).optional(),
  policyId: optionalString,
  activityId: optionalString,
  unsignedTransaction: optionalString,
  privateKeyId: optionalString,
  template: optionalString,
  smartContractInterfaceId: optionalString,
  functionName: optionalString,
  argument: optionalString,
  cap: optionalString,
  userId: optionalString,
  tagId: optionalString,
  walletId: optionalString,
  address: optionalString,
  policyName: optionalString,
});

const none = noArguments.transform((): PolicyFileInput => ({}));
const namedOnly = z.tuple([named]).transform(([given]): PolicyFileInput => given);

/** A policy's row of the Organization view: it carries the policy's id (or the policy). */
const policyRow = anyTreeRow
  .refine((row) => row.kind === 'policy')
  .transform((row): PolicyFileInput => {
    const carried = row as { policyId?: unknown; policy?: { policyId?: unknown } };
    const id = typeof carried.policyId === 'string' ? carried.policyId : carried.policy?.policyId;
    return typeof id === 'string' ? { policyId: id } : {};
  });

/** A file (from the explorer or the editor), optionally with named arguments; or those alone. */
const fileArguments: ArgumentsSchema<PolicyFileInput> = z.union([
  none,
  z.tuple([uri]).transform(([file]): PolicyFileInput => ({ file })),
  z.tuple([uri, named]).transform(([file, given]): PolicyFileInput => ({ ...given, file })),
  namedOnly,
]);

const rowArguments: ArgumentsSchema<PolicyFileInput> = z.union([
  none,
  z.tuple([policyRow]).transform(([row]) => row),
  namedOnly,
]);

const COMMANDS: ReadonlyArray<readonly [CommandId, () => string, ArgumentsSchema<PolicyFileInput>]> = [
  [CommandIds.createPolicyFromFile, () => vscode.l10n.t('Countersign: could not create the policy.'), fileArguments],
  [CommandIds.updatePolicyFromFile, () => vscode.l10n.t('Countersign: could not update the policy.'), fileArguments],
  [CommandIds.deletePolicyOfFile, () => vscode.l10n.t('Countersign: could not delete the policy.'), fileArguments],
  [
    CommandIds.comparePolicyWithFile,
    () => vscode.l10n.t('Countersign: could not compare the policy with the file.'),
    fileArguments,
  ],
  [CommandIds.evaluatePolicy, () => vscode.l10n.t('Countersign: could not evaluate the policy.'), fileArguments],
  [
    CommandIds.newPolicyFromTemplate,
    () => vscode.l10n.t('Countersign: could not make a policy from the template.'),
    fileArguments,
  ],
  [CommandIds.openPolicyAsFile, () => vscode.l10n.t('Countersign: could not open the policy as a file.'), rowArguments],
];

export function policyFileCommands(services: Services): CommandDescriptor[] {
  return COMMANDS.map(([id, failure, args]) =>
    command({
      id,
      failure,
      args,
      run: async (input) => runPolicyFileCommand(id, services, input),
    }),
  );
}
