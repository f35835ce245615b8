/**
 * What to do about an error, for a command's message and a view's error row alike: the hint to show, and a command
 * that fixes the cause when there is one. (The client's own hints, keyed by the service's error codes, are in
 * src/api/errorHints.ts; this adds what only the extension knows: the profile's address, our settings, the sandbox.)
 */
import * as vscode from 'vscode';
import { CountersignError, ResponseShapeError, ServiceError, TransportError } from '../../api';
import { CommandIds } from '../commandIds';
import type { Services } from '../services';

/** A command that fixes what an error is about, offered as a button or a row. */
export interface Recovery {
  readonly command: string;
  readonly title: string;
  readonly arguments?: readonly unknown[];
}

/**
 * A state that no Retry changes, said calmly (not as a red error) with the one command that changes it: the local
 * sandbox stopped, or the profile's organization deleted.
 */
export interface CalmState {
  readonly label: string;
  readonly tooltip: string;
  readonly iconId: string;
  readonly action: Recovery;
}

export function calmStateFor(services: Services, error: unknown): CalmState | undefined {
  if (sandboxIsDown(services, error)) {
    return {
      label: vscode.l10n.t('The local sandbox is stopped'),
      tooltip: vscode.l10n.t('The local sandbox is not running. Run "Countersign: Start Local Sandbox".'),
      iconId: 'debug-stop',
      action: { command: CommandIds.startLocalSandbox, title: vscode.l10n.t('Start Local Sandbox') },
    };
  }
  const profile = services.profiles.active();
  if (profile && error instanceof ServiceError && error.turnkeyErrorCode === 'ORGANIZATION_NOT_FOUND') {
    return {
      label: vscode.l10n.t('This organization no longer exists'),
      tooltip: vscode.l10n.t(
        'The service has no organization {0}: it was deleted, or the profile "{1}" names another one. Remove the profile, or edit its organization ID.',
        profile.organizationId,
        profile.label,
      ),
      iconId: 'circle-slash',
      action: { command: CommandIds.removeProfile, title: vscode.l10n.t('Remove Profile'), arguments: [profile.id] },
    };
  }
  return undefined;
}

export interface Advice {
  readonly hint?: string;
  readonly recovery?: Recovery;
}

export function adviceFor(services: Services, error: unknown): Advice {
  const hint = hintOf(services, error);
  const recovery = recoveryOf(services, error);
  return { ...(hint !== undefined ? { hint } : {}), ...(recovery ? { recovery } : {}) };
}

/**
 * What to do about an error. The client cannot name the profile's address or our settings, so for a service
 * that cannot be reached, is too slow or answers in a shape we do not know, the extension says which address
 * it tried and which setting to raise. The views' error nodes show the same hint.
 */
function hintOf(services: Services, error: unknown): string | undefined {
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
function recoveryOf(services: Services, error: unknown): Recovery | undefined {
  if (!sandboxIsDown(services, error)) return undefined;
  return { command: CommandIds.startLocalSandbox, title: vscode.l10n.t('Start Local Sandbox') };
}
