/**
 * countersign.createSmartContractInterface: registers a contract's ABI with the organization.
 *
 * Arguments (all optional; what is missing is asked for):
 *   - a `vscode.Uri` (the explorer and editor menus pass the file), or
 *   - `{ uri?, abiText?, fileName?, contractName?, address?, label?, notes?, type? }`
 *       uri          Uri or path of the ABI file (default: the active editor's JSON document, else a file dialog)
 *       abiText      the file's text itself (then `fileName`, if given, names it in messages and the label)
 *       contractName which contract of a file that holds several (solc --combined-json)
 *       address      the contract address; when given, `label` defaults to the contract name and notes to none
 *       type         only SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM: the file is a Solidity ABI
 *       confirmWarnings  show the ABI's warnings and ask before going on (the lens of a file with warnings)
 * Nothing is sent until the file, the ABI and the address are valid. A registration that waits for approval is
 * noted, so that the file's lens says so rather than offering to register it again. Returns the activity, or undefined when
 * the user dismisses a prompt.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity, type ReadAbi } from '../../api';
import { CommandIds } from '../commandIds';
import { canonicalAbiJson, checkEthereumAddress, listAbiContracts, readAbiFile } from '../../api/remote';
import * as z from 'zod';
import {
  noArguments,
  optionalBoolean,
  optionalFile,
  optionalString,
  optionalText,
  options,
  uri,
  type ArgumentsSchema,
} from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';
import type { Services } from '../services';
import { activeEditorSource, chooseAbiFile, readAbiSource, toUri, type AbiSource } from '../ui/abiDocuments';
import { withOpenAtProblem } from '../ui/errorAction';
import { askContractAddress, askText, pickOne } from '../ui/prompts';
import { addressFromArgument, labelProblem, notesProblem } from '../ui/operationInputs';
import { submitActivity } from '../output/submitActivity';
import { byCount } from '../wording/plural';

const ETHEREUM = 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM';

export interface CreateInput {
  /** The ABI file: a Uri (the explorer's and editor's menus) or a path. */
  readonly uri?: vscode.Uri | string | undefined;
  readonly abiText?: string | undefined;
  readonly fileName?: string | undefined;
  readonly contractName?: string | undefined;
  readonly address?: string | undefined;
  readonly label?: string | undefined;
  readonly notes?: string | undefined;
  readonly type?: string | undefined;
  readonly confirmWarnings?: boolean | undefined;
}

const createOptions = options({
  uri: optionalFile,
  abiText: optionalText,
  fileName: optionalString,
  contractName: optionalString,
  address: optionalString,
  label: optionalString,
  notes: optionalString,
  type: optionalString,
  confirmWarnings: optionalBoolean,
});

/** Nothing (the active editor, else a file dialog), a file, or the named arguments. */
const createArguments: ArgumentsSchema<CreateInput> = z.union([
  noArguments.transform((): CreateInput => ({})),
  z.tuple([uri]).transform(([file]): CreateInput => ({ uri: file })),
  z.tuple([createOptions]).transform(([given]): CreateInput => given),
]);

/** The ABI text named by the arguments, the active editor, or a file dialog. */
async function resolveSource(options: CreateInput): Promise<AbiSource | undefined> {
  if (options.abiText !== undefined) return { text: options.abiText, fileName: options.fileName, uri: undefined };
  const uri = toUri(options.uri);
  if (uri) return readAbiSource(uri);
  const active = activeEditorSource();
  if (active) return active;
  const chosen = await chooseAbiFile();
  return chosen ? readAbiSource(chosen) : undefined;
}

