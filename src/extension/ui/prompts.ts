/**
 * The prompts the operation commands share. Each returns undefined when the user dismisses it (Escape), so a
 * command can end quietly; none of them ever shows or receives a secret.
 */
import * as vscode from 'vscode';
import { adviseAddress, type AddressAdvice } from './operationInputs';
import { checkEthereumAddress } from '../../api/remote';
import type { SmartContractInterface } from '../../api';
import type { ModalDialogs } from './modalDialogs';
import { showInformation } from './notifications';
import { notificationText, pickText } from './shownText';

/** An input box that keeps focus when the user looks elsewhere (to copy an id from another window). */
export async function askText(options: vscode.InputBoxOptions): Promise<string | undefined> {
  // The prompt under an input box finds links as a notification does: a name in it must not become one.
  const prompt = options.prompt === undefined ? {} : { prompt: notificationText(options.prompt) };
  return vscode.window.showInputBox({ ignoreFocusOut: true, ...options, ...prompt });
}

/**
 * A modal warning with one action button, for what can be undone (created or updated again); VS Code adds Cancel,
 * and Enter chooses the action. True only when the user chose the action. The detail says exactly what will be
 * signed.
 */
export async function confirmModal(
  modals: ModalDialogs,
  message: string,
  detail: string,
  action: string,
): Promise<boolean> {
  return (await modals.show({ message, detail, actions: [action], irreversible: false })) === action;
}

/** The harmless first button of an irreversible action's dialog: it shows something and confirms nothing. */
export interface SaferChoice {
  readonly label: string;
  show(): Thenable<unknown>;
}

/**
 * The modal before an action that cannot be undone (a deletion that loses keys, an interface or a stored API key
 * for good). Enter chooses a dialog's first button, so the first is `safer`: one that only shows something, or the
 * label of a button that keeps things as they are; the action comes second, and VS Code adds Cancel. True only
 * when the user chose the action.
 */
export async function confirmIrreversible(
  modals: ModalDialogs,
  message: string,
  detail: string,
  action: string,
  safer: SaferChoice | string,
): Promise<boolean> {
  const label = typeof safer === 'string' ? safer : safer.label;
  const choice = await modals.show({ message, detail, harmless: [label], actions: [action], irreversible: true });
  if (choice === label && typeof safer !== 'string') await safer.show();
  return choice === action;
}

/**
 * A quick pick draws `$(icon)` syntax in an item's label, description and detail, and the items often carry a
 * teammate's text (names, labels): all of it is shown as text. An icon of ours goes in `iconPath`.
 */
function shownItems<T extends vscode.QuickPickItem>(items: readonly T[]): Map<vscode.QuickPickItem, T> {
  const byShown = new Map<vscode.QuickPickItem, T>();
  for (const item of items) {
    const copy: vscode.QuickPickItem = { ...item, label: pickText(item.label) };
    if (item.description !== undefined) copy.description = pickText(item.description);
    if (item.detail !== undefined) copy.detail = pickText(item.detail);
    byShown.set(copy, item);
  }
  return byShown;
}

export async function pickOne<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: vscode.QuickPickOptions,
): Promise<T | undefined> {
  const byShown = shownItems(items);
  const picked = await vscode.window.showQuickPick([...byShown.keys()], {
    ignoreFocusOut: true,
    matchOnDescription: true,
    matchOnDetail: true,
    ...options,
    canPickMany: false,
  });
  return picked === undefined ? undefined : byShown.get(picked);
}

/**
 * One item of several, with the cursor on `active` when it opens (Enter then keeps it), and separators where the
 * list has them. A quick pick of our own: showQuickPick always starts on the first item.
 */
