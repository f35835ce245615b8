/**
 * The service's fixed values (activity statuses and types, gRPC codes, error detail types, limits) and the
 * timestamp helpers, apart from the response schemas: code that only names a status or converts a timestamp
 * loads neither zod's schemas nor the client.
 */

/**
 * The wire shapes these helpers read, written out rather than imported from the schemas (which re-export the
 * helpers), so that no two modules import each other.
 */
interface WireTimestamp {
  readonly seconds: string;
  readonly nanos: string;
}
interface WireRpcStatus {
  readonly details?: readonly unknown[] | null;
}

export const activityStatuses = [
  'ACTIVITY_STATUS_CREATED',
  'ACTIVITY_STATUS_PENDING',
  'ACTIVITY_STATUS_COMPLETED',
  'ACTIVITY_STATUS_FAILED',
  'ACTIVITY_STATUS_CONSENSUS_NEEDED',
  'ACTIVITY_STATUS_REJECTED',
  'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED',
] as const;
export type KnownActivityStatus = (typeof activityStatuses)[number];

/** The activity types Countersign submits; the service has 160+ and any of them parses. */
export const ActivityType = {
  CreateSmartContractInterface: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
  DeleteSmartContractInterface: 'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE',
  CreatePrivateKeyTag: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
  ApproveActivity: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
  RejectActivity: 'ACTIVITY_TYPE_REJECT_ACTIVITY',
  DeleteSubOrganization: 'ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION',
  SignTransactionV2: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
  SignRawPayloadV2: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
  SetOrganizationFeature: 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE',
  RemoveOrganizationFeature: 'ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE',
  CreateAuthenticatorsV2: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
  DeleteAuthenticators: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS',
  CreatePolicyV3: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
  CreatePolicies: 'ACTIVITY_TYPE_CREATE_POLICIES',
  UpdatePolicyV2: 'ACTIVITY_TYPE_UPDATE_POLICY_V2',
  DeletePolicy: 'ACTIVITY_TYPE_DELETE_POLICY',
  DeletePolicies: 'ACTIVITY_TYPE_DELETE_POLICIES',
  CreateUsersV4: 'ACTIVITY_TYPE_CREATE_USERS_V4',
  CreateUserTag: 'ACTIVITY_TYPE_CREATE_USER_TAG',
  UpdateUserTag: 'ACTIVITY_TYPE_UPDATE_USER_TAG',
  DeleteUserTags: 'ACTIVITY_TYPE_DELETE_USER_TAGS',
  UpdateRootQuorum: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
  CreatePrivateKeysV2: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2',
  UpdatePrivateKeyTag: 'ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG',
  // Sub-organizations
  CreateSubOrganizationV8: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
  // People
  CreateApiKeysV2: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
  DeleteApiKeys: 'ACTIVITY_TYPE_DELETE_API_KEYS',
  DeleteUsers: 'ACTIVITY_TYPE_DELETE_USERS',
  UpdateUser: 'ACTIVITY_TYPE_UPDATE_USER',
  // Export and import
  ExportPrivateKey: 'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY',
  InitImportPrivateKey: 'ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY',
  ImportPrivateKey: 'ACTIVITY_TYPE_IMPORT_PRIVATE_KEY',
  // Wallets
  CreateWallet: 'ACTIVITY_TYPE_CREATE_WALLET',
  CreateWalletAccounts: 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS',
  UpdateWallet: 'ACTIVITY_TYPE_UPDATE_WALLET',
  DeleteWallets: 'ACTIVITY_TYPE_DELETE_WALLETS',
  DeleteWalletAccounts: 'ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS',
  ExportWallet: 'ACTIVITY_TYPE_EXPORT_WALLET',
  ExportWalletAccount: 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
  InitImportWallet: 'ACTIVITY_TYPE_INIT_IMPORT_WALLET',
  ImportWallet: 'ACTIVITY_TYPE_IMPORT_WALLET',
  SignRawPayloads: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
} as const;

/** The service's limit: a user holds at most this many authenticators (passkeys). */
export const MAX_AUTHENTICATORS_PER_USER = 10;