/** The contract to register: the one named, the only one with an ABI, or the user's pick among several. */
async function chooseContract(source: AbiSource, contractName: string | undefined): Promise<ReadAbi | undefined> {
  // Reading an ABI uses zod: it loads with the client (which registers the interface next), not at activation.
  if (contractName !== undefined) return readAbiFile(source.text, source.fileName, contractName);
  const contracts = listAbiContracts(source.text, source.fileName);
  const candidates = contracts.filter((c) => Array.isArray(c.abi) && c.abi.length > 0);
  if (contracts.length <= 1 || candidates.length === 1)
    return readAbiFile(source.text, source.fileName, candidates[0]?.contractName);
  const items = contracts.map((contract) => ({
    label: contract.contractName ?? vscode.l10n.t('(unnamed contract)'),
    description: Array.isArray(contract.abi) ? vscode.l10n.t('{0} ABI entries', contract.abi.length) : '',
    contractName: contract.contractName,
  }));
  const picked = await pickOne(items, {
    title:
      source.fileName !== undefined
        ? vscode.l10n.t('{0} holds {1} contracts', source.fileName, contracts.length)
        : vscode.l10n.t('The ABI text holds {0} contracts', contracts.length),
    placeHolder: vscode.l10n.t('Which contract is deployed at the address you will give?'),
  });
  return picked ? readAbiFile(source.text, source.fileName, picked.contractName) : undefined;
}

/** "Step 2/3 · abi/Counter.abi.json · Label": where the user is, and which file the answers are about. */
function stepTitle(step: number, fileName: string | undefined, what: string): string {
  return fileName
    ? vscode.l10n.t('Step {0}/{1} · {2} · {3}', step, 3, fileName, what)
    : vscode.l10n.t('Step {0}/{1} · {2}', step, 3, what);
}

async function askLabel(defaultLabel: string, fileName: string | undefined): Promise<string | undefined> {
  return askText({
    title: stepTitle(2, fileName, vscode.l10n.t('Label')),
    prompt: vscode.l10n.t('A name for this smart contract interface in the organization.'),
    value: defaultLabel,
    validateInput: (text) => labelProblem(text),
  });
}

async function askNotes(fileName: string | undefined): Promise<string | undefined> {
  return askText({
    title: stepTitle(3, fileName, vscode.l10n.t('Notes (optional)')),
    prompt: vscode.l10n.t('Anything worth knowing about this contract; leave empty for none.'),
    validateInput: (text) => notesProblem(text),
  });
}

/** At most this many warnings are listed in the question; the Problems panel has them all. */
const LISTED_WARNINGS = 6;

/** Shows the ABI's warnings and asks; true to go on. "Show Problems" opens the panel and registers nothing. */
async function registerDespiteWarnings(services: Services, abi: ReadAbi, source: AbiSource): Promise<boolean> {
  const count = abi.warnings.length;
  const name = source.fileName ?? abi.contractName ?? vscode.l10n.t('This ABI');
  const register = vscode.l10n.t('Register Anyway');
  const show = vscode.l10n.t('Show Problems');
  const listed = abi.warnings.slice(0, LISTED_WARNINGS).map((warning) => `• ${warning}`);
  if (count > LISTED_WARNINGS)
    listed.push(vscode.l10n.t('and {0} more in the Problems panel', count - LISTED_WARNINGS));
  const choice = await services.modals.show({
    message:
      count === 1
        ? vscode.l10n.t('{0} has 1 warning. Register it anyway?', name)
        : vscode.l10n.t('{0} has {1} warnings. Register it anyway?', name, count),
    detail: listed.join('\n'),
    harmless: [show],
    actions: [register],
    irreversible: false,
  });
  if (choice === show) await vscode.commands.executeCommand('workbench.actions.view.problems');
  return choice === register;
}

