/**
 * Users, user tags and the root quorum: what create_users (V4), create_user_tag, update_user_tag,
 * delete_user_tags and update_root_quorum do once their quorum is met, and the checks made when they are
 * submitted (whatever the intent alone shows to be wrong is refused with 400 and creates nothing).
 *
 * Tags are matched by id, never by name, as policies match them; a tag name is unique among the organization's
 * user tags. Deleting a tag takes it off every user. The API keys of a new user are P-256 keys (the sandbox
 * verifies stamps of that curve), each unique in the organization, so that a stamp always names one user.
 */
import { randomUUID } from 'node:crypto';
import { ActivityType, GrpcCode, type ApiKeyParams } from '../api';
import {
  MAX_EXPIRING_API_KEYS_PER_USER,
  MAX_LONG_LIVED_API_KEYS_PER_USER,
  MAX_USERS_PER_ORGANIZATION,
  operations,
} from '../api/remote';
import { SUB_ORGANIZATION_TAG_LIMIT, TAG_LIMIT } from './limits';
import { failed, type Outcome } from './outcome';
import { invalidRequest } from './rpcError';
import type { ActivityRecord, Effect, Organization, UserRecord } from './state';

const COMPRESSED_P256 = /^0[23][0-9a-fA-F]{64}$/;

/** Refuses API keys the sandbox cannot verify (P-256, compressed), too many, or one listed twice (`seen`: lowercase). */
export function checkApiKeyParams(apiKeys: readonly ApiKeyParams[], at: string, seen: Set<string>): void {
  const expiring = apiKeys.filter((k) => k.expirationSeconds !== undefined).length;
  if (expiring > MAX_EXPIRING_API_KEYS_PER_USER || apiKeys.length - expiring > MAX_LONG_LIVED_API_KEYS_PER_USER)
    throw invalidRequest(
      `invalid request: a user can have at most ${MAX_LONG_LIVED_API_KEYS_PER_USER} API keys that never expire and ${MAX_EXPIRING_API_KEYS_PER_USER} that do`,
      [{ field: at, description: 'has too many API keys' }],
    );
  for (const [k, key] of apiKeys.entries()) {
    const field = `${at}[${k}]`;
    if (key.curveType !== 'API_KEY_CURVE_P256')
      throw invalidRequest(`invalid request: the local sandbox verifies P-256 API keys only, not ${key.curveType}`, [
        { field: `${field}.curveType`, description: 'must be API_KEY_CURVE_P256 in the local sandbox' },
      ]);
    if (!COMPRESSED_P256.test(key.publicKey))
      throw invalidRequest('invalid API key: the public key is not a compressed P-256 key (66 hex characters)', [
        { field: `${field}.publicKey`, description: 'must be a compressed P-256 public key in hex' },
      ]);
    const lower = key.publicKey.toLowerCase();
    if (seen.has(lower))
      throw invalidRequest('invalid request: the same API key is listed twice', [
        { field: `${field}.publicKey`, description: 'is listed twice' },
      ]);
    seen.add(lower);
  }
}

const completed = (result: Record<string, unknown>, effects: Effect[]): Outcome => ({
  status: 'ACTIVITY_STATUS_COMPLETED',
  result,
  effects,
});

export const userNotFound = (userId: string): Outcome =>
  failed(GrpcCode.NotFound, `user not found: no user with ID ${userId} in this organization`, 'NOT_FOUND');

const userTagNotFound = (tagId: string): Outcome =>
  failed(GrpcCode.NotFound, `user tag not found: no user tag with ID ${tagId} in this organization`, 'NOT_FOUND');

const userTagNameTaken = (name: string): Outcome =>
  failed(GrpcCode.AlreadyExists, `a user tag named "${name}" already exists in this organization`, 'REQUEST_INVALID');

/** The first id of `ids` that is not a user of the organization. */
function unknownUser(organization: Organization, ids: readonly string[]): string | undefined {
  const known = new Set(organization.record.users.map((u) => u.userId));
  return ids.find((id) => !known.has(id));
}

