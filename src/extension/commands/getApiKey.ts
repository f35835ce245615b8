/**
 * countersign.getApiKey: shows an API key's record (name, credential type, public key, created, expiration).
 *
 * Arguments: an API key id string, or `{ apiKeyId?, organizationId? }`. The id defaults to the active profile's
 * API key; without one, it is asked for. Returns the ApiKey record, or undefined when the user dismisses the box.
 */
import * as vscode from 'vscode';
import type { ApiKey } from '../../api';
import { CommandIds } from '../commandIds';
import { optionsOf, type CommandDescriptor } from './commandDescriptor';
import { printApiKey } from '../output/resultPrinter';
import type { Services } from '../services';
import { withProgress } from '../ui/progress';
import { askText } from '../ui/prompts';

const GET_API_KEY_OPTIONS = { apiKeyId: 'string', organizationId: 'string' } as const;

export async function getApiKey(services: Services, ...args: unknown[]): Promise<ApiKey | undefined> {
  const [first] = args;
  const options = optionsOf(GET_API_KEY_OPTIONS, first);
  const session = await services.requireSession();
  const organizationId = options.organizationId ?? session.profile.organizationId;
  let apiKeyId =
    typeof first === 'string' && first.trim() !== '' ? first.trim() : (options.apiKeyId ?? session.profile.apiKeyId);
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
    {
      id: CommandIds.getApiKey,
      action: 'get the API key',
      accepts: ['id', 'options'],
      options: GET_API_KEY_OPTIONS,
      run: (...args: unknown[]) => getApiKey(services, ...args),
    },
  ];
}