export async function createSmartContractInterface(
  services: Services,
  options: CreateInput,
): Promise<Activity | undefined> {
  const type = options.type ?? ETHEREUM;
  if (type !== ETHEREUM) {
    throw new InvalidInputError(
      'smart contract interface type',
      vscode.l10n.t('Only Ethereum ABIs can be registered from a file; "{0}" is not supported here.', type),
    );
  }

  const source = await resolveSource(options);
  if (!source) return undefined;
  const abi = await chooseContract(source, options.contractName).catch((error: unknown) => {
    throw withOpenAtProblem(error, source.uri);
  });
  if (!abi) return undefined;
  for (const warning of abi.warnings) services.log.warn(source.fileName ? `${source.fileName}: ${warning}` : warning);
  if (options.confirmWarnings === true && abi.warnings.length > 0) {
    if (!(await registerDespiteWarnings(services, abi, source))) return undefined;
  }

  const givenAddress = options.address;
  let address: string | undefined;
  let label = options.label;
  let notes = options.notes;
  const defaultLabel = abi.contractName ?? source.fileName;
  if (givenAddress !== undefined) {
    address = addressFromArgument(givenAddress, checkEthereumAddress);
    label ??= defaultLabel;
    if (label === undefined) {
      throw new InvalidInputError(
        'smart contract interface',
        vscode.l10n.t('The ABI names no contract, so there is no label to default to: pass a label. Nothing was sent.'),
      );
    }
  } else {
    address = await askContractAddress({ title: stepTitle(1, source.fileName, vscode.l10n.t('Contract address')) });
    if (address === undefined) return undefined;
    label ??= await askLabel(defaultLabel ?? '', source.fileName);
    if (label === undefined) return undefined;
    if (notes === undefined) {
      const typed = await askNotes(source.fileName);
      if (typed === undefined) return undefined;
      notes = typed.trim() === '' ? undefined : typed;
    }
  }
  const problem = labelProblem(label) ?? (notes !== undefined ? notesProblem(notes) : undefined);
  if (problem) throw new InvalidInputError('smart contract interface', vscode.l10n.t('{0} Nothing was sent.', problem));

  const session = await services.requireSession();
  const organizationId = session.profile.organizationId;
  const contractAddress = address;
  const contractLabel = label;
  const warnings = abi.warnings.length;
  services.log.info('Registering a smart contract interface', {
    label: contractLabel,
    file: source.fileName ?? '(text)',
    format: abi.format,
    bytes: abi.bytes,
    warnings,
    address: contractAddress,
  });
  const activity = await submitActivity(
    services,
    {
      title: vscode.l10n.t('Creating smart contract interface "{0}"…', contractLabel),
      changes: ['organization'],
      sentence: (activity) =>
        activity.status === 'ACTIVITY_STATUS_COMPLETED'
          ? warnings > 0
            ? byCount(
                warnings,
                vscode.l10n.t(
                  'Smart contract interface "{0}" created, with {1} warning about the ABI (see the log).',
                  contractLabel,
                  warnings,
                ),
                vscode.l10n.t(
                  'Smart contract interface "{0}" created, with {1} warnings about the ABI (see the log).',
                  contractLabel,
                  warnings,
                ),
                vscode.env.language,
              )
            : vscode.l10n.t('Smart contract interface "{0}" created.', contractLabel)
          : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.createSmartContractInterface(
        {
          organizationId,
          parameters: {
            smartContractAddress: contractAddress,
            smartContractInterface: abi.json,
            type: ETHEREUM,
            label: contractLabel,
            ...(notes !== undefined ? { notes } : {}),
          },
          generateAppProofs,
        },
        { signal },
      ),
  );
  if (activity.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED') {
    (await services.store()).notePendingRegistration({
      organizationId,
      activity,
      label: contractLabel,
      canonicalJson: canonicalAbiJson(JSON.parse(abi.json)),
      replaces: undefined,
    });
  }
  return activity;
}

export function createSmartContractInterfaceCommands(services: Services): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.createSmartContractInterface,
      failure: () => vscode.l10n.t('Countersign: could not create the smart contract interface.'),
      args: createArguments,
      fromViewTitle: true,
      run: (input) => createSmartContractInterface(services, input),
    }),
  ];
}
