/**
 * The contributors of policyContext.ts, one per keyword: each reads the activity and the organization as the
 * service serves them and fills its part of the context. Pure.
 */
import { decodeEthereumTransaction } from '../transactionDecoder';
import { exposesParam } from './activityTypes';
import { ethTxValuesOf } from './ethTx';
import type { ContextSource, PolicyOrganizationUser, PolicyVote } from './contextSource';
import type { PolicyContext, PolicyCredential } from './types';

const APPROVED = 'VOTE_SELECTION_APPROVED';
const SIGN_TRANSACTION_V2 = 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2';

/**
 * `activity.params`: the intent's fields the service shows policies, by their snake_case names, for the types
 * that show them (activityTypes.ts): a raw payload's hash function and encoding for every version of
 * SIGN_RAW_PAYLOAD(S), a transaction's type for SIGN_TRANSACTION_V2 alone.
 */
const PARAMS: ReadonlyArray<readonly [param: string, intentField: string]> = [
  ['hash_function', 'hashFunction'],
  ['encoding', 'encoding'],
  ['type', 'type'],
];

export function activityFields({ activity, intent }: ContextSource, context: PolicyContext): void {
  for (const [param, field] of PARAMS) {
    const value = intent?.[field];
    if (value !== undefined && exposesParam(activity.type, param)) context.activity.params[param] = value;
  }
}

/** The approving votes that count: the first of each user, in the order they came (the submitter's first). */
function approvalsOf(votes: readonly PolicyVote[]): PolicyVote[] {
  const seen = new Set<string>();
  return votes.filter((vote) => {
    if (vote.selection !== APPROVED || seen.has(vote.userId)) return false;
    seen.add(vote.userId);
    return true;
  });
}

/** The credential a vote was stamped with, found by its public key among the voter's API keys and passkeys. */
function credentialOf(vote: PolicyVote, user: PolicyOrganizationUser | undefined): PolicyCredential {
  const publicKey = vote.publicKey ?? '';
  const apiKey = user?.apiKeys.find((key) => key.credential.publicKey === publicKey);
  if (apiKey) return { id: apiKey.apiKeyId, user_id: vote.userId, type: apiKey.credential.type, public_key: publicKey };
  const passkey = user?.authenticators.find((a) => a.credential.publicKey === publicKey);
  if (passkey)
    return {
      id: passkey.authenticatorId,
      user_id: vote.userId,
      type: passkey.credential.type,
      public_key: publicKey,
      credential_id: passkey.credentialId,
    };
  // A credential the user no longer lists: its type from the vote's signature scheme, no id.
  const scheme = vote.scheme ?? '';
  const type = /WEBAUTHN/.test(scheme)
    ? 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR'
    : /API/.test(scheme)
      ? 'CREDENTIAL_TYPE_API_KEY_P256'
      : '';
  return { id: '', user_id: vote.userId, type, public_key: publicKey };
}

/** `approvers` (with their user tags) and `credentials`: one per approving user. */
export function approvalFields({ activity, organization }: ContextSource, context: PolicyContext): void {
  const approvals = approvalsOf(activity.votes);
  const userOf = (userId: string) => organization.users.find((user) => user.userId === userId);
  context.approvers = approvals.map((vote) => ({ id: vote.userId, tags: [...(userOf(vote.userId)?.userTags ?? [])] }));
  context.credentials = approvals.map((vote) => credentialOf(vote, userOf(vote.userId)));
}

/** `private_key`: the key a signing intent names. */
export function privateKeyFields({ signingKey }: ContextSource, context: PolicyContext): void {
  if (!signingKey) return;
  context.private_key = {
    id: signingKey.privateKeyId,
    tags: [...signingKey.privateKeyTags],
    imported: signingKey.imported,
    exported: signingKey.exported,
    label: signingKey.privateKeyName,
  };
}

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * `eth.tx` of an Ethereum sign_transaction, its call decoded with the interface registered for `eth.tx.to`;
 * `eth.tx.from` is the signing key's Ethereum address, or the signing wallet account's. Absent when the transaction
 * cannot be read.
 */
export function ethTxFields(
  { activity, organization, intent, signingKey, wallets }: ContextSource,
  context: PolicyContext,
): void {
  if (activity.type !== SIGN_TRANSACTION_V2 || intent?.['type'] !== 'TRANSACTION_TYPE_ETHEREUM') return;
  const unsigned = intent['unsignedTransaction'];
  if (typeof unsigned !== 'string') return;
  const decoded = decodeEthereumTransaction(unsigned, organization.smartContractInterfaces);
  if (!decoded.ok) return;
  const addresses = signingKey?.addresses ?? [];
  const from =
    addresses.find((a) => a.format === 'ADDRESS_FORMAT_ETHEREUM')?.address ??
    addresses.find((a) => a.address !== undefined && ETHEREUM_ADDRESS.test(a.address))?.address ??
    wallets.wallet_account?.address;
  context.eth = { tx: ethTxValuesOf(decoded.transaction, from) };
}
