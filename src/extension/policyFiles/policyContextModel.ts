/**
 * What a policy would read about an activity, built from what the extension knows (the activity as the service
 * returned it, the organization's users, tags, keys and interfaces): the same context the service's engine reads,
 * for "Evaluate Policy Against Activity…". A pasted transaction is read as a sign_transaction the current user
 * submits with a key of the organization. Pure.
 */
import {
  decodeEthereumTransaction,
  ethTxValuesOf,
  signatureFieldsOf,
  type EthTxValues,
  type PolicyContext,
  type PolicyCredential,
} from '../../api/remote';
import type { KnownKey, PolicyKnowledge } from './policyKnowledge';

export const SIGN_TRANSACTION_TYPE = 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2';

/** The activity as the context needs it (an Activity of the service has these fields). */
export interface ActivityFacts {
  readonly type: string;
  readonly intent: Readonly<Record<string, unknown>>;
  /** Who approved so far, the submitter first (user ids). */
  readonly approverIds: readonly string[];
  /** The credential of each approval, as its vote names it: the key's public key, or the API key's id. */
  readonly approvals?: readonly ApprovalCredential[];
}

export interface ApprovalCredential {
  readonly userId: string;
  readonly publicKey?: string | undefined;
  readonly credentialId?: string | undefined;
  /** The vote's signature scheme, for a credential the organization's users do not list. */
  readonly scheme?: string | undefined;
}

/** `credentials[]` of the context: the user's credential that signed the approval, else what the vote says. */
function credentialOf(approval: ApprovalCredential, knowledge: PolicyKnowledge): PolicyCredential {
  const user = knowledge.users.find((u) => u.id === approval.userId);
  const known = user?.credentials?.find(
    (c) =>
      (approval.publicKey !== undefined && c.publicKey === approval.publicKey) ||
      (approval.credentialId !== undefined && c.id === approval.credentialId),
  );
  if (known) {
    return {
      id: known.id,
      user_id: approval.userId,
      type: known.type,
      public_key: known.publicKey,
      ...(known.credentialId !== undefined ? { credential_id: known.credentialId } : {}),
    };
  }
  const scheme = approval.scheme ?? '';
  return {
    id: approval.credentialId ?? '',
    user_id: approval.userId,
    type: /WEBAUTHN/.test(scheme)
      ? 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR'
      : /API/.test(scheme)
        ? 'CREDENTIAL_TYPE_API_KEY_P256'
        : '',
    public_key: approval.publicKey ?? '',
  };
}

/** `eth.tx` of an unsigned transaction (hex), or the reason it cannot be read. */
export function ethTxValues(
  unsignedTransaction: string,
  knowledge: PolicyKnowledge,
  from: string | undefined,
): EthTxValues | { problem: string } {
  const interfaces = knowledge.interfaces.map((i) => ({
    smartContractInterfaceId: i.id,
    smartContractAddress: i.address,
    smartContractInterface: i.abi,
    label: i.label,
  }));
  const decoded = decodeEthereumTransaction(unsignedTransaction, interfaces);
  if (!decoded.ok) return { problem: decoded.problem };
  return ethTxValuesOf(decoded.transaction, from);
}

function signingKey(knowledge: PolicyKnowledge, signWith: string | undefined): KnownKey | undefined {
  if (signWith === undefined) return undefined;
  const wanted = signWith.toLowerCase();
  return knowledge.privateKeys.find(
    (k) => k.id === signWith || k.addresses.some((address) => address.toLowerCase() === wanted),
  );
}

export function policyContextOf(facts: ActivityFacts, knowledge: PolicyKnowledge, now: Date): PolicyContext {
  const intent = Object.values(facts.intent)[0] as
    | { signWith?: string; type?: string; unsignedTransaction?: string; hashFunction?: string; encoding?: string }
    | undefined;
  const params: Record<string, unknown> = {};
  if (facts.type === SIGN_TRANSACTION_TYPE && intent?.type !== undefined) params['type'] = intent.type;
  if (/SIGN_RAW_PAYLOAD/.test(facts.type)) {
    if (intent?.hashFunction !== undefined) params['hash_function'] = intent.hashFunction;
    if (intent?.encoding !== undefined) params['encoding'] = intent.encoding;
  }
  const approvers = facts.approverIds.map((id) => ({
    id,
    tags: [...(knowledge.users.find((u) => u.id === id)?.tags ?? [])],
  }));
  const context: PolicyContext = {
    activity: { type: facts.type, params },
    approvers,
    credentials: (facts.approvals ?? []).map((approval) => credentialOf(approval, knowledge)),
    now,
  };
  const key = signingKey(knowledge, intent?.signWith);
  if (key) {
    context.private_key = {
      id: key.id,
      tags: [...key.tags],
      imported: key.imported,
      exported: key.exported,
      label: key.name,
    };
  }
  if (
    facts.type === SIGN_TRANSACTION_TYPE &&
    intent?.type === 'TRANSACTION_TYPE_ETHEREUM' &&
    intent.unsignedTransaction !== undefined
  ) {
    const from = key?.addresses.find((a) => /^0x[0-9a-fA-F]{40}$/.test(a));
    const tx = ethTxValues(intent.unsignedTransaction, knowledge, from);
    if (!('problem' in tx)) context.eth = { tx };
  }
  const signature = /SIGN_RAW_PAYLOAD/.test(facts.type) ? signatureFieldsOf(intent) : undefined;
  if (signature) context.eth = signature;
  return context;
}

/** A pasted transaction, as a sign_transaction the user submits with `key`, approved with their API key `apiKeyId`. */
export function pastedTransactionFacts(
  unsignedTransaction: string,
  userId: string,
  key: KnownKey | undefined,
  apiKeyId?: string,
): ActivityFacts {
  return {
    type: SIGN_TRANSACTION_TYPE,
    intent: {
      signTransactionIntentV2: {
        ...(key ? { signWith: key.id } : {}),
        type: 'TRANSACTION_TYPE_ETHEREUM',
        unsignedTransaction: unsignedTransaction.trim(),
      },
    },
    approverIds: [userId],
    approvals: [{ userId, credentialId: apiKeyId, scheme: 'SIGNATURE_SCHEME_TK_API_P256' }],
  };
}
