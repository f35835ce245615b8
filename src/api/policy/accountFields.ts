/**
 * Contributors for the people operations, exports and signatures: `activity.params` of the people operations and
 * of an export (`user_ids`, `user_id`, `api_key_ids`, `target_public_key`, as the policy language reference lists
 * them), and `eth.eip_712` / `eth.eip_7702_authorization` of a raw payload (signatureFields.ts). Pure.
 */
import type { ContextSource } from './contextSource';
import { signatureFieldsOf } from './signatureFields';
import type { PolicyContext } from './types';

/** Per activity type, the params a policy reads and the intent fields they come from. */
const ACCOUNT_PARAMS: Readonly<Record<string, ReadonlyArray<readonly [param: string, intentField: string]>>> = {
  ACTIVITY_TYPE_DELETE_USERS: [['user_ids', 'userIds']],
  ACTIVITY_TYPE_CREATE_API_KEYS_V2: [['user_id', 'userId']],
  ACTIVITY_TYPE_DELETE_API_KEYS: [
    ['user_id', 'userId'],
    ['api_key_ids', 'apiKeyIds'],
  ],
  ACTIVITY_TYPE_EXPORT_PRIVATE_KEY: [['target_public_key', 'targetPublicKey']],
  ACTIVITY_TYPE_EXPORT_WALLET: [['target_public_key', 'targetPublicKey']],
  ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT: [['target_public_key', 'targetPublicKey']],
};

export function accountParamFields({ activity, intent }: ContextSource, context: PolicyContext): void {
  for (const [param, field] of ACCOUNT_PARAMS[activity.type] ?? []) context.activity.params[param] = intent?.[field];
}

/** `eth.eip_712` or `eth.eip_7702_authorization` of a sign_raw_payload(s) whose payload reads as one. */
export function signatureFields({ activity, intent }: ContextSource, context: PolicyContext): void {
  if (!/SIGN_RAW_PAYLOAD/.test(activity.type)) return;
  const signature = signatureFieldsOf(intent);
  if (signature) context.eth = signature;
}

/** `wallet`, `wallets` and `wallet_account`: what the caller found the activity names. */
export function walletContextFields({ wallets }: ContextSource, context: PolicyContext): void {
  Object.assign(context, wallets);
}
