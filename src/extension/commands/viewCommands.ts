/**
 * The commands of the views: refresh, load more (activities, a wallet's accounts), copy an activity's id or fingerprint, open it or a policy as JSON.
 * Each takes a tree node or an activity, and those of an activity's id also the id itself.
 */
import * as vscode from 'vscode';
import { InvalidInputError } from '../../api';
import { CommandIds } from '../commandIds';
import * as z from 'zod';
import { activity, idText, noArguments, nothing, policyArgument } from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';
import { activityJsonUri, policyJsonUri } from '../output/jsonDocumentProvider';
import type { Services } from '../services';
import type { Views } from '../views/views';

/** An activity's row or record, or its id as text. */
const activityOrId = z.union([
  z.tuple([activity]).transform(([given]) => given.id),
  z.tuple([idText]).transform(([id]) => id),
]);
const activityOnly = z.tuple([activity]).transform(([given]) => given);

async function copy(text: string, copied: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(copied, 3000);
}

/** Throws when the active organization has no such policy, read anew once before saying so. */
async function requirePolicy(services: Services, policyId: string): Promise<void> {
  const store = await services.store();
  const has = async () => (await store.governance())?.policies.some((policy) => policy.policyId === policyId);
  if (await has()) return;
  store.markStale('organization', { quietly: true });
  if (await has()) return;
  throw new InvalidInputError(
    'policy',
    vscode.l10n.t('The organization has no policy {0}: it may have been deleted.', policyId),
    vscode.l10n.t('Refresh the Organization view to see its policies.'),
  );
}

export function viewCommands(services: Services, views: Views): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.refreshActivities,
      failure: () => vscode.l10n.t('Countersign: could not refresh the activities.'),
      args: nothing(),
      fromViewTitle: true,
      run: () => views.activities.refresh(),
    }),
    command({
      id: CommandIds.refreshOrganization,
      failure: () => vscode.l10n.t('Countersign: could not refresh the organization.'),
      args: nothing(),
      fromViewTitle: true,
      run: () => views.organization.refresh(),
    }),
    command({
      id: CommandIds.loadMoreActivities,
      failure: () => vscode.l10n.t('Countersign: could not load more activities.'),
      args: nothing(),
      run: () => views.activities.loadMore(),
    }),
    command({
      id: CommandIds.showMoreWalletAccounts,
      failure: () => vscode.l10n.t('Countersign: could not show more wallet accounts.'),
      // The id of the wallet's row, as its "Show N more…" row passes it.
      args: z.tuple([idText]).transform(([id]) => id),
      run: (walletRowId) => views.organization.showMoreAccounts(walletRowId),
    }),
    command({
      id: CommandIds.revealActivity,
      failure: () => vscode.l10n.t('Countersign: could not show the activity.'),
      args: z.union([noArguments.transform(() => undefined), activityOrId]),
      run: async (id) => {
        await views.activities.reveal(id);
        return id;
      },
    }),
    command({
      id: CommandIds.copyActivityId,
      failure: () => vscode.l10n.t('Countersign: could not copy the activity ID.'),
      args: activityOrId,
      run: async (id) => {
        await copy(id, vscode.l10n.t('$(copy) Copied the activity ID'));
        return id;
      },
    }),
    command({
      id: CommandIds.copyFingerprint,
      failure: () => vscode.l10n.t('Countersign: could not copy the fingerprint.'),
      args: activityOnly,
      run: async (given) => {
        if (given.fingerprint === '') {
          throw new InvalidInputError(
            'activity',
            vscode.l10n.t('The service gave no fingerprint for activity {0}.', given.id),
          );
        }
        await copy(given.fingerprint, vscode.l10n.t('$(copy) Copied the fingerprint'));
        return given.fingerprint;
      },
    }),
    command({
      id: CommandIds.openActivityJson,
      failure: () => vscode.l10n.t('Countersign: could not open the activity as JSON.'),
      args: activityOnly,
      run: async (given) => {
        let document = await vscode.workspace.openTextDocument(activityJsonUri(given));
        if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
        await vscode.window.showTextDocument(document, { preview: true });
        services.log.debug('Opened activity as JSON', { activityId: given.id });
        return document.uri;
      },
    }),
    command({
      id: CommandIds.openPolicyAsJson,
      failure: () => vscode.l10n.t('Countersign: could not open the policy as JSON.'),
      args: policyArgument,
      run: async (given) => {
        const session = await services.requireSession();
        const organizationId = given.organizationId ?? session.profile.organizationId;
        // A policy of the active organization that is gone is said so here, before an editor opens on nothing.
        if (organizationId === session.profile.organizationId) await requirePolicy(services, given.policyId);
        let document = await vscode.workspace.openTextDocument(policyJsonUri(organizationId, given.policyId));
        if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
        await vscode.window.showTextDocument(document, { preview: true });
        services.log.debug('Opened policy as JSON', { policyId: given.policyId });
        return document.uri;
      },
    }),
    command({
      id: CommandIds.showLog,
      failure: () => vscode.l10n.t('Countersign: could not show the log.'),
      args: nothing(),
      fromViewTitle: true,
      run: () => services.log.show(),
    }),
  ];
}