/** The first repeated entry of a list, if any. */
function repeated(ids: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/** How many tags of both kinds the organization may hold. */
export function tagLimitOf(organization: Organization): number {
  return organization.record.parentOrganizationId === null ? TAG_LIMIT : SUB_ORGANIZATION_TAG_LIMIT;
}

export function tagsHeld(organization: Organization): number {
  return organization.tags.size + organization.userTags.size;
}

export const tagLimitReached = (limit: number): Outcome =>
  failed(
    GrpcCode.ResourceExhausted,
    `this organization already has ${limit} tags, the limit`,
    'RESOURCE_LIMIT_EXCEEDED',
  );

/** Refuses (400, nothing created) what the intent alone shows to be wrong. */
export function checkPeopleIntent(activityType: string, parameters: Record<string, unknown>): void {
  if (activityType === ActivityType.CreateUsersV4) checkCreateUsersIntent(parameters);
  if (activityType === ActivityType.UpdateRootQuorum) {
    const { threshold, userIds } = operations.updateRootQuorum.parameters.parse(parameters);
    const twice = repeated(userIds);
    if (twice !== undefined)
      throw invalidRequest(`invalid request: userIds: user ${twice} is listed twice`, [
        { field: 'parameters.userIds', description: 'lists a user twice' },
      ]);
    if (threshold > userIds.length)
      throw invalidRequest(
        `invalid root quorum: the threshold (${threshold}) is greater than the number of root users (${userIds.length})`,
        [{ field: 'parameters.threshold', description: 'must not exceed the number of userIds' }],
      );
  }
}

function checkCreateUsersIntent(parameters: Record<string, unknown>): void {
  const { users } = operations.createUsers.parameters.parse(parameters);
  const keys = new Set<string>();
  for (const [u, user] of users.entries()) {
    const at = `parameters.users[${u}]`;
    if (user.authenticators.length > 0)
      throw invalidRequest(
        'invalid request: the local sandbox does not register passkeys in create_users: create the user, then add passkeys with create_authenticators',
        [{ field: `${at}.authenticators`, description: 'must be empty in the local sandbox' }],
      );
    if (user.oauthProviders.length > 0)
      throw invalidRequest('invalid request: the local sandbox does not support OAuth providers', [
        { field: `${at}.oauthProviders`, description: 'must be empty in the local sandbox' },
      ]);
    const twice = repeated(user.userTags);
    if (twice !== undefined)
      throw invalidRequest(`invalid request: ${at}.userTags lists tag ${twice} twice`, [
        { field: `${at}.userTags`, description: 'lists a tag twice' },
      ]);
    checkApiKeyParams(user.apiKeys, `${at}.apiKeys`, keys);
  }
}

export function createUsers(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.createUsers;
  const { users } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const { record } = organization;
  if (record.users.length + users.length > MAX_USERS_PER_ORGANIZATION) {
    return failed(
      GrpcCode.ResourceExhausted,
      `this organization already has ${record.users.length} users; an organization can have at most ${MAX_USERS_PER_ORGANIZATION}`,
      'RESOURCE_LIMIT_EXCEEDED',
    );
  }
  const registered = new Set(record.users.flatMap((u) => u.apiKeys.map((k) => k.publicKey.toLowerCase())));
  for (const user of users) {
    const missing = user.userTags.find((id) => !organization.userTags.has(id));
    if (missing !== undefined) return userTagNotFound(missing);
    if (user.apiKeys.some((k) => registered.has(k.publicKey.toLowerCase())))
      return failed(
        GrpcCode.AlreadyExists,
        'api key already exists: this public key is already registered in this organization',
        'REQUEST_INVALID',
      );
  }
  const organizationId = record.organizationId;
  const effects: Effect[] = users.map((params) => {
    const user = newUserRecord(params, now, { authenticators: [], userTags: [...params.userTags] });
    return { op: 'putUser', organizationId, record: user };
  });
  const userIds = effects.map((e) => (e.op === 'putUser' ? e.record.userId : ''));
  return completed({ createUsersResult: { userIds } }, effects);
}

/** A new user as create_users and create_sub_organization make them: a fresh id, their API keys with fresh ids. */
export function newUserRecord(
  params: {
    userName: string;
    userEmail?: string | undefined;
    userPhoneNumber?: string | undefined;
    apiKeys: readonly ApiKeyParams[];
  },
  now: number,
  rest: Pick<UserRecord, 'authenticators' | 'userTags'>,
): UserRecord {
  return {
    userId: randomUUID(),
    userName: params.userName,
    ...(params.userEmail !== undefined ? { userEmail: params.userEmail } : {}),
    ...(params.userPhoneNumber !== undefined ? { userPhoneNumber: params.userPhoneNumber } : {}),
    createdAtMs: now,
    apiKeys: params.apiKeys.map((key) => ({
      apiKeyId: randomUUID(),
      apiKeyName: key.apiKeyName,
      publicKey: key.publicKey.toLowerCase(),
      createdAtMs: now,
      ...(key.expirationSeconds !== undefined ? { expirationSeconds: key.expirationSeconds } : {}),
    })),
    ...rest,
  };
}

export function createUserTag(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.createUserTag;
  const { userTagName, userIds } = operation.parameters.parse(activity.intent[operation.intentKey]);
  for (const tag of organization.userTags.values())
    if (tag.tagName === userTagName) return userTagNameTaken(userTagName);
  const limit = tagLimitOf(organization);
  if (tagsHeld(organization) >= limit) return tagLimitReached(limit);
  const tagged = [...new Set(userIds)];
  const missing = unknownUser(organization, tagged);
  if (missing !== undefined) return userNotFound(missing);
  const userTagId = randomUUID();
  return completed({ createUserTagResult: { userTagId, userIds: tagged } }, [
    {
      op: 'putUserTag',
      organizationId: organization.record.organizationId,
      record: { tagId: userTagId, tagName: userTagName, createdAtMs: now, updatedAtMs: now },
      userIds: tagged,
    },
  ]);
}

export function updateUserTag(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.updateUserTag;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  const { userTagId, newUserTagName } = intent;
  if (!organization.userTags.has(userTagId)) return userTagNotFound(userTagId);
  if (newUserTagName !== undefined) {
    for (const tag of organization.userTags.values())
      if (tag.tagName === newUserTagName && tag.tagId !== userTagId) return userTagNameTaken(newUserTagName);
  }
  const missing = unknownUser(organization, [...intent.addUserIds, ...intent.removeUserIds]);
  if (missing !== undefined) return userNotFound(missing);
  return completed({ updateUserTagResult: { userTagId } }, [
    {
      op: 'updateUserTag',
      organizationId: organization.record.organizationId,
      tagId: userTagId,
      ...(newUserTagName !== undefined ? { tagName: newUserTagName } : {}),
      addUserIds: intent.addUserIds,
      removeUserIds: intent.removeUserIds,
      updatedAtMs: now,
    },
  ]);
}

export function deleteUserTags(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.deleteUserTags;
  const tagIds = [...new Set(operation.parameters.parse(activity.intent[operation.intentKey]).userTagIds)];
  const missing = tagIds.find((id) => !organization.userTags.has(id));
  if (missing !== undefined) return userTagNotFound(missing);
  const userIds = organization.record.users
    .filter((u) => u.userTags?.some((id) => tagIds.includes(id)))
    .map((u) => u.userId);
  return completed({ deleteUserTagsResult: { userTagIds: tagIds, userIds } }, [
    { op: 'deleteUserTags', organizationId: organization.record.organizationId, tagIds, updatedAtMs: now },
  ]);
}

export function updateRootQuorum(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.updateRootQuorum;
  const { threshold, userIds } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const missing = unknownUser(organization, userIds);
  if (missing !== undefined) return userNotFound(missing);
  return completed({ updateRootQuorumResult: {} }, [
    { op: 'setRootQuorum', organizationId: organization.record.organizationId, threshold, userIds },
  ]);
}
