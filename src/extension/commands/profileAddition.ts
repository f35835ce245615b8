/**
 * The dialog before a profile given by a command's arguments (another extension, a link) is added: nothing is
 * added without the user's word, and Enter does not add it.
 */
import * as vscode from 'vscode';
import { CancelledError, InvalidInputError } from '../../api';
import { normalizeBaseUrl, organizationIdProblem } from '../profiles/profileStore';
import { loadRemoteApi } from '../remoteApi';
import type { Services } from '../services';
import { shown } from '../ui/shownText';

/**
 * Asks before a profile given by a command's arguments is added and made active (a bad address or id is refused
 * first, without asking); cancels the command unless the user chooses Add Profile. Enter does not add it.
 */
export async function confirmAddition(
  services: Services,
  profile: { label: string; baseUrl: string; organizationId: string },
  privateKey: string | undefined,
): Promise<void> {
  const label = profile.label.trim();
  if (label === '') throw new InvalidInputError('profile', vscode.l10n.t('A profile needs a label.'));
  const baseUrl = normalizeBaseUrl(profile.baseUrl);
  const problem = organizationIdProblem(profile.organizationId);
  if (problem) throw new InvalidInputError('profile', problem);
  const organizationId = profile.organizationId.trim();
  if (privateKey !== undefined) (await loadRemoteApi()).parsePrivateKey(privateKey);
  const notNow = vscode.l10n.t('Do Not Add');
  const add = vscode.l10n.t('Add Profile');
  const choice = await services.modals.show({
    message: vscode.l10n.t('Add the profile "{0}" and switch to it?', shown(label)),
    detail:
      privateKey === undefined
        ? vscode.l10n.t(
            'A command asks to add it: organization {0} at {1}. Countersign signs your requests as the active profile.',
            organizationId,
            baseUrl,
          )
        : vscode.l10n.t(
            'A command asks to add it, with an API key it gives: organization {0} at {1}. Countersign signs your requests with that key once it is active.',
            organizationId,
            baseUrl,
          ),
    harmless: [notNow],
    actions: [add],
    irreversible: false,
  });
  if (choice !== add) throw new CancelledError();
}
