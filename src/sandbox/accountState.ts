/**
 * How sub-organizations, the people operations and key transfer change the state. Each effect is applied when it is
 * made durable and again when the journal is read back; applying one twice changes nothing more.
 */
import type {
  AccountEffect,
  ApiKeyRecord,
  AuthenticatorRecord,
  Organization,
  OrganizationRecord,
  UserRecord,
} from './records';

/** What of the state's indexes these effects change (state.ts's SandboxState). */
interface AccountIndexes {
  readonly keyOwners: Map<string, readonly { readonly organization: Organization; readonly apiKey: ApiKeyRecord }[]>;
  readonly usersById: Map<string, UserRecord>;
  readonly passkeys: { remove(organization: Organization, authenticator: AuthenticatorRecord): void };
  addOrganization(record: OrganizationRecord): void;
}

/** Forgets the API keys of `user` in `organization` whose ids are listed, from the user and from the key index. */
function forgetApiKeys(state: AccountIndexes, organization: Organization, user: UserRecord, ids: ReadonlySet<string>) {
  for (const key of user.apiKeys.filter((k) => ids.has(k.apiKeyId))) {
    const owners = (state.keyOwners.get(key.publicKey) ?? []).filter(
      (o) => !(o.organization === organization && o.apiKey.apiKeyId === key.apiKeyId),
    );
    if (owners.length === 0) state.keyOwners.delete(key.publicKey);
    else state.keyOwners.set(key.publicKey, owners);
  }
  const kept = user.apiKeys.filter((k) => !ids.has(k.apiKeyId));
  user.apiKeys.splice(0, user.apiKeys.length, ...kept);
}

export function applyAccountEffect(state: AccountIndexes, organization: Organization, effect: AccountEffect): void {
  const { record } = organization;
  switch (effect.op) {
    case 'putOrganization':
      // A copy: the state changes it later, and the effect stays as the journal holds it.
      state.addOrganization(structuredClone(effect.record));
      return;
    case 'deleteApiKeys': {
      const user = record.users.find((u) => u.userId === effect.userId);
      if (!user) return;
      forgetApiKeys(state, organization, user, new Set(effect.apiKeyIds));
      user.updatedAtMs = effect.updatedAtMs;
      return;
    }
    case 'deleteUsers': {
      const gone = new Set(effect.userIds);
      for (const user of record.users.filter((u) => gone.has(u.userId))) {
        forgetApiKeys(state, organization, user, new Set(user.apiKeys.map((k) => k.apiKeyId)));
        for (const authenticator of user.authenticators ?? []) state.passkeys.remove(organization, authenticator);
        state.usersById.delete(user.userId);
        for (const kind of ['privateKey', 'wallet']) organization.importTargets.delete(`${kind}:${user.userId}`);
      }
      const kept = record.users.filter((u) => !gone.has(u.userId));
      record.users.splice(0, record.users.length, ...kept);
      record.rootUserIds = record.rootUserIds.filter((id) => !gone.has(id));
      return;
    }
    case 'updateUser': {
      const user = record.users.find((u) => u.userId === effect.userId);
      if (!user) return;
      Object.assign(user, {
        ...(effect.userName !== undefined ? { userName: effect.userName } : {}),
        ...(effect.userEmail !== undefined ? { userEmail: effect.userEmail } : {}),
        ...(effect.userPhoneNumber !== undefined ? { userPhoneNumber: effect.userPhoneNumber } : {}),
        ...(effect.userTagIds !== undefined ? { userTags: [...effect.userTagIds] } : {}),
        updatedAtMs: effect.updatedAtMs,
      });
      return;
    }
    case 'markPrivateKeyExported': {
      const key = record.privateKeys.find((k) => k.privateKeyId === effect.privateKeyId);
      if (!key) return;
      key.exported = true;
      key.updatedAtMs = effect.updatedAtMs;
      return;
    }
    case 'setImportTarget': {
      const slot = `${effect.kind}:${effect.userId}`;
      if (effect.activityId === null) organization.importTargets.delete(slot);
      else organization.importTargets.set(slot, effect.activityId);
      return;
    }
  }
}
