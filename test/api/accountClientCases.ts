/** The client's cases for sub-organizations, the people operations, export and import (the client tests run them). */
import type { CountersignClient } from '../../src/api';
import { ORG } from './sampleRecords';

const NOW = 1_700_000_000_000;
const KEY = '02f739f8c77b32f4d5f13265861febd76e7a9c61a1140d296b8c16302508870316';
const TARGET = `04${'ab'.repeat(64)}`;
const API_KEY = `{"apiKeyName":"k","publicKey":"${KEY}","curveType":"API_KEY_CURVE_P256"}`;

export const accountQueryCases: Array<{
  name: string;
  call: (c: CountersignClient) => Promise<unknown>;
  path: string;
  body: string;
  reply: unknown;
  expected: unknown;
}> = [
  {
    name: 'getSubOrgIds',
    call: (c) => c.getSubOrgIds({ organizationId: ORG, filterType: 'NAME', filterValue: 'user 1' }),
    path: '/public/v1/query/list_suborgs',
    body: `{"organizationId":"${ORG}","filterType":"NAME","filterValue":"user 1"}`,
    reply: { organizationIds: ['sub-1'] },
    expected: ['sub-1'],
  },
];

const envelope = (type: string, parameters: string): string =>
  `{"type":"${type}","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":${parameters}}`;

export const accountSubmitCases: Array<{
  name: string;
  call: (c: CountersignClient) => Promise<unknown>;
  path: string;
  body: string;
  result: Record<string, unknown>;
}> = [
  {
    name: 'createSubOrganization',
    call: (c) =>
      c.createSubOrganization({
        organizationId: ORG,
        parameters: {
          subOrganizationName: 'user 1',
          rootUsers: [
            {
              userName: 'root',
              apiKeys: [{ apiKeyName: 'k', publicKey: KEY, curveType: 'API_KEY_CURVE_P256' }],
              authenticators: [],
              oauthProviders: [],
            },
          ],
          rootQuorumThreshold: 1,
        },
      }),
    path: '/public/v1/submit/create_sub_organization',
    body: envelope(
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      `{"subOrganizationName":"user 1","rootUsers":[{"userName":"root","apiKeys":[${API_KEY}],"authenticators":[],"oauthProviders":[]}],"rootQuorumThreshold":1}`,
    ),
    result: { createSubOrganizationResultV8: { subOrganizationId: 'sub-1', rootUserIds: ['user-9'] } },
  },
  {
    name: 'createApiKeys',
    call: (c) =>
      c.createApiKeys({
        organizationId: ORG,
        parameters: {
          apiKeys: [{ apiKeyName: 'k', publicKey: KEY, curveType: 'API_KEY_CURVE_P256' }],
          userId: 'user-1',
        },
      }),
    path: '/public/v1/submit/create_api_keys',
    body: envelope('ACTIVITY_TYPE_CREATE_API_KEYS_V2', `{"apiKeys":[${API_KEY}],"userId":"user-1"}`),
    result: { createApiKeysResult: { apiKeyIds: ['key-2'] } },
  },
  {
    name: 'deleteApiKeys',
    call: (c) => c.deleteApiKeys({ organizationId: ORG, parameters: { userId: 'user-1', apiKeyIds: ['key-2'] } }),
    path: '/public/v1/submit/delete_api_keys',
    body: envelope('ACTIVITY_TYPE_DELETE_API_KEYS', '{"userId":"user-1","apiKeyIds":["key-2"]}'),
    result: { deleteApiKeysResult: { apiKeyIds: ['key-2'] } },
  },
  {
    name: 'deleteUsers',
    call: (c) => c.deleteUsers({ organizationId: ORG, parameters: { userIds: ['user-2'] } }),
    path: '/public/v1/submit/delete_users',
    body: envelope('ACTIVITY_TYPE_DELETE_USERS', '{"userIds":["user-2"]}'),
    result: { deleteUsersResult: { userIds: ['user-2'] } },
  },
  {
    name: 'updateUser',
    call: (c) => c.updateUser({ organizationId: ORG, parameters: { userId: 'user-1', userName: 'Alice B.' } }),
    path: '/public/v1/submit/update_user',
    body: envelope('ACTIVITY_TYPE_UPDATE_USER', '{"userId":"user-1","userName":"Alice B."}'),
    result: { updateUserResult: { userId: 'user-1' } },
  },
  {
    name: 'exportPrivateKey',
    call: (c) =>
      c.exportPrivateKey({ organizationId: ORG, parameters: { privateKeyId: 'pk-1', targetPublicKey: TARGET } }),
    path: '/public/v1/submit/export_private_key',
    body: envelope('ACTIVITY_TYPE_EXPORT_PRIVATE_KEY', `{"privateKeyId":"pk-1","targetPublicKey":"${TARGET}"}`),
    result: { exportPrivateKeyResult: { privateKeyId: 'pk-1', exportBundle: '{}' } },
  },
  {
    name: 'initImportPrivateKey',
    call: (c) => c.initImportPrivateKey({ organizationId: ORG, parameters: { userId: 'user-1' } }),
    path: '/public/v1/submit/init_import_private_key',
    body: envelope('ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY', '{"userId":"user-1"}'),
    result: { initImportPrivateKeyResult: { importBundle: '{}' } },
  },
  {
    name: 'importPrivateKey',
    call: (c) =>
      c.importPrivateKey({
        organizationId: ORG,
        parameters: {
          userId: 'user-1',
          privateKeyName: 'imported',
          encryptedBundle: '{}',
          curve: 'CURVE_SECP256K1',
          addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
        },
      }),
    path: '/public/v1/submit/import_private_key',
    body: envelope(
      'ACTIVITY_TYPE_IMPORT_PRIVATE_KEY',
      '{"userId":"user-1","privateKeyName":"imported","encryptedBundle":"{}","curve":"CURVE_SECP256K1","addressFormats":["ADDRESS_FORMAT_ETHEREUM"]}',
    ),
    result: { importPrivateKeyResult: { privateKeyId: 'pk-2', addresses: [] } },
  },
];
