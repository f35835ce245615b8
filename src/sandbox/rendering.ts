/**
 * How the sandbox's records read on the wire: every answer's activities, votes, users, API keys,
 * passkeys, private keys, tags and smart contract interfaces are rendered here, and nowhere else.
 */
import { API_KEY_SIGNATURE_SCHEME, timestampFromMs } from '../api';
import type {
  ActivityRecord,
  ApiKeyRecord,
  AuthenticatorRecord,
  InterfaceRecord,
  PrivateKeyRecord,
  TagRecord,
  UserRecord,
  UserTagRecord,
  VoteRecord,
} from './state';

/**
 * The activity as the wire carries it, for a viewer who may (or may not) vote on it: canApprove and
 * canReject depend on them. `nested` adds the API document's `result.activity` record, which submit and
 * get_activity answers carry; listings leave it out, since it would double the size of every interface
 * they hold.
 */
export function renderActivity(
  activity: ActivityRecord,
  canVote: boolean,
  usersById: ReadonlyMap<string, UserRecord>,
  nested = true,
): Record<string, unknown> {
  const core: Record<string, unknown> = {
    id: activity.id,
    organizationId: activity.organizationId,
    status: activity.status,
    type: activity.type,
    intent: activity.intent,
    result: activity.result,
    votes: activity.votes.map((v) => renderVote(v, activity.id, usersById.get(v.userId))),
    fingerprint: activity.fingerprint,
    canApprove: canVote,
    canReject: canVote,
    createdAt: timestampFromMs(activity.createdAtMs),
    updatedAt: timestampFromMs(activity.updatedAtMs),
  };
  if (activity.failure) core['failure'] = activity.failure;
  if (activity.appProofs) core['appProofs'] = activity.appProofs;
  // Both readings at once: the spec's fields on the activity, the API document's nested record in result.
  return nested
    ? { ...core, timestampMs: activity.timestampMs, result: { ...activity.result, activity: core } }
    : { ...core, timestampMs: activity.timestampMs };
}

function renderVote(vote: VoteRecord, activityId: string, user: UserRecord | undefined): Record<string, unknown> {
  return {
    id: vote.id,
    userId: vote.userId,
    user: user ? renderUser(user) : { userId: vote.userId },
    activityId,
    selection: vote.selection,
    message: vote.message,
    publicKey: vote.publicKey,
    // The stamp's signature is not kept: stamps never reach the disk.
    signature: '',
    scheme: API_KEY_SIGNATURE_SCHEME,
    createdAt: timestampFromMs(vote.createdAtMs),
  };
}

export function renderApiKey(key: ApiKeyRecord): Record<string, unknown> {
  return {
    credential: { publicKey: key.publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
    apiKeyId: key.apiKeyId,
    apiKeyName: key.apiKeyName,
    createdAt: timestampFromMs(key.createdAtMs),
    updatedAt: timestampFromMs(key.createdAtMs),
    ...(key.expirationSeconds !== undefined ? { expirationSeconds: key.expirationSeconds } : {}),
  };
}

/** A passkey as the service lists it; one registered without an attestation reads as a "none" one. */
export function renderAuthenticator(authenticator: AuthenticatorRecord): Record<string, unknown> {
  return {
    transports: authenticator.transports ?? ['AUTHENTICATOR_TRANSPORT_INTERNAL'],
    attestationType: authenticator.attestationType ?? 'none',
    aaguid: authenticator.aaguid ?? '00000000-0000-0000-0000-000000000000',
    credentialId: authenticator.credentialId,
    model: 'Passkey',
    credential: { publicKey: authenticator.publicKey, type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
    authenticatorId: authenticator.authenticatorId,
    authenticatorName: authenticator.authenticatorName,
    createdAt: timestampFromMs(authenticator.createdAtMs),
    updatedAt: timestampFromMs(authenticator.createdAtMs),
  };
}

export function renderUser(user: UserRecord): Record<string, unknown> {
  return {
    userId: user.userId,
    userName: user.userName,
    authenticators: (user.authenticators ?? []).map(renderAuthenticator),
    ...(user.userEmail !== undefined ? { userEmail: user.userEmail } : {}),
    ...(user.userPhoneNumber !== undefined ? { userPhoneNumber: user.userPhoneNumber } : {}),
    apiKeys: user.apiKeys.map(renderApiKey),
    userTags: [...(user.userTags ?? [])],
    oauthProviders: [],
    createdAt: timestampFromMs(user.createdAtMs),
    updatedAt: timestampFromMs(user.updatedAtMs ?? user.createdAtMs),
    mfaPolicies: [],
  };
}

export function renderPrivateKey(key: PrivateKeyRecord): Record<string, unknown> {
  return {
    privateKeyId: key.privateKeyId,
    publicKey: key.publicKey,
    privateKeyName: key.privateKeyName,
    curve: key.curve,
    addresses: key.addresses,
    privateKeyTags: key.privateKeyTags,
    createdAt: timestampFromMs(key.createdAtMs),
    updatedAt: timestampFromMs(key.updatedAtMs),
    exported: key.exported,
    imported: key.imported,
  };
}

export function renderInterface(organizationId: string, i: InterfaceRecord): Record<string, unknown> {
  return {
    organizationId,
    smartContractInterfaceId: i.smartContractInterfaceId,
    smartContractAddress: i.smartContractAddress,
    smartContractInterface: i.smartContractInterface,
    type: i.type,
    label: i.label,
    notes: i.notes,
    createdAt: timestampFromMs(i.createdAtMs),
    updatedAt: timestampFromMs(i.createdAtMs),
  };
}

export function renderTag(tag: TagRecord): Record<string, unknown> {
  return {
    tagId: tag.tagId,
    tagName: tag.tagName,
    tagType: 'TAG_TYPE_PRIVATE_KEY',
    createdAt: timestampFromMs(tag.createdAtMs),
    updatedAt: timestampFromMs(tag.updatedAtMs ?? tag.createdAtMs),
  };
}

export function renderUserTag(tag: UserTagRecord): Record<string, unknown> {
  return {
    tagId: tag.tagId,
    tagName: tag.tagName,
    tagType: 'TAG_TYPE_USER',
    createdAt: timestampFromMs(tag.createdAtMs),
    updatedAt: timestampFromMs(tag.updatedAtMs),
  };
}
