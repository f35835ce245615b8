import * as assert from 'node:assert/strict';
import { timestampToMs, type CountersignClient } from '../../src/api';
import {
  activityResponseSchema,
  checkAppProof,
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
  let demo: CountersignClient;
  let demoId: string;

  before(async () => {
    t = await startTestSandbox();
    demo = t.clientFor('Demo');
    demoId = t.organization('Demo').organizationId;
  });
  after(() => t.close());

  it('seeds Demo, Team and the sub-organization as the credentials describe', () => {
    const [d, team, sub] = t.sandbox.credentials.organizations;
    assert.equal(d?.name, 'Demo');
    assert.equal(d?.rootQuorum, 1);
    assert.equal(d?.users.length, 1);
    assert.equal(d?.users[0]?.apiKeys.length, 1);
    assert.equal(d?.privateKeyIds.length, 3);
    assert.equal(d?.parentOrganizationId, null);
    assert.equal(team?.name, 'Team');
    assert.equal(team?.rootQuorum, 2);
    assert.equal(team?.users.length, 2);
    assert.ok(team?.users.every((u) => u.apiKeys.length === 1));
    assert.equal(team?.privateKeyIds.length, 2);
    assert.equal(sub?.parentOrganizationId, d?.organizationId);
    assert.equal(sub?.users.length, 1);
    assert.equal(sub?.privateKeyIds.length, 1);
    assert.equal(t.sandbox.credentialsPath, undefined);
    assert.equal(t.sandbox.credentials.baseUrl, t.baseUrl);
  });

  it('whoami names the organization and the stamping user', async () => {
    const me = await demo.whoami({ organizationId: demoId });
    assert.deepEqual(me, {
      organizationId: demoId,
      organizationName: 'Demo',
      userId: t.organization('Demo').users[0]?.userId,
      username: 'Demo root user',
    });
  });

  it('get_api_key returns the key with its P-256 credential; an unknown id is 404', async () => {
    const key = t.organization('Demo').users[0]?.apiKeys[0];
    assert.ok(key);
    const apiKey = await demo.getApiKey({ organizationId: demoId, apiKeyId: key.apiKeyId });
    assert.equal(apiKey.apiKeyId, key.apiKeyId);
    assert.equal(apiKey.apiKeyName, key.apiKeyName);
    assert.deepEqual(apiKey.credential, { publicKey: key.publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' });
    assert.match(apiKey.createdAt.seconds, /^\d+$/);
    assert.match(apiKey.createdAt.nanos, /^\d+$/);
    await assert.rejects(demo.getApiKey({ organizationId: demoId, apiKeyId: '00000000-0000-4000-8000-000000000000' }), {
      status: 404,
    });
  });

  it('list_private_keys lists the seeded keys in the spec shape', async () => {
    const keys = await demo.listPrivateKeys({ organizationId: demoId });
    assert.deepEqual(keys.map((k) => k.privateKeyId).sort(), [...t.organization('Demo').privateKeyIds].sort());
    for (const key of keys) {
      assert.ok(['CURVE_SECP256K1', 'CURVE_ED25519'].includes(key.curve));
      assert.equal(typeof key.exported, 'boolean');
      assert.ok(key.addresses.length > 0);
    }
  });

  it('creates a smart contract interface, then gets, lists and deletes it', async () => {
    const abi = readFixture('abi', 'Counter.abi.json');
    const created = await demo.createSmartContractInterface({
      organizationId: demoId,
      parameters: {
        smartContractAddress: ADDRESS,
        smartContractInterface: abi,
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label: 'Counter',
        notes: 'n',
      },
    });
    assert.equal(created.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(created.type, 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE');
    assert.equal(created.organizationId, demoId);
    assert.equal((created.intent['createSmartContractInterfaceIntent'] as { label: string }).label, 'Counter');
    const { smartContractInterfaceId } = created.result['createSmartContractInterfaceResult'] as {
      smartContractInterfaceId: string;
    };
    assert.ok(smartContractInterfaceId);
    assert.match(created.fingerprint, /^sha256:[0-9a-f]{64}$/);
    assert.equal(created.votes.length, 1);
    assert.equal(created.votes[0]?.selection, 'VOTE_SELECTION_APPROVED');
    assert.equal(created.canApprove, false);

    const got = await demo.getSmartContractInterface({ organizationId: demoId, smartContractInterfaceId });
    assert.equal(got.smartContractInterface, abi);
    assert.equal(got.smartContractAddress, ADDRESS);
    assert.equal(got.label, 'Counter');
    assert.equal(got.notes, 'n');
    assert.equal(got.organizationId, demoId);
    const listed = await demo.listSmartContractInterfaces({ organizationId: demoId });
    assert.ok(listed.some((i) => i.smartContractInterfaceId === smartContractInterfaceId));

    const deleted = await demo.deleteSmartContractInterface({
      organizationId: demoId,
      parameters: { smartContractInterfaceId },
    });
    assert.deepEqual(deleted.result['deleteSmartContractInterfaceResult'], { smartContractInterfaceId });
    await assert.rejects(demo.getSmartContractInterface({ organizationId: demoId, smartContractInterfaceId }), {
      status: 404,
    });
    assert.ok(
      !(await demo.listSmartContractInterfaces({ organizationId: demoId })).some(
        (i) => i.smartContractInterfaceId === smartContractInterfaceId,
      ),
    );
  });

  it('creates a private key tag, which then appears on the keys and in the tag list', async () => {
    const [first, second] = t.organization('Demo').privateKeyIds;
    assert.ok(first && second);
    const created = await demo.createPrivateKeyTag({
      organizationId: demoId,
      parameters: { privateKeyTagName: 'hot wallets', privateKeyIds: [first, second] },
    });
    const result = created.result['createPrivateKeyTagResult'] as { privateKeyTagId: string; privateKeyIds: string[] };
    assert.deepEqual(result.privateKeyIds, [first, second]);
    const tags = await demo.listPrivateKeyTags({ organizationId: demoId });
    const tag = tags.find((x) => x.tagId === result.privateKeyTagId);
    assert.equal(tag?.tagName, 'hot wallets');
    assert.equal(tag?.tagType, 'TAG_TYPE_PRIVATE_KEY');
    const keys = await demo.listPrivateKeys({ organizationId: demoId });
    assert.ok(keys.find((k) => k.privateKeyId === first)?.privateKeyTags.includes(result.privateKeyTagId));
  });

  it('get_activity returns the activity as submitted; an activity of another organization is 404', async () => {
    const created = await demo.createPrivateKeyTag({
      organizationId: demoId,
      parameters: { privateKeyTagName: 'get-activity', privateKeyIds: [] },
    });
    const got = await demo.getActivity({ organizationId: demoId, activityId: created.id });
    assert.deepEqual(got, created);
    const team = t.clientFor('Team');
    await assert.rejects(
      team.getActivity({ organizationId: t.organization('Team').organizationId, activityId: created.id }),
      { status: 404 },
    );
  });

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

  it('attaches App Proofs that checkAppProof verifies when generateAppProofs is true, and none otherwise', async () => {
    const withProofs = await demo.createPrivateKeyTag({
      organizationId: demoId,
      generateAppProofs: true,
      parameters: { privateKeyTagName: 'proven', privateKeyIds: [] },
    });
    assert.equal(withProofs.appProofs.length, 1);
    const proof = withProofs.appProofs[0];
    assert.ok(proof);
    const check = checkAppProof(proof);
    assert.ok(check.ok, check.ok ? '' : check.reason);
    assert.equal(
      (check.payload as { activityOutcomeProof: { activityId: string } }).activityOutcomeProof.activityId,
      withProofs.id,
    );
    // A tampered payload no longer verifies.
    assert.equal(
      checkAppProof({
        ...proof,
        proofPayload: proof.proofPayload.replace(withProofs.id, '00000000-0000-4000-8000-000000000000'),
      }).ok,
      false,
    );
    const without = await demo.createPrivateKeyTag({
      organizationId: demoId,
      parameters: { privateKeyTagName: 'unproven', privateKeyIds: [] },
    });
    assert.deepEqual(without.appProofs, []);
  });

  it('lets a parent organization key read its sub-organization but change nothing in it, and a sub-organization key not even read its parent', async () => {
    const subId = t.organization('Demo Sub-organization').organizationId;
    const me = await demo.whoami({ organizationId: subId });
    assert.equal(me.organizationId, subId);
    assert.equal(me.organizationName, 'Demo Sub-organization');
    assert.equal(me.username, 'Demo root user');
    const keys = await demo.listPrivateKeys({ organizationId: subId });
    assert.deepEqual(
      keys.map((k) => k.privateKeyId),
      t.organization('Demo Sub-organization').privateKeyIds,
    );
    const sub = t.clientFor('Demo Sub-organization');
    const tagsBefore = await sub.listPrivateKeyTags({ organizationId: subId });
    await assert.rejects(
      demo.createPrivateKeyTag({
        organizationId: subId,
        parameters: { privateKeyTagName: 'from parent', privateKeyIds: [] },
      }),
      { status: 403, turnkeyErrorCode: 'REQUEST_NOT_AUTHORIZED' },
    );
    await assert.rejects(
      demo.createSmartContractInterface({
        organizationId: subId,
        parameters: {
          smartContractAddress: ADDRESS,
          smartContractInterface: '[]',
          type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
          label: 'from parent',
          notes: '',
        },
      }),
      { status: 403, turnkeyErrorCode: 'REQUEST_NOT_AUTHORIZED' },
    );
    assert.deepEqual(await sub.listPrivateKeyTags({ organizationId: subId }), tagsBefore);
    assert.deepEqual(await sub.listSmartContractInterfaces({ organizationId: subId }), []);
    await assert.rejects(sub.whoami({ organizationId: demoId }), {
      status: 401,
      turnkeyErrorCode: 'PUBLIC_KEY_NOT_FOUND',
    });
  });
});
