/**
 * countersign.simulateTeammateRequest: on the local sandbox, a teammate asks for a signature that waits for your
 * vote, in one of two organizations (a pick offers both, each with the profile you vote as):
 * - Team: its second root user (signing with the API key the sandbox keeps for them in its credentials) asks Team's
 *   signing key to sign two transactions: an ERC-20 `transfer(to, amount)` to the sample token, whose interface is
 *   registered in Team first when it is missing (you submit it with your key, your teammate approves it;
 *   both the pick and the notification say so), and a call to a
 *   contract nobody registered. Both then wait for your vote as Team's first root user.
 * - Team, a signature (simulateSignatures.ts): the same teammate asks Team's key to sign a Permit2 permit,
 *   unlimited and never expiring, or a signMessage hash; the pick offers each as its own choice.
 * - Treasury (simulateTreasury.ts): its developer asks for a transfer that waits for two approvals from finance,
 *   which you give as its first approver, then its second; and a call its policies deny at once, told by name.
 *
 * Options: `{ organization?: 'Team' | 'Treasury', signature?: 'permit' | 'messageHash', switchProfile?: true }`;
 * `signature` asks in Team; `switchProfile` switches without asking (to Team's profile when no organization is
 * named). Returns, for Team, `{ transfer, unregistered, registered }`: the two activities, and whether the sample
 * interface was registered now; for a signature, `{ signature, activity, message }`; for Treasury,
 * `{ organization, transfer, denied }` (see TreasuryRequests).
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity, type CountersignClient } from '../../api';
import { CommandIds } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import { loadRemoteApi } from '../remoteApi';
import type { SandboxCredentials, SandboxOrganizationRecord } from '../sandboxProcess';
import type { Services } from '../services';
import { t } from '../ui/l10n';
import { withProgress } from '../ui/progress';
import { pickOne } from '../ui/prompts';
import { deniedByText } from '../wording/policyWords';
import type { SimulateInput, SimulatedOrganization, SimulatedSignature } from './reviewOptions';
import { showInformation } from '../ui/notifications';
import {
  sandboxCredentials,
  sandboxProfileId,
  signOnSepolia,
  simulatedNonce,
  teammateClient,
} from './sandboxTeammates';
import {
  requestTeamSignature,
  signatureAsked,
  signatureOffer,
  type SimulatedSignatureRequest,
} from './simulateSignatures';
import { requestTreasuryTransfer, treasuryCast, TREASURY, type TreasuryRequests } from './simulateTreasury';
import { simulationDone, simulationOffer } from '../wording/simulationWords';

/** EIP-55's examples: who receives the tokens, and a contract with no registered interface. */
const RECIPIENT = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const UNREGISTERED_CONTRACT = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';

export interface SimulatedRequests {
  readonly transfer: Activity;
  readonly unregistered: Activity;
  readonly registered: boolean;
  /** What the notification said. */
  readonly message: string;
}

function teamOf(credentials: SandboxCredentials): SandboxOrganizationRecord {
  const team = credentials.organizations.find((o) => o.name === 'Team');
  if (!team?.privateKeyIds[0] || team.users[1]?.userName === undefined || !team.users[0]) {
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The local sandbox has no Team organization with two root users and a signing key.'),
    );
  }
  return team;
}

