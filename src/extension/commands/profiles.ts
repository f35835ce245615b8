/**
 * Profiles: add, switch, edit, remove, check. Every input may be given as an argument (profileArguments):
 *   addProfile({ label, baseUrl?, organizationId, apiKeyId?, privateKey? })   → Profile
 *   switchProfile(profileId | Profile)                                         → Profile
 *   editProfile({ profileId?, label?, baseUrl?, organizationId?, apiKeyId? })   → Profile
 *   removeProfile(profileId | Profile), after its dialog                       → removed profile id
 *   checkProfile(profileId?)                                                   → ProfileCheck
 */
import * as vscode from 'vscode';
import { CancelledError, InvalidInputError, type ApiKey, type Whoami } from '../../api';
import { CommandIds } from '../commandIds';
import { organizationIdProblem } from '../profiles/profileStore';
import type { Profile } from '../profiles/profileStore';
import { derivePublicKey } from '../../api/remote';
import type { Services } from '../services';
import { withProgress } from '../ui/progress';
import { addProfile, ask, baseUrlProblem, type ProfileInput } from './profileAddition';
import { subOrganizationProfileCommands } from './subOrganizationProfile';
import { confirmIrreversible, pickOne, pickOneAt } from '../ui/prompts';
import { profilePickWords } from '../wording/sandboxWords';
import { shown } from '../ui/shownText';
import * as z from 'zod';
import { idText, noArguments, optionalText, options, type ArgumentsSchema } from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';
import { showInformation } from '../ui/notifications';

export interface ProfileCheck {
  readonly profile: Profile;
  readonly whoami: Whoami;
  readonly apiKey: ApiKey | undefined;
  /** true when the key registered for apiKeyId is the one in the key vault. */
  readonly keyMatches: boolean | undefined;
}

/** The named arguments; a Profile itself reads as them (its `id` names it). */
const profileOptions = options({
  profileId: optionalText,
  id: optionalText,
  label: optionalText,
  baseUrl: optionalText,
  organizationId: optionalText,
  apiKeyId: optionalText,
  privateKey: optionalText,
}).transform(({ id, ...fields }): ProfileInput => {
  const profileId = fields.profileId ?? id;
  return profileId === undefined ? fields : { ...fields, profileId };
});

/** Nothing (the command asks), a profile's id, or the named arguments. */
export const profileArguments: ArgumentsSchema<ProfileInput> = z.union([
  noArguments.transform((): ProfileInput => ({})),
  z.tuple([idText]).transform(([profileId]): ProfileInput => ({ profileId })),
  z.tuple([profileOptions]).transform(([given]) => given),
]);

/** Add Profile takes only the named arguments (the new profile has no id yet). */
const addProfileArguments: ArgumentsSchema<ProfileInput | undefined> = z.union([
  noArguments.transform(() => undefined),
  z.tuple([profileOptions]).transform(([given]) => given),
]);

/** The profile of this id, or a pick among all. */
export async function pickProfile(services: Services, id: string | undefined, placeHolder: string): Promise<Profile> {
  if (id !== undefined) {
    const profile = services.profiles.get(id);
    if (!profile) throw new InvalidInputError('profile', vscode.l10n.t('There is no profile with ID {0}.', id));
    return profile;
  }
  const profiles = services.profiles.list();
  if (profiles.length === 0) {
    throw new InvalidInputError(
      'profile',
      vscode.l10n.t('There is no Countersign profile yet.'),
      vscode.l10n.t('Run "Countersign: Add Profile" first.'),
    );
  }
  const active = services.profiles.active();
  const picked = await pickOne(
    profiles.map((profile) => ({
      ...profilePickWords(profile),
      ...(profile.id === active?.id ? { iconPath: new vscode.ThemeIcon('check') } : {}),
      profile,
    })),
    { placeHolder, matchOnDescription: false, matchOnDetail: false },
  );
  if (!picked) throw new CancelledError();
  return picked.profile;
}

/**
 * Switch Profile's pick (the status bar item runs it): the cursor starts on the active profile, so Enter or Escape
 * keeps it, and "Add Profile…" ends the list. A profile added from here becomes the active one.
 */
async function pickProfileToSwitch(services: Services): Promise<Profile> {
  const profiles = services.profiles.list();
  const active = services.profiles.active();
  type Item = vscode.QuickPickItem & { readonly profile?: Profile };
  const items: Item[] = profiles.map((profile) => ({
    ...profilePickWords(profile),
    ...(profile.id === active?.id ? { iconPath: new vscode.ThemeIcon('check') } : {}),
    profile,
  }));
  const add: Item = { label: vscode.l10n.t('Add Profile…'), iconPath: new vscode.ThemeIcon('add') };
  if (items.length > 0) items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push(add);
  const picked = await pickOneAt(
    items,
    items.find((item) => item.profile !== undefined && item.profile.id === active?.id),
    { placeHolder: vscode.l10n.t('Switch to profile') },
  );
  if (!picked) throw new CancelledError();
  if (picked.profile) return picked.profile;
  return addProfile(services, undefined);
}

