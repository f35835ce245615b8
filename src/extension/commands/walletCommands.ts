/**
 * The wallet commands: countersign.createWallet, addWalletAccounts, renameWallet, deleteWallet and
 * copyWalletAccountAddress.
 *
 * createWallet arguments: nothing, or `{ name?, preset?, count? }` (preset: an id of walletPresets.ts, such as
 *   `ethereum` or `solana`; count: 1 to 100). The accounts take the preset's paths from index 0.
 * addWalletAccounts arguments: a wallet's row (optionally with options), or `{ walletId?, preset?, count? }`.
 *   The paths start at the first index after every path of the wallet the preset's template matches.
 * renameWallet arguments: a wallet's row, or `{ walletId?, name? }`.
 * deleteWallet arguments: a wallet's row, its id, or `{ walletId? }`. The modal says what goes (and, for a wallet
 *   never exported, that its recovery phrase is lost for good; the deletion is then sent with
 *   `deleteWithoutExport`); its first button keeps the wallet; then the user types the wallet's name. No argument
 *   skips either: a link or another extension cannot delete what the user did not confirm.
 * copyWalletAccountAddress: an account's row.
 * What is missing is asked for. Each submission goes the common way (submitActivity.ts): a request that waits for
 * a quorum reads as waiting, and the Organization view follows the store. Returns the activity, or undefined when
 * the user dismisses a prompt.
 */
import * as vscode from 'vscode';
import * as z from 'zod';
import type { Activity, WalletAccountParams } from '../../api';
import { CommandIds } from '../commandIds';
import { submitActivity } from '../output/submitActivity';
import type { Services, Session } from '../services';
import { confirmIrreversible } from '../ui/prompts';
import { shown } from '../ui/shownText';
import type { WalletAccountNode, WalletNode } from '../views/walletNodes';
import {
  accountsAddedSentence,
  walletCreatedSentence,
  walletDeletedSentence,
  walletDeletionDetail,
  walletRenamedSentence,
} from '../wording/walletWords';
import { idText, noArguments, optionalString, optionalText, options, type ArgumentsSchema } from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';
import {
  chooseCount,
  choosePreset,
  chooseWalletName,
  readWallets,
  resolveWallet,
  takenWalletNames,
  type WalletTarget,
} from './walletInputs';
import { nextPresetIndex, presetAccounts, type WalletPreset } from './walletPresets';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const walletRow = z.custom<WalletNode>(
  (value) =>
    isRecord(value) &&
    value['kind'] === 'wallet' &&
    typeof value['organizationId'] === 'string' &&
    isRecord(value['wallet']) &&
    Array.isArray(value['accounts']),
);
const accountRow = z.custom<WalletAccountNode>(
  (value) =>
    isRecord(value) &&
    value['kind'] === 'walletAccount' &&
    typeof value['organizationId'] === 'string' &&
    isRecord(value['account']),
);
const optionalCount = z
  .number()
  .int()
  .nullish()
  .transform((value) => value ?? undefined);

export interface AccountsInput extends WalletTarget {
  readonly preset?: string | undefined;
  readonly count?: number | undefined;
}
export interface CreateWalletInput {
  readonly name?: string | undefined;
  readonly preset?: string | undefined;
  readonly count?: number | undefined;
}

const createArguments: ArgumentsSchema<CreateWalletInput> = z.union([
  noArguments.transform((): CreateWalletInput => ({})),
  z
    .tuple([options({ name: optionalText, preset: optionalString, count: optionalCount })])
    .transform(([given]): CreateWalletInput => given),
]);

const accountOptions = options({ walletId: optionalString, preset: optionalString, count: optionalCount });
const accountsArguments: ArgumentsSchema<AccountsInput> = z.union([
  noArguments.transform((): AccountsInput => ({})),
  z.tuple([walletRow]).transform(([node]): AccountsInput => ({ node })),
  z.tuple([walletRow, accountOptions]).transform(([node, given]): AccountsInput => ({ ...given, node })),
  z.tuple([accountOptions]).transform(([given]): AccountsInput => given),
]);

