/**
 * countersign.deleteSmartContractInterface and countersign.deleteSubOrganization.
 *
 * deleteSmartContractInterface arguments:
 *   - a smart contract interface tree node, or an interface id
 *   - or `{ smartContractInterfaceId? }`
 *   - nothing (palette): a pick of the organization's interfaces.
 *   A modal shows the label, address and id, however the command is run.
 *
 * deleteSubOrganization arguments: `{ organizationId?, deleteWithoutExport? }`
 *   The sub-organization deleted is the active profile's organization: the service accepts the deletion only
 *   when a root user of that sub-organization signs it. `organizationId`, when given, must be that one. A
 *   profile known to be of a top-level organization (the local sandbox's Demo, Team) is refused before sending.
 *   The user types the organization id to confirm; `deleteWithoutExport` stays false unless the user ticks it
 *   (`deleteWithoutExport: true` ticks it beforehand) and then confirms a warning that keys never exported are
 *   lost. A refusal over unexported keys offers a retry with it, which asks only the warning: the user typed the
 *   id already, and only that retry can say so (activityFailure.ts). Before asking, the organization's wallets and
 *   private keys are read anew, and the warning names each one never exported (a wallet with its accounts).
 *   No argument skips a confirmation: a link or another extension cannot delete what the user did not confirm.
 *
 * Both return the activity, or undefined when the user dismisses a prompt.
 */
import * as vscode from 'vscode';
import {
  ActivityFailedError,
  CancelledError,
  InvalidInputError,
  type Activity,
  type SmartContractInterface,
} from '../../api';
import { CommandIds } from '../commandIds';
import * as z from 'zod';
import {
  idText,
  noArguments,
  optionalBoolean,
  optionalString,
  options,
  smartContractInterfaceNode,
  type ArgumentsSchema,
} from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';
import { organizationKind } from '../profiles/organizationKind';
import type { Services, Session } from '../services';
import type { ModalDialogs } from '../ui/modalDialogs';
import { withProgress } from '../ui/progress';
import { confirmIrreversible, pickMany, pickSmartContractInterface } from '../ui/prompts';
import { ORGANIZATION_VIEW_ID } from '../views/viewIds';
import { smartContractInterfaceDetail } from '../ui/operationInputs';
import { failedActivityError, isRetryAfterTypedId, withoutExportOption } from './activityFailure';
import { submitActivity } from '../output/submitActivity';
import { unexportedOf, unexportedSentence, type Unexported } from '../wording/unexportedWords';

export interface InterfaceDeletionInput {
  readonly smartContractInterface?: SmartContractInterface | undefined;
  readonly smartContractInterfaceId?: string | undefined;
}

const interfaceOptions = options({ smartContractInterfaceId: optionalString });

/** Nothing (a pick), an interface's row or id, or `{ smartContractInterfaceId? }`. */
const interfaceDeletionArguments: ArgumentsSchema<InterfaceDeletionInput> = z.union([
  noArguments.transform((): InterfaceDeletionInput => ({})),
  z
    .tuple([smartContractInterfaceNode])
    .transform(([node]): InterfaceDeletionInput => ({ smartContractInterface: node.smartContractInterface })),
  z.tuple([idText]).transform(([smartContractInterfaceId]): InterfaceDeletionInput => ({ smartContractInterfaceId })),
  z.tuple([interfaceOptions]).transform(([given]): InterfaceDeletionInput => given),
]);

export interface SubOrganizationDeletionInput {
  /** The organization the caller means: it must be the active profile's. */
  readonly organizationId?: string | undefined;
  readonly deleteWithoutExport?: boolean | undefined;
  /** The retry offered by a refusal, after the user typed the organization's id (never from outside). */
  readonly retryAfterTypedId: boolean;
}

/** Nothing, or `{ organizationId?, deleteWithoutExport? }`; nothing skips the typed confirmation. */
const subOrganizationDeletionArguments: ArgumentsSchema<SubOrganizationDeletionInput> = z.union([
  noArguments.transform((): SubOrganizationDeletionInput => ({ retryAfterTypedId: false })),
  z
    .tuple([
      options({
        organizationId: optionalString,
        deleteWithoutExport: optionalBoolean,
        typedId: z.unknown().optional(),
      }),
    ])
    .transform(([{ typedId, ...given }]): SubOrganizationDeletionInput => ({
      ...given,
      retryAfterTypedId: isRetryAfterTypedId({ typedId }),
    })),
]);

