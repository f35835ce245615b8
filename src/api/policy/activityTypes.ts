/**
 * What `activity.kind`, `activity.resource`, `activity.action` and `activity.params` read for an activity type.
 * `kind` is the type without its `ACTIVITY_TYPE_` prefix and `_V<n>` suffix. Resource and action come from the
 * policy language reference's table; kinds it leaves out are placed by inference (row `activity-resource`).
 */

type Placement = readonly [resource: string, action: string];

/** From the reference's "Activity types by resource and action" table, by kind. */
const DOCUMENTED: Record<string, Placement> = {};
function place(resource: string, action: string, kinds: string): void {
  for (const kind of kinds.split(/\s+/).filter(Boolean)) DOCUMENTED[kind] = [resource, action];
}
place('ORGANIZATION', 'CREATE', 'CREATE_SUB_ORGANIZATION');
place('ORGANIZATION', 'DELETE', 'DELETE_ORGANIZATION DELETE_SUB_ORGANIZATION');
place('INVITATION', 'CREATE', 'CREATE_INVITATIONS');
place('INVITATION', 'DELETE', 'DELETE_INVITATION');
place('POLICY', 'CREATE', 'CREATE_POLICY CREATE_POLICIES');
place('POLICY', 'UPDATE', 'UPDATE_POLICY');
place('POLICY', 'DELETE', 'DELETE_POLICY DELETE_POLICIES');
place('SMART_CONTRACT_INTERFACE', 'CREATE', 'CREATE_SMART_CONTRACT_INTERFACE');
place('SMART_CONTRACT_INTERFACE', 'DELETE', 'DELETE_SMART_CONTRACT_INTERFACE');
place('WALLET', 'CREATE', 'CREATE_WALLET CREATE_WALLET_ACCOUNTS');
place('WALLET', 'EXPORT', 'EXPORT_WALLET EXPORT_WALLET_ACCOUNT');
place('WALLET', 'IMPORT', 'INIT_IMPORT_WALLET IMPORT_WALLET');
place('WALLET', 'DELETE', 'DELETE_WALLETS DELETE_WALLET_ACCOUNTS');
place('WALLET', 'UPDATE', 'UPDATE_WALLET');
place('PRIVATE_KEY', 'CREATE', 'CREATE_PRIVATE_KEYS CREATE_PRIVATE_KEY_TAG');
place('PRIVATE_KEY', 'UPDATE', 'UPDATE_PRIVATE_KEY_TAG');
place('PRIVATE_KEY', 'DELETE', 'DISABLE_PRIVATE_KEY DELETE_PRIVATE_KEY_TAGS DELETE_PRIVATE_KEYS');
place('PRIVATE_KEY', 'EXPORT', 'EXPORT_PRIVATE_KEY');
place('PRIVATE_KEY', 'IMPORT', 'INIT_IMPORT_PRIVATE_KEY IMPORT_PRIVATE_KEY');
place(
  'PRIVATE_KEY',
  'SIGN',
  'SIGN_RAW_PAYLOAD SIGN_RAW_PAYLOADS SIGN_TRANSACTION ETH_SEND_TRANSACTION SOL_SEND_TRANSACTION',
);
place('USER', 'CREATE', 'CREATE_USERS CREATE_USER_TAG CREATE_API_ONLY_USERS');
place('USER', 'UPDATE', 'UPDATE_USER UPDATE_USER_NAME UPDATE_USER_EMAIL UPDATE_USER_PHONE_NUMBER UPDATE_USER_TAG');
place('USER', 'DELETE', 'DELETE_USERS DELETE_USER_TAGS');
place('CREDENTIAL', 'CREATE', 'CREATE_API_KEYS CREATE_AUTHENTICATORS CREATE_OAUTH_PROVIDERS');
place('CREDENTIAL', 'DELETE', 'DELETE_API_KEYS DELETE_AUTHENTICATORS DELETE_OAUTH_PROVIDERS');
place('PAYMENT_METHOD', 'UPDATE', 'SET_PAYMENT_METHOD');
place('PAYMENT_METHOD', 'DELETE', 'DELETE_PAYMENT_METHOD');
place('SUBSCRIPTION', 'CREATE', 'ACTIVATE_BILLING_TIER');
place('CONFIG', 'UPDATE', 'UPDATE_ALLOWED_ORIGINS');
place('RECOVERY', 'CREATE', 'INIT_USER_EMAIL_RECOVERY');
place(
  'AUTH',
  'CREATE',
  'EMAIL_AUTH INIT_OTP_AUTH OTP_AUTH OAUTH OAUTH_LOGIN OTP_LOGIN STAMP_LOGIN CREATE_READ_WRITE_SESSION CREATE_OAUTH2_CREDENTIAL OAUTH2_AUTHENTICATE',
);
place('AUTH', 'DELETE', 'DELETE_OAUTH2_CREDENTIAL');
place('AUTH', 'UPDATE', 'UPDATE_OAUTH2_CREDENTIAL');
place('OTP', 'CREATE', 'INIT_OTP');
place('OTP', 'VERIFY', 'VERIFY_OTP');
place('AUTH_PROXY', 'CREATE', 'ENABLE_AUTH_PROXY');
place('AUTH_PROXY', 'DELETE', 'DISABLE_AUTH_PROXY');
place('AUTH_PROXY', 'UPDATE', 'UPDATE_AUTH_PROXY_CONFIG');
place('WEBHOOK_ENDPOINT', 'CREATE', 'CREATE_WEBHOOK_ENDPOINT');
place('WEBHOOK_ENDPOINT', 'UPDATE', 'UPDATE_WEBHOOK_ENDPOINT');
place('WEBHOOK_ENDPOINT', 'DELETE', 'DELETE_WEBHOOK_ENDPOINT');
place('TVC_APP', 'CREATE', 'CREATE_TVC_APP');
place('TVC_APP', 'UPDATE', 'UPDATE_TVC_APP_LIVE_DEPLOYMENT');
place('TVC_APP', 'DELETE', 'DELETE_TVC_APP_AND_DEPLOYMENTS');
place('TVC_DEPLOYMENT', 'CREATE', 'CREATE_TVC_DEPLOYMENT');
place('TVC_DEPLOYMENT', 'UPDATE', 'CREATE_TVC_MANIFEST_APPROVALS RESTORE_TVC_DEPLOYMENT POST_TVC_QUORUM_KEY_SHARE');
place('TVC_DEPLOYMENT', 'DELETE', 'DELETE_TVC_DEPLOYMENT');
place('TVC_OPERATOR', 'CREATE', 'CREATE_TVC_OPERATOR');
place('TVC_QUORUM_KEY', 'CREATE', 'CREATE_TVC_QUORUM_KEY');
place('TVC_QUORUM_KEY', 'ENCRYPT', 'RE_ENCRYPT_TVC_QUORUM_KEY_SHARE');