/** Each organization's offer: the profile you vote as, and what the teammate asks there. */
interface Offer extends vscode.QuickPickItem {
  readonly organization: SimulatedOrganization;
  /** A signature asked of Team rather than its transactions. */
  readonly signature?: SimulatedSignature | undefined;
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

function offerOf(
  services: Services,
  credentials: SandboxCredentials,
  organization: SimulatedOrganization,
  signature?: SimulatedSignature,
): Offer {
  const { record, you } = voterOf(credentials, organization);
  const profileId = sandboxProfileId(record, you);
  const profile = services.profiles.list().find((p) => p.id === profileId);
  if (!profile) {
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The local sandbox made no profile for {0}; start the local sandbox again.', you.userName),
    );
  }
  const active = services.profiles.active()?.id === profileId;
  const teammate = record.users[1]?.userName ?? '';
  return {
    organization,
    signature,
    profileId,
    label: active ? vscode.l10n.t('Stay on "{0}"', profile.label) : vscode.l10n.t('Switch to "{0}"', profile.label),
    iconPath: new vscode.ThemeIcon(organization === TREASURY ? 'law' : signature ? 'pencil' : 'account'),
    detail: signature
      ? signatureOffer(signature, teammate, you.userName)
      : organization === TREASURY
        ? vscode.l10n.t(
            'The Treasury developer asks for a large transfer that two finance approvers must approve; you approve first as {0}.',
            you.userName,
          )
        : simulationOffer({ teammate, you: you.userName }, vscode.l10n.t),
  };
}

/** Every offer: Team's transactions, its two signatures, Treasury's; one the sandbox cannot make is left out. */
function allOffers(services: Services, credentials: SandboxCredentials): Offer[] {
  const errors: unknown[] = [];
  const choices = [['Team'], ['Team', 'permit'], ['Team', 'messageHash'], [TREASURY]] as const;
  const offers = choices.flatMap(([organization, signature]) => {
    try {
      return [offerOf(services, credentials, organization, signature)];
    } catch (error) {
      errors.push(error);
      return [];
    }
  });
  if (offers.length === 0) throw errors[0];
  return offers;
}

/** Which organization to act in, with its profile made active; undefined when the user dismissed the pick. */
async function chooseOffer(
  services: Services,
  credentials: SandboxCredentials,
  options: SimulateInput,
): Promise<Offer | undefined> {
  const named =
    options.signature !== undefined
      ? 'Team'
      : (options.organization ?? (options.switchProfile === true ? 'Team' : undefined));
  const offers = named ? [offerOf(services, credentials, named, options.signature)] : allOffers(services, credentials);
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

/** Registers the sample token's interface in Team when no interface is registered at its address. */
async function ensureSampleInterface(
  you: CountersignClient,
  teammate: CountersignClient,
  organizationId: string,
): Promise<boolean> {
  // The sample ABI loads with the command, not at activation.
  const { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } = await import('../review/sampleToken.js');
  const interfaces = await you.listSmartContractInterfaces({ organizationId });
  if (interfaces.some((i) => i.smartContractAddress.toLowerCase() === SAMPLE_TOKEN_ADDRESS.toLowerCase())) return false;
  const submitted = await you.createSmartContractInterface({
    organizationId,
    parameters: {
      smartContractAddress: SAMPLE_TOKEN_ADDRESS,
      smartContractInterface: JSON.stringify(SAMPLE_TOKEN_ABI),
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
      label: SAMPLE_TOKEN_LABEL,
      notes: 'The local sandbox sample token (nothing is deployed there).',
    },
  });
  if (submitted.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED')
    await teammate.approveActivity({ organizationId, parameters: { fingerprint: submitted.fingerprint } });
  return true;
}

export async function simulate(
  services: Services,
  sandbox: LocalSandbox,
  options: SimulateInput,
): Promise<SimulatedRequests | SimulatedTreasuryRequests | SimulatedSignatureRequest | undefined> {
  const credentials = sandboxCredentials(sandbox);
  const offer = await chooseOffer(services, credentials, options);
  if (!offer) return undefined;
  if (offer.signature) return simulateSignatureInTeam(services, credentials, offer.signature);
  return offer.organization === TREASURY
    ? simulateInTreasury(services, credentials)
    : simulateInTeam(services, credentials);
}

async function simulateInTeam(services: Services, credentials: SandboxCredentials): Promise<SimulatedRequests> {
  const team = teamOf(credentials);
  const signWith = team.privateKeyIds[0] ?? '';
  const teammateName = team.users[1]?.userName ?? '';
  const result = await withProgress(
    vscode.l10n.t('{0} asks Team to sign two transactions…', teammateName),
    async () => {
      const remote = await loadRemoteApi();
      const you = await teammateClient(credentials, team, team.users[0]);
      const teammate = await teammateClient(credentials, team, team.users[1]);
      try {
        const organizationId = team.organizationId;
        const registered = await ensureSampleInterface(you, teammate, organizationId);
        const nonce = simulatedNonce();
        const sign = (to: string, data: string, nonceOffset: bigint) =>
          signOnSepolia(teammate, { organizationId, signWith, to, data, nonce: nonce + nonceOffset });
        // 250 tokens of 18 decimals.
        const transfer = await sign(
          remote.SAMPLE_TOKEN_ADDRESS,
          remote.encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, 250n * 10n ** 18n]),
          0n,
        );
        const unregistered = await sign(
          UNREGISTERED_CONTRACT,
          remote.encodeFunctionCall('function approve(address spender, uint256 amount)', [RECIPIENT, 2n ** 256n - 1n]),
          1n,
        );
        return { transfer, unregistered, registered };
      } finally {
        await Promise.all([you.close(), teammate.close()]);
      }
    },
  );
  const store = await services.store();
  store.submit(result.transfer);
  // The sample token's interface may have been registered on the way.
  store.submit(result.unregistered, { organization: true });
  const message = simulationDone(
    { teammate: teammateName, you: team.users[0]?.userName ?? '', registered: result.registered },
    vscode.l10n.t,
  );
  offerReview(services, result.transfer, message);
  return { ...result, message };
}

