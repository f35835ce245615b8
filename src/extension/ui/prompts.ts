/**
 * The prompts the operation commands share. Each returns undefined when the user dismisses it (Escape), so a
 * command can end quietly; none of them ever shows or receives a secret.
 */
import * as vscode from 'vscode';
import { adviseAddress, type AddressAdvice } from '../commands/operationInputs';

/** An input box that keeps focus when the user looks elsewhere (to copy an id from another window). */
export async function askText(options: vscode.InputBoxOptions): Promise<string | undefined> {
  return vscode.window.showInputBox({ ignoreFocusOut: true, ...options });
}

/**
 * A modal warning with one action button; VS Code adds Cancel. True only when the user chose the action.
 * The detail says exactly what will be signed.
 */
export async function confirmModal(message: string, detail: string, action: string): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, action);
  return choice === action;
}

export async function pickOne<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: vscode.QuickPickOptions,
): Promise<T | undefined> {
  return vscode.window.showQuickPick(items, {
    ignoreFocusOut: true,
    matchOnDescription: true,
    matchOnDetail: true,
    ...options,
    canPickMany: false,
  });
}

export async function pickMany<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: vscode.QuickPickOptions,
): Promise<T[] | undefined> {
  return vscode.window.showQuickPick(items, {
    ignoreFocusOut: true,
    matchOnDescription: true,
    matchOnDetail: true,
    ...options,
    canPickMany: true,
  });
}

/** The live check of the address box: errors block Enter; a missing or failed checksum only informs. */
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
          'The EIP-55 checksum does not match: a character may be mistyped. Press Enter to choose what to do.',
        ),
        severity: vscode.InputBoxValidationSeverity.Warning,
      };
  }
}

/**
 * Asks for an Ethereum contract address, checking it as it is typed (`0x` + 40 hex, EIP-55). A one-case address
 * is registered in its checksummed form; a failed checksum offers the checksummed form or another try.
 */
export async function askContractAddress(initial?: string): Promise<string | undefined> {
  let value = initial;
  for (;;) {
    const input = await askText({
      title: vscode.l10n.t('Contract address'),
      prompt: vscode.l10n.t(
        'The address of the deployed contract this ABI describes (0x followed by 40 hex characters).',
      ),
      placeHolder: '0x…',
      ...(value !== undefined ? { value } : {}),
      validateInput: (text) => (text.trim() === '' ? undefined : addressValidation(adviseAddress(text))),
    });
    if (input === undefined) return undefined;
    const advice = adviseAddress(input);
    switch (advice.kind) {
      case 'valid':
        return advice.address;
      case 'noChecksum':
        return advice.checksummed;
      case 'invalid':
        value = input;
        continue;
      case 'checksumMismatch': {
        const use = vscode.l10n.t('Use {0}', advice.checksummed);
        const edit = vscode.l10n.t('Edit the Address');
        const choice = await vscode.window.showWarningMessage(
          vscode.l10n.t('The address fails its EIP-55 checksum.'),
          {
            modal: true,
            detail: vscode.l10n.t(
              'You typed {0}. Its checksummed form is {1}. A failed checksum usually means a mistyped character: check the address before you use it.',
              advice.address,
              advice.checksummed,
            ),
          },
          use,
          edit,
        );
        if (choice === use) return advice.checksummed;
        if (choice !== edit) return undefined;
        value = input;
        continue;
      }
    }
  }
}
