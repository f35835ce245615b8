/**
 * The review page's commands; their handlers load with import() on first use, so activation stays small.
 *   countersign.reviewActivity: see reviewActivity.ts
 *   countersign.simulateTeammateRequest: see simulateRequests.ts
 */
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import type { Services } from '../services';
import type { Views } from '../views/views';
import { command, type CommandDescriptor } from './commandDescriptor';
import { reviewArguments, simulateArguments } from './reviewOptions';

export function reviewCommands(services: Services, views: Views, sandbox: LocalSandbox): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.reviewActivity,
      failure: () => vscode.l10n.t('Countersign: could not open the review page.'),
      args: reviewArguments,
      run: async (input) => (await import('./reviewActivity.js')).reviewActivity(services, views, input),
    }),
    command({
      id: CommandIds.simulateTeammateRequest,
      failure: () => vscode.l10n.t("Countersign: could not simulate a teammate's request."),
      args: simulateArguments,
      fromViewTitle: true,
      run: async (input) => (await import('./simulateRequests.js')).simulate(services, sandbox, input),
    }),
  ];
}