/** Kinds the reference lists with no resource: placed by their name (row `activity-resource`). */
const INFERRED: Record<string, Placement> = {
  SPARK_SIGN_FROST: ['PRIVATE_KEY', 'SIGN'],
  SPARK_PREPARE_TRANSFER: ['PRIVATE_KEY', 'SIGN'],
  SPARK_CLAIM_TRANSFER: ['PRIVATE_KEY', 'SIGN'],
  SPARK_PREPARE_LIGHTNING_RECEIVE: ['PRIVATE_KEY', 'SIGN'],
  EXECUTE_SWAP: ['PRIVATE_KEY', 'SIGN'],
  EXPORT_SECRETS: ['PRIVATE_KEY', 'EXPORT'],
  UPSERT_SWAP_CONFIG: ['CONFIG', 'UPDATE'],
  UPSERT_GAS_USAGE_CONFIG: ['CONFIG', 'UPDATE'],
  INIT_FIAT_ON_RAMP: ['FIAT_TRANSACTION', 'CREATE'],
  CREATE_FIAT_ON_RAMP_CREDENTIAL: ['ON_RAMP_CREDENTIALS', 'CREATE'],
  UPDATE_FIAT_ON_RAMP_CREDENTIAL: ['ON_RAMP_CREDENTIALS', 'UPDATE'],
  DELETE_FIAT_ON_RAMP_CREDENTIAL: ['ON_RAMP_CREDENTIALS', 'DELETE'],
  CREATE_MFA_POLICY: ['MFA_POLICY', 'CREATE'],
  UPDATE_MFA_POLICY: ['MFA_POLICY', 'UPDATE'],
  DELETE_MFA_POLICY: ['MFA_POLICY', 'DELETE'],
  CREATE_SESSION_PROFILE: ['SESSION_PROFILE', 'CREATE'],
};

