/**
 * The shapes of the sandbox's data as the journal holds them: organizations, users, keys, tags, interfaces,
 * activities, and the records and effects that change them. How they are applied is in state.ts.
 */
import type { KnownActivityStatus } from '../api';
import type { OrganizationPolicies, PolicyStateEffect } from './policyRecords';
import type { WalletEffect } from './wallets/walletRecords';
import type { OrganizationWallets } from './wallets/walletState';

export interface ApiKeyRecord {
  readonly apiKeyId: string;
  readonly apiKeyName: string;
  readonly publicKey: string;
  readonly createdAtMs: number;
  /** Lifetime in seconds from creation; absent for keys that never expire. */
  readonly expirationSeconds?: string;
}

/** A passkey (WebAuthn credential) registered to a user. */
export interface AuthenticatorRecord {
  readonly authenticatorId: string;
  readonly authenticatorName: string;
  /** base64url without padding: the spelling stamps are looked up by. */
  readonly credentialId: string;
  /** The credential's P-256 public key as compressed SEC1 hex, the same form as an API key's. */
  readonly publicKey: string;
  readonly createdAtMs: number;
  /** What its attestation said; absent for passkeys registered before enrolment was served (read as "none"). */
  readonly aaguid?: string;
  readonly attestationType?: string;
  readonly transports?: readonly string[];
}

export interface UserRecord {
  readonly userId: string;
  readonly userName: string;
  readonly createdAtMs: number;
  readonly userEmail?: string;
  readonly userPhoneNumber?: string;
  readonly apiKeys: ApiKeyRecord[];
  /** Absent in journals written before passkeys were accepted, which means none; created on the first one. */
  authenticators?: AuthenticatorRecord[];
  /** The ids of the user tags on the user; absent (none) for users from before user tags existed. */
  userTags?: string[];
  /** When the user or their tags last changed; absent until the first change. */
  updatedAtMs?: number;
}

export interface PrivateKeyRecord {
  readonly privateKeyId: string;
  readonly privateKeyName: string;
  publicKey: string;
  readonly curve: string;
  addresses: readonly { readonly format: string; readonly address: string }[];
  /**
   * The private half (hex), for keys the sandbox signs with. It lives only in the journal (a private
   * file) and in memory: renderPrivateKey lists fields one by one and leaves it out. Absent in journals
   * written before the sandbox could sign, until their signing-key migration.
   */
  signingKey?: string;
  readonly privateKeyTags: string[];
  /** Set by export_private_key; a sub-organization holding a key never exported is not deleted by default. */
  exported: boolean;
  readonly imported: boolean;
  readonly createdAtMs: number;
  updatedAtMs: number;
}

/** A private key tag; which keys carry it is each key's `privateKeyTags`. */
export interface TagRecord {
  readonly tagId: string;
  tagName: string;
  /** The keys it was created on (kept for journals; the keys' own lists are what counts afterwards). */
  readonly privateKeyIds: readonly string[];
  readonly createdAtMs: number;
  /** When it was last renamed or moved; absent until then. */
  updatedAtMs?: number;
}

/** A user tag; which users carry it is each user's `userTags`. */
export interface UserTagRecord {
  readonly tagId: string;
  tagName: string;
  readonly createdAtMs: number;
  updatedAtMs: number;
}

export interface InterfaceRecord {
  readonly smartContractInterfaceId: string;
  readonly smartContractAddress: string;
  readonly smartContractInterface: string;
  readonly type: string;
  readonly label: string;
  readonly notes: string;
  readonly createdAtMs: number;
}

export interface RpcStatusBody {
  readonly code: number;
  readonly message: string;
  readonly details: readonly Record<string, unknown>[];
}

export interface VoteRecord {
  readonly id: string;
  readonly userId: string;
  readonly selection: 'VOTE_SELECTION_APPROVED' | 'VOTE_SELECTION_REJECTED';
  /** What the voter signed: the sha256 fingerprint of their request body. */
  readonly message: string;
  readonly publicKey: string;
  readonly createdAtMs: number;
}

export interface AppProofRecord {
  readonly scheme: string;
  readonly publicKey: string;
  readonly proofPayload: string;
  readonly signature: string;
}

