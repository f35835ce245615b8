/**
 * countersign.createPrivateKeyTag: creates a private key tag and puts it on the chosen private keys.
 *
 * Arguments (optional; what is missing is asked for):
 *   - `{ name?, privateKeyIds? }`   the tag's name and the ids of the keys to tag (an empty list tags none)
 *   - a private key tree node:     that key is preselected (options may follow it)
 * The keys are offered in a multi-select of the organization's private keys; when the organization lists none,
 * ids can be pasted. Returns the activity, or undefined when the user dismisses a prompt.
 */
import * as vscode from 'vscode';
import { CancelledError, InvalidInputError, type Activity, type PrivateKey } from '../../api';
import { CommandIds } from '../commandIds';
import * as z from 'zod';
import {
  noArguments,
  optionalString,
  optionalStrings,
  options,
  privateKeyNode,
  type ArgumentsSchema,
} from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';
import type { Services } from '../services';
import { errorText } from '../../api/core';
import { withProgress } from '../ui/progress';
import { askText, pickMany } from '../ui/prompts';
import { parseIdList, tagNameProblem } from '../ui/operationInputs';
import { submitActivity } from '../output/submitActivity';
import { byCount } from '../wording/plural';
import { tagCreatedSentence } from '../wording/privateKeyTagWords';

function keyDescription(key: PrivateKey): string {
  const addresses = key.addresses.map((a) => a.address).filter((a): a is string => typeof a === 'string' && a !== '');
  return addresses.length > 0 ? `${key.privateKeyId} · ${addresses.join(', ')}` : key.privateKeyId;
}

async function choosePrivateKeys(
  services: Services,
  preselected: ReadonlySet<string>,
  tagName: string,
): Promise<string[] | undefined> {
  const keys = await withProgress(
    vscode.l10n.t('Listing private keys…'),
    async () => (await (await services.store()).privateKeys()) ?? [],
  );
  if (keys.length === 0) {
    const pasted = await askText({
      title: vscode.l10n.t('Step {0}/{1} · Private key IDs for "{2}"', 2, 2, tagName),
      prompt: vscode.l10n.t(
        'The organization lists no private keys. Paste the IDs of the keys to tag, separated by commas or spaces, or leave empty to tag none.',
      ),
    });
    return pasted === undefined ? undefined : parseIdList(pasted);
  }
  services.log.debug('Offering private keys to tag', { count: keys.length });
  const items = keys.map((key) => ({
    label: key.privateKeyName || key.privateKeyId,
    description: keyDescription(key),
    detail:
      key.privateKeyTags.length > 0
        ? byCount(
            key.privateKeyTags.length,
            vscode.l10n.t('{0} tag already', key.privateKeyTags.length),
            vscode.l10n.t('{0} tags already', key.privateKeyTags.length),
            vscode.env.language,
          )
        : undefined,
    picked: preselected.has(key.privateKeyId),
    privateKeyId: key.privateKeyId,
  }));
  const picked = await pickMany(items, {
    title: vscode.l10n.t('Step {0}/{1} · Private keys to tag "{2}"', 2, 2, tagName),
    placeHolder: vscode.l10n.t('Select the keys that get this tag (none is allowed)'),
  });
  return picked?.map((item) => item.privateKeyId);
}

/** The live check of the tag name: empty, too long, or the name of a tag the organization already has. */
export function tagNameValidation(existingNames: readonly string[]): (text: string) => string | undefined {
  const taken = new Set(existingNames);
  return (text) =>
    tagNameProblem(text) ??
    (taken.has(text.trim())
      ? vscode.l10n.t('This organization already has a tag named "{0}"; choose another name.', text.trim())
      : undefined);
}

export interface TagInput {
  /** The key of the Organization view's row it was run from: preselected in the pick. */
  readonly preselected?: string | undefined;
  readonly name?: string | undefined;
  /** The keys to tag (an empty list tags none); absent, they are picked. */
  readonly privateKeyIds?: readonly string[] | undefined;
}

const tagOptions = options({ name: optionalString, privateKeyIds: optionalStrings });

/** Nothing, a private key's row (optionally with named arguments), or `{ name?, privateKeyIds? }`. */
const tagArguments: ArgumentsSchema<TagInput> = z.union([
  noArguments.transform((): TagInput => ({})),
  z.tuple([privateKeyNode]).transform(([node]): TagInput => ({ preselected: node.privateKey.privateKeyId })),
  z
    .tuple([privateKeyNode, tagOptions])
    .transform(([node, given]): TagInput => ({ ...given, preselected: node.privateKey.privateKeyId })),
  z.tuple([tagOptions]).transform(([given]): TagInput => given),
]);

export async function createPrivateKeyTag(services: Services, options: TagInput): Promise<Activity | undefined> {
  const preselected = new Set<string>(options.preselected !== undefined ? [options.preselected] : []);

  const session = await services.requireSession();
  // The tags the organization has, so that a duplicate name is caught as it is typed, not by the service.
  // Best effort: when the listing fails, the service still refuses a duplicate.
  const existing = await withProgress(
    vscode.l10n.t('Listing private key tags…'),
    async () => (await (await services.store()).governance())?.privateKeyTags ?? [],
  ).catch((error: unknown) => {
    if (error instanceof CancelledError) throw error;
    services.log.warn(`Could not list the private key tags to check the name: ${errorText(error)}`);
    return [];
  });
  const validate = tagNameValidation(existing.map((tag) => tag.tagName));
  let name = options.name;
  if (name === undefined) {
    name = await askText({
      title: vscode.l10n.t('Step {0}/{1} · Private key tag name', 1, 2),
      prompt: vscode.l10n.t('A name for the tag, unique in the organization.'),
      validateInput: validate,
    });
    if (name === undefined) return undefined;
    name = name.trim();
  }
  const problem = validate(name);
  if (problem) throw new InvalidInputError('private key tag', vscode.l10n.t('{0} Nothing was sent.', problem));

  let privateKeyIds = options.privateKeyIds;
  if (privateKeyIds === undefined) {
    privateKeyIds = await choosePrivateKeys(services, preselected, name);
    if (privateKeyIds === undefined) return undefined;
  }
  const tagName = name;
  const ids = [...new Set(privateKeyIds)];
  return submitActivity(
    services,
    {
      title: vscode.l10n.t('Creating private key tag "{0}"…', tagName),
      changes: ['organization'],
      sentence: (activity) =>
        activity.status === 'ACTIVITY_STATUS_COMPLETED'
          ? tagCreatedSentence(tagName, ids.length, vscode.env.language)
          : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.createPrivateKeyTag(
        {
          organizationId: session.profile.organizationId,
          parameters: { privateKeyTagName: tagName, privateKeyIds: ids },
          generateAppProofs,
        },
        { signal },
      ),
  );
}

export function createPrivateKeyTagCommands(services: Services): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.createPrivateKeyTag,
      failure: () => vscode.l10n.t('Countersign: could not create the private key tag.'),
      args: tagArguments,
      fromViewTitle: true,
      run: (input) => createPrivateKeyTag(services, input),
    }),
  ];
}