async function editProfile(services: Services, input: ProfileInput): Promise<Profile> {
  const profile = await pickProfile(
    services,
    input.profileId ?? services.profiles.active()?.id,
    vscode.l10n.t('Profile to edit'),
  );
  const given = ['label', 'baseUrl', 'organizationId', 'apiKeyId'].filter((key) => key in input);
  if (given.length > 0) {
    return services.profiles.update(profile.id, {
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.baseUrl !== undefined ? { baseUrl: input.baseUrl } : {}),
      ...(input.organizationId !== undefined ? { organizationId: input.organizationId } : {}),
      ...('apiKeyId' in input ? { apiKeyId: input.apiKeyId } : {}),
    });
  }
  const fields = [
    {
      label: vscode.l10n.t('Label'),
      detail: profile.label,
      key: 'label' as const,
      validate: (v: string) => (v.trim() ? undefined : vscode.l10n.t('Enter a label.')),
    },
    {
      label: vscode.l10n.t('API base URL'),
      detail: profile.baseUrl,
      key: 'baseUrl' as const,
      validate: baseUrlProblem,
    },
    {
      label: vscode.l10n.t('Organization ID'),
      detail: profile.organizationId,
      key: 'organizationId' as const,
      validate: organizationIdProblem,
    },
    {
      label: vscode.l10n.t('API key ID'),
      detail: profile.apiKeyId ?? vscode.l10n.t('(none)'),
      key: 'apiKeyId' as const,
      validate: () => undefined,
    },
  ];
  const field = await pickOne(fields, {
    placeHolder: vscode.l10n.t('What to change in "{0}"', shown(profile.label)),
    ignoreFocusOut: false,
    matchOnDescription: false,
    matchOnDetail: false,
  });
  if (!field) throw new CancelledError();
  const value = await ask({ prompt: field.label, value: profile[field.key] ?? '', validateInput: field.validate });
  return services.profiles.update(profile.id, { [field.key]: value });
}

async function removeProfile(services: Services, input: ProfileInput): Promise<string> {
  const profile = await pickProfile(services, input.profileId, vscode.l10n.t('Profile to remove'));
  const remove = await confirmIrreversible(
    services.modals,
    vscode.l10n.t('Remove the profile "{0}"?', profile.label),
    vscode.l10n.t(
      "Its API key is deleted from this machine's secret storage. The key stays registered with the organization.",
    ),
    vscode.l10n.t('Remove'),
    vscode.l10n.t('Keep Profile'),
  );
  if (!remove) throw new CancelledError();
  await services.keys.delete(profile.id);
  await services.profiles.remove(profile.id);
  services.log.info('Profile removed', { profileId: profile.id });
  return profile.id;
}

async function checkProfile(services: Services, input: ProfileInput): Promise<ProfileCheck> {
  if (input.profileId !== undefined) {
    await services.profiles.activate((await pickProfile(services, input.profileId, '')).id);
  }
  const { profile, client } = await services.requireSession();
  const privateKey = await services.keys.get(profile.id);
  const ourPublicKey = privateKey === undefined ? undefined : derivePublicKey(privateKey);
  // Cancellable: against a service that never answers, the check would otherwise hold its notification
  // through every attempt's timeout.
  const result = await withProgress(vscode.l10n.t('Checking "{0}"…', profile.label), async (signal) => {
    const whoami = await client.whoami({ organizationId: profile.organizationId }, { signal });
    const apiKey = profile.apiKeyId
      ? await client.getApiKey({ organizationId: profile.organizationId, apiKeyId: profile.apiKeyId }, { signal })
      : undefined;
    return { whoami, apiKey };
  });
  const registered = result.apiKey?.credential.publicKey;
  const keyMatches = registered === undefined ? undefined : registered.toLowerCase() === ourPublicKey?.toLowerCase();
  services.log.info('Profile checked', {
    profileId: profile.id,
    organizationId: result.whoami.organizationId,
    userId: result.whoami.userId,
    keyMatches,
  });
  if (keyMatches === false) {
    throw new InvalidInputError(
      'apiKey',
      vscode.l10n.t(
        'The API key {0} registered with the organization has another public key than the key stored for "{1}".',
        profile.apiKeyId ?? '',
        profile.label,
      ),
      vscode.l10n.t("Import the matching private key, or set the profile's API key ID to the key you hold."),
    );
  }
  void showInformation(
    keyMatches
      ? vscode.l10n.t(
          '"{0}" works: signed in as {1} in {2}, and the registered public key matches.',
          profile.label,
          result.whoami.username,
          result.whoami.organizationName,
        )
      : vscode.l10n.t(
          '"{0}" works: signed in as {1} in {2}.',
          profile.label,
          result.whoami.username,
          result.whoami.organizationName,
        ),
  );
  return { profile, whoami: result.whoami, apiKey: result.apiKey, keyMatches };
}

export function profileCommands(services: Services): CommandDescriptor[] {
  return [
    ...subOrganizationProfileCommands(services),
    command({
      id: CommandIds.addProfile,
      failure: () => vscode.l10n.t('Countersign: could not add the profile.'),
      args: addProfileArguments,
      run: (input) => addProfile(services, input),
    }),
    command({
      id: CommandIds.switchProfile,
      failure: () => vscode.l10n.t('Countersign: could not switch profiles.'),
      args: profileArguments,
      fromViewTitle: true,
      run: async (input) => {
        const profile =
          input.profileId !== undefined
            ? await pickProfile(services, input.profileId, vscode.l10n.t('Switch to profile'))
            : await pickProfileToSwitch(services);
        return services.profiles.activate(profile.id);
      },
    }),
    command({
      id: CommandIds.editProfile,
      failure: () => vscode.l10n.t('Countersign: could not edit the profile.'),
      args: profileArguments,
      run: (input) => editProfile(services, input),
    }),
    command({
      id: CommandIds.removeProfile,
      failure: () => vscode.l10n.t('Countersign: could not remove the profile.'),
      args: profileArguments,
      run: (input) => removeProfile(services, input),
    }),
    command({
      id: CommandIds.checkProfile,
      failure: () => vscode.l10n.t('Countersign: could not check the profile.'),
      args: profileArguments,
      fromViewTitle: true,
      run: (input) => checkProfile(services, input),
    }),
  ];
}
