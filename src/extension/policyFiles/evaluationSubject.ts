/**
 * What "Evaluate Policy Against Activity…" hands to the one policyContextOf of src/api/policy: the organization as
 * the store read it from the service (users, keys, interfaces), and for a pasted transaction the activity the
 * service would hold, a sign_transaction the current user submits with a key of the organization. Pure.
 */
import type { PolicyActivity, PolicyOrganization, PolicyOrganizationKey } from '../../api/remote';
import type { StoreReads } from './organizationKnowledge';
import type { KnownKey } from './policyKnowledge';

export const SIGN_TRANSACTION_TYPE = 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2';

/** A key as get_organization lists it: the fields a policy reads, where the answer has them. */
function keyOf(raw: NonNullable<StoreReads['organization']>['privateKeys'][number]): PolicyOrganizationKey {
  const loose = raw as { privateKeyTags?: unknown; addresses?: unknown; imported?: unknown; exported?: unknown };
  const tags = Array.isArray(loose.privateKeyTags)
    ? loose.privateKeyTags.filter((tag): tag is string => typeof tag === 'string')
    : [];
  const addresses = Array.isArray(loose.addresses)
    ? (loose.addresses as Array<{ format?: unknown; address?: unknown }>).flatMap((a) =>
        typeof a.address === 'string'
          ? [{ address: a.address, ...(typeof a.format === 'string' ? { format: a.format } : {}) }]
          : [],
      )
    : [];
  return {
    privateKeyId: raw.privateKeyId,
    privateKeyName: raw.privateKeyName,
    privateKeyTags: tags,
    addresses,
    imported: loose.imported === true,
    exported: loose.exported === true,
  };
}

/** The organization in the shapes the service serves it, from what the store read. */
export function policyOrganizationOf(reads: StoreReads): PolicyOrganization {
  return {
    users: reads.users ?? [],
    privateKeys: (reads.organization?.privateKeys ?? []).map(keyOf),
    smartContractInterfaces: reads.interfaces ?? [],
  };
}

/**
 * A pasted transaction as the activity the service would hold: a sign_transaction submitted by `userId` with
 * `key`, approved by the submitter with the API key whose public key is `publicKey` (when known).
 */
export function pastedTransactionActivity(
  unsignedTransaction: string,
  userId: string,
  key: KnownKey | undefined,
  publicKey?: string,
): PolicyActivity {
  return {
    type: SIGN_TRANSACTION_TYPE,
    intent: {
      signTransactionIntentV2: {
        ...(key ? { signWith: key.id } : {}),
        type: 'TRANSACTION_TYPE_ETHEREUM',
        unsignedTransaction: unsignedTransaction.trim(),
      },
    },
    votes: [
      {
        userId,
        selection: 'VOTE_SELECTION_APPROVED',
        ...(publicKey !== undefined ? { publicKey } : {}),
        scheme: 'SIGNATURE_SCHEME_TK_API_P256',
      },
    ],
  };
}
