/**
 * Adding a profile: the boxes that ask for what a caller did not give (filled with a suggestion when there is one),
 * and the dialog before a profile given by a command's arguments (another extension, a link) is added: nothing is
 * added without the user's word, and Enter does not add it.
 */
import * as vscode from 'vscode';
import { CancelledError, InvalidInputError } from '../../api';
import { CommandIds } from '../commandIds';
import { DEFAULT_BASE_URL, normalizeBaseUrl, organizationIdProblem, type Profile } from '../profiles/profileStore';
import { parsePrivateKey } from '../../api/remote';
import type { Services } from '../services';
import { errorText } from '../../api/core';
import { showInformation } from '../ui/notifications';
import { shown } from '../ui/shownText';

/** What the profile commands read from their call. A field absent from the call is absent here too. */
export interface ProfileInput {
  readonly profileId?: string | undefined;
  readonly label?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly organizationId?: string | undefined;
  readonly apiKeyId?: string | undefined;
  readonly privateKey?: string | undefined;
}

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
  if (privateKey !== undefined) parsePrivateKey(privateKey);
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

export async function ask(options: vscode.InputBoxOptions): Promise<string> {
  const value = await vscode.window.showInputBox({ ignoreFocusOut: true, ...options });
  if (value === undefined) throw new CancelledError();
  return value.trim();
}

/** The machine-scoped `countersign.defaultBaseUrl` setting: a workspace cannot change it. */
function defaultBaseUrl(): string {
  return vscode.workspace.getConfiguration('countersign').get<string>('defaultBaseUrl') || DEFAULT_BASE_URL;
}

export function baseUrlProblem(value: string): string | undefined {
  try {
    normalizeBaseUrl(value);
    return undefined;
  } catch (error) {
    return errorText(error);
  }
}

/**
 * What a profile could be, shown in the boxes for the user to keep or change (a sub-organization's id and name, its
 * parent's address): each is still asked, so that nothing is added that the user did not see.
 */
export interface ProfileSuggestion {
  readonly label: string;
  readonly baseUrl: string;
  readonly organizationId: string;
}

/**
 * Add Profile: asks for what `given` does not hold (each box filled with `suggested`, when there is one), asks
 * before adding a profile given whole by a caller, adds it and makes it active, then stores the key given, or
 * offers to import or generate one.
 */
export async function addProfile(
  services: Services,
  given: ProfileInput | undefined,
  suggested?: ProfileSuggestion,
): Promise<Profile> {
  const input = given ?? {};
  const label =
    input.label ??
    (await ask({
      title: vscode.l10n.t('Add Profile (1/4)'),
      prompt: vscode.l10n.t('A name for this profile'),
      placeHolder: 'Production',
      ...(suggested ? { value: suggested.label } : {}),
      validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter a label.')),
    }));
  const baseUrl =
    input.baseUrl ??
    (await ask({
      title: vscode.l10n.t('Add Profile (2/4)'),
      prompt: vscode.l10n.t('API base URL'),
      value: suggested?.baseUrl ?? defaultBaseUrl(),
      validateInput: baseUrlProblem,
    }));
  const organizationId =
    input.organizationId ??
    (await ask({
      title: vscode.l10n.t('Add Profile (3/4)'),
      prompt: vscode.l10n.t('Organization ID'),
      ...(suggested ? { value: suggested.organizationId } : {}),
      validateInput: organizationIdProblem,
    }));
  const apiKeyId =
    'apiKeyId' in input
      ? input.apiKeyId
      : await ask({
          title: vscode.l10n.t('Add Profile (4/4)'),
          prompt: vscode.l10n.t('API key ID (optional: used by Check Profile and Get API Key)'),
        });
  // Asked for by another extension or a link, with everything given: the user says yes first, as the new profile
  // becomes the one every request is signed as.
  if (given !== undefined) await confirmAddition(services, { label, baseUrl, organizationId }, input.privateKey);
  const profile = await services.profiles.add({ label, baseUrl, organizationId, ...(apiKeyId ? { apiKeyId } : {}) });
  services.log.info('Profile added', { profileId: profile.id, organizationId: profile.organizationId });
  const privateKey = input.privateKey;
  if (privateKey !== undefined) {
    await services.keys.store(profile.id, privateKey);
    return profile;
  }
  if (given === undefined) {
    const importKey = vscode.l10n.t('Import API Key');
    const generateKey = vscode.l10n.t('Generate API Key');
    void showInformation(
      vscode.l10n.t('Profile "{0}" added. It needs an API key to sign requests.', profile.label),
      importKey,
      generateKey,
    ).then((choice) => {
      if (choice === importKey) void vscode.commands.executeCommand(CommandIds.importApiKey, { profileId: profile.id });
      if (choice === generateKey)
        void vscode.commands.executeCommand(CommandIds.generateApiKey, { profileId: profile.id });
    });
  }
  return profile;
}
