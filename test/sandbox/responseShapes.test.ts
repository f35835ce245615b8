/** The sandbox's answers have the service's shapes: the spec's fields on every record, parsed by the client's schemas. */
import * as assert from 'node:assert/strict';
import { timestampToMs } from '../../src/api';
import {
  activityResponseSchema,
  getApiKeyResponseSchema,
  listPrivateKeysResponseSchema,
  operations,
} from '../../src/api/remote';
import { readFixture } from '../support/fixtures';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { stampedRequest } from './rawHttp';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('sandbox: every operation through the client', () => {
  let t: TestSandbox;
  let demoId: string;

  before(async () => {
    t = await startTestSandbox();
    demoId = t.organization('Demo').organizationId;
  });
  after(() => t.close());

  it('serves both response shapes at once: the spec fields on the activity and the nested record in result.activity', async () => {
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
      timestampMs: String(t.clock.now()),
      organizationId: demoId,
      parameters: { privateKeyTagName: 'shapes', privateKeyIds: [] },
    });
    const response = await stampedRequest(t.baseUrl, operations.createPrivateKeyTag.path, body, t.stamperFor('Demo'));
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'application/json');
    const json = JSON.parse(response.text) as {
      activity: Record<string, unknown> & { result: Record<string, unknown> };
    };
    const top = json.activity;
    for (const field of [
      'id',
      'organizationId',
      'status',
      'type',
      'intent',
      'result',
      'votes',
      'fingerprint',
      'canApprove',
      'canReject',
      'createdAt',
      'updatedAt',
      'timestampMs',
    ]) {
      assert.ok(field in top, `activity.${field} is missing`);
    }
    assert.ok('createPrivateKeyTagResult' in top.result, 'the result key is not in activity.result');
    const nested = top.result['activity'] as Record<string, unknown>;
    for (const field of [
      'id',
      'organizationId',
      'status',
      'type',
      'intent',
      'result',
      'votes',
      'fingerprint',
      'canApprove',
      'canReject',
      'createdAt',
      'updatedAt',
    ]) {
      assert.ok(field in nested, `activity.result.activity.${field} is missing`);
    }
    assert.ok('createPrivateKeyTagIntent' in (nested['intent'] as object));
    assert.ok('createPrivateKeyTagResult' in (nested['result'] as object));
    assert.deepEqual(top.createdAt, nested['createdAt']);
    const createdAt = top.createdAt as { seconds: unknown; nanos: unknown };
    assert.equal(typeof createdAt.seconds, 'string');
    assert.equal(typeof createdAt.nanos, 'string');
    assert.ok(Math.abs((timestampToMs(createdAt as { seconds: string; nanos: string }) ?? 0) - t.clock.now()) < 10_000);

    // Either reading gives the same activity through the client's schema.
    const both = activityResponseSchema.parse(json).activity;
    const specOnly = { ...top, result: { createPrivateKeyTagResult: top.result['createPrivateKeyTagResult'] } };
    const documentOnly = {
      id: top['id'],
      organizationId: top['organizationId'],
      status: top['status'],
      type: top['type'],
      timestampMs: top['timestampMs'],
      result: { activity: nested },
    };
    assert.deepEqual(activityResponseSchema.parse({ activity: specOnly }).activity, both);
    assert.deepEqual(activityResponseSchema.parse({ activity: documentOnly }).activity.result, both.result);
    assert.deepEqual(activityResponseSchema.parse({ activity: documentOnly }).activity.intent, both.intent);
    assert.equal(activityResponseSchema.parse({ activity: documentOnly }).activity.fingerprint, both.fingerprint);
  });

  it('carries every field the official spec requires, on every record it serves', async () => {
    // The `required` lists of the spec's definitions (v1Activity, v1Vote, v1User, v1ApiKey, v1PrivateKey,
    // externaldatav1SmartContractInterface, datav1Tag, v1GetWhoamiResponse).
    const required: Record<string, string[]> = {
      activity: [
        'id',
        'organizationId',
        'status',
        'type',
        'intent',
        'result',
        'votes',
        'fingerprint',
        'canApprove',
        'canReject',
        'createdAt',
        'updatedAt',
      ],
      vote: [
        'id',
        'userId',
        'user',
        'activityId',
        'selection',
        'message',
        'publicKey',
        'signature',
        'scheme',
        'createdAt',
      ],
      user: [
        'userId',
        'userName',
        'authenticators',
        'apiKeys',
        'userTags',
        'oauthProviders',
        'createdAt',
        'updatedAt',
        'mfaPolicies',
      ],
      apiKey: ['credential', 'apiKeyId', 'apiKeyName', 'createdAt', 'updatedAt'],
      privateKey: [
        'privateKeyId',
        'publicKey',
        'privateKeyName',
        'curve',
        'addresses',
        'privateKeyTags',
        'createdAt',
        'updatedAt',
        'exported',
        'imported',
      ],
      smartContractInterface: [
        'organizationId',
        'smartContractInterfaceId',
        'smartContractAddress',
        'smartContractInterface',
        'type',
        'label',
        'notes',
        'createdAt',
        'updatedAt',
      ],
      tag: ['tagId', 'tagName', 'tagType', 'createdAt', 'updatedAt'],
      whoami: ['organizationId', 'organizationName', 'userId', 'username'],
    };
    const has = (kind: string, value: unknown): void => {
      for (const field of required[kind] ?? [])
        assert.ok(typeof value === 'object' && value !== null && field in value, `${kind}.${field} is missing`);
    };
    const post = async (path: string, body: object): Promise<Record<string, unknown>> => {
      const response = await stampedRequest(t.baseUrl, path, JSON.stringify(body), t.stamperFor('Demo'));
      assert.equal(response.status, 200, response.text);
      return JSON.parse(response.text) as Record<string, unknown>;
    };
    const [keyId] = t.organization('Demo').privateKeyIds;
    const submitted = await post(operations.createSmartContractInterface.path, {
      type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
      timestampMs: String(t.clock.now()),
      organizationId: demoId,
      parameters: {
        smartContractAddress: ADDRESS,
        smartContractInterface: readFixture('abi', 'Counter.abi.json'),
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label: 'spec',
        notes: '',
      },
    });
    await post(operations.createPrivateKeyTag.path, {
      type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
      timestampMs: String(t.clock.now()),
      organizationId: demoId,
      parameters: { privateKeyTagName: 'spec', privateKeyIds: [keyId] },
    });
    const activity = submitted['activity'] as {
      votes: { user: { apiKeys: unknown[] } }[];
      result: { activity: unknown };
    };
    has('activity', activity);
    has('activity', activity.result.activity);
    for (const vote of activity.votes) {
      has('vote', vote);
      has('user', vote.user);
      for (const key of vote.user.apiKeys) has('apiKey', key);
    }
    for (const listed of (await post(operations.listActivities.path, { organizationId: demoId }))[
      'activities'
    ] as unknown[])
      has('activity', listed);
    for (const key of (await post(operations.listPrivateKeys.path, { organizationId: demoId }))[
      'privateKeys'
    ] as unknown[])
      has('privateKey', key);
    for (const tag of (await post(operations.listPrivateKeyTags.path, { organizationId: demoId }))[
      'privateKeyTags'
    ] as unknown[])
      has('tag', tag);
    const interfaces = (await post(operations.listSmartContractInterfaces.path, { organizationId: demoId }))[
      'smartContractInterfaces'
    ] as unknown[];
    assert.ok(interfaces.length > 0);
    for (const i of interfaces) has('smartContractInterface', i);
    has('whoami', await post(operations.whoami.path, { organizationId: demoId }));
    const apiKeyId = t.organization('Demo').users[0]?.apiKeys[0]?.apiKeyId;
    has('apiKey', (await post(operations.getApiKey.path, { organizationId: demoId, apiKeyId }))['apiKey']);
  });

  it('parses the query answers with the client schemas of the operation table', async () => {
    const key = t.organization('Demo').users[0]?.apiKeys[0];
    assert.ok(key);
    const apiKey = await stampedRequest(
      t.baseUrl,
      operations.getApiKey.path,
      JSON.stringify({ organizationId: demoId, apiKeyId: key.apiKeyId }),
      t.stamperFor('Demo'),
    );
    assert.ok(getApiKeyResponseSchema.safeParse(JSON.parse(apiKey.text)).success);
    const keys = await stampedRequest(
      t.baseUrl,
      operations.listPrivateKeys.path,
      JSON.stringify({ organizationId: demoId }),
      t.stamperFor('Demo'),
    );
    assert.ok(listPrivateKeysResponseSchema.safeParse(JSON.parse(keys.text)).success);
  });
});
