/**
 * The commands of the views: refresh, load more, copy an activity's id or fingerprint, open it as JSON.
 * Each takes a tree node, an activity, or (for the copies) the text itself as its first argument.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity } from '../../api';
import { CommandIds } from '../commandIds';
import type { CommandDescriptor } from './commandDescriptor';
import { activityJsonUri } from '../output/jsonDocumentProvider';
import type { Services } from '../services';
import { activityOf } from '../views/treeNodes';
import type { Views } from '../views/views';

function requireActivity(arg: unknown, action: string): Activity {
  const activity = activityOf(arg);
  if (!activity) {
    throw new InvalidInputError(
      'activity',
      vscode.l10n.t('{0} needs an activity: run it from an item of the Activities view.', action),
    );
  }
  return activity;
}

async function copy(text: string, what: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(vscode.l10n.t('$(copy) Copied the {0}', what), 3000);
}

export function viewCommands(services: Services, views: Views): CommandDescriptor[] {
  return [
    {
      id: CommandIds.refreshActivities,
      action: 'refresh the activities',
      accepts: [],
      run: () => views.activities.refresh(),
    },
    {
      id: CommandIds.refreshOrganization,
      action: 'refresh the organization',
      accepts: [],
      run: () => views.organization.refresh(),
    },
    {
      id: CommandIds.loadMoreActivities,
      action: 'load more activities',
      accepts: [],
      run: () => views.activities.loadMore(),
    },
    {
      id: CommandIds.revealActivity,
      action: 'show the activity',
      accepts: ['activity', 'id'],
      run: async (arg: unknown) => {
        const id = typeof arg === 'string' ? arg : activityOf(arg)?.id;
        await views.activities.reveal(id);
        return id;
      },
    },
    {
      id: CommandIds.copyActivityId,
      action: 'copy the activity ID',
      accepts: ['activity', 'id'],
      run: async (arg: unknown) => {
        const id = typeof arg === 'string' ? arg : requireActivity(arg, vscode.l10n.t('Copy Activity ID')).id;
        await copy(id, vscode.l10n.t('activity ID'));
        return id;
      },
    },
    {
      id: CommandIds.copyFingerprint,
      action: 'copy the fingerprint',
      accepts: ['activity'],
      run: async (arg: unknown) => {
        const activity = requireActivity(arg, vscode.l10n.t('Copy Fingerprint'));
        if (activity.fingerprint === '') {
          throw new InvalidInputError(
            'activity',
            vscode.l10n.t('The service gave no fingerprint for activity {0}.', activity.id),
          );
        }
        await copy(activity.fingerprint, vscode.l10n.t('fingerprint'));
        return activity.fingerprint;
      },
    },
    {
      id: CommandIds.openActivityJson,
      action: 'open the activity as JSON',
      accepts: ['activity'],
      run: async (arg: unknown) => {
        const activity = requireActivity(arg, vscode.l10n.t('Open Activity as JSON'));
        let document = await vscode.workspace.openTextDocument(activityJsonUri(activity));
        if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
        await vscode.window.showTextDocument(document, { preview: true });
        services.log.debug('Opened activity as JSON', { activityId: activity.id });
        return document.uri;
      },
    },
    { id: CommandIds.showLog, action: 'show the log', accepts: [], run: () => services.log.show() },
  ];
}