async function resolveInterface(
  services: Services,
  session: Session,
  input: InterfaceDeletionInput,
): Promise<SmartContractInterface | undefined> {
  if (input.smartContractInterface) return input.smartContractInterface;
  const organizationId = session.profile.organizationId;
  const id = input.smartContractInterfaceId;
  if (id !== undefined) {
    return withProgress(vscode.l10n.t('Reading smart contract interface {0}…', id), (signal) =>
      session.client.getSmartContractInterface({ organizationId, smartContractInterfaceId: id }, { signal }),
    );
  }
  const all = await withProgress(
    vscode.l10n.t('Listing smart contract interfaces…'),
    async () => (await (await services.store()).interfaces()) ?? [],
  );
  return pickSmartContractInterface(all, vscode.l10n.t('Delete which smart contract interface?'));
}

export async function deleteSmartContractInterface(
  services: Services,
  input: InterfaceDeletionInput,
): Promise<Activity | undefined> {
  const session = await services.requireSession();
  const sci = await resolveInterface(services, session, input);
  if (!sci) return undefined;
  const organizationId = sci.organizationId || session.profile.organizationId;
  // Enter opens the ABI (it can still be saved from there); deleting is the second button.
  const confirmed = await confirmIrreversible(
    services.modals,
    vscode.l10n.t('Delete smart contract interface "{0}"?', sci.label),
    smartContractInterfaceDetail(sci),
    vscode.l10n.t('Delete'),
    {
      label: vscode.l10n.t('Open ABI'),
      show: () =>
        vscode.commands.executeCommand(CommandIds.openSmartContractInterfaceAbi, {
          kind: 'smartContractInterface',
          organizationId,
          smartContractInterface: { ...sci, organizationId },
        }),
    },
  );
  if (!confirmed) return undefined;
  return submitActivity(
    services,
    {
      title: vscode.l10n.t('Deleting smart contract interface "{0}"…', sci.label),
      changes: ['organization'],
      sentence: (activity) =>
        activity.status === 'ACTIVITY_STATUS_COMPLETED'
          ? vscode.l10n.t('Smart contract interface "{0}" deleted.', sci.label)
          : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.deleteSmartContractInterface(
        { organizationId, parameters: { smartContractInterfaceId: sci.smartContractInterfaceId }, generateAppProofs },
        { signal },
      ),
  );
}

/**
 * The organization's wallets and private keys never exported, read anew (a wallet exported elsewhere a moment ago
 * is no loss); undefined when they could not be read, and the warning then speaks of them in general.
 */
async function readUnexported(services: Services, organizationId: string): Promise<Unexported | undefined> {
  try {
    return await withProgress(
      vscode.l10n.t('Reading the wallets and private keys of {0}…', organizationId),
      async () => {
        const store = await services.store();
        store.markStale('organization', { quietly: true });
        const [book, privateKeys] = await Promise.all([store.walletBook(), store.privateKeys()]);
        return unexportedOf(book, privateKeys ?? []);
      },
    );
  } catch (error) {
    if (error instanceof CancelledError) throw error;
    services.log.failure('Could not read the wallets and private keys before a deletion', error, 'warn');
    return undefined;
  }
}

/**
 * The modal warning before `deleteWithoutExport: true`: what was never exported is lost for good, each named when
 * it could be read. Enter shows the organization (the Organization view) and deletes nothing.
 */
async function acceptLosingUnexportedKeys(
  modals: ModalDialogs,
  organizationId: string,
  unexported: Unexported | undefined,
): Promise<boolean> {
  const named = unexported && unexportedSentence(unexported, vscode.env.language);
  return confirmIrreversible(
    modals,
    vscode.l10n.t('Delete without exporting the keys?'),
    named
      ? vscode.l10n.t('{0} No one, not even the service, can recover them.', named)
      : vscode.l10n.t(
          'Private keys and wallets of {0} that were never exported will be lost for good: no one, not even the service, can recover them.',
          organizationId,
        ),
    vscode.l10n.t('Delete Without Export'),
    {
      label:
        unexported && unexported.wallets.length > 0
          ? vscode.l10n.t('Show Wallets and Keys')
          : vscode.l10n.t('Show Private Keys'),
      show: () => vscode.commands.executeCommand(`${ORGANIZATION_VIEW_ID}.focus`),
    },
  );
}

/**
 * Type-to-confirm, then the tick box and its warning. Undefined when dismissed. `known` says whether the
 * organization is known to be a sub-organization; when it is not known, the prompt says plainly what happens.
 */
async function confirmSubOrganizationDeletion(
  modals: ModalDialogs,
  organizationId: string,
  label: string,
  known: boolean,
  ticked: boolean,
  unexported: Unexported | undefined,
): Promise<{ deleteWithoutExport: boolean } | undefined> {
  const typed = await modals.typeToConfirm({
    title: vscode.l10n.t('Step {0}/{1} · Delete sub-organization "{2}"', 1, 2, label),
    prompt: known
      ? vscode.l10n.t(
          'This deletes the sub-organization {0} and everything in it. Type its ID to confirm.',
          organizationId,
        )
      : vscode.l10n.t(
          "This deletes the organization {0} and everything in it, if it is a sub-organization: the service refuses a top-level organization, and only the sub-organization's own root users can delete it. Type its ID to confirm.",
          organizationId,
        ),
    expected: organizationId,
    mismatch: vscode.l10n.t('Type the organization ID exactly: {0}', organizationId),
  });
  if (!typed) return undefined;
  const withoutExport = {
    label: withoutExportOption(),
    detail: vscode.l10n.t('Off: the service refuses the deletion while the sub-organization holds keys not exported.'),
    picked: ticked,
  };
  const chosen = await pickMany([withoutExport], {
    title: vscode.l10n.t('Step {0}/{1} · Options for deleting "{2}"', 2, 2, label),
    placeHolder: vscode.l10n.t('Press Enter to go on; tick the option only if losing unexported keys is acceptable'),
  });
  if (chosen === undefined) return undefined;
  if (chosen.length === 0) return { deleteWithoutExport: false };
  return (await acceptLosingUnexportedKeys(modals, organizationId, unexported))
    ? { deleteWithoutExport: true }
    : undefined;
}

export async function deleteSubOrganization(
  services: Services,
  options: SubOrganizationDeletionInput,
): Promise<Activity | undefined> {
  const session = await services.requireSession();
  const organizationId = session.profile.organizationId;
  const named = options.organizationId;
  if (named !== undefined && named !== organizationId) {
    throw new InvalidInputError(
      'sub-organization',
      vscode.l10n.t(
        "Only the active profile's organization ({0}) can be deleted, not {1}: the deletion must be signed by a root user of the sub-organization itself.",
        organizationId,
        named,
      ),
      vscode.l10n.t("Switch to a profile of that sub-organization, with its root user's API key, then try again."),
    );
  }
  const kind = organizationKind(session.profile);
  if (kind === 'topLevel') {
    throw new InvalidInputError(
      'sub-organization',
      vscode.l10n.t(
        '"{0}" is a top-level organization, not a sub-organization: only a sub-organization can be deleted, by its own root users. Nothing was sent.',
        session.profile.label,
      ),
    );
  }
  let deleteWithoutExport = options.deleteWithoutExport ?? false;
  const unexported = await readUnexported(services, organizationId);
  if (deleteWithoutExport && options.retryAfterTypedId) {
    // The retry offered by a refusal: the user already typed the ID; only the warning is asked again.
    if (!(await acceptLosingUnexportedKeys(services.modals, organizationId, unexported))) return undefined;
  } else {
    const decision = await confirmSubOrganizationDeletion(
      services.modals,
      organizationId,
      session.profile.label,
      kind === 'subOrganization',
      deleteWithoutExport,
      unexported,
    );
    if (!decision) return undefined;
    deleteWithoutExport = decision.deleteWithoutExport;
  }
  try {
    return await submitActivity(
      services,
      {
        title: vscode.l10n.t('Deleting sub-organization {0}…', organizationId),
        changes: ['organization'],
        sentence: (activity) =>
          activity.status === 'ACTIVITY_STATUS_COMPLETED'
            ? vscode.l10n.t(
                'Sub-organization {0} deleted. The profile "{1}" now points at an organization that no longer exists.',
                organizationId,
                session.profile.label,
              )
            : undefined,
      },
      (signal, generateAppProofs) =>
        session.client.deleteSubOrganization(
          { organizationId, parameters: { deleteWithoutExport }, generateAppProofs },
          { signal },
        ),
    );
  } catch (error) {
    throw error instanceof ActivityFailedError ? failedActivityError(error.activity, 'submission') : error;
  }
}

export function deletionCommands(services: Services): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.deleteSmartContractInterface,
      failure: () => vscode.l10n.t('Countersign: could not delete the smart contract interface.'),
      args: interfaceDeletionArguments,
      run: (input) => deleteSmartContractInterface(services, input),
    }),
    command({
      id: CommandIds.deleteSubOrganization,
      failure: () => vscode.l10n.t('Countersign: could not delete the sub-organization.'),
      args: subOrganizationDeletionArguments,
      run: (input) => deleteSubOrganization(services, input),
    }),
  ];
}
