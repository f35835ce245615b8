/**
 * The one error wrapper every command runs in. Cancellation is silent. A Countersign error shows one sentence,
 * its hint and "Show Log" (plus the error's own action, an ActionableError, where there is one); anything else shows
 * the command's own failure sentence ("Countersign: could not approve the activity."), whole and localized. Details
 * and stacks go only to the log, and every text passes through the redactor first. The handler's result is
 * returned, so that tests can run commands and look at what they made; errors are shown, not thrown.
 */
import * as vscode from 'vscode';
import { CancelledError, CountersignError } from '../../api';
import type { Services } from '../services';
import { adviceFor } from './advice';
import { ActionableError } from './errorAction';
import { showErrorNotification } from './notifications';
import { notificationText } from './shownText';

function isCancellation(error: unknown): boolean {
  return (
    error instanceof CancelledError ||
    error instanceof vscode.CancellationError ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

/** Ends the error's sentence (some end in a status code or a quote), so that the hint reads as the next one. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** What a command is, for its error path: its id (in the log) and its failure sentence (shown). */
export interface CommandWords {
  readonly id: string;
  readonly failure: () => string;
}

export function errorMessage(services: Services, error: unknown, words: CommandWords): string {
  if (error instanceof CountersignError) {
    const { hint } = adviceFor(services, error);
    const text =
      hint && !error.message.includes(hint) ? `${asSentence(error.message)} ${hint}` : asSentence(error.message);
    return services.redact(text);
  }
  return words.failure();
}

export async function showError(services: Services, error: unknown, words: CommandWords): Promise<void> {
  // The log opens with the sentence the user read, whatever the error has to say after it. An input refused
  // (a second vote, a passkey page that cannot be on localhost) is the user's to put right: a warning, not an error.
  const mistake = error instanceof CountersignError && error.code === 'INVALID_INPUT';
  services.log.failure(words.failure(), error, mistake ? 'warn' : 'error');
  const showLog = vscode.l10n.t('Show Log');
  const buttons = [showLog];
  if (error instanceof ActionableError) buttons.unshift(error.action.title);
  const choice = await showErrorNotification(errorMessage(services, error, words), ...buttons);
  if (choice === showLog) services.log.show();
  else if (error instanceof ActionableError && choice === error.action.title)
    await vscode.commands.executeCommand(error.action.command, ...error.action.args);
}

export async function runCommand<T>(
  services: Services,
  words: CommandWords,
  handler: () => T | Promise<T>,
  onFailure?: (error: unknown, message: string) => void,
): Promise<T | undefined> {
  try {
    return await handler();
  } catch (error) {
    if (isCancellation(error)) {
      services.log.debug(`Cancelled: ${words.id}`);
      return undefined;
    }
    // The message as shown: tests read what the user read.
    onFailure?.(error, notificationText(errorMessage(services, error, words)));
    // Not awaited: the command is over once the message is up; the buttons act when the user clicks.
    void showError(services, error, words);
    return undefined;
  }
}
