/**
 * The sandbox's data: organizations with their users, API keys, private keys, tags, smart contract
 * interfaces and activities. Every change is a journal record (see `SandboxRecord` in records.ts), applied
 * by `apply` both when it happens and when the journal is replayed, so the two can never disagree.
 * Activities are kept by the activity store (activityStore.ts), which reads them back from the journal
 * unparsed and parses each on first read; users, tags, the root quorum and keys change in peopleState.ts.
 */
import { applyAccountEffect } from './accountState';
import { ActivityStore, UnreadActivities } from './activityStore';
import { interfaceOfIntent, InterfaceFromIntent } from './interfaceFromIntent';
import { PasskeyIndex } from './passkeyIndex';
import { applyPeopleEffect } from './peopleState';
import { OrganizationPolicies } from './policyRecords';
import { OrganizationWallets } from './wallets/walletState';
import type {
  ActivityRecord,
  ApiKeyRecord,
  AuthenticatorRecord,
  Effect,
  InterfaceRecord,
  Organization,
  OrganizationRecord,
  SandboxRecord,
  UserRecord,
} from './records';

export type * from './records';
export { interfaceCreated } from './interfaceFromIntent';

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

export class SandboxState {
  readonly organizations = new Map<string, Organization>();
  /** Every activity, by id, fingerprint, submission and organization. */
  readonly activities = new ActivityStore<ActivityRecord>();
  /** Public key (lowercase compressed hex) → where it is registered. */
  readonly keyOwners = new Map<string, KeyOwner[]>();
  /** Passkeys, by organization and credential id together. */
  readonly passkeys = new PasskeyIndex<AuthenticatorOwner>();
  readonly usersById = new Map<string, UserRecord>();
  /** The enclave key that signs export and import bundles (P-256 scalar, hex); set once its record is applied. */
  enclaveKey: string | undefined;

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
        for (const effect of record.effects ?? []) this.#applyEffect(effect);
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
      case 'enclaveKey':
        this.enclaveKey = record.privateKey;
        return;
    }
  }

  /** Adds an organization: one of the seed, or a sub-organization an activity created. */
  addOrganization(record: OrganizationRecord): void {
    if (!this.organizations.has(record.organizationId)) this.#addOrganization(record);
  }

  #addOrganization(record: OrganizationRecord): void {
    const organization: Organization = {
      record,
      interfaces: new Map(),
      tags: new Map(),
      userTags: new Map(),
      features: new Map(),
      policies: new OrganizationPolicies(),
      wallets: new OrganizationWallets(),
      deleted: false,
      importTargets: new Map(),
    };
    this.organizations.set(record.organizationId, organization);
    for (const user of record.users) this.indexUser(organization, user);
  }

  /** Makes a user of the organization known: by id, and by each API key and passkey. */
  indexUser(organization: Organization, user: UserRecord): void {
    this.usersById.set(user.userId, user);
    for (const apiKey of user.apiKeys) this.#indexKey(organization, user, apiKey);
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
      case 'putWallet':
      case 'putWalletAccounts':
      case 'updateWallet':
      case 'deleteWallets':
      case 'deleteWalletAccounts':
      case 'setWalletExported':
        organization.wallets.apply(effect);
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
      case 'putUser':
      case 'putUserTag':
      case 'updateUserTag':
      case 'deleteUserTags':
      case 'setRootQuorum':
      case 'putPrivateKey':
      case 'updatePrivateKeyTag':
        applyPeopleEffect(organization, effect, (o, user) => this.indexUser(o, user));
        return;
      case 'putOrganization':
      case 'deleteApiKeys':
      case 'deleteUsers':
      case 'updateUser':
      case 'markPrivateKeyExported':
      case 'setImportTarget':
        applyAccountEffect(this, organization, effect);
    }
  }
}
