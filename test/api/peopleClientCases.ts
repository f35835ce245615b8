/** The client's cases for users, user tags, the root quorum and private keys (client.test.ts runs them). */
import type { CountersignClient } from '../../src/api';
import { ORG, apiKeyRecord, ts } from './sampleRecords';

const NOW = 1_700_000_000_000;
const KEY = '02f739f8c77b32f4d5f13265861febd76e7a9c61a1140d296b8c16302508870316';

function userRecord(): Record<string, unknown> {
  return {
    userId: 'user-1',
    userName: 'Alice',
    userEmail: 'alice@example.com',
    authenticators: [],
    apiKeys: [apiKeyRecord()],
    userTags: ['utag-1'],
    oauthProviders: [],
    createdAt: ts,
    updatedAt: ts,
    mfaPolicies: [],
  };
}

const userTagRecord = { tagId: 'utag-1', tagName: 'finance', tagType: 'TAG_TYPE_USER', createdAt: ts, updatedAt: ts };

export const peopleQueryCases: Array<{
  name: string;
  call: (c: CountersignClient) => Promise<unknown>;
  path: string;
  body: string;
  reply: unknown;
  expected: unknown;
}> = [
  {
    name: 'listUsers',
    call: (c) => c.listUsers({ organizationId: ORG }),
    path: '/public/v1/query/list_users',
    body: `{"organizationId":"${ORG}"}`,
    reply: { users: [userRecord()] },
    expected: [userRecord()],
  },
  {
    name: 'getUser',
    call: (c) => c.getUser({ organizationId: ORG, userId: 'user-1' }),
    path: '/public/v1/query/get_user',
    body: `{"organizationId":"${ORG}","userId":"user-1"}`,
    reply: { user: userRecord() },
    expected: userRecord(),
  },
  {
    name: 'listUserTags',
    call: (c) => c.listUserTags({ organizationId: ORG }),
    path: '/public/v1/query/list_user_tags',
    body: `{"organizationId":"${ORG}"}`,
    reply: { userTags: [userTagRecord] },
    expected: [userTagRecord],
  },
];

export const peopleSubmitCases: Array<{
  name: string;
  call: (c: CountersignClient) => Promise<unknown>;
  path: string;
  body: string;
  result: Record<string, unknown>;
}> = [
  {
    name: 'createUsers',
    call: (c) =>
      c.createUsers({
        organizationId: ORG,
        parameters: {
          users: [
            {
              userName: 'Alice',
              apiKeys: [{ apiKeyName: 'k', publicKey: KEY, curveType: 'API_KEY_CURVE_P256' }],
              authenticators: [],
              oauthProviders: [],
              userTags: ['utag-1'],
            },
          ],
        },
      }),
    path: '/public/v1/submit/create_users',
    body: `{"type":"ACTIVITY_TYPE_CREATE_USERS_V4","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"users":[{"userName":"Alice","apiKeys":[{"apiKeyName":"k","publicKey":"${KEY}","curveType":"API_KEY_CURVE_P256"}],"authenticators":[],"oauthProviders":[],"userTags":["utag-1"]}]}}`,
    result: { createUsersResult: { userIds: ['user-1'] } },
  },
  {
    name: 'createUserTag',
    call: (c) => c.createUserTag({ organizationId: ORG, parameters: { userTagName: 'finance', userIds: ['user-1'] } }),
    path: '/public/v1/submit/create_user_tag',
    body: `{"type":"ACTIVITY_TYPE_CREATE_USER_TAG","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"userTagName":"finance","userIds":["user-1"]}}`,
    result: { createUserTagResult: { userTagId: 'utag-1', userIds: ['user-1'] } },
  },
  {
    name: 'updateUserTag',
    call: (c) =>
      c.updateUserTag({
        organizationId: ORG,
        parameters: { userTagId: 'utag-1', newUserTagName: 'treasury', addUserIds: [], removeUserIds: ['user-1'] },
      }),
    path: '/public/v1/submit/update_user_tag',
    body: `{"type":"ACTIVITY_TYPE_UPDATE_USER_TAG","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"userTagId":"utag-1","newUserTagName":"treasury","addUserIds":[],"removeUserIds":["user-1"]}}`,
    result: { updateUserTagResult: { userTagId: 'utag-1' } },
  },
  {
    name: 'deleteUserTags',
    call: (c) => c.deleteUserTags({ organizationId: ORG, parameters: { userTagIds: ['utag-1'] } }),
    path: '/public/v1/submit/delete_user_tags',
    body: `{"type":"ACTIVITY_TYPE_DELETE_USER_TAGS","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"userTagIds":["utag-1"]}}`,
    result: { deleteUserTagsResult: { userTagIds: ['utag-1'], userIds: [] } },
  },
  {
    name: 'updateRootQuorum',
    call: (c) => c.updateRootQuorum({ organizationId: ORG, parameters: { threshold: 1, userIds: ['user-1'] } }),
    path: '/public/v1/submit/update_root_quorum',
    body: `{"type":"ACTIVITY_TYPE_UPDATE_ROOT_QUORUM","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"threshold":1,"userIds":["user-1"]}}`,
    result: { updateRootQuorumResult: {} },
  },
  {
    name: 'createPrivateKeys',
    call: (c) =>
      c.createPrivateKeys({
        organizationId: ORG,
        parameters: {
          privateKeys: [
            {
              privateKeyName: 'hot',
              curve: 'CURVE_SECP256K1',
              privateKeyTags: ['tag-1'],
              addressFormats: ['ADDRESS_FORMAT_ETHEREUM'],
            },
          ],
        },
      }),
    path: '/public/v1/submit/create_private_keys',
    body: `{"type":"ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"privateKeys":[{"privateKeyName":"hot","curve":"CURVE_SECP256K1","privateKeyTags":["tag-1"],"addressFormats":["ADDRESS_FORMAT_ETHEREUM"]}]}}`,
    result: {
      createPrivateKeysResultV2: {
        privateKeys: [{ privateKeyId: 'pk-1', addresses: [{ format: 'ADDRESS_FORMAT_ETHEREUM', address: '0x01' }] }],
      },
    },
  },
  {
    name: 'updatePrivateKeyTag',
    call: (c) =>
      c.updatePrivateKeyTag({
        organizationId: ORG,
        parameters: { privateKeyTagId: 'tag-1', addPrivateKeyIds: ['pk-1'], removePrivateKeyIds: [] },
      }),
    path: '/public/v1/submit/update_private_key_tag',
    body: `{"type":"ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"privateKeyTagId":"tag-1","addPrivateKeyIds":["pk-1"],"removePrivateKeyIds":[]}}`,
    result: { updatePrivateKeyTagResult: { privateKeyTagId: 'tag-1' } },
  },
];
