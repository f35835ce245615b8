/**
 * API keys of a profile: import one (pasted, or a key file as the service's CLI writes it) or generate a new
 * pair. The private key goes straight into the key vault; only the public key is ever shown.
 *   importApiKey({ profileId?, privateKey? | keyFile?: Uri | path })  → { profileId, publicKey }
 *   generateApiKey({ profileId? })                                  → { profileId, publicKey }
 */
import * as vscode from 'vscode';
import { CancelledError, InvalidInputError } from '../../api';
import { CommandIds } from '../commandIds';
import { derivePublicKey, generateApiKeyPair, parsePrivateKey } from '../../api/remote';
import type { Services } from '../services';
import { pickOne } from '../ui/prompts';
import { pickProfile } from './profiles';
import * as z from 'zod';
import { idText, noArguments, optionalFile, optionalText, options, type ArgumentsSchema } from './commandArguments';
import { command, type CommandDescriptor } from './commandDescriptor';
import { showInformation } from '../ui/notifications';
import { errorText } from '../../api/core';

export interface KeyImport {
  readonly profileId: string;
  readonly publicKey: string;
}

/** Keys are a few bytes; anything bigger is not a key file. */
const MAX_KEY_FILE_BYTES = 4096;

export interface KeyInput {
  readonly profileId?: string | undefined;
  readonly privateKey?: string | undefined;
  /** A key file, as a Uri or a path. */
  readonly keyFile?: vscode.Uri | string | undefined;
}

/** Nothing (the command asks), a profile's id, or `{ profileId?, privateKey?, keyFile? }`. */
const keyArguments: ArgumentsSchema<KeyInput | undefined> = z.union([
  noArguments.transform(() => undefined),
  z.tuple([idText]).transform(([profileId]): KeyInput => ({ profileId })),
  z
    .tuple([options({ profileId: optionalText, privateKey: optionalText, keyFile: optionalFile })])
    .transform(([given]): KeyInput => given),
]);

function profileArg(services: Services, input: KeyInput): string | undefined {
  return input.profileId ?? (services.profiles.list().length === 1 ? services.profiles.list()[0]?.id : undefined);
}

async function readKeyFile(services: Services, file: vscode.Uri): Promise<string> {
  const stat = await vscode.workspace.fs.stat(file);
  if (stat.size > MAX_KEY_FILE_BYTES) {
    throw new InvalidInputError(
      'apiKey',
      vscode.l10n.t('{0} is not an API key file: it is {1} bytes long.', file.fsPath, stat.size),
    );
  }
  const contents = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  try {
    const key = parsePrivateKey(contents);
    services.log.redactor.add(key);
    return key;
  } catch (error) {
    const reason = error instanceof Error ? services.redact(error.message) : '';
    throw new InvalidInputError(
      'apiKey',
      vscode.l10n.t('{0} does not hold a P-256 API private key. {1}', file.fsPath, reason),
    );
  }
}

async function askForKey(services: Services): Promise<string> {
  const paste = {
    label: vscode.l10n.t('Paste the private key'),
    iconPath: new vscode.ThemeIcon('clippy'),
    id: 'paste',
  };
  const file = {
    label: vscode.l10n.t('Pick a key file'),
    iconPath: new vscode.ThemeIcon('file'),
    detail: vscode.l10n.t("The .private file written by the service's CLI"),
    id: 'file',
  };
  const choice = await pickOne([paste, file], {
    placeHolder: vscode.l10n.t('Where is the API private key?'),
    ignoreFocusOut: false,
  });
  if (!choice) throw new CancelledError();
  if (choice.id === 'file') {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: vscode.l10n.t('Import Key'),
      title: vscode.l10n.t('API private key file'),
    });
    const uri = picked?.[0];
    if (!uri) throw new CancelledError();
    return readKeyFile(services, uri);
  }
  // The box checks the key as it is typed: the check (@noble/curves) loads before it opens.
  const value = await vscode.window.showInputBox({
    prompt: vscode.l10n.t("API private key (64 hex characters, as the service's CLI prints it)"),
    password: true,
    ignoreFocusOut: true,
    validateInput: (input) => {
      try {
        parsePrivateKey(input);
        return undefined;
      } catch (error) {
        return services.redact(errorText(error));
      }
    },
  });
  if (value === undefined) throw new CancelledError();
  return value;
}

