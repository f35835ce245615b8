/**
 * countersign.getApiKey: shows an API key's record (name, credential type, public key, created, expiration).
 *
 * Arguments: an API key id string, or `{ apiKeyId?, organizationId? }` (getApiKeyArguments). The id defaults to the active profile's
 * API key; without one, it is asked for. Returns the ApiKey record, or undefined when the user dismisses the box.
 */
import * as vscode from 'vscode';
import type { ApiKey } from '../../api';
import { CommandIds } from '../commandIds';
import * as z from 'zod';
import { idText, noArguments, optionalString, options, type ArgumentsSchema } from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';
import { printApiKey } from '../output/resultPrinter';
import type { Services } from '../services';
import { withProgress } from '../ui/progress';
import { askText } from '../ui/prompts';

export interface GetApiKeyInput {
  readonly apiKeyId?: string | undefined;
  readonly organizationId?: string | undefined;
}

/** Nothing, the key's id, or `{ apiKeyId?, organizationId? }`. */
export const getApiKeyArguments: ArgumentsSchema<GetApiKeyInput> = z.union([
  noArguments.transform((): GetApiKeyInput => ({})),
  z.tuple([idText]).transform(([apiKeyId]): GetApiKeyInput => ({ apiKeyId })),
  z
    .tuple([options({ apiKeyId: optionalString, organizationId: optionalString })])
    .transform(([given]): GetApiKeyInput => given),
]);

export async function getApiKey(services: Services, input: GetApiKeyInput): Promise<ApiKey | undefined> {
  const session = await services.requireSession();
  const organizationId = input.organizationId ?? session.profile.organizationId;
  let apiKeyId = input.apiKeyId ?? session.profile.apiKeyId;
  if (apiKeyId === undefined) {
    const typed = await askText({
      title: vscode.l10n.t('API key ID'),
      prompt: vscode.l10n.t('The ID of the API key to show, in organization {0}.', organizationId),
      validateInput: (text) => (text.trim() === '' ? vscode.l10n.t('The API key ID must not be empty.') : undefined),
    });
    if (typed === undefined) return undefined;
    apiKeyId = typed.trim();
  }
  const id = apiKeyId;
  const apiKey = await withProgress(vscode.l10n.t('Reading API key {0}…', id), (signal) =>
    session.client.getApiKey({ organizationId, apiKeyId: id }, { signal }),
  );
  printApiKey(services, apiKey);
  return apiKey;
}

export function getApiKeyCommands(services: Services): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.getApiKey,
      failure: () => vscode.l10n.t('Countersign: could not get the API key.'),
      args: getApiKeyArguments,
      fromViewTitle: true,
      run: (input) => getApiKey(services, input),
    }),
  ];
}