/**
 * Organization features (swagger `v1FeatureName`). `FEATURE_NAME_WEBAUTHN_ORIGINS` holds the origins passkeys may
 * be used from, comma-separated; while it is unset, any origin.
 */
export const FeatureName = {
  RootUserEmailRecovery: 'FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY',
  WebauthnOrigins: 'FEATURE_NAME_WEBAUTHN_ORIGINS',
  EmailAuth: 'FEATURE_NAME_EMAIL_AUTH',
  EmailRecovery: 'FEATURE_NAME_EMAIL_RECOVERY',
  Webhook: 'FEATURE_NAME_WEBHOOK',
  SmsAuth: 'FEATURE_NAME_SMS_AUTH',
  OtpEmailAuth: 'FEATURE_NAME_OTP_EMAIL_AUTH',
  AuthProxy: 'FEATURE_NAME_AUTH_PROXY',
  SolanaRentPrefundEnabled: 'FEATURE_NAME_SOLANA_RENT_PREFUND_ENABLED',
  SwapConfig: 'FEATURE_NAME_SWAP_CONFIG',
  EarnConfig: 'FEATURE_NAME_EARN_CONFIG',
} as const;

/** Statuses after which the activity never changes again. */
export const TERMINAL_STATUSES: readonly string[] = [
  'ACTIVITY_STATUS_COMPLETED',
  'ACTIVITY_STATUS_FAILED',
  'ACTIVITY_STATUS_REJECTED',
];
/** The statuses in which an activity can still gather votes: what a listing of the open activities asks for. */
export const VOTABLE_STATUSES: readonly string[] = ['ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ACTIVITY_STATUS_PENDING'];
/** Statuses that wait for people (votes or authenticators), not for the service. */
export const DECISION_STATUSES: readonly string[] = [
  'ACTIVITY_STATUS_CONSENSUS_NEEDED',
  'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED',
];

/** The service limits the interface (ABI or IDL JSON) to 400 KB. */
export const SMART_CONTRACT_INTERFACE_MAX_BYTES = 400 * 1024;

/** The scheme of an App Proof's signature: the enclave's ephemeral P-256 key. */
export const APP_PROOF_SIGNATURE_SCHEME = 'SIGNATURE_SCHEME_EPHEMERAL_KEY_P256';

export const TURNKEY_ERROR_DETAIL_TYPE = 'type.googleapis.com/errors.v1.TurnkeyErrorDetail';
export const BAD_REQUEST_DETAIL_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

/** gRPC status codes used by the service, and the HTTP status grpc-gateway maps each to. */
export const GrpcCode = {
  InvalidArgument: 3,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  ResourceExhausted: 8,
  FailedPrecondition: 9,
  Unimplemented: 12,
  Internal: 13,
  Unauthenticated: 16,
} as const;

export const httpStatusOfGrpcCode: Readonly<Record<number, number>> = {
  3: 400,
  5: 404,
  6: 409,
  7: 403,
  8: 429,
  9: 400,
  12: 501,
  13: 500,
  16: 401,
};

/** The `turnkeyErrorCode` inside `details`, when there is one. */
export function turnkeyErrorCodeOf(status: WireRpcStatus | undefined): string | undefined {
  for (const detail of status?.details ?? []) {
    const code = (detail as Record<string, unknown>)['turnkeyErrorCode'];
    if (typeof code === 'string' && code.length > 0) return code;
  }
  return undefined;
}

export function timestampFromMs(ms: number): { seconds: string; nanos: string } {
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) };
}

export function timestampToMs(ts: WireTimestamp | string | undefined): number | undefined {
  if (ts === undefined) return undefined;
  if (typeof ts === 'string') {
    const parsed = Date.parse(ts);
    if (!Number.isNaN(parsed)) return parsed;
    const n = Number(ts);
    return Number.isFinite(n) ? n : undefined;
  }
  const seconds = Number(ts.seconds);
  const nanos = Number(ts.nanos);
  if (!Number.isFinite(seconds)) return undefined;
  return seconds * 1000 + (Number.isFinite(nanos) ? Math.floor(nanos / 1_000_000) : 0);
}
