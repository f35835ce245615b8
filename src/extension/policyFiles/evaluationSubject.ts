/**
 * What "Evaluate Policy Against Activity…" hands to the one policyContextOf of src/api/policy: the organization as
 * the store read it from the service (users, keys, interfaces), the wallets the activity names found in the
 * store's wallet book by the sandbox's own activityWalletFields, and for a pasted transaction the activity the
 * service would hold, a sign_transaction the current user submits with a key or a wallet account of the
 * organization. Pure.
 */
import {
  activityWalletFields,
  policyContextOf,
  type PolicyActivity,
  type PolicyContext,
  type PolicyOrganization,
  type PolicyOrganizationKey,
  type WalletDirectory,
  type WalletFields,
} from '../../api/remote';
import { ownedAccount, type WalletBook } from '../store/walletBook';
import type { StoreReads } from './organizationKnowledge';

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

/** The wallets and accounts of the store's wallet book, as activityWalletFields looks them up. */
function directoryOf(book: WalletBook): WalletDirectory {
  const wallets = new Map(book.wallets.map(({ wallet }) => [wallet.walletId, wallet]));
  const accounts = new Map(book.wallets.flatMap(({ accounts }) => accounts.map((a) => [a.walletAccountId, a])));
  return {
    wallet: (walletId) => wallets.get(walletId),
    accountAt: (address) => ownedAccount(book, address.trim())?.account,
    account: (walletAccountId) => accounts.get(walletAccountId),
  };
}

/** The wallets and the account an activity names (none without a wallet book), as the sandbox finds them. */
export function walletFieldsFor(activity: PolicyActivity, book: WalletBook | undefined): WalletFields {
  return book ? activityWalletFields(activity, directoryOf(book)) : {};
}

/** What a policy reads about `activity` at `now`, from what the store read: the context the sandbox builds. */
export function evaluationContextOf(activity: PolicyActivity, reads: StoreReads, now: Date): PolicyContext {
  return policyContextOf(activity, policyOrganizationOf(reads), now, walletFieldsFor(activity, reads.walletBook));
}

/**
 * A pasted transaction as the activity the service would hold: a sign_transaction submitted by `userId` with
 * `signWith` (a private key's id or a wallet account's address), approved by the submitter with the API key whose
 * public key is `publicKey` (when known).
 */
export function pastedTransactionActivity(
  unsignedTransaction: string,
  userId: string,
  signWith: string | undefined,
  publicKey?: string,
): PolicyActivity {
  return {
    type: SIGN_TRANSACTION_TYPE,
    intent: {
      signTransactionIntentV2: {
        ...(signWith !== undefined ? { signWith } : {}),
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
