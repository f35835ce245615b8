/**
 * The people operations policies govern: what create_api_keys (V2), delete_api_keys, delete_users and update_user do
 * once their quorum is met, and the checks made when they are submitted (400, nothing created).
 *
 * Chosen where the service's documents are silent (docs/policies.md): a root user is not deleted (take them out of
 * the root quorum with update_root_quorum first), so the root quorum never shrinks below its threshold; a deleted
 * user's approvals of activities still waiting stop counting, and their own waiting activities stay; every user keeps
 * one long-lived credential, as delete_authenticators already demands.
 */
import { randomUUID } from 'node:crypto';
import { ActivityType, GrpcCode } from '../api';
import { MAX_EXPIRING_API_KEYS_PER_USER, MAX_LONG_LIVED_API_KEYS_PER_USER, operations } from '../api/remote';
import { failed, type Outcome } from './outcome';
import { checkApiKeyParams, userNotFound } from './peopleRules';
import { invalidRequest } from './rpcError';
import type { ActivityRecord, Effect, Organization } from './state';

/** Refuses (400, nothing created) what the intent alone shows to be wrong. */
export function checkPeopleOperationsIntent(activityType: string, parameters: Record<string, unknown>): void {
  if (activityType === ActivityType.CreateApiKeysV2) {
    const { apiKeys } = operations.createApiKeys.parameters.parse(parameters);
    checkApiKeyParams(apiKeys, 'parameters.apiKeys', new Set());
  }
  if (activityType === ActivityType.UpdateUser) {
    const { userTagIds } = operations.updateUser.parameters.parse(parameters);
    if (userTagIds !== undefined && new Set(userTagIds).size !== userTagIds.length)
      throw invalidRequest('invalid request: userTagIds lists a tag twice', [
        { field: 'parameters.userTagIds', description: 'lists a tag twice' },
      ]);
  }
}

const completed = (result: Record<string, unknown>, effects: Effect[]): Outcome => ({
  status: 'ACTIVITY_STATUS_COMPLETED',
  result,
  effects,
});

export function createApiKeys(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.createApiKeys;
  const { userId, apiKeys } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const user = organization.record.users.find((u) => u.userId === userId);
  if (!user) return userNotFound(userId);
  const expiring = (keys: readonly { expirationSeconds?: string | undefined }[]) =>
    keys.filter((k) => k.expirationSeconds !== undefined).length;
  const willExpire = expiring(user.apiKeys) + expiring(apiKeys);
  if (
    willExpire > MAX_EXPIRING_API_KEYS_PER_USER ||
    user.apiKeys.length + apiKeys.length - willExpire > MAX_LONG_LIVED_API_KEYS_PER_USER
  )
    return failed(
      GrpcCode.ResourceExhausted,
      `a user can have at most ${MAX_LONG_LIVED_API_KEYS_PER_USER} API keys that never expire and ${MAX_EXPIRING_API_KEYS_PER_USER} that do`,
      'RESOURCE_LIMIT_EXCEEDED',
    );
  const registered = new Set(organization.record.users.flatMap((u) => u.apiKeys.map((k) => k.publicKey)));
  if (apiKeys.some((k) => registered.has(k.publicKey.toLowerCase())))
    return failed(
      GrpcCode.AlreadyExists,
      'api key already exists: this public key is already registered in this organization',
      'REQUEST_INVALID',
    );
  const organizationId = organization.record.organizationId;
  const effects: Effect[] = apiKeys.map((key) => ({
    op: 'putApiKey',
    organizationId,
    userId,
    record: {
      apiKeyId: randomUUID(),
      apiKeyName: key.apiKeyName,
      publicKey: key.publicKey.toLowerCase(),
      createdAtMs: now,
      ...(key.expirationSeconds !== undefined ? { expirationSeconds: key.expirationSeconds } : {}),
    },
  }));
  const apiKeyIds = effects.map((e) => (e.op === 'putApiKey' ? e.record.apiKeyId : ''));
  return completed({ createApiKeysResult: { apiKeyIds } }, effects);
}

export function deleteApiKeys(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.deleteApiKeys;
  const { userId, apiKeyIds } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const user = organization.record.users.find((u) => u.userId === userId);
  if (!user) return userNotFound(userId);
  const ids = [...new Set(apiKeyIds)];
  const missing = ids.find((id) => !user.apiKeys.some((k) => k.apiKeyId === id));
  if (missing !== undefined)
    return failed(
      GrpcCode.NotFound,
      `api key not found: user ${userId} has no API key with ID ${missing}`,
      'NOT_FOUND',
    );
  const keepsLongLived =
    (user.authenticators?.length ?? 0) > 0 ||
    user.apiKeys.some((k) => !ids.includes(k.apiKeyId) && k.expirationSeconds === undefined);
  if (!keepsLongLived)
    return failed(
      GrpcCode.FailedPrecondition,
      'a user must keep at least one long-lived credential (a passkey or an API key that does not expire)',
      'REQUEST_INVALID',
    );
  return completed({ deleteApiKeysResult: { apiKeyIds: ids } }, [
    {
      op: 'deleteApiKeys',
      organizationId: organization.record.organizationId,
      userId,
      apiKeyIds: ids,
      updatedAtMs: now,
    },
  ]);
}

export function deleteUsers(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.deleteUsers;
  const userIds = [...new Set(operation.parameters.parse(activity.intent[operation.intentKey]).userIds)];
  const known = new Set(organization.record.users.map((u) => u.userId));
  const missing = userIds.find((id) => !known.has(id));
  if (missing !== undefined) return userNotFound(missing);
  const root = userIds.find((id) => organization.record.rootUserIds.includes(id));
  if (root !== undefined)
    return failed(
      GrpcCode.FailedPrecondition,
      `user ${root} is a root user: take them out of the root quorum (update_root_quorum) before deleting them`,
      'REQUEST_INVALID',
    );
  return completed({ deleteUsersResult: { userIds } }, [
    { op: 'deleteUsers', organizationId: organization.record.organizationId, userIds },
  ]);
}

export function updateUser(activity: ActivityRecord, organization: Organization, now: number): Outcome {
  const operation = operations.updateUser;
  const intent = operation.parameters.parse(activity.intent[operation.intentKey]);
  if (!organization.record.users.some((u) => u.userId === intent.userId)) return userNotFound(intent.userId);
  const missing = intent.userTagIds?.find((id) => !organization.userTags.has(id));
  if (missing !== undefined)
    return failed(
      GrpcCode.NotFound,
      `user tag not found: no user tag with ID ${missing} in this organization`,
      'NOT_FOUND',
    );
  return completed({ updateUserResult: { userId: intent.userId } }, [
    {
      op: 'updateUser',
      organizationId: organization.record.organizationId,
      userId: intent.userId,
      ...(intent.userName !== undefined ? { userName: intent.userName } : {}),
      ...(intent.userEmail !== undefined ? { userEmail: intent.userEmail } : {}),
      ...(intent.userPhoneNumber !== undefined ? { userPhoneNumber: intent.userPhoneNumber } : {}),
      ...(intent.userTagIds !== undefined ? { userTagIds: intent.userTagIds } : {}),
      updatedAtMs: now,
    },
  ]);
}
