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
 * - Treasury's wallets (simulateTreasuryWallets.ts): its developer asks the cold wallet to sign a transfer, and to be
 *   exported; both wait for two approvals from finance, the first of them yours.
 * The pick, and whom you vote as, are simulateOffers.ts's.
 *
 * Options: `{ organization?: 'Team' | 'Treasury', signature?: 'permit' | 'messageHash', wallets?: true,
 * switchProfile?: true }`; `signature` asks in Team, `wallets` in Treasury; `switchProfile` switches without asking
 * (to Team's profile when no organization is named). Returns, for Team, `{ transfer, unregistered, registered }`:
 * the two activities, and whether the sample interface was registered now; for a signature, `{ signature, activity,
 * message }`; for Treasury, `{ organization, transfer, denied }` (see TreasuryRequests); for its wallets,
 * `{ organization, walletName, transfer, export, message }` (see TreasuryWalletRequests).
 */
import * as vscode from 'vscode';
import type { Activity, CountersignClient } from '../../api';
import { CommandIds } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import * as remote from '../../api/remote';
import type { SandboxCredentials } from '../sandboxProcess';
import type { Services } from '../services';
import { withProgress } from '../ui/progress';
import { deniedByText } from '../wording/policyWords';
import type { SimulateInput, SimulatedSignature } from './reviewOptions';
import { showInformation } from '../ui/notifications';
import { sandboxCredentials, signOnSepolia, simulatedNonce, teammateClient } from './sandboxTeammates';
import { chooseOffer, teamOf } from './simulateOffers';
import { requestTeamSignature, signatureAsked, type SimulatedSignatureRequest } from './simulateSignatures';
import { requestTreasuryTransfer, treasuryCast, TREASURY, type TreasuryRequests } from './simulateTreasury';
import { requestTreasuryWallets, type TreasuryWalletRequests } from './simulateTreasuryWallets';
import { simulationDone } from '../wording/simulationWords';
import { SAMPLE_TOKEN_ABI, SAMPLE_TOKEN_ADDRESS, SAMPLE_TOKEN_LABEL } from '../review/sampleToken';

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

/** Registers the sample token's interface in Team when no interface is registered at its address. */
async function ensureSampleInterface(
  you: CountersignClient,
  teammate: CountersignClient,
  organizationId: string,
): Promise<boolean> {
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
): Promise<
  SimulatedRequests | SimulatedTreasuryRequests | SimulatedWalletRequests | SimulatedSignatureRequest | undefined
> {
  const credentials = sandboxCredentials(sandbox);
  const offer = await chooseOffer(services, credentials, options);
  if (!offer) return undefined;
  if (offer.signature) return simulateSignatureInTeam(services, credentials, offer.signature);
  if (offer.organization !== TREASURY) return simulateInTeam(services, credentials);
  return offer.wallets === true
    ? simulateWalletsInTreasury(services, credentials)
    : simulateInTreasury(services, credentials);
}

async function simulateInTeam(services: Services, credentials: SandboxCredentials): Promise<SimulatedRequests> {
  const team = teamOf(credentials);
  const signWith = team.privateKeyIds[0] ?? '';
  const teammateName = team.users[1]?.userName ?? '';
  const result = await withProgress(
    vscode.l10n.t('{0} asks Team to sign two transactions…', teammateName),
    async () => {
      const you = teammateClient(credentials, team, team.users[0]);
      const teammate = teammateClient(credentials, team, team.users[1]);
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
  await store.submit(result.transfer);
  // The sample token's interface may have been registered on the way.
  await store.submit(result.unregistered, { organization: true });
  const message = simulationDone({
    teammate: teammateName,
    you: team.users[0]?.userName ?? '',
    registered: result.registered,
  });
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
  await (await services.store()).submit(activity);
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
  await (await services.store()).submit(result.transfer);
  // The denying policies by name, as the store read them for the profile now active (one of Treasury's).
  const governance = await (await services.store()).governance().catch(() => undefined);
  const names = result.denied.policyIds.map(
    (id) => governance?.policies.find((policy) => policy.policyId === id)?.policyName ?? id,
  );
  const denied = deniedByText(names);
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

/** Treasury's wallet requests, and what the notification said. */
export interface SimulatedWalletRequests extends TreasuryWalletRequests {
  readonly message: string;
}

async function simulateWalletsInTreasury(
  services: Services,
  credentials: SandboxCredentials,
): Promise<SimulatedWalletRequests> {
  const { developer, approvers } = treasuryCast(credentials);
  const result = await withProgress(
    vscode.l10n.t("{0} asks Treasury's cold wallet for a transfer and an export…", developer.userName),
    () => requestTreasuryWallets(credentials),
  );
  const store = await services.store();
  await store.submit(result.transfer);
  await store.submit(result.export);
  const message = vscode.l10n.t(
    '{0} asks the "{1}" wallet to sign a transfer of 100 sample tokens, and to export its recovery phrase. The policies send both to two finance approvers: approve them as {2}, then switch to the profile of {3} and approve them to complete them.',
    developer.userName,
    result.walletName,
    approvers[0].userName,
    approvers[1].userName,
  );
  offerReview(services, result.transfer, message);
  return { ...result, message };
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
