/**
 * Start and stop the local sandbox. Starting makes the "Local sandbox" profile active; its result is
 * `{ baseUrl, profileId, shared }` for tests.
 */
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import type { Services } from '../services';
import { nothing } from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';
import { showInformation } from '../ui/notifications';
import { sandboxOrganizationLines } from '../wording/sandboxWords';

export function localSandboxCommands(services: Services, sandbox: LocalSandbox): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.startLocalSandbox,
      failure: () => vscode.l10n.t('Countersign: could not start the local sandbox.'),
      args: nothing(),
      fromViewTitle: true,
      run: () => startLocalSandbox(services, sandbox),
    }),
    command({
      id: CommandIds.stopLocalSandbox,
      failure: () => vscode.l10n.t('Countersign: could not stop the local sandbox.'),
      args: nothing(),
      fromViewTitle: true,
      run: () => stopLocalSandbox(sandbox),
    }),
  ];
}

async function startLocalSandbox(services: Services, sandbox: LocalSandbox) {
  const started = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local sandbox…') },
    () => sandbox.start(),
  );
  // Each organization in a line of its own, so that Treasury is found as easily as Demo.
  const organizations = sandboxOrganizationLines().join(' ');
  void showInformation(
    `${
      started.shared
        ? vscode.l10n.t(
            'The local sandbox of another VS Code window runs at {0}; this window uses it. The profile "{1}" is active.',
            started.baseUrl,
            started.profile.label,
          )
        : vscode.l10n.t(
            'The local sandbox runs at {0}. The profile "{1}" is active.',
            started.baseUrl,
            started.profile.label,
          )
    } ${organizations}`,
  );
  (await services.store()).reset();
  return { baseUrl: started.baseUrl, profileId: started.profile.id, shared: started.shared };
}

async function stopLocalSandbox(sandbox: LocalSandbox): Promise<boolean> {
  const outcome = await sandbox.stop();
  if (outcome.kind === 'stopped')
    void showInformation(vscode.l10n.t('The local sandbox is stopped. Its data is kept for the next start.'));
  if (outcome.kind === 'shared') {
    const { credentials, ownerPid } = outcome.shared;
    void showInformation(
      vscode.l10n.t(
        'The local sandbox at {0} belongs to another VS Code window (PID {1}): it stops when that window stops it or closes. This window no longer uses it.',
        credentials.baseUrl,
        ownerPid,
      ),
    );
  }
  return outcome.kind === 'stopped';
}
