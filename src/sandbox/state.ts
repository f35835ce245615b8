/**
 * The sandbox's data: organizations with their users, API keys, private keys, tags, smart contract
 * interfaces and activities. Every change is a journal record (see `SandboxRecord`), applied by
 * `apply` both when it happens and when the journal is replayed, so the two can never disagree.
 * Activities are kept by the activity store (activityStore.ts), which reads them back from the journal
 * unparsed and parses each on first read.
 */
import type { KnownActivityStatus } from '../api';
import { ActivityStore, UnreadActivities, type StoredActivity } from './activityStore';
import { PasskeyIndex } from './passkeyIndex';
import { OrganizationPolicies, type PolicyStateEffect } from './policyRecords';

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
  readonly apiKeys: ApiKeyRecord[];
  /** Absent in journals written before passkeys were accepted, which means none; created on the first one. */
  authenticators?: AuthenticatorRecord[];
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
  readonly exported: boolean;
  readonly imported: boolean;
  readonly createdAtMs: number;
  updatedAtMs: number;
}

export interface TagRecord {
  readonly tagId: string;
  readonly tagName: string;
  readonly privateKeyIds: readonly string[];
  readonly createdAtMs: number;
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
  readonly rootQuorum: number;
  readonly rootUserIds: readonly string[];
  readonly users: UserRecord[];
  readonly privateKeys: PrivateKeyRecord[];
  readonly createdAtMs: number;
}

/** What the journal holds. Each record is self-contained and idempotent to apply. */
export type SandboxRecord =
  | { readonly kind: 'seed'; readonly organizations: readonly OrganizationRecord[] }
  /** Activities changed together (a vote and its target) are one record, so both or neither survive. */
  | {
      readonly kind: 'activities';
      readonly activities: readonly ActivityRecord[];
      readonly effects?: readonly Effect[];
    }
  | { readonly kind: 'effects'; readonly effects: readonly Effect[] }
  /** A journal written before the sandbox could sign gains signing keys: once, at start-up. */
  | { readonly kind: 'signingKeys'; readonly keys: readonly SigningKeyGrant[] };

/** A fresh key pair for an existing secp256k1 private key whose private half was never kept. */
export interface SigningKeyGrant {
  readonly organizationId: string;
  readonly privateKeyId: string;
  readonly publicKey: string;
  readonly addresses: PrivateKeyRecord['addresses'];
  readonly signingKey: string;
}

export type Effect =
  /** Policies created, updated or deleted, and each evaluation of them (policyRecords.ts). */
  | PolicyStateEffect
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
  | { readonly op: 'setFeature'; readonly organizationId: string; readonly name: string; readonly value?: string };

const INTERFACE_INTENT_KEY = 'createSmartContractInterfaceIntent';

/** What creating a smart contract interface changes: the interface, described by the activity's own intent. */
export function interfaceCreated(
  organizationId: string,
  activityId: string,
  smartContractInterfaceId: string,
  createdAtMs: number,
): Effect {
  return { op: 'putInterfaceFromIntent', organizationId, activityId, smartContractInterfaceId, createdAtMs };
}

export interface Organization {
  readonly record: OrganizationRecord;
  readonly interfaces: Map<string, InterfaceRecord>;
  readonly tags: Map<string, TagRecord>;
  /** Organization features by name (FEATURE_NAME_…), as set_organization_feature left them. */
  readonly features: Map<string, string>;
  /** Its policies and the record of every evaluation of them. */
  readonly policies: OrganizationPolicies;
  deleted: boolean;
}

export interface KeyOwner {
  readonly organization: Organization;
  readonly user: UserRecord;
  readonly apiKey: ApiKeyRecord;
}

export interface AuthenticatorOwner {
  readonly organization: Organization;
  readonly user: UserRecord;
  readonly authenticator: AuthenticatorRecord;
}

/** Who stamped a request: an API key's owner or a passkey's. */
export type Caller = KeyOwner | AuthenticatorOwner;

/** The public key that signed the caller's stamp. */
export function callerPublicKey(caller: Caller): string {
  return 'apiKey' in caller ? caller.apiKey.publicKey : caller.authenticator.publicKey;
}

