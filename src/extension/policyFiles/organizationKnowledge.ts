/**
 * What the store read of the organization, as the policy file features know it (policyKnowledge.ts): read by
 * readStoreReads, turned into knowledge by knowledgeOf (pure).
 */
import type { OrganizationData, Policy, SmartContractInterface, Tag, User } from '../../api';
import type { Governance } from '../store/governance';
import { accountLabel, ownedAccount, type WalletBook } from '../store/walletBook';
import type { KnownCredential, KnownKey, KnownWallet, PolicyKnowledge } from './policyKnowledge';

export interface StoreReads {
  readonly policies?: readonly Policy[] | undefined;
  readonly users?: readonly User[] | undefined;
  readonly userTags?: readonly Tag[] | undefined;
  readonly privateKeyTags?: readonly Tag[] | undefined;
  readonly organization?: OrganizationData | undefined;
  readonly interfaces?: readonly SmartContractInterface[] | undefined;
  /** The wallets with every account (store.walletBook()). */
  readonly walletBook?: WalletBook | undefined;
}

/** What the store reads that the policy features need; structural, so that tests may pass their own. */
export interface PolicyStoreReader {
  governance(): Promise<Governance | undefined>;
  organizationData(): Promise<OrganizationData | undefined>;
  interfaces(): Promise<readonly SmartContractInterface[] | undefined>;
  walletBook(): Promise<WalletBook | undefined>;
}

/** Everything the policy features read, at once; a failed read of the wallets leaves them out (keys still known). */
export async function readStoreReads(
  store: PolicyStoreReader,
): Promise<StoreReads & { readonly governance: Governance | undefined }> {
  const [governance, organization, interfaces, walletBook] = await Promise.all([
    store.governance(),
    store.organizationData(),
    store.interfaces(),
    store.walletBook().catch(() => undefined),
  ]);
  return { ...governance, governance, organization, interfaces, walletBook };
}

function walletsOf(book: WalletBook): KnownWallet[] {
  return book.wallets.map(({ wallet, accounts }) => ({
    id: wallet.walletId,
    name: wallet.walletName,
    imported: wallet.imported,
    exported: wallet.exported,
    accounts: accounts.map((account) => ({
      address: account.address,
      // The one name the store gives it (walletBook.ts), as every place that shows an address.
      name: ownedAccount(book, account.address)?.name ?? accountLabel(account),
      addressFormat: account.addressFormat,
    })),
  }));
}

function keyOf(raw: OrganizationData['privateKeys'][number]): KnownKey {
  const loose = raw as {
    privateKeyTags?: unknown;
    addresses?: unknown;
    imported?: unknown;
    exported?: unknown;
  };
  const tags = Array.isArray(loose.privateKeyTags)
    ? loose.privateKeyTags.filter((t): t is string => typeof t === 'string')
    : [];
  const addresses = Array.isArray(loose.addresses)
    ? (loose.addresses as Array<{ address?: unknown }>)
        .map((a) => a.address)
        .filter((a): a is string => typeof a === 'string')
    : [];
  return {
    id: raw.privateKeyId,
    name: raw.privateKeyName,
    tags,
    addresses,
    imported: loose.imported === true,
    exported: loose.exported === true,
  };
}

/** A user's API keys and passkeys, as `credentials` of a consensus reads them. */
function credentialsOf(user: User): KnownCredential[] {
  return [
    ...user.apiKeys.map((key) => ({
      id: key.apiKeyId,
      type: key.credential.type,
      publicKey: key.credential.publicKey,
    })),
    ...user.authenticators.map((passkey) => ({
      id: passkey.authenticatorId,
      type: passkey.credential.type,
      publicKey: passkey.credential.publicKey,
      credentialId: passkey.credentialId,
    })),
  ];
}

export function knowledgeOf(reads: StoreReads): PolicyKnowledge {
  const names = new Map((reads.organization?.users ?? []).map((u) => [u.userId, u.userName]));
  return {
    users: (reads.users ?? []).map((u) => ({
      id: u.userId,
      name: u.userName || names.get(u.userId) || u.userId,
      tags: [...u.userTags],
      credentials: credentialsOf(u),
    })),
    userTags: (reads.userTags ?? []).map((tag) => ({ id: tag.tagId, name: tag.tagName })),
    privateKeyTags: (reads.privateKeyTags ?? []).map((tag) => ({ id: tag.tagId, name: tag.tagName })),
    privateKeys: (reads.organization?.privateKeys ?? []).map(keyOf),
    interfaces: (reads.interfaces ?? []).map((sci) => ({
      id: sci.smartContractInterfaceId,
      address: sci.smartContractAddress,
      label: sci.label,
      abi: sci.smartContractInterface,
    })),
    ...(reads.walletBook ? { wallets: walletsOf(reads.walletBook) } : {}),
  };
}