/** Governed by the root quorum alone: policies never decide them, and they have no `activity.kind`. */
export const ROOT_QUORUM_ONLY_TYPES: ReadonlySet<string> = new Set([
  'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
  'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE',
  'ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE',
  'ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME',
]);

export interface ActivityPlacement {
  kind?: string;
  resource?: string;
  action?: string;
  /** True when resource and action were inferred, not read from the reference. */
  inferred: boolean;
}

export function kindOf(type: string): string {
  return type.replace(/^ACTIVITY_TYPE_/, '').replace(/_V\d+$/, '');
}

export function placementOf(type: string): ActivityPlacement {
  const kind = kindOf(type);
  const documented = DOCUMENTED[kind];
  const inferred = INFERRED[kind];
  const [resource, action] = documented ?? inferred ?? [undefined, undefined];
  return {
    kind: ROOT_QUORUM_ONLY_TYPES.has(type) ? undefined : kind,
    resource,
    action,
    inferred: !documented && !!inferred,
  };
}

/** Every parameter some activity type shows to policies, with the kinds that show it. */
export const EXPOSED_PARAMS: Record<string, readonly string[]> = {
  hash_function: ['SIGN_RAW_PAYLOAD', 'SIGN_RAW_PAYLOADS'],
  encoding: ['SIGN_RAW_PAYLOAD', 'SIGN_RAW_PAYLOADS'],
  type: ['SIGN_TRANSACTION'],
  user_ids: ['DELETE_USERS'],
  user_id: ['CREATE_API_KEYS', 'DELETE_API_KEYS'],
  api_key_ids: ['DELETE_API_KEYS'],
  target_public_key: ['EXPORT_WALLET', 'EXPORT_WALLET_ACCOUNT', 'EXPORT_PRIVATE_KEY'],
  wallet_id: ['UPDATE_WALLET'],
  otp_length: ['INIT_OTP_AUTH'],
  session_profile_id: ['OTP_LOGIN', 'STAMP_LOGIN', 'OAUTH_LOGIN'],
  endpoint_id: ['UPDATE_WEBHOOK_ENDPOINT', 'DELETE_WEBHOOK_ENDPOINT'],
  sign_with: ['SPARK_SIGN_FROST', 'SPARK_PREPARE_TRANSFER', 'SPARK_CLAIM_TRANSFER', 'SPARK_PREPARE_LIGHTNING_RECEIVE'],
  signatures: ['SPARK_SIGN_FROST'],
  transfer: ['SPARK_PREPARE_TRANSFER'],
  claim: ['SPARK_CLAIM_TRANSFER'],
  lightning_receive: ['SPARK_PREPARE_LIGHTNING_RECEIVE'],
};

/** Exposed only by particular versions: `type` by SIGN_TRANSACTION_V2, `otp_length` from INIT_OTP_AUTH_V2. */
const VERSION_LIMITS: Record<string, readonly string[]> = {
  type: ['ACTIVITY_TYPE_SIGN_TRANSACTION_V2'],
  otp_length: ['ACTIVITY_TYPE_INIT_OTP_AUTH_V2', 'ACTIVITY_TYPE_INIT_OTP_AUTH_V3'],
};

/** Parameters that read as '' when the request left them out. */
export const EMPTY_WHEN_OMITTED: ReadonlySet<string> = new Set(['session_profile_id']);

export function exposesParam(type: string, field: string): boolean {
  const kinds = EXPOSED_PARAMS[field];
  if (!kinds || !kinds.includes(kindOf(type))) return false;
  const versions = VERSION_LIMITS[field];
  return !versions || versions.includes(type);
}

/** Every kind the tables place, with its resource and action: what an editor offers after `activity.kind ==`. */
export function knownKinds(): ReadonlyArray<{ kind: string; resource: string; action: string }> {
  return [...Object.entries(DOCUMENTED), ...Object.entries(INFERRED)].map(([kind, [resource, action]]) => ({
    kind,
    resource,
    action,
  }));
}
