/**
 * The command registry: the only caller of `registerCommand`. Activation registers every id of commandIds.ts with
 * a handler that opens the client's door (clientDoor.ts) on its first run, behind which are the commands
 * (commandTable.ts), so that the families' handlers, prompts and dialogs cost nothing until a command runs.
 */
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import { LoadOnce } from '../loadOnce';
import { openClient } from '../clientDoor';
import type { Services } from '../services';
import type { Views } from '../views/views';
import type { CommandFailure, CommandRunner } from './commandDescriptor';

export type { CommandFailure } from './commandDescriptor';

export function registerCommands(
  services: Services,
  views: Views,
  localSandbox: LocalSandbox,
): vscode.Event<CommandFailure> {
  const failures = new vscode.EventEmitter<CommandFailure>();
  services.context.subscriptions.push(failures);
  // A failed load is tried again on the next run; the host shows the error of this one.
  const runner = new LoadOnce<CommandRunner>(() =>
    openClient().then(({ commandRunner }) =>
      commandRunner(services, views, localSandbox, (failure) => failures.fire(failure)),
    ),
  );
  for (const id of Object.values(CommandIds)) {
    services.context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...given: unknown[]) => (await runner.get())(id, given)),
    );
  }
  // The keybindings' context follows the Activities view's selected row; that code is behind the client's door.
  const firstSelection = views.activities.treeView.onDidChangeSelection(() => {
    firstSelection.dispose();
    void openClient().then(({ trackActivitySelection }) => trackActivitySelection(services, views));
  });
  services.context.subscriptions.push(firstSelection);
  return failures.event;
}
