/**
 * What a policy reads about an activity the sandbox judges: its records mapped to the shapes it serves (the
 * activity with the approvals that count now, the voters, the keys, the registered interfaces), read by the one
 * policyContextOf of src/api/policy, which the editor's Evaluate Policy reads too.
 */
import { API_KEY_SIGNATURE_SCHEME } from '../api';
import {
  policyContextOf as contextOfServed,
  type PolicyContext,
  type PolicyOrganization,
  type PolicyOrganizationUser,
  type PolicyUser,
  type PolicyVote,
} from '../api/remote';
import { readableInterfaces } from './interfaceFromIntent';
import type { ActivityRecord, Organization, UserRecord, VoteRecord } from './state';
import { walletPolicyFieldsOf } from './wallets/walletPolicyFields';

/** The user as a policy sees them: their id and the ids of their user tags. */
export function policyUserOf(user: UserRecord | undefined, userId: string): PolicyUser {
  return { id: userId, tags: [...(user?.userTags ?? [])] };
}

/** A user as list_users serves them (renderUser), the fields a policy reads. */
function servedUser(user: UserRecord): PolicyOrganizationUser {
  return {
    userId: user.userId,
    userTags: user.userTags ?? [],
    apiKeys: user.apiKeys.map((key) => ({
      apiKeyId: key.apiKeyId,
      credential: { publicKey: key.publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
    })),
    authenticators: (user.authenticators ?? []).map((passkey) => ({
      authenticatorId: passkey.authenticatorId,
      credentialId: passkey.credentialId,
      credential: { publicKey: passkey.publicKey, type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
    })),
  };
}

/** The approving votes that still count (the current window), the submitter's first, one per user. */
export type LiveApprovals = readonly VoteRecord[];

/**
 * The organization as a policy reads it. A class, not an object literal with a getter: one is made for every
 * judgement, and a literal with an accessor is made by the runtime's slow path, many times the cost.
 */
class ServedOrganization implements PolicyOrganization {
  readonly privateKeys: PolicyOrganization['privateKeys'];

  constructor(
    readonly users: readonly PolicyOrganizationUser[],
    private readonly organization: Organization,
  ) {
    this.privateKeys = organization.record.privateKeys;
  }

  /** Read only by a transaction to decode (eth.tx), and an organization gathers many: listed only then. */
  get smartContractInterfaces(): PolicyOrganization['smartContractInterfaces'] {
    return readableInterfaces(this.organization.interfaces);
  }
}

export function policyContextOf(
  activity: ActivityRecord,
  organization: Organization,
  usersById: ReadonlyMap<string, UserRecord>,
  approvals: LiveApprovals,
  now: number,
): PolicyContext {
  const users: PolicyOrganizationUser[] = [];
  // As renderVote serves them.
  const votes: PolicyVote[] = [];
  for (const vote of approvals) {
    const { userId } = vote;
    votes.push({ userId, selection: vote.selection, publicKey: vote.publicKey, scheme: API_KEY_SIGNATURE_SCHEME });
    const user = usersById.get(userId);
    if (user && !users.some((u) => u.userId === userId)) users.push(servedUser(user));
  }
  return contextOfServed(
    { type: activity.type, intent: activity.intent, votes },
    new ServedOrganization(users, organization),
    new Date(now),
    walletPolicyFieldsOf(activity, organization),
  );
}
