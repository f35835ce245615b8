/**
 * "Simulate a Teammate's Request" in Treasury, the local sandbox's organization governed by policies: its
 * developer asks the hot key to sign a transfer of the sample token above the cap, which waits for two approvals
 * from users tagged finance (you vote as the first approver, then as the second); and a call to a contract nobody
 * registered, which the policy on hot keys denies at once. The denial is told with the policy's name.
 */
import * as vscode from 'vscode';
import { InvalidInputError, ServiceError, type Activity } from '../../api';
import * as remote from '../../api/remote';
import type { SandboxCredentials, SandboxOrganizationRecord } from '../sandboxProcess';
import { signOnSepolia, simulatedNonce, teammateClient } from './sandboxTeammates';

export const TREASURY = 'Treasury';
/** The seed's names for Treasury's users (the sandbox's treasurySeed.ts). */
const DEVELOPER = 'Treasury developer';
const APPROVERS = ['Treasury approver 1', 'Treasury approver 2'] as const;
/** 1500 tokens of 18 decimals: above the cap of 1000 under which the developer signs alone. */
const LARGE_TRANSFER = 1500n * 10n ** 18n;
const RECIPIENT = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const UNREGISTERED_CONTRACT = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
/** Where the service's denial lists each policy's outcome. */
const POLICY_EVALUATIONS_TYPE = /PolicyEvaluations$/;

/** A request the service refused at once. */
export interface DeniedRequest {
  /** The id the activity would have had (get_policy_evaluations reads its evaluation). */
  readonly activityId: string | undefined;
  /** The ids of the policies that denied it. */
  readonly policyIds: readonly string[];
  /** The service's message. */
  readonly message: string;
}

export interface TreasuryRequests {
  readonly organization: typeof TREASURY;
  /** The large transfer, waiting for two approvals from finance. */
  readonly transfer: Activity;
  /** The call to an unregistered contract with the hot key. */
  readonly denied: DeniedRequest;
}

type UserRecord = SandboxOrganizationRecord['users'][number];

/** Treasury and the users it plays: its developer and its two finance approvers. */
export function treasuryCast(credentials: SandboxCredentials): {
  readonly treasury: SandboxOrganizationRecord;
  readonly developer: UserRecord;
  readonly approvers: readonly [UserRecord, UserRecord];
  readonly signWith: string;
} {
  const treasury = credentials.organizations.find((o) => o.name === TREASURY && o.parentOrganizationId === null);
  const user = (name: string) => treasury?.users.find((u) => u.userName === name && u.apiKeys.length > 0);
  const developer = user(DEVELOPER);
  const [first, second] = APPROVERS.map(user);
  const signWith = treasury?.privateKeyIds[0];
  if (!treasury || !developer || !first || !second || !signWith) {
    throw new InvalidInputError(
      'local sandbox',
      vscode.l10n.t('The local sandbox has no Treasury organization with its developer, two approvers and a key.'),
    );
  }
  return { treasury, developer, approvers: [first, second], signWith };
}

/** The denial in the service's answer: the policies whose outcome was an explicit deny. */
function denialOf(error: ServiceError): DeniedRequest {
  const details = error.rpcStatus?.details ?? [];
  const evaluations = details.find((detail) => POLICY_EVALUATIONS_TYPE.test(detail['@type'] ?? ''));
  const listed = evaluations?.['policyEvaluations'];
  const outcomes: readonly unknown[] = Array.isArray(listed) ? (listed as unknown[]) : [];
  const policyIds = outcomes.flatMap((entry) => {
    const { policyId, outcome } = (entry ?? {}) as { policyId?: unknown; outcome?: unknown };
    return outcome === 'OUTCOME_DENY_EXPLICIT' && typeof policyId === 'string' ? [policyId] : [];
  });
  const activityId = evaluations?.['activityId'];
  return { activityId: typeof activityId === 'string' ? activityId : undefined, policyIds, message: error.message };
}

/** A request the policies must deny: its denial, or an error when the service let it through. */
async function deniedCall(submit: () => Promise<Activity>): Promise<DeniedRequest> {
  let allowed: Activity;
  try {
    allowed = await submit();
  } catch (error) {
    if (error instanceof ServiceError && error.status === 403) return denialOf(error);
    throw error;
  }
  throw new Error(`The policies let the hot key sign for an unregistered contract (activity ${allowed.id}).`);
}

/** The developer's two requests: the large transfer (it waits) and the call the hot key may not sign (denied). */
export async function requestTreasuryTransfer(credentials: SandboxCredentials): Promise<TreasuryRequests> {
  const { treasury, developer, signWith } = treasuryCast(credentials);
  const client = teammateClient(credentials, treasury, developer);
  try {
    const organizationId = treasury.organizationId;
    const nonce = simulatedNonce();
    const transfer = await signOnSepolia(client, {
      organizationId,
      signWith,
      to: remote.SAMPLE_TOKEN_ADDRESS,
      data: remote.encodeFunctionCall('function transfer(address to, uint256 amount)', [RECIPIENT, LARGE_TRANSFER]),
      nonce,
    });
    const denied = await deniedCall(() =>
      signOnSepolia(client, {
        organizationId,
        signWith,
        to: UNREGISTERED_CONTRACT,
        data: remote.encodeFunctionCall('function approve(address spender, uint256 amount)', [RECIPIENT, 1n]),
        nonce: nonce + 1n,
      }),
    );
    return { organization: TREASURY, transfer, denied };
  } finally {
    await client.close();
  }
}