export interface ActivityRecord {
  readonly id: string;
  readonly organizationId: string;
  readonly type: string;
  readonly fingerprint: string;
  /** The request's own `timestampMs`. */
  readonly timestampMs: string;
  readonly intent: Record<string, unknown>;
  status: KnownActivityStatus;
  result: Record<string, unknown>;
  votes: VoteRecord[];
  failure?: RpcStatusBody;
  appProofs?: AppProofRecord[];
  readonly generateAppProofs: boolean;
  readonly createdAtMs: number;
  updatedAtMs: number;
  /** When the current 24-hour approval window opened (the first vote in it). */
  windowStartMs: number;
  /** Who submitted it, and through which organization's API key. */
  readonly initiatorUserId: string;
  readonly initiatorOrganizationId: string;
}

export interface OrganizationRecord {
  readonly organizationId: string;
  readonly name: string;
  readonly parentOrganizationId: string | null;
  /** Changed only by update_root_quorum: how many root users must approve, and who they are. */
  rootQuorum: number;
  rootUserIds: readonly string[];
  readonly users: UserRecord[];
  readonly privateKeys: PrivateKeyRecord[];
  readonly createdAtMs: number;
}

/** What the journal holds. Each record is self-contained and idempotent to apply. */
export type SandboxRecord =
  /**
   * Organizations, and what they hold besides users and keys (tags, interfaces, policies), applied after them.
   * A journal seeded before an organization of the seed existed gains it by such a record too (Treasury).
   */
  | {
      readonly kind: 'seed';
      readonly organizations: readonly OrganizationRecord[];
      readonly effects?: readonly Effect[];
    }
  /** Activities changed together (a vote and its target) are one record, so both or neither survive. */
  | {
      readonly kind: 'activities';
      readonly activities: readonly ActivityRecord[];
      readonly effects?: readonly Effect[];
    }
  | { readonly kind: 'effects'; readonly effects: readonly Effect[] }
  /** A journal written before the sandbox could sign gains signing keys: once, at start-up. */
  | { readonly kind: 'signingKeys'; readonly keys: readonly SigningKeyGrant[] }
  /** The enclave key that signs export and import bundles: once, at the first start that needs it. */
  | EnclaveKeyRecord;

/** A fresh key pair for an existing secp256k1 private key whose private half was never kept. */
export interface SigningKeyGrant {
  readonly organizationId: string;
  readonly privateKeyId: string;
  readonly publicKey: string;
  readonly addresses: PrivateKeyRecord['addresses'];
  readonly signingKey: string;
}

export type Effect =
  /** Written by journals before interfaces were derived from their activity's intent; still read. */
  | { readonly op: 'putInterface'; readonly organizationId: string; readonly record: InterfaceRecord }
  /**
   * An interface created by an activity in the same record: its address, text, type, label and notes are
   * that activity's intent, so the journal holds them once and they are taken from there when applied.
   */
  | {
      readonly op: 'putInterfaceFromIntent';
      readonly organizationId: string;
      readonly activityId: string;
      readonly smartContractInterfaceId: string;
      readonly createdAtMs: number;
    }
  | { readonly op: 'deleteInterface'; readonly organizationId: string; readonly smartContractInterfaceId: string }
  | { readonly op: 'putTag'; readonly organizationId: string; readonly record: TagRecord }
  | { readonly op: 'deleteOrganization'; readonly organizationId: string }
  | {
      readonly op: 'putApiKey';
      readonly organizationId: string;
      readonly userId: string;
      readonly record: ApiKeyRecord;
    }
  | {
      readonly op: 'putAuthenticator';
      readonly organizationId: string;
      readonly userId: string;
      readonly record: AuthenticatorRecord;
    }
  | {
      readonly op: 'deleteAuthenticator';
      readonly organizationId: string;
      readonly userId: string;
      readonly authenticatorId: string;
    }
  /** An organization feature set (value replaced) or removed (`value` undefined). */
  | { readonly op: 'setFeature'; readonly organizationId: string; readonly name: string; readonly value?: string }
  | PeopleEffect
  /** Policies created, updated or deleted, and each evaluation of them (policyRecords.ts). */
  | PolicyStateEffect
  /** Sub-organizations, the people operations, export and import (below; applied by accountState.ts). */
  | AccountEffect
  /** Wallets and their accounts (wallets/walletRecords.ts). */
  | WalletEffect;