/**
 * Asks before a profile's stored key is replaced; cancels the command unless the user chooses Replace Key. Enter
 * keeps the current key: it is the first button, the one a modal gives Enter to.
 */
async function confirmReplacement(services: Services, label: string, incomingPublicKey?: string): Promise<void> {
  const keep = vscode.l10n.t('Keep Current Key');
  const replace = vscode.l10n.t('Replace Key');
  const choice = await services.modals.show({
    message: vscode.l10n.t('"{0}" already has an API key.', label),
    detail:
      incomingPublicKey === undefined
        ? vscode.l10n.t('The new key replaces it on this machine. Keep the old one registered until the new one is.')
        : vscode.l10n.t(
            'The key with public key {0} replaces it on this machine. Keep the old one registered until the new one is.',
            incomingPublicKey,
          ),
    harmless: [keep],
    actions: [replace],
    irreversible: true,
  });
  if (choice !== replace) throw new CancelledError();
}

async function importApiKey(services: Services, given: KeyInput | undefined): Promise<KeyImport> {
  const input = given ?? {};
  const profile = await pickProfile(
    services,
    profileArg(services, input),
    vscode.l10n.t('Profile to import the key into'),
  );
  let key: string;
  const file = input.keyFile;
  if (input.privateKey !== undefined) key = input.privateKey;
  else if (file !== undefined)
    key = await readKeyFile(services, typeof file === 'string' ? vscode.Uri.file(file) : file);
  else key = await askForKey(services);
  services.log.redactor.add(key);
  // A malformed key is refused before anything is asked; a profile's key is replaced only when the user says so,
  // even when the key came with the command's arguments (another extension, a link).
  const incoming = derivePublicKey(parsePrivateKey(key));
  if (await services.keys.has(profile.id)) await confirmReplacement(services, profile.label, incoming);
  const { publicKey } = await services.keys.store(profile.id, key);
  services.log.info('API key imported', { profileId: profile.id, publicKey });
  if (given === undefined || !('privateKey' in input)) {
    const check = vscode.l10n.t('Check Profile');
    void showInformation(
      vscode.l10n.t('The API key of "{0}" is stored. Public key: {1}', profile.label, publicKey),
      check,
    ).then((choice) => {
      if (choice === check) void vscode.commands.executeCommand(CommandIds.checkProfile, profile.id);
    });
  }
  return { profileId: profile.id, publicKey };
}

async function generateApiKey(services: Services, given: KeyInput | undefined): Promise<KeyImport> {
  const profile = await pickProfile(
    services,
    profileArg(services, given ?? {}),
    vscode.l10n.t('Profile to generate a key for'),
  );
  if (await services.keys.has(profile.id)) await confirmReplacement(services, profile.label);
  const pair = generateApiKeyPair();
  services.log.redactor.add(pair.privateKey);
  await services.keys.store(profile.id, pair.privateKey);
  services.log.info('API key generated', { profileId: profile.id, publicKey: pair.publicKey });
  const copy = vscode.l10n.t('Copy Public Key');
  void showInformation(
    vscode.l10n.t(
      'A new API key for "{0}" is stored. Register its public key with your organization, then run Check Profile: {1}',
      profile.label,
      pair.publicKey,
    ),
    copy,
  ).then(async (choice) => {
    if (choice === copy) await vscode.env.clipboard.writeText(pair.publicKey);
  });
  return { profileId: profile.id, publicKey: pair.publicKey };
}

export function apiKeyCommands(services: Services): CommandDescriptor[] {
  return [
    command({
      id: CommandIds.importApiKey,
      failure: () => vscode.l10n.t('Countersign: could not import the API key.'),
      args: keyArguments,
      run: (input) => importApiKey(services, input),
    }),
    command({
      id: CommandIds.generateApiKey,
      failure: () => vscode.l10n.t('Countersign: could not generate an API key.'),
      args: keyArguments,
      run: (input) => generateApiKey(services, input),
    }),
  ];
}