interface RenameInput extends WalletTarget {
  readonly name?: string | undefined;
}
const renameArguments: ArgumentsSchema<RenameInput> = z.union([
  noArguments.transform((): RenameInput => ({})),
  z.tuple([walletRow]).transform(([node]): RenameInput => ({ node })),
  z.tuple([options({ walletId: optionalString, name: optionalText })]).transform(([given]): RenameInput => given),
]);

const deleteArguments: ArgumentsSchema<WalletTarget> = z.union([
  noArguments.transform((): WalletTarget => ({})),
  z.tuple([walletRow]).transform(([node]): WalletTarget => ({ node })),
  z.tuple([idText]).transform(([walletId]): WalletTarget => ({ walletId })),
  z.tuple([options({ walletId: optionalString })]).transform(([given]): WalletTarget => given),
]);

function completed(activity: Activity): boolean {
  return activity.status === 'ACTIVITY_STATUS_COMPLETED';
}

export async function createWallet(services: Services, input: CreateWalletInput): Promise<Activity | undefined> {
  const session = await services.requireSession();
  const taken = await takenWalletNames(services);
  const name = await chooseWalletName(input.name, taken, {
    title: vscode.l10n.t('Step {0}/{1} · Wallet name', 1, 3),
    prompt: vscode.l10n.t('A name for the wallet, unique in the organization.'),
  });
  if (name === undefined) return undefined;
  const preset = await choosePreset(input.preset, vscode.l10n.t('Step {0}/{1} · Accounts of "{2}"', 2, 3, shown(name)));
  if (!preset) return undefined;
  const count = await chooseCount(
    input.count,
    vscode.l10n.t('Step {0}/{1} · How many {2} accounts', 3, 3, preset.label),
  );
  if (count === undefined) return undefined;
  const accounts = presetAccounts(preset, 0, count);
  return submitActivity(
    services,
    {
      title: vscode.l10n.t('Creating wallet "{0}"…', shown(name)),
      changes: ['organization'],
      sentence: (activity) =>
        completed(activity)
          ? walletCreatedSentence(name, accounts.length, preset.label, vscode.env.language)
          : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.createWallet(
        {
          organizationId: session.profile.organizationId,
          parameters: { walletName: name, accounts },
          generateAppProofs,
        },
        { signal },
      ),
  );
}

async function submitAccounts(
  services: Services,
  session: Session,
  wallet: { walletId: string; walletName: string },
  preset: WalletPreset,
  accounts: WalletAccountParams[],
): Promise<Activity> {
  const paths = accounts.map((account) => account.path);
  return submitActivity(
    services,
    {
      title: vscode.l10n.t('Adding accounts to wallet "{0}"…', shown(wallet.walletName)),
      changes: ['organization'],
      sentence: (activity) =>
        completed(activity)
          ? accountsAddedSentence(wallet.walletName, paths, preset.label, vscode.env.language)
          : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.createWalletAccounts(
        {
          organizationId: session.profile.organizationId,
          parameters: { walletId: wallet.walletId, accounts },
          generateAppProofs,
        },
        { signal },
      ),
  );
}

export async function addWalletAccounts(services: Services, input: AccountsInput): Promise<Activity | undefined> {
  const session = await services.requireSession();
  const entry = await resolveWallet(services, session, input, vscode.l10n.t('Add accounts to which wallet?'));
  if (!entry) return undefined;
  const { wallet } = entry;
  const preset = await choosePreset(
    input.preset,
    vscode.l10n.t('Step {0}/{1} · Accounts to add to "{2}"', 1, 2, shown(wallet.walletName)),
  );
  if (!preset) return undefined;
  const count = await chooseCount(
    input.count,
    vscode.l10n.t('Step {0}/{1} · How many {2} accounts', 2, 2, preset.label),
  );
  if (count === undefined) return undefined;
  const from = nextPresetIndex(
    preset,
    entry.accounts.map((account) => account.path),
  );
  return submitAccounts(services, session, wallet, preset, presetAccounts(preset, from, count));
}

export async function renameWallet(services: Services, input: RenameInput): Promise<Activity | undefined> {
  const session = await services.requireSession();
  const entry = await resolveWallet(services, session, input, vscode.l10n.t('Rename which wallet?'));
  if (!entry) return undefined;
  const before = entry.wallet.walletName;
  const others = new Set((await readWallets(services)).wallets.map((w) => w.wallet.walletName));
  others.delete(before);
  const name = await chooseWalletName(input.name, others, {
    title: vscode.l10n.t('Rename wallet "{0}"', shown(before)),
    prompt: vscode.l10n.t('A new name for the wallet, unique in the organization.'),
    value: before,
  });
  if (name === undefined || name === before) return undefined;
  return submitActivity(
    services,
    {
      title: vscode.l10n.t('Renaming wallet "{0}"…', shown(before)),
      changes: ['organization'],
      sentence: (activity) => (completed(activity) ? walletRenamedSentence(before, name) : undefined),
    },
    (signal, generateAppProofs) =>
      session.client.updateWallet(
        {
          organizationId: session.profile.organizationId,
          parameters: { walletId: entry.wallet.walletId, walletName: name },
          generateAppProofs,
        },
        { signal },
      ),
  );
}

export async function deleteWallet(services: Services, input: WalletTarget): Promise<Activity | undefined> {
  const session = await services.requireSession();
  const entry = await resolveWallet(services, session, input, vscode.l10n.t('Delete which wallet?'));
  if (!entry) return undefined;
  const { wallet, accounts } = entry;
  const name = shown(wallet.walletName);
  // Enter keeps the wallet; the deletion is the second button, and for a wallet never exported it says so.
  const confirmed = await confirmIrreversible(
    services.modals,
    wallet.exported
      ? vscode.l10n.t('Delete wallet "{0}"?', name)
      : vscode.l10n.t('Delete wallet "{0}" and lose its recovery phrase for good?', name),
    walletDeletionDetail(wallet, accounts, vscode.env.language),
    wallet.exported ? vscode.l10n.t('Delete Wallet') : vscode.l10n.t('Delete Without Export'),
    vscode.l10n.t('Keep Wallet'),
  );
  if (!confirmed) return undefined;
  const typed = await services.modals.typeToConfirm({
    title: vscode.l10n.t('Delete wallet "{0}"', name),
    prompt: vscode.l10n.t('This deletes the wallet and every account in it. Type its name to confirm.'),
    expected: wallet.walletName,
    mismatch: vscode.l10n.t('Type the wallet name exactly: {0}', name),
  });
  if (!typed) return undefined;
  return submitActivity(
    services,
    {
      title: vscode.l10n.t('Deleting wallet "{0}"…', name),
      changes: ['organization'],
      sentence: (activity) => (completed(activity) ? walletDeletedSentence(wallet.walletName) : undefined),
    },
    (signal, generateAppProofs) =>
      session.client.deleteWallets(
        {
          organizationId: session.profile.organizationId,
          parameters: { walletIds: [wallet.walletId], deleteWithoutExport: !wallet.exported },
          generateAppProofs,
        },
        { signal },
      ),
  );
}

export function walletCommands(services: Services): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.createWallet,
      failure: () => vscode.l10n.t('Countersign: could not create the wallet.'),
      args: createArguments,
      fromViewTitle: true,
      run: (input) => createWallet(services, input),
    }),
    command({
      id: CommandIds.addWalletAccounts,
      failure: () => vscode.l10n.t('Countersign: could not add the wallet accounts.'),
      args: accountsArguments,
      run: (input) => addWalletAccounts(services, input),
    }),
    command({
      id: CommandIds.renameWallet,
      failure: () => vscode.l10n.t('Countersign: could not rename the wallet.'),
      args: renameArguments,
      run: (input) => renameWallet(services, input),
    }),
    command({
      id: CommandIds.deleteWallet,
      failure: () => vscode.l10n.t('Countersign: could not delete the wallet.'),
      args: deleteArguments,
      run: (input) => deleteWallet(services, input),
    }),
    command({
      id: CommandIds.copyWalletAccountAddress,
      failure: () => vscode.l10n.t('Countersign: could not copy the address.'),
      args: z.tuple([accountRow]).transform(([node]) => node),
      run: async (node) => {
        await vscode.env.clipboard.writeText(node.account.address);
        vscode.window.setStatusBarMessage(vscode.l10n.t('$(copy) Copied the address'), 3000);
        return node.account.address;
      },
    }),
  ];
}
