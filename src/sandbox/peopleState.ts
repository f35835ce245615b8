/**
 * How the people and tags of an organization change: users, user tags, the root quorum, private keys and
 * private key tags. Each effect is applied both when it is made durable and when the journal is read back, and
 * applying one twice changes nothing more (a user or key already there is left as it is).
 */
import type { Organization, PeopleEffect, UserRecord } from './records';

function without(list: readonly string[], removed: ReadonlySet<string>): string[] {
  return list.filter((id) => !removed.has(id));
}

/** `indexUser` makes a new user known to the state's indexes (by id, API key and passkey). */
export function applyPeopleEffect(
  organization: Organization,
  effect: PeopleEffect,
  indexUser: (organization: Organization, user: UserRecord) => void,
): void {
  const { record } = organization;
  switch (effect.op) {
    case 'putUser': {
      if (record.users.some((u) => u.userId === effect.record.userId)) return;
      record.users.push(effect.record);
      indexUser(organization, effect.record);
      return;
    }
    case 'putUserTag': {
      organization.userTags.set(effect.record.tagId, effect.record);
      const tagged = new Set(effect.userIds);
      for (const user of record.users) {
        if (!tagged.has(user.userId)) continue;
        const tags = (user.userTags ??= []);
        if (!tags.includes(effect.record.tagId)) tags.push(effect.record.tagId);
        user.updatedAtMs = effect.record.createdAtMs;
      }
      return;
    }
    case 'updateUserTag': {
      const tag = organization.userTags.get(effect.tagId);
      if (!tag) return;
      if (effect.tagName !== undefined) tag.tagName = effect.tagName;
      tag.updatedAtMs = effect.updatedAtMs;
      const added = new Set(effect.addUserIds);
      const removed = new Set(effect.removeUserIds);
      for (const user of record.users) {
        if (removed.has(user.userId) && user.userTags?.includes(effect.tagId)) {
          user.userTags = without(user.userTags, new Set([effect.tagId]));
          user.updatedAtMs = effect.updatedAtMs;
        } else if (added.has(user.userId) && !user.userTags?.includes(effect.tagId)) {
          (user.userTags ??= []).push(effect.tagId);
          user.updatedAtMs = effect.updatedAtMs;
        }
      }
      return;
    }
    case 'deleteUserTags': {
      const deleted = new Set(effect.tagIds);
      for (const tagId of deleted) organization.userTags.delete(tagId);
      for (const user of record.users) {
        if (!user.userTags?.some((id) => deleted.has(id))) continue;
        user.userTags = without(user.userTags, deleted);
        user.updatedAtMs = effect.updatedAtMs;
      }
      return;
    }
    case 'setRootQuorum':
      record.rootQuorum = effect.threshold;
      record.rootUserIds = [...effect.userIds];
      return;
    case 'putPrivateKey':
      if (record.privateKeys.some((k) => k.privateKeyId === effect.record.privateKeyId)) return;
      record.privateKeys.push(effect.record);
      return;
    case 'updatePrivateKeyTag': {
      const tag = organization.tags.get(effect.tagId);
      if (!tag) return;
      if (effect.tagName !== undefined) tag.tagName = effect.tagName;
      tag.updatedAtMs = effect.updatedAtMs;
      const added = new Set(effect.addPrivateKeyIds);
      const removed = new Set(effect.removePrivateKeyIds);
      for (const key of record.privateKeys) {
        const tags = key.privateKeyTags;
        const at = tags.indexOf(effect.tagId);
        if (removed.has(key.privateKeyId) && at !== -1) {
          tags.splice(at, 1);
          key.updatedAtMs = effect.updatedAtMs;
        } else if (added.has(key.privateKeyId) && at === -1) {
          tags.push(effect.tagId);
          key.updatedAtMs = effect.updatedAtMs;
        }
      }
      return;
    }
  }
}