type InterfaceCreated = Pick<
  Extract<Effect, { op: 'putInterfaceFromIntent' }>,
  'activityId' | 'smartContractInterfaceId' | 'createdAtMs'
>;

function interfaceOfIntent(effect: InterfaceCreated, activity: ActivityRecord): InterfaceRecord {
  const intent = activity.intent[INTERFACE_INTENT_KEY] as Partial<Record<keyof InterfaceRecord, string>> | undefined;
  if (intent === undefined)
    throw new Error(`interface ${effect.smartContractInterfaceId}: activity ${effect.activityId} has no intent`);
  return {
    smartContractInterfaceId: effect.smartContractInterfaceId,
    smartContractAddress: intent.smartContractAddress ?? '',
    smartContractInterface: intent.smartContractInterface ?? '',
    type: intent.type ?? '',
    label: intent.label ?? '',
    notes: intent.notes ?? '',
    createdAtMs: effect.createdAtMs,
  };
}

/** An interface whose activity is still unread in the journal: its fields are read from the intent on first use. */
class InterfaceFromIntent implements InterfaceRecord {
  readonly smartContractInterfaceId: string;
  readonly createdAtMs: number;
  #activity: StoredActivity<ActivityRecord> | undefined;
  #read: InterfaceRecord | undefined;

  constructor(effect: InterfaceCreated, activity: StoredActivity<ActivityRecord>) {
    this.smartContractInterfaceId = effect.smartContractInterfaceId;
    this.createdAtMs = effect.createdAtMs;
    this.#activity = activity;
  }

  #fields(): InterfaceRecord {
    if (this.#read === undefined) {
      const activity = this.#activity as StoredActivity<ActivityRecord>;
      this.#read = interfaceOfIntent(
        {
          activityId: activity.id,
          smartContractInterfaceId: this.smartContractInterfaceId,
          createdAtMs: this.createdAtMs,
        },
        activity.record,
      );
      this.#activity = undefined;
    }
    return this.#read;
  }

  get smartContractAddress(): string {
    return this.#fields().smartContractAddress;
  }

  get smartContractInterface(): string {
    return this.#fields().smartContractInterface;
  }

  get type(): string {
    return this.#fields().type;
  }

  get label(): string {
    return this.#fields().label;
  }

  get notes(): string {
    return this.#fields().notes;
  }
}

export class SandboxState {
  readonly organizations = new Map<string, Organization>();
  /** Every activity, by id, fingerprint, submission and organization. */
  readonly activities = new ActivityStore<ActivityRecord>();
  /** Public key (lowercase compressed hex) → where it is registered. */
  readonly keyOwners = new Map<string, KeyOwner[]>();
  /** Passkeys, by organization and credential id together. */
  readonly passkeys = new PasskeyIndex<AuthenticatorOwner>();
  readonly usersById = new Map<string, UserRecord>();

  get seeded(): boolean {
    return this.organizations.size > 0;
  }

  /** Applies a record: one just made durable, or one read back from the journal (maybe with its activities unread). */
  apply(record: SandboxRecord | UnreadActivities): void {
    if (record instanceof UnreadActivities) {
      this.activities.putUnread(record);
      for (const effect of record.effects) this.#applyEffect(effect as Effect);
      return;
    }
    switch (record.kind) {
      case 'seed':
        // Records are fresh objects (built for this change, or parsed from the journal), so they are kept as they are.
        for (const org of record.organizations) this.#addOrganization(org);
        return;
      case 'activities':
        for (const activity of record.activities) this.activities.put(activity);
        for (const effect of record.effects ?? []) this.#applyEffect(effect);
        return;
      case 'effects':
        for (const effect of record.effects) this.#applyEffect(effect);
        return;
      case 'signingKeys':
        for (const grant of record.keys) {
          const key = this.organizations
            .get(grant.organizationId)
            ?.record.privateKeys.find((k) => k.privateKeyId === grant.privateKeyId);
          if (!key) continue;
          key.publicKey = grant.publicKey;
          key.addresses = grant.addresses;
          key.signingKey = grant.signingKey;
        }
        return;
    }
  }

