/**
 * The one error wrapper every command runs in. Cancellation is silent. A Countersign error shows one sentence,
 * its hint and "Show Log" (plus a fix where there is one); anything else shows "Countersign: could not <action>."
 * Details and stacks go only to the log, and every text passes through the redactor first. The handler's
 * result is returned, so that tests can run commands and look at what they made; errors are shown, not thrown.
 */
import * as vscode from 'vscode';
import { CancelledError, CountersignError, ResponseShapeError, TransportError } from '../../api';
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import { ActionableError } from './errorAction';

/** A button offered next to an error of a given code, and the command it runs. */
const FIXES: Readonly<Record<string, { readonly title: () => string; readonly command: string }>> = {
  SECRET_STORAGE: { title: () => vscode.l10n.t('Show Log'), command: CommandIds.showLog },
};

function isCancellation(error: unknown): boolean {
  return (
    error instanceof CancelledError ||
    error instanceof vscode.CancellationError ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

/**
 * What to do about an error. The client cannot name the profile's address or our settings, so for a service
 * that cannot be reached, is too slow or answers in a shape we do not know, the extension says which address
 * it tried and which setting to raise. The views' error nodes show the same hint.
 */
export function hintFor(services: Services, error: unknown): string | undefined {
  if (!(error instanceof CountersignError)) return undefined;
  const baseUrl = services.profiles.active()?.baseUrl;
  if (error instanceof TransportError && baseUrl !== undefined) {
    if (error.kind === 'timeout') {
      return vscode.l10n.t(
        'Check that the service at {0} is up, or raise the setting "countersign.requestTimeoutSeconds" (now {1} s) if it is only slow.',
        baseUrl,
        Math.round(services.settings().requestTimeoutMs / 1000),
      );
    }
    if (sandboxIsDown(services, error)) {
      return vscode.l10n.t('The local sandbox is not running. Run "Countersign: Start Local Sandbox".');
    }
    if (error.kind === 'connection') {
      return vscode.l10n.t("Check the profile's base URL ({0}) and your network connection.", baseUrl);
    }
  }
  if (error instanceof ResponseShapeError && baseUrl !== undefined) {
    return vscode.l10n.t(
      "Check that {0} is the base URL of the service's API (not a web page or a proxy's); if it is, the service has changed its API and Countersign needs an update.",
      baseUrl,
    );
  }
  return error.hint;
}

/** A Local sandbox profile whose sandbox does not answer: stopped in this window, or its window gone. */
function sandboxIsDown(services: Services, error: unknown): boolean {
  return (
    error instanceof TransportError && error.kind === 'connection' && services.profiles.active()?.localSandbox === true
  );
}

/** A command that fixes what the error is about, for the views' error nodes: Start Local Sandbox when it is down. */
export function recoveryFor(services: Services, error: unknown): { command: string; title: string } | undefined {
  if (!sandboxIsDown(services, error)) return undefined;
  return { command: CommandIds.startLocalSandbox, title: vscode.l10n.t('Start Local Sandbox') };
}

/** Ends the error's sentence (some end in a status code or a quote), so that the hint reads as the next one. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export function errorMessage(services: Services, error: unknown, action: string): string {
  if (error instanceof CountersignError) {
    const hint = hintFor(services, error);
    const text =
      hint && !error.message.includes(hint) ? `${asSentence(error.message)} ${hint}` : asSentence(error.message);
    return services.redact(text);
  }
  return vscode.l10n.t('Countersign: could not {0}.', action);
}

export async function showError(services: Services, error: unknown, action: string): Promise<void> {
  services.log.failure(`Could not ${action}`, error);
  const showLog = vscode.l10n.t('Show Log');
  const fix = error instanceof CountersignError ? FIXES[error.code] : undefined;
  const buttons = fix && fix.command !== CommandIds.showLog ? [fix.title(), showLog] : [showLog];
  if (error instanceof ActionableError) buttons.unshift(error.action.title);
  const choice = await vscode.window.showErrorMessage(errorMessage(services, error, action), ...buttons);
  if (choice === showLog) services.log.show();
  else if (error instanceof ActionableError && choice === error.action.title)
    await vscode.commands.executeCommand(error.action.command, ...error.action.args);
  else if (fix && choice === fix.title()) await vscode.commands.executeCommand(fix.command);
}

export async function runCommand<T>(
  services: Services,
  action: string,
  handler: () => T | Promise<T>,
  onFailure?: (error: unknown, message: string) => void,
): Promise<T | undefined> {
  try {
    return await handler();
  } catch (error) {
    if (isCancellation(error)) {
      services.log.debug(`Cancelled: ${action}`);
      return undefined;
    }
    onFailure?.(error, errorMessage(services, error, action));
    // Not awaited: the command is over once the message is up; the buttons act when the user clicks.
    void showError(services, error, action);
    return undefined;
  }
}