async function simulateSignatureInTeam(
  services: Services,
  credentials: SandboxCredentials,
  signature: SimulatedSignature,
): Promise<SimulatedSignatureRequest> {
  const team = teamOf(credentials);
  const teammateName = team.users[1]?.userName ?? '';
  const activity = await withProgress(vscode.l10n.t('{0} asks Team to sign…', teammateName), () =>
    requestTeamSignature(credentials, team, signature),
  );
  (await services.store()).submit(activity);
  const message = signatureAsked(signature, teammateName);
  offerReview(services, activity, message, vscode.l10n.t('Review Signature'));
  return { signature, activity, message };
}

/** Treasury's requests, and the denial in the words the user read. */
export interface SimulatedTreasuryRequests extends TreasuryRequests {
  readonly deniedBecause: string;
}

async function simulateInTreasury(
  services: Services,
  credentials: SandboxCredentials,
): Promise<SimulatedTreasuryRequests> {
  const { developer, approvers } = treasuryCast(credentials);
  const result = await withProgress(vscode.l10n.t('{0} asks Treasury for a large transfer…', developer.userName), () =>
    requestTreasuryTransfer(credentials),
  );
  (await services.store()).submit(result.transfer);
  // The denying policies by name, as the store read them for the profile now active (one of Treasury's).
  const governance = await (await services.store()).governance().catch(() => undefined);
  const names = result.denied.policyIds.map(
    (id) => governance?.policies.find((policy) => policy.policyId === id)?.policyName ?? id,
  );
  const denied = deniedByText(names, t);
  services.log.info(`Simulated request in Treasury denied: ${result.denied.message}`);
  offerReview(
    services,
    result.transfer,
    vscode.l10n.t(
      '{0} asks Treasury for a transfer of 1500 sample tokens, which waits for two approvals from finance: approve it as {1}, then switch to the profile of {2} and approve it to complete it. Their call to an unregistered contract with the hot key was refused. {3}.',
      developer.userName,
      approvers[0].userName,
      approvers[1].userName,
      denied,
    ),
  );
  return { ...result, deniedBecause: denied };
}

/** Tells what was asked, with a button that opens the request's review page. */
function offerReview(
  services: Services,
  transfer: Activity,
  message: string,
  review = vscode.l10n.t('Review Transfer'),
): void {
  void showInformation(message, review).then((choice) =>
    choice === review ? vscode.commands.executeCommand(CommandIds.reviewActivity, transfer) : undefined,
  );
  services.log.debug("Simulated a teammate's request", { activityId: transfer.id });
}
