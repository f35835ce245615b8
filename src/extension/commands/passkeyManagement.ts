/**
 * What the passkey commands do (declared in passkeys.ts). Passkeys for
 * approvals: countersign.addPasskey enrols one for the profile's user through the local page
 * (create_authenticators, stamped with the API key); countersign.removePasskey deletes one after a confirmation;
 * countersign.renamePasskey explains that the service has no rename and re-enrols under the new name, then removes
 * the old one (in an organization whose quorum needs others, the removal is offered once the new passkey has been
 * approved: replacedPasskeys.ts). The passkey votes themselves are in approvals.ts (`signer: 'passkey'`).
 * A window whose passkey page could not sign (a browser workbench not on localhost) is told so before any question.
 *
 * Input (passkeyOptions.ts reads it from the call): the passkey's id and its (new) name. Removing and renaming
 * always ask first.
 */
import * as l10n from '@vscode/l10n';
import {
  InvalidInputError,
  MAX_AUTHENTICATORS_PER_USER,
  type Activity,
  type Authenticator,
  type Whoami,
} from '../../api';
import { enrolmentPage, attestationOf } from '../passkeys/passkeyCeremony';
import { requireLocalhostPasskeyPage, runPasskeyPage } from '../passkeys/openPasskeyPage';
import { removeOnceEnrolled } from '../passkeys/replacedPasskeys';
import type { Services, Session } from '../services';
import { withProgress } from '../ui/progress';
import { askText, pickOne } from '../ui/prompts';
import { submitActivity } from '../output/submitActivity';
import type { PasskeyInput } from './passkeyOptions';

interface UserPasskeys {
  readonly whoami: Whoami;
  readonly authenticators: Authenticator[];
}

async function userPasskeys(session: Session, signal: AbortSignal): Promise<UserPasskeys> {
  const whoami = await session.client.whoami({ organizationId: session.profile.organizationId }, { signal });
  const authenticators = await session.client.getAuthenticators(
    { organizationId: session.profile.organizationId, userId: whoami.userId },
    { signal },
  );
  return { whoami, authenticators };
}

/** A passkey's name, asked with a default; undefined when the user dismisses the prompt. */
async function askPasskeyName(value: string, title: string): Promise<string | undefined> {
  const name = await askText({
    title,
    prompt: l10n.t('A name to tell this passkey apart, e.g. the security key or the device it lives on.'),
    value,
    validateInput: (text) =>
      text.trim() === ''
        ? l10n.t('The name must not be empty.')
        : text.trim().length > 256
          ? l10n.t('The name must be at most 256 characters.')
          : undefined,
  });
  return name?.trim();
}

