/**
 * What "Simulate a Teammate's Request" offers and whom you vote as: Team's transactions and its two signatures (you
 * vote as Team's first root user), Treasury's transfer and Treasury's wallet requests (you vote as its first finance
 * approver). The pick shows each offer with the profile it switches to; named options skip it.
 */
import * as vscode from 'vscode';
import { InvalidInputError } from '../../api';
import { CommandIds } from '../commandIds';
import type { SandboxCredentials, SandboxOrganizationRecord } from '../sandboxProcess';
import type { Services } from '../services';
import { pickOne } from '../ui/prompts';
import { simulationOffer } from '../wording/simulationWords';
import type { SimulateInput, SimulatedOrganization, SimulatedSignature } from './reviewOptions';
import { sandboxProfileId } from './sandboxTeammates';
import { signatureOffer } from './simulateSignatures';
import { treasuryCast, TREASURY } from './simulateTreasury';

export function teamOf(credentials: SandboxCredentials): SandboxOrganizationRecord {
  const team = credentials.organizations.find((o) => o.name === 'Team');
  if (!team?.privateKeyIds[0] || team.users[1]?.userName === undefined || !team.users[0]) {
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The local sandbox has no Team organization with two root users and a signing key.'),
    );
  }
  return team;
}

/** What the teammate asks: Team's transactions, a signature of Team, Treasury's transfer, or Treasury's wallets. */
export interface Request {
  readonly organization: SimulatedOrganization;
  /** A signature asked of Team rather than its transactions. */
  readonly signature?: SimulatedSignature | undefined;
  /** Treasury's wallet requests rather than its transfer. */
  readonly wallets?: boolean | undefined;
}

/** Each organization's offer: the profile you vote as, and what the teammate asks there. */
export interface Offer extends vscode.QuickPickItem, Request {
  readonly profileId: string;
}

/** The organization and the user you vote as there: Team's first root user, Treasury's first approver. */
function voterOf(
  credentials: SandboxCredentials,
  organization: SimulatedOrganization,
): { readonly record: SandboxOrganizationRecord; readonly you: SandboxOrganizationRecord['users'][number] } {
  if (organization === TREASURY) {
    const { treasury, approvers } = treasuryCast(credentials);
    return { record: treasury, you: approvers[0] };
  }
  const team = teamOf(credentials);
  const you = team.users[0];
  if (!you) throw new InvalidInputError('local sandbox', vscode.l10n.t('The local sandbox has no Team root user.'));
  return { record: team, you };
}

/** What the offer says the teammate asks. */
function detailOf(request: Request, teammate: string, you: string): string {
  if (request.signature) return signatureOffer(request.signature, teammate, you);
  if (request.organization !== TREASURY) return simulationOffer({ teammate, you });
  return request.wallets === true
    ? vscode.l10n.t(
        'The Treasury developer asks the cold wallet to sign a transfer and to be exported; its policies send both to two finance approvers, of whom you are the first, {0}.',
        you,
      )
    : vscode.l10n.t(
        'The Treasury developer asks for a large transfer that two finance approvers must approve; you approve first as {0}.',
        you,
      );
}

export function offerOf(services: Services, credentials: SandboxCredentials, request: Request): Offer {
  const { record, you } = voterOf(credentials, request.organization);
  const profileId = sandboxProfileId(record, you);
  const profile = services.profiles.list().find((p) => p.id === profileId);
  if (!profile) {
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The local sandbox made no profile for {0}; start the local sandbox again.', you.userName),
    );
  }
  const active = services.profiles.active()?.id === profileId;
  const icon =
    request.organization === TREASURY
      ? request.wallets === true
        ? 'lock'
        : 'law'
      : request.signature
        ? 'pencil'
        : 'account';
  return {
    ...request,
    profileId,
    label: active ? vscode.l10n.t('Stay on "{0}"', profile.label) : vscode.l10n.t('Switch to "{0}"', profile.label),
    iconPath: new vscode.ThemeIcon(icon),
    detail: detailOf(request, record.users[1]?.userName ?? '', you.userName),
  };
}

/** Every offer: Team's transactions, its two signatures, Treasury's two; one the sandbox cannot make is left out. */
function allOffers(services: Services, credentials: SandboxCredentials): Offer[] {
  const errors: unknown[] = [];
  const requests: readonly Request[] = [
    { organization: 'Team' },
    { organization: 'Team', signature: 'permit' },
    { organization: 'Team', signature: 'messageHash' },
    { organization: TREASURY },
    { organization: TREASURY, wallets: true },
  ];
  const offers = requests.flatMap((request) => {
    try {
      return [offerOf(services, credentials, request)];
    } catch (error) {
      errors.push(error);
      return [];
    }
  });
  if (offers.length === 0) throw errors[0];
  return offers;
}

/** The request the options name, if they name one: a signature is asked of Team, wallets of Treasury. */
function namedRequest(options: SimulateInput): Request | undefined {
  if (options.signature !== undefined) return { organization: 'Team', signature: options.signature };
  if (options.wallets === true) return { organization: TREASURY, wallets: true };
  const organization = options.organization ?? (options.switchProfile === true ? 'Team' : undefined);
  return organization === undefined ? undefined : { organization };
}

/** Which request to make, with its profile made active; undefined when the user dismissed the pick. */
export async function chooseOffer(
  services: Services,
  credentials: SandboxCredentials,
  options: SimulateInput,
): Promise<Offer | undefined> {
  const named = namedRequest(options);
  const offers = named ? [offerOf(services, credentials, named)] : allOffers(services, credentials);
  const [only] = offers;
  const decided =
    only !== undefined &&
    named !== undefined &&
    (options.switchProfile === true || services.profiles.active()?.id === only.profileId);
  // A pick rather than a modal: Escape leaves everything as it was, and Enter takes the first offer.
  const picked = decided
    ? only
    : await pickOne(offers, {
        title: vscode.l10n.t("Simulate a Teammate's Request"),
        placeHolder: vscode.l10n.t('The requests wait for your vote: in which organization, as which profile?'),
      });
  if (!picked) return undefined;
  if (services.profiles.active()?.id !== picked.profileId)
    await vscode.commands.executeCommand(CommandIds.switchProfile, picked.profileId);
  return picked;
}
