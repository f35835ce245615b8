/**
 * The review page's commands.
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
import { reviewActivity } from './reviewActivity';
import { simulate } from './simulateRequests';

export function reviewCommands(services: Services, views: Views, sandbox: LocalSandbox): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.reviewActivity,
      failure: () => vscode.l10n.t('Countersign: could not open the review page.'),
      args: reviewArguments,
      run: async (input) => reviewActivity(services, views, input),
    }),
    command({
      id: CommandIds.simulateTeammateRequest,
      failure: () => vscode.l10n.t("Countersign: could not simulate a teammate's request."),
      args: simulateArguments,
      fromViewTitle: true,
      run: async (input) => simulate(services, sandbox, input),
    }),
  ];
}