  #addOrganization(record: OrganizationRecord): void {
    const organization: Organization = {
      record,
      interfaces: new Map(),
      tags: new Map(),
      features: new Map(),
      policies: new OrganizationPolicies(),
      deleted: false,
    };
    this.organizations.set(record.organizationId, organization);
    for (const user of record.users) this.usersById.set(user.userId, user);
    for (const user of record.users) for (const apiKey of user.apiKeys) this.#indexKey(organization, user, apiKey);
    for (const user of record.users)
      for (const authenticator of user.authenticators ?? []) this.passkeys.add({ organization, user, authenticator });
  }

  #indexKey(organization: Organization, user: UserRecord, apiKey: ApiKeyRecord): void {
    const owners = this.keyOwners.get(apiKey.publicKey) ?? [];
    owners.push({ organization, user, apiKey });
    this.keyOwners.set(apiKey.publicKey, owners);
  }

  /**
   * The interface an activity's intent describes (the activity is in the same record, applied just before): read
   * from the intent now when the activity is in memory, on first read when it is still unread in the journal.
   */
  #interfaceFromIntent(effect: Extract<Effect, { op: 'putInterfaceFromIntent' }>): InterfaceRecord {
    const activity = this.activities.entry(effect.activityId);
    if (activity === undefined)
      throw new Error(`interface ${effect.smartContractInterfaceId}: activity ${effect.activityId} is unknown`);
    return activity.parsed ? interfaceOfIntent(effect, activity.record) : new InterfaceFromIntent(effect, activity);
  }

  #applyEffect(effect: Effect): void {
    const organization = this.organizations.get(effect.organizationId);
    if (!organization) return;
    switch (effect.op) {
      case 'putPolicies':
      case 'deletePolicies':
      case 'putPolicyEvaluation':
        organization.policies.apply(effect);
        return;
      case 'putInterface':
        organization.interfaces.set(effect.record.smartContractInterfaceId, effect.record);
        return;
      case 'putInterfaceFromIntent': {
        const record = this.#interfaceFromIntent(effect);
        organization.interfaces.set(record.smartContractInterfaceId, record);
        return;
      }
      case 'deleteInterface':
        organization.interfaces.delete(effect.smartContractInterfaceId);
        return;
      case 'putTag': {
        organization.tags.set(effect.record.tagId, effect.record);
        for (const key of organization.record.privateKeys) {
          if (
            effect.record.privateKeyIds.includes(key.privateKeyId) &&
            !key.privateKeyTags.includes(effect.record.tagId)
          ) {
            key.privateKeyTags.push(effect.record.tagId);
            key.updatedAtMs = effect.record.createdAtMs;
          }
        }
        return;
      }
      case 'deleteOrganization':
        organization.deleted = true;
        return;
      case 'setFeature':
        if (effect.value === undefined) organization.features.delete(effect.name);
        else organization.features.set(effect.name, effect.value);
        return;
      case 'putApiKey': {
        const user = organization.record.users.find((u) => u.userId === effect.userId);
        if (!user || user.apiKeys.some((k) => k.apiKeyId === effect.record.apiKeyId)) return;
        user.apiKeys.push(effect.record);
        this.#indexKey(organization, user, effect.record);
        return;
      }
      case 'putAuthenticator': {
        const user = organization.record.users.find((u) => u.userId === effect.userId);
        if (!user || (user.authenticators ?? []).some((a) => a.authenticatorId === effect.record.authenticatorId))
          return;
        (user.authenticators ??= []).push(effect.record);
        this.passkeys.add({ organization, user, authenticator: effect.record });
        return;
      }
      case 'deleteAuthenticator': {
        const user = organization.record.users.find((u) => u.userId === effect.userId);
        const index = user?.authenticators?.findIndex((a) => a.authenticatorId === effect.authenticatorId) ?? -1;
        if (!user?.authenticators || index === -1) return;
        const [removed] = user.authenticators.splice(index, 1);
        if (removed) this.passkeys.remove(organization, removed);
        return;
      }
    }
  }
}
