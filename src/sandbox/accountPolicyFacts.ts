/**
 * What a policy reads of the people operations and of exporting a private key: `activity.params` (the fields the
 * policy language reference lists: `user_ids`, `user_id`, `api_key_ids`, `target_public_key`), and the private key an
 * export names, so that `activity.action == 'EXPORT' && private_key.id == '…'` decides as documented.
 */
import { ActivityType } from '../api';
import { operations } from '../api/remote';
import type { ActivityRecord, Organization, PrivateKeyRecord } from './state';

type Intent = Record<string, unknown>;

const intentOf = (activity: ActivityRecord, key: string): Intent => (activity.intent[key] ?? {}) as Intent;

/** `activity.params` of these types; undefined for any other type. */
export function accountParamsOf(activity: ActivityRecord): Record<string, unknown> | undefined {
  switch (activity.type) {
    case ActivityType.DeleteUsers:
      return { user_ids: intentOf(activity, operations.deleteUsers.intentKey)['userIds'] };
    case ActivityType.CreateApiKeysV2:
      return { user_id: intentOf(activity, operations.createApiKeys.intentKey)['userId'] };
    case ActivityType.DeleteApiKeys: {
      const intent = intentOf(activity, operations.deleteApiKeys.intentKey);
      return { user_id: intent['userId'], api_key_ids: intent['apiKeyIds'] };
    }
    case ActivityType.ExportPrivateKey:
      return { target_public_key: intentOf(activity, operations.exportPrivateKey.intentKey)['targetPublicKey'] };
    default:
      return undefined;
  }
}

/** The private key an export names, if it is one of the organization's. */
export function exportedPrivateKeyOf(
  activity: ActivityRecord,
  organization: Organization,
): PrivateKeyRecord | undefined {
  if (activity.type !== ActivityType.ExportPrivateKey) return undefined;
  const id = intentOf(activity, operations.exportPrivateKey.intentKey)['privateKeyId'];
  return organization.record.privateKeys.find((k) => k.privateKeyId === id);
}
