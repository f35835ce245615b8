/**
 * countersign.addSubOrganizationProfile: Add Profile for This Sub-organization, from a sub-organization's row in
 * the Organization view. It runs Add Profile with its boxes filled (the sub-organization's name and id, and the
 * active profile's base URL), each still asked; the key is the user's to give afterwards (the sub-organization's
 * root user holds it), as after any Add Profile.
 *
 * Arguments: a sub-organization row, or `{ subOrganizationId, name? }`. Returns the profile added.
 */
import * as vscode from 'vscode';
import * as z from 'zod';
import { CommandIds } from '../commandIds';
import type { Profile } from '../profiles/profileStore';
import type { Services } from '../services';
import { shown } from '../ui/shownText';
import { idText, optionalText, options, subOrganizationNode, type ArgumentsSchema } from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';
import { addProfile } from './profileAddition';

export interface SubOrganizationProfileInput {
  readonly subOrganizationId: string;
  /** Its name as the service gave it: the suggested label. */
  readonly name?: string | undefined;
}

/** A sub-organization's row, or `{ subOrganizationId, name? }`. */
const subOrganizationProfileArguments: ArgumentsSchema<SubOrganizationProfileInput> = z.union([
  z.tuple([subOrganizationNode]).transform(([node]): SubOrganizationProfileInput => ({
    subOrganizationId: node.subOrganizationId,
    name: node.name,
  })),
  z
    .tuple([options({ subOrganizationId: idText, name: optionalText })])
    .transform(([given]): SubOrganizationProfileInput => given),
]);

export async function addSubOrganizationProfile(
  services: Services,
  input: SubOrganizationProfileInput,
): Promise<Profile> {
  // Only the active profile's address is read: the sub-organization is served where its parent is.
  const { profile } = await services.requireSession();
  const name = input.name?.trim() ? input.name : input.subOrganizationId;
  return addProfile(services, undefined, {
    label: shown(name),
    baseUrl: profile.baseUrl,
    organizationId: input.subOrganizationId,
  });
}

export function subOrganizationProfileCommands(services: Services): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.addSubOrganizationProfile,
      failure: () => vscode.l10n.t('Countersign: could not add a profile for the sub-organization.'),
      args: subOrganizationProfileArguments,
      run: (input) => addSubOrganizationProfile(services, input),
    }),
  ];
}
