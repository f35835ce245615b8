/**
 * countersign.simulateTeammateRequest: on the local sandbox, Team's second root user (signing with the API key the
 * sandbox keeps for them in its credentials) asks Team's signing key to sign two transactions: an ERC-20
 * `transfer(to, amount)` to the sample token, whose interface is registered in Team first when it is missing (you
 * submit it with your key, your teammate approves it; both the pick and the notification say so), and a call to a
 * contract nobody registered. Both then wait for your vote
 * as Team's first root user; the active profile is switched to that user when you pick the offer.
 *
 * Options: `{ switchProfile?: true }` switches without asking. Returns `{ transfer, unregistered, registered }`:
 * the two activities, and whether the sample interface was registered now.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity, type CountersignClient } from '../../api';
import { CommandIds } from '../commandIds';
import type { LocalSandbox } from '../localSandbox';
import { LOCAL_SANDBOX_PROFILE_ID } from '../profiles/profileStore';
import { loadRemoteApi } from '../remoteApi';
import type { SandboxCredentials, SandboxOrganizationRecord } from '../sandboxProcess';
import type { Services } from '../services';
import { withProgress } from '../ui/progress';
import { pickOne } from '../ui/prompts';
import type { SimulateInput } from './reviewOptions';
import { showInformation } from '../ui/notifications';
import { simulationDone, simulationOffer } from '../wording/simulationWords';

/** EIP-55's examples: who receives the tokens, and a contract with no registered interface. */
const RECIPIENT = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const UNREGISTERED_CONTRACT = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
const SEPOLIA = 11155111;

export interface SimulatedRequests {
  readonly transfer: Activity;
  readonly unregistered: Activity;
  readonly registered: boolean;
  /** What the notification said. */
  readonly message: string;
}

function sandboxCredentials(sandbox: LocalSandbox): SandboxCredentials {
  const credentials = sandbox.running?.credentials ?? sandbox.shared?.credentials;
  if (!credentials) {
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The local sandbox is not running: run "Countersign: Start Local Sandbox" first.'),
    );
  }
  return credentials;
}

async function clientFor(
  credentials: SandboxCredentials,
  team: SandboxOrganizationRecord,
  userIndex: number,
): Promise<CountersignClient> {
  const key = team.users[userIndex]?.apiKeys[0];
  if (!key)
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The Team organization has no second root user with an API key.'),
    );
  const { ApiKeyStamper, CountersignClient } = await loadRemoteApi();
  return new CountersignClient(
    { baseUrl: credentials.baseUrl },
    new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
  );
}

/** Makes Team's first root user the active profile, asking first unless told to. */
async function useTeamProfile(
  services: Services,
  team: SandboxOrganizationRecord,
  switchProfile: boolean | undefined,
): Promise<boolean> {
  const you = team.users[0];
  const teammate = team.users[1];
  if (!you || !teammate) return false;
  const profileId = `${LOCAL_SANDBOX_PROFILE_ID}.${team.organizationId}.${you.userId}`;
  if (services.profiles.active()?.id === profileId) return true;
  const profile = services.profiles.list().find((p) => p.id === profileId);
  if (!profile) {
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The local sandbox made no profile for {0}; start the local sandbox again.', you.userName),
    );
  }
  if (switchProfile !== true) {
    // A pick rather than a modal: Escape leaves everything as it was, and Enter takes the one offer.
    const picked = await pickOne(
      [
        {
          label: vscode.l10n.t('Switch to "{0}"', profile.label),
          iconPath: new vscode.ThemeIcon('account'),
          detail: simulationOffer({ teammate: teammate.userName, you: you.userName }, vscode.l10n.t),
        },
      ],
      {
        title: vscode.l10n.t("Simulate a Teammate's Request"),
        placeHolder: vscode.l10n.t('The requests wait for the vote of a Team root user: switch profile?'),
      },
    );
    if (!picked) return false;
  }
  await vscode.commands.executeCommand(CommandIds.switchProfile, profileId);
  return true;
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
): Promise<SimulatedRequests | undefined> {
  const credentials = sandboxCredentials(sandbox);
  const team = credentials.organizations.find((o) => o.name === 'Team');
  const signWith = team?.privateKeyIds[0];
  const teammateName = team?.users[1]?.userName;
  if (!team || !signWith || teammateName === undefined) {
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The local sandbox has no Team organization with two root users and a signing key.'),
    );
  }
  if (!(await useTeamProfile(services, team, options.switchProfile))) return undefined;

  const result = await withProgress(
    vscode.l10n.t('{0} asks Team to sign two transactions…', teammateName),
    async () => {
      const remote = await loadRemoteApi();
      const you = await clientFor(credentials, team, 0);
      const teammate = await clientFor(credentials, team, 1);
      try {
        const organizationId = team.organizationId;
        const registered = await ensureSampleInterface(you, teammate, organizationId);
        const nonce = BigInt(Math.floor(Date.now() / 1000) % 1000);
        const sign = (to: string, data: string, nonceOffset: bigint) =>
          teammate.signTransaction({
            organizationId,
            parameters: {
              signWith,
              type: 'TRANSACTION_TYPE_ETHEREUM',
              unsignedTransaction: remote.serializeUnsignedTransaction({
                chainId: SEPOLIA,
                nonce: nonce + nonceOffset,
                to,
                data,
                gas: 65_000n,
                maxFeePerGas: 30_000_000_000n,
                maxPriorityFeePerGas: 1_500_000_000n,
              }),
            },
          });
        // 250 tokens of 18 decimals.
        const { SAMPLE_TOKEN_ADDRESS } = await import('../review/sampleToken.js');
        const transfer = await sign(
          SAMPLE_TOKEN_ADDRESS,
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
  services.noteSubmitted(result.transfer);
  services.noteSubmitted(result.unregistered);
  services.fireChange('activities');
  services.fireChange('organization');
  const review = vscode.l10n.t('Review Transfer');
  const message = simulationDone(
    { teammate: teammateName, you: team.users[0]?.userName ?? '', registered: result.registered },
    vscode.l10n.t,
  );
  void showInformation(message, review).then((choice) =>
    choice === review ? vscode.commands.executeCommand(CommandIds.reviewActivity, result.transfer) : undefined,
  );
  return { ...result, message };
}
