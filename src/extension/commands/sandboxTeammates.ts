/**
 * The local sandbox's seeded users as teammates: clients signing with the API keys the sandbox keeps for them in
 * its credentials, the profiles it made for them, and the Ethereum transactions the simulations ask them to sign.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity } from '../../api';
import type { LocalSandbox } from '../localSandbox';
import { LOCAL_SANDBOX_PROFILE_ID } from '../profiles/profileStore';
import * as remote from '../../api/remote';
import { ApiKeyStamper, CountersignClient } from '../../api/remote';
import type { SandboxCredentials, SandboxOrganizationRecord } from '../sandboxProcess';

export const SEPOLIA = 11155111;

export function sandboxCredentials(sandbox: LocalSandbox): SandboxCredentials {
  const credentials = sandbox.running?.credentials ?? sandbox.shared?.credentials;
  if (!credentials) {
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The local sandbox is not running: run "Countersign: Start Local Sandbox" first.'),
    );
  }
  return credentials;
}

type SandboxUserRecord = SandboxOrganizationRecord['users'][number];

/** A client signing as the user, with the API key the sandbox keeps for them. */
export function teammateClient(
  credentials: SandboxCredentials,
  organization: SandboxOrganizationRecord,
  user: SandboxUserRecord | undefined,
): CountersignClient {
  const key = user?.apiKeys[0];
  if (!user || !key)
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The {0} organization of the local sandbox has no such user with an API key.', organization.name),
    );
  return new CountersignClient(
    { baseUrl: credentials.baseUrl },
    new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
  );
}

/** The id of the profile the local sandbox made for a user of an organization other than Demo's first. */
export function sandboxProfileId(organization: SandboxOrganizationRecord, user: SandboxUserRecord): string {
  return `${LOCAL_SANDBOX_PROFILE_ID}.${organization.organizationId}.${user.userId}`;
}

/** A nonce that differs between runs a second apart, so the simulated transactions are not all alike. */
export function simulatedNonce(): bigint {
  return BigInt(Math.floor(Date.now() / 1000) % 1000);
}

/** Asks the key `signWith` to sign an EIP-1559 transaction on Sepolia calling `to` with `data`. */
export async function signOnSepolia(
  client: CountersignClient,
  request: { organizationId: string; signWith: string; to: string; data: string; nonce: bigint },
): Promise<Activity> {
  return client.signTransaction({
    organizationId: request.organizationId,
    parameters: {
      signWith: request.signWith,
      type: 'TRANSACTION_TYPE_ETHEREUM',
      unsignedTransaction: remote.serializeUnsignedTransaction({
        chainId: SEPOLIA,
        nonce: request.nonce,
        to: request.to,
        data: request.data,
        gas: 65_000n,
        maxFeePerGas: 30_000_000_000n,
        maxPriorityFeePerGas: 1_500_000_000n,
      }),
    },
  });
}