export async function pickOneAt<T extends vscode.QuickPickItem>(
  items: readonly T[],
  active: T | undefined,
  options: Pick<vscode.QuickPickOptions, 'title' | 'placeHolder'>,
): Promise<T | undefined> {
  const byShown = shownItems(items);
  const shownList = [...byShown.keys()];
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
  pick.ignoreFocusOut = true;
  pick.title = options.title;
  pick.placeholder = options.placeHolder;
  pick.items = shownList;
  const activeShown = shownList.find((item) => byShown.get(item) === active);
  if (activeShown) pick.activeItems = [activeShown];
  try {
    const picked = await new Promise<vscode.QuickPickItem | undefined>((resolve) => {
      pick.onDidAccept(() => {
        resolve(pick.selectedItems[0] ?? pick.activeItems[0]);
        pick.hide();
      });
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
    return picked === undefined ? undefined : byShown.get(picked);
  } finally {
    pick.dispose();
  }
}

/**
 * A multi-select whose items marked `picked` start ticked; undefined when dismissed. Built as a quick pick of our
 * own rather than with showQuickPick: VS Code then gets the items and their ticks in the same message that shows
 * the pick, so Enter pressed the moment it opens accepts the ticked items. (showQuickPick shows the pick first and
 * ticks its items a moment later; an Enter in between accepted none.)
 */
export async function pickMany<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: Pick<vscode.QuickPickOptions, 'title' | 'placeHolder' | 'ignoreFocusOut'>,
): Promise<T[] | undefined> {
  const byShown = shownItems(items);
  const shownList = [...byShown.keys()];
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
  pick.canSelectMany = true;
  pick.ignoreFocusOut = options.ignoreFocusOut ?? true;
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.title = options.title;
  pick.placeholder = options.placeHolder;
  pick.items = shownList;
  pick.selectedItems = shownList.filter((item) => item.picked === true);
  try {
    const picked = await new Promise<vscode.QuickPickItem[] | undefined>((resolve) => {
      pick.onDidAccept(() => {
        resolve([...pick.selectedItems]);
        pick.hide();
      });
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
    return picked?.flatMap((item) => byShown.get(item) ?? []);
  } finally {
    pick.dispose();
  }
}

/**
 * The live check of the address box: errors block Enter, and a mixed-case address whose EIP-55 checksum fails is
 * one (checksumming it would only bless the typo); an all-one-case address carries no checksum and is accepted.
 */
export function addressValidation(advice: AddressAdvice): vscode.InputBoxValidationMessage | undefined {
  switch (advice.kind) {
    case 'valid':
      return undefined;
    case 'invalid':
      return {
        message: advice.hint ? `${advice.message} ${advice.hint}` : advice.message,
        severity: vscode.InputBoxValidationSeverity.Error,
      };
    case 'noChecksum':
      return {
        message: vscode.l10n.t(
          'No checksum to check (all one case). It will be registered as {0}.',
          advice.checksummed,
        ),
        severity: vscode.InputBoxValidationSeverity.Info,
      };
    case 'checksumMismatch':
      return {
        message: vscode.l10n.t(
          'The EIP-55 checksum does not match: a character is probably mistyped. Correct it against where you copied the address from.',
        ),
        severity: vscode.InputBoxValidationSeverity.Error,
      };
  }
}

/**
 * Asks for an Ethereum contract address, checking it as it is typed (`0x` + 40 hex, EIP-55). A one-case address
 * is registered in its checksummed form; a mixed-case address whose checksum fails cannot be entered.
 */
export async function askContractAddress(options: { title?: string } = {}): Promise<string | undefined> {
  let value: string | undefined;
  // The check is keccak (@noble/hashes), loaded with the remote part of the API before the box opens.
  for (;;) {
    const input = await askText({
      title: options.title ?? vscode.l10n.t('Contract address'),
      prompt: vscode.l10n.t(
        'The address of the deployed contract this ABI describes (0x followed by 40 hex characters).',
      ),
      placeHolder: '0x…',
      ...(value !== undefined ? { value } : {}),
      validateInput: (text) =>
        text.trim() === '' ? undefined : addressValidation(adviseAddress(text, checkEthereumAddress)),
    });
    if (input === undefined) return undefined;
    const advice = adviseAddress(input, checkEthereumAddress);
    if (advice.kind === 'valid') return advice.address;
    if (advice.kind === 'noChecksum') return advice.checksummed;
    // Enter on an empty box, or a value VS Code let through: ask again with what was typed.
    value = input;
  }
}

/**
 * One interface picked from an organization's list, each shown by label, address and id; says so and picks none
 * when the list is empty.
 */
export async function pickSmartContractInterface(
  all: readonly SmartContractInterface[],
  title: string,
): Promise<SmartContractInterface | undefined> {
  if (all.length === 0) {
    void showInformation(vscode.l10n.t('This organization has no smart contract interfaces.'));
    return undefined;
  }
  const picked = await pickOne(
    all.map((sci) => ({
      label: sci.label,
      description: sci.smartContractAddress,
      detail: sci.smartContractInterfaceId,
      sci,
    })),
    { title },
  );
  return picked?.sci;
}
