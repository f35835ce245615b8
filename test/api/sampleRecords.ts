/** Records as the service sends them, for the test server to answer with. */
export const ORG = '00000000-0000-4000-8000-000000000000';
export const ts = { seconds: '1700000000', nanos: '0' };

export function apiKeyRecord(): Record<string, unknown> {
  return {
    credential: {
      publicKey: '02f739f8c77b32f4d5f13265861febd76e7a9c61a1140d296b8c16302508870316',
      type: 'CREDENTIAL_TYPE_API_KEY_P256',
    },
    apiKeyId: 'key-1',
    apiKeyName: 'ci',
    createdAt: ts,
    updatedAt: ts,
    expirationSeconds: '0',
  };
}

export function smartContractInterfaceRecord(): Record<string, unknown> {
  return {
    organizationId: ORG,
    smartContractInterfaceId: 'sci-1',
    smartContractAddress: '0x0000000000000000000000000000000000000001',
    smartContractInterface: '[]',
    type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
    label: 'Counter',
    notes: '',
    createdAt: ts,
    updatedAt: ts,
  };
}

export function privateKeyRecord(): Record<string, unknown> {
  return {
    privateKeyId: 'pk-1',
    publicKey: '04ab',
    privateKeyName: 'hot wallet',
    curve: 'CURVE_SECP256K1',
    addresses: [{ format: 'ADDRESS_FORMAT_ETHEREUM', address: '0x01' }],
    privateKeyTags: ['tag-1'],
    createdAt: ts,
    updatedAt: ts,
    exported: false,
    imported: false,
  };
}

export function tagRecord(): Record<string, unknown> {
  return { tagId: 'tag-1', tagName: 'treasury', tagType: 'TAG_TYPE_PRIVATE_KEY', createdAt: ts, updatedAt: ts };
}

export interface ActivityInit {
  id?: string;
  status?: string;
  type?: string;
  intent?: Record<string, unknown>;
  result?: Record<string, unknown>;
  failure?: Record<string, unknown>;
}

/** The official spec's shape: everything on the activity itself. */
export function activityRecord(init: ActivityInit = {}): Record<string, unknown> {
  return {
    id: init.id ?? 'act-1',
    organizationId: ORG,
    status: init.status ?? 'ACTIVITY_STATUS_COMPLETED',
    type: init.type ?? 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    intent: init.intent ?? { createPrivateKeyTagIntent: { privateKeyTagName: 'treasury', privateKeyIds: [] } },
    result: init.result ?? { createPrivateKeyTagResult: { privateKeyTagId: 'tag-1', privateKeyIds: [] } },
    votes: [
      {
        id: 'vote-1',
        userId: 'user-1',
        user: { userId: 'user-1', userName: 'alice' },
        activityId: init.id ?? 'act-1',
        selection: 'VOTE_SELECTION_APPROVED',
        message: '{}',
        publicKey: '02f7',
        signature: '30',
        scheme: 'SIGNATURE_SCHEME_TK_API_P256',
        createdAt: ts,
      },
    ],
    fingerprint: 'sha256:abc',
    canApprove: false,
    canReject: false,
    createdAt: ts,
    updatedAt: ts,
    ...(init.failure ? { failure: init.failure } : {}),
  };
}

/** The API document's shape: id/status/type on top, the details in `result.activity`. */
export function nestedActivityRecord(init: ActivityInit = {}): Record<string, unknown> {
  const full = activityRecord(init);
  const { id, organizationId, status, type } = full;
  return { id, organizationId, status, type, timestampMs: '1700000000000', result: { activity: full } };
}