/** Enrols a passkey for the profile's user; `replacing` is the passkey a rename will remove afterwards. */
async function enrol(
  services: Services,
  session: Session,
  known: UserPasskeys,
  authenticatorName: string,
  replacing?: Authenticator,
): Promise<Activity> {
  const { whoami, authenticators } = known;
  // A rename adds the new passkey before it removes the old one, so it needs a free place too.
  if (authenticators.length >= MAX_AUTHENTICATORS_PER_USER) {
    throw new InvalidInputError(
      'passkey',
      l10n.t(
        '{0} already has {1} passkeys, the most a user can have.',
        whoami.username,
        String(MAX_AUTHENTICATORS_PER_USER),
      ),
      l10n.t('Remove one in the Organization view first.'),
    );
  }
  const { content, challenge } = enrolmentPage({
    userId: whoami.userId,
    userName: whoami.username,
    organizationId: whoami.organizationId,
    organizationName: whoami.organizationName,
    authenticatorName,
    // A rename creates a new credential on the same device, so the old one must not block it.
    existingCredentialIds: authenticators.filter((a) => a !== replacing).map((a) => a.credentialId),
  });
  const answer = await runPasskeyPage(services, content, undefined);
  const attestation = attestationOf(answer);
  return submitActivity(
    services,
    {
      title: l10n.t('Registering the passkey…'),
      changes: ['organization'],
      sentence: (activity) =>
        activity.status === 'ACTIVITY_STATUS_COMPLETED'
          ? l10n.t('Passkey "{0}" added for {1}. You can now approve with it.', authenticatorName, whoami.username)
          : activity.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED' && replacing
            ? l10n.t(
                'Passkey "{0}" waits for approval. Removing "{1}" is offered once it is added; until then both stay.',
                authenticatorName,
                replacing.authenticatorName,
              )
            : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.createAuthenticators(
        {
          organizationId: session.profile.organizationId,
          parameters: { userId: whoami.userId, authenticators: [{ authenticatorName, challenge, attestation }] },
          generateAppProofs,
        },
        { signal },
      ),
  );
}

export async function addPasskey(services: Services, options: PasskeyInput): Promise<Activity | undefined> {
  await requireLocalhostPasskeyPage();
  const session = await services.requireSession();
  const known = await withProgress(l10n.t('Reading your passkeys…'), (signal) => userPasskeys(session, signal));
  const name =
    options.name?.trim() || (await askPasskeyName(l10n.t('VS Code passkey'), l10n.t('Add passkey for approvals')));
  if (name === undefined || name === '') return undefined;
  return enrol(services, session, known, name);
}

/** The passkey named by the arguments (a tree node or an id), or one picked from the user's. */
async function targetPasskey(known: UserPasskeys, input: PasskeyInput): Promise<Authenticator | undefined> {
  const id = input.authenticatorId;
  if (id !== undefined) {
    const found = known.authenticators.find((a) => a.authenticatorId === id);
    if (!found) {
      throw new InvalidInputError(
        'passkey',
        l10n.t('{0} has no passkey with ID {1}.', known.whoami.username, id),
        l10n.t('Refresh the Organization view and try again.'),
      );
    }
    return found;
  }
  if (known.authenticators.length === 0) {
    throw new InvalidInputError(
      'passkey',
      l10n.t('{0} has no passkey yet.', known.whoami.username),
      l10n.t('Run "Countersign: Add Passkey for Approvals" first.'),
    );
  }
  const picked = await pickOne(
    known.authenticators.map((a) => ({ label: a.authenticatorName, description: a.authenticatorId, authenticator: a })),
    { title: l10n.t('Which passkey?') },
  );
  return picked?.authenticator;
}

export async function removePasskey(services: Services, input: PasskeyInput): Promise<Activity | undefined> {
  const session = await services.requireSession();
  const known = await withProgress(l10n.t('Reading your passkeys…'), (signal) => userPasskeys(session, signal));
  const target = await targetPasskey(known, input);
  if (!target) return undefined;
  const remove = l10n.t('Remove Passkey');
  const choice = await services.modals.show({
    message: l10n.t('Remove the passkey "{0}"?', target.authenticatorName),
    detail: [
      l10n.t('User: {0} ({1})', known.whoami.username, known.whoami.userId),
      l10n.t('Passkey ID: {0}', target.authenticatorId),
      l10n.t('Credential ID: {0}', target.credentialId),
      '',
      l10n.t(
        'It will no longer approve or reject activities. The security key or device keeps a now unused credential.',
      ),
    ].join('\n'),
    harmless: [l10n.t('Keep Passkey')],
    actions: [remove],
    irreversible: true,
  });
  if (choice !== remove) return undefined;
  return deletePasskey(services, session, known, target);
}

function deletePasskey(
  services: Services,
  session: Session,
  known: UserPasskeys,
  target: Authenticator,
): Promise<Activity> {
  return submitActivity(
    services,
    {
      title: l10n.t('Removing the passkey…'),
      changes: ['organization'],
      sentence: (activity) =>
        activity.status === 'ACTIVITY_STATUS_COMPLETED'
          ? l10n.t('Passkey "{0}" removed.', target.authenticatorName)
          : undefined,
    },
    (signal, generateAppProofs) =>
      session.client.deleteAuthenticators(
        {
          organizationId: session.profile.organizationId,
          parameters: { userId: known.whoami.userId, authenticatorIds: [target.authenticatorId] },
          generateAppProofs,
        },
        { signal },
      ),
  );
}

/** The service cannot rename a passkey: this enrols a new one under the new name, then removes the old one. */
export async function renamePasskey(services: Services, input: PasskeyInput): Promise<Activity | undefined> {
  await requireLocalhostPasskeyPage();
  const session = await services.requireSession();
  const known = await withProgress(l10n.t('Reading your passkeys…'), (signal) => userPasskeys(session, signal));
  const target = await targetPasskey(known, input);
  if (!target) return undefined;
  const name = input.name?.trim() || (await askPasskeyName(target.authenticatorName, l10n.t('Rename passkey')));
  if (name === undefined || name === '' || name === target.authenticatorName) return undefined;
  const go = l10n.t('Add and Remove…');
  const choice = await services.modals.show({
    message: l10n.t('The service cannot rename a passkey.'),
    detail: l10n.t(
      'To rename "{0}" to "{1}", Countersign registers a new passkey named "{1}" (your browser asks for the security key or device again) and then removes "{0}". Where others must approve the new passkey, removing "{0}" is offered once they have.',
      target.authenticatorName,
      name,
    ),
    harmless: [l10n.t('Keep "{0}"', target.authenticatorName)],
    actions: [go],
    irreversible: true,
  });
  if (choice !== go) return undefined;
  const added = await enrol(services, session, known, name, target);
  if (added.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED') {
    await removeOnceEnrolled(services, added, name, target);
    return added;
  }
  if (added.status !== 'ACTIVITY_STATUS_COMPLETED') return added;
  return deletePasskey(services, session, known, target);
}
