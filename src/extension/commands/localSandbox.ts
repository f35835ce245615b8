/**
 * Start and stop the local sandbox. Starting makes the "Local sandbox" profile active; its result is
 * `{ baseUrl, profileId }` for tests.
 */
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import type { Services } from '../services';
import type { HandlerMap } from './registerCommands';

export function localSandboxHandlers(services: Services, sandbox: LocalSandbox): HandlerMap {
  return {
    [CommandIds.startLocalSandbox]: async () => {
      const { sandbox: running, profile } = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local sandbox…') },
        () => sandbox.start(),
      );
      void vscode.window.showInformationMessage(
        vscode.l10n.t('The local sandbox runs at {0}. The profile "{1}" is active.', running.baseUrl, profile.label),
      );
      services.fireChange('profile');
      return { baseUrl: running.baseUrl, profileId: profile.id };
    },
    [CommandIds.stopLocalSandbox]: async () => {
      const stopped = await sandbox.stop();
      if (stopped) void vscode.window.showInformationMessage(vscode.l10n.t('The local sandbox is stopped. Its data is kept for the next start.'));
      return stopped;
    },
  };
}