/** Changes to users, user tags, the root quorum, private keys and private key tags (applied by peopleState.ts). */
export type PeopleEffect =
  /** A new user, with their API keys and tags (tag ids that exist). */
  | { readonly op: 'putUser'; readonly organizationId: string; readonly record: UserRecord }
  /** A new user tag, put on the listed users. */
  | {
      readonly op: 'putUserTag';
      readonly organizationId: string;
      readonly record: UserTagRecord;
      readonly userIds: readonly string[];
    }
  | {
      readonly op: 'updateUserTag';
      readonly organizationId: string;
      readonly tagId: string;
      readonly tagName?: string;
      readonly addUserIds: readonly string[];
      readonly removeUserIds: readonly string[];
      readonly updatedAtMs: number;
    }
  /** The tags go, and with them every user's mention of them. */
  | {
      readonly op: 'deleteUserTags';
      readonly organizationId: string;
      readonly tagIds: readonly string[];
      readonly updatedAtMs: number;
    }
  | {
      readonly op: 'setRootQuorum';
      readonly organizationId: string;
      readonly threshold: number;
      readonly userIds: readonly string[];
    }
  /** A new private key; its private half lives in the journal only, as the seed's do. */
  | { readonly op: 'putPrivateKey'; readonly organizationId: string; readonly record: PrivateKeyRecord }
  | {
      readonly op: 'updatePrivateKeyTag';
      readonly organizationId: string;
      readonly tagId: string;
      readonly tagName?: string;
      readonly addPrivateKeyIds: readonly string[];
      readonly removePrivateKeyIds: readonly string[];
      readonly updatedAtMs: number;
    };

/** An organization as the sandbox holds it: its record and what its activities added to it. */
export interface Organization {
  readonly record: OrganizationRecord;
  readonly interfaces: Map<string, InterfaceRecord>;
  /** Private key tags by id. */
  readonly tags: Map<string, TagRecord>;
  /** User tags by id. */
  readonly userTags: Map<string, UserTagRecord>;
  /** Organization features by name (FEATURE_NAME_…), as set_organization_feature left them. */
  readonly features: Map<string, string>;
  /** Its policies and the record of every evaluation of them. */
  readonly policies: OrganizationPolicies;
  /** Its HD wallets and their accounts. */
  readonly wallets: OrganizationWallets;
  deleted: boolean;
  /** The import each user initialised last and has not used, by kind: `${kind}:${userId}` → activity id. */
  readonly importTargets: Map<string, string>;
}

// Sub-organizations, the people operations and key transfer (applied by accountState.ts).

/** What an import was initialised for: a private key here, a wallet too once wallets import. */
export type ImportKind = 'privateKey' | 'wallet';

export type AccountEffect =
  /** A new sub-organization, with its root users and their credentials; `organizationId` is its parent's. */
  | { readonly op: 'putOrganization'; readonly organizationId: string; readonly record: OrganizationRecord }
  | {
      readonly op: 'deleteApiKeys';
      readonly organizationId: string;
      readonly userId: string;
      readonly apiKeyIds: readonly string[];
      readonly updatedAtMs: number;
    }
  /** The users go, with their credentials; their approvals of waiting activities stop counting. */
  | { readonly op: 'deleteUsers'; readonly organizationId: string; readonly userIds: readonly string[] }
  /** The fields present replace the user's; `userTagIds` replaces the whole list of tags. */
  | {
      readonly op: 'updateUser';
      readonly organizationId: string;
      readonly userId: string;
      readonly userName?: string;
      readonly userEmail?: string;
      readonly userPhoneNumber?: string;
      readonly userTagIds?: readonly string[];
      readonly updatedAtMs: number;
    }
  | {
      readonly op: 'markPrivateKeyExported';
      readonly organizationId: string;
      readonly privateKeyId: string;
      readonly updatedAtMs: number;
    }
  /**
   * The import a user initialised last, by the activity that did (its target key is derived from the enclave key and
   * that activity, so no secret is written here); `activityId` null once the import used it.
   */
  | {
      readonly op: 'setImportTarget';
      readonly organizationId: string;
      readonly userId: string;
      readonly kind: ImportKind;
      readonly activityId: string | null;
    };

/** The sandbox's enclave key, made once per data directory: it signs export and import bundles. */
export interface EnclaveKeyRecord {
  readonly kind: 'enclaveKey';
  /** P-256 scalar, hex. The journal is readable by its owner only, as for the keys the sandbox signs with. */
  readonly privateKey: string;
}
