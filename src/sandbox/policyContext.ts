/**
 * What a policy reads about an activity (the engine's PolicyContext): its type and the parameters the service
 * exposes, the users who approved it so far (the submitter first) with their tags and the credentials they
 * used, the private key a signing activity names, and for an Ethereum transaction `eth.tx.*`, its call decoded
 * with the interface registered for `eth.tx.to` by the same decoder the review page uses.
 */
import { ActivityType, type SignRawPayloadParameters, type SignTransactionParameters } from '../api';
import {
  decodeEthereumTransaction,
  ethTxValuesOf,
  type EthTxValues,
  type PolicyContext,
  type PolicyCredential,
  type PolicyUser,
} from '../api/remote';
import { readableInterfaces } from './interfaceFromIntent';
import { findSigningKey } from './signingKeys';
import type { ActivityRecord, Organization, UserRecord, VoteRecord } from './state';
import { walletPolicyFieldsOf } from './wallets/walletPolicyFields';

const SIGN_TRANSACTION_INTENT = 'signTransactionIntentV2';
const SIGN_RAW_PAYLOAD_INTENT = 'signRawPayloadIntentV2';

/** The user as a policy sees them: their id and the ids of their user tags. */
export function policyUserOf(user: UserRecord | undefined, userId: string): PolicyUser {
  const tags = (user as { userTags?: readonly string[] } | undefined)?.userTags ?? [];
  return { id: userId, tags: [...tags] };
}

/** The credential a vote was stamped with, found by its public key among the voter's API keys and passkeys. */
function credentialOf(vote: VoteRecord, user: UserRecord | undefined): PolicyCredential {
  const apiKey = user?.apiKeys.find((k) => k.publicKey === vote.publicKey);
  if (apiKey)
    return {
      id: apiKey.apiKeyId,
      user_id: vote.userId,
      type: 'CREDENTIAL_TYPE_API_KEY_P256',
      public_key: vote.publicKey,
    };
  const passkey = user?.authenticators?.find((a) => a.publicKey === vote.publicKey);
  return {
    id: passkey?.authenticatorId ?? '',
    user_id: vote.userId,
    type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
    public_key: vote.publicKey,
    ...(passkey ? { credential_id: passkey.credentialId } : {}),
  };
}

/** `activity.params`: only the fields the service exposes for the type, by their snake_case names. */
function paramsOf(activity: ActivityRecord): Record<string, unknown> {
  if (activity.type === ActivityType.SignRawPayloadV2 || activity.type === ActivityType.SignRawPayloads) {
    const intent = (activity.intent[SIGN_RAW_PAYLOAD_INTENT] ??
      activity.intent['signRawPayloadsIntent']) as SignRawPayloadParameters;
    return { hash_function: intent.hashFunction, encoding: intent.encoding };
  }
  if (activity.type === ActivityType.SignTransactionV2) {
    const intent = activity.intent[SIGN_TRANSACTION_INTENT] as SignTransactionParameters;
    return { type: intent.type };
  }
  return {};
}

/** `eth.tx` of an unsigned Ethereum transaction; undefined when it cannot be read. */
export function ethTxOf(
  unsignedTransaction: string,
  organization: Organization,
  from: string | undefined,
): EthTxValues | undefined {
  const decoded = decodeEthereumTransaction(unsignedTransaction, readableInterfaces(organization.interfaces));
  if (!decoded.ok) return undefined;
  return ethTxValuesOf(decoded.transaction, from);
}

/** The private key a signing activity names, as a policy reads it. */
function privateKeyOf(activity: ActivityRecord, organization: Organization) {
  const intent = (activity.intent[SIGN_TRANSACTION_INTENT] ??
    activity.intent[SIGN_RAW_PAYLOAD_INTENT] ??
    activity.intent['signRawPayloadsIntent']) as { signWith?: string } | undefined;
  if (intent?.signWith === undefined) return undefined;
  return findSigningKey(organization, intent.signWith);
}

/** The approving votes that still count (the current window), the submitter's first, one per user. */
export type LiveApprovals = readonly VoteRecord[];

export function policyContextOf(
  activity: ActivityRecord,
  organization: Organization,
  usersById: ReadonlyMap<string, UserRecord>,
  approvals: LiveApprovals,
  now: number,
): PolicyContext {
  const context: PolicyContext = {
    activity: { type: activity.type, params: paramsOf(activity) },
    approvers: approvals.map((v) => policyUserOf(usersById.get(v.userId), v.userId)),
    credentials: approvals.map((v) => credentialOf(v, usersById.get(v.userId))),
    now: new Date(now),
  };
  const wallets = Object.assign(context, walletPolicyFieldsOf(activity, organization));
  const key = wallets.wallet_account ? undefined : privateKeyOf(activity, organization);
  if (key) {
    context.private_key = {
      id: key.privateKeyId,
      tags: [...key.privateKeyTags],
      imported: key.imported,
      exported: key.exported,
      label: key.privateKeyName,
    };
  }
  if (activity.type === ActivityType.SignTransactionV2) {
    const intent = activity.intent[SIGN_TRANSACTION_INTENT] as SignTransactionParameters;
    if (intent.type === 'TRANSACTION_TYPE_ETHEREUM') {
      const from =
        key?.addresses.find((a) => a.format === 'ADDRESS_FORMAT_ETHEREUM')?.address ?? wallets.wallet_account?.address;
      const tx = ethTxOf(intent.unsignedTransaction, organization, from);
      if (tx) context.eth = { tx };
    }
  }
  return context;
}
