import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { COUNTERSIGN_VERSION, InvalidInputError } from '../../src/api';
import { CountersignClient, operations } from '../../src/api/remote';
import { readFixture, repoRoot } from '../support/fixtures';
import type { TestServer } from '../support/testServer';
import { NOW, assertWellFormed, withTestClient } from './clientFixture';
import { privateKey, publicKey, recordingLogger, testStamper } from './clientHelpers';
import { assertStampVerifiesIndependently } from './independentVerify';
import { POLICY_QUERIES } from './policyOperations';
import { peopleQueryCases } from './peopleClientCases';
import { accountQueryCases } from './accountClientCases';
import { walletQueryCases } from './walletClientCases';
import {
  ORG,
  activityRecord,
  apiKeyRecord,
  privateKeyRecord,
  smartContractInterfaceRecord,
  tagRecord,
} from './sampleRecords';

/** A passkey as get_authenticators lists it. */
const authenticatorRecord = (): Record<string, unknown> => ({
  transports: ['AUTHENTICATOR_TRANSPORT_USB'],
  attestationType: 'packed',
  aaguid: '00000000-0000-0000-0000-000000000000',
  credentialId: 'Y3JlZA',
  model: 'Passkey',
  credential: { publicKey: '02' + 'ab'.repeat(32), type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR' },
  authenticatorId: 'auth-1',
  authenticatorName: 'VS Code',
  createdAt: { seconds: '1', nanos: '0' },
  updatedAt: { seconds: '1', nanos: '0' },
});

describe('CountersignClient', () => {
  let server: TestServer;
  let client: CountersignClient;
  withTestClient((started) => ({ server, client } = started));

  it('keeps its version constant equal to package.json', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    assert.equal(COUNTERSIGN_VERSION, manifest.version);
  });

  describe('queries: path, headers, exact body, independently verified stamp, unwrapped record', () => {
    const cases: Array<{
      name: string;
      call: (c: CountersignClient) => Promise<unknown>;
      path: string;
      body: string;
      reply: unknown;
      expected: unknown;
      /** For records the schema reshapes: what must hold of the result. */
      check?: (result: unknown) => void;
    }> = [
      {
        name: 'getApiKey',
        call: (c) => c.getApiKey({ organizationId: ORG, apiKeyId: 'key-1' }),
        path: '/public/v1/query/get_api_key',
        body: `{"organizationId":"${ORG}","apiKeyId":"key-1"}`,
        reply: { apiKey: apiKeyRecord() },
        expected: apiKeyRecord(),
      },
      {
        name: 'whoami',
        call: (c) => c.whoami({ organizationId: ORG }),
        path: '/public/v1/query/whoami',
        body: `{"organizationId":"${ORG}"}`,
        reply: { organizationId: ORG, organizationName: 'Acme', userId: 'user-1', username: 'alice' },
        expected: { organizationId: ORG, organizationName: 'Acme', userId: 'user-1', username: 'alice' },
      },
      {
        name: 'getOrganization',
        call: (c) => c.getOrganization({ organizationId: ORG }),
        path: '/public/v1/query/get_organization',
        body: `{"organizationId":"${ORG}"}`,
        reply: {
          organizationData: {
            organizationId: ORG,
            name: 'Acme',
            users: [{ userId: 'user-1', userName: 'alice', apiKeys: [] }],
            rootQuorum: { threshold: 2, userIds: ['user-1', 'user-2'] },
          },
        },
        expected: {
          organizationId: ORG,
          name: 'Acme',
          users: [{ userId: 'user-1', userName: 'alice', apiKeys: [] }],
          privateKeys: [],
          tags: [],
          rootQuorum: { threshold: 2, userIds: ['user-1', 'user-2'] },
        },
      },
      {
        name: 'listPrivateKeys',
        call: (c) => c.listPrivateKeys({ organizationId: ORG }),
        path: '/public/v1/query/list_private_keys',
        body: `{"organizationId":"${ORG}"}`,
        reply: { privateKeys: [privateKeyRecord()] },
        expected: [privateKeyRecord()],
      },
      {
        name: 'getPrivateKey',
        call: (c) => c.getPrivateKey({ organizationId: ORG, privateKeyId: 'pk-1' }),
        path: '/public/v1/query/get_private_key',
        body: `{"organizationId":"${ORG}","privateKeyId":"pk-1"}`,
        reply: { privateKey: privateKeyRecord() },
        expected: privateKeyRecord(),
      },
      {
        name: 'listPrivateKeyTags',
        call: (c) => c.listPrivateKeyTags({ organizationId: ORG }),
        path: '/public/v1/query/list_private_key_tags',
        body: `{"organizationId":"${ORG}"}`,
        reply: { privateKeyTags: [tagRecord()] },
        expected: [tagRecord()],
      },
      {
        name: 'listSmartContractInterfaces',
        call: (c) => c.listSmartContractInterfaces({ organizationId: ORG }),
        path: '/public/v1/query/list_smart_contract_interfaces',
        body: `{"organizationId":"${ORG}"}`,
        reply: { smartContractInterfaces: [smartContractInterfaceRecord()] },
        expected: [smartContractInterfaceRecord()],
      },
      {
        name: 'getSmartContractInterface',
        call: (c) => c.getSmartContractInterface({ organizationId: ORG, smartContractInterfaceId: 'sci-1' }),
        path: '/public/v1/query/get_smart_contract_interface',
        body: `{"organizationId":"${ORG}","smartContractInterfaceId":"sci-1"}`,
        reply: { smartContractInterface: smartContractInterfaceRecord() },
        expected: smartContractInterfaceRecord(),
      },
      {
        name: 'getAuthenticators',
        call: (c) => c.getAuthenticators({ organizationId: ORG, userId: 'user-1' }),
        path: '/public/v1/query/get_authenticators',
        body: `{"organizationId":"${ORG}","userId":"user-1"}`,
        reply: { authenticators: [authenticatorRecord()] },
        expected: [authenticatorRecord()],
      },
      {
        name: 'getAuthenticator',
        call: (c) => c.getAuthenticator({ organizationId: ORG, authenticatorId: 'auth-1' }),
        path: '/public/v1/query/get_authenticator',
        body: `{"organizationId":"${ORG}","authenticatorId":"auth-1"}`,
        reply: { authenticator: authenticatorRecord() },
        expected: authenticatorRecord(),
      },
      {
        name: 'listActivities',
        call: (c) =>
          c.listActivities({
            organizationId: ORG,
            filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'],
            filterByType: ['ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'],
            paginationOptions: { limit: '10', after: 'act-0' },
          }),
        path: '/public/v1/query/list_activities',
        body: `{"organizationId":"${ORG}","filterByStatus":["ACTIVITY_STATUS_CONSENSUS_NEEDED"],"filterByType":["ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG"],"paginationOptions":{"limit":"10","after":"act-0"}}`,
        reply: { activities: [activityRecord(), activityRecord({ id: 'act-2', status: 'ACTIVITY_STATUS_PENDING' })] },
        expected: undefined,
        check: (result) => {
          const activities = result as Array<{ id: string; status: string; type: string; fingerprint: string }>;
          assert.deepEqual(
            activities.map((a) => [a.id, a.status, a.type, a.fingerprint]),
            [
              ['act-1', 'ACTIVITY_STATUS_COMPLETED', 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', 'sha256:abc'],
              ['act-2', 'ACTIVITY_STATUS_PENDING', 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG', 'sha256:abc'],
            ],
          );
        },
      },
      {
        name: 'getActivity',
        call: (c) => c.getActivity({ organizationId: ORG, activityId: 'act-1' }),
        path: '/public/v1/query/get_activity',
        body: `{"organizationId":"${ORG}","activityId":"act-1"}`,
        reply: { activity: activityRecord() },
        expected: undefined,
        check: (result) => {
          const activity = result as {
            id: string;
            organizationId: string;
            status: string;
            votes: unknown[];
            result: unknown;
          };
          assert.deepEqual(
            [activity.id, activity.organizationId, activity.status, activity.votes.length],
            ['act-1', ORG, 'ACTIVITY_STATUS_COMPLETED', 1],
          );
          assert.deepEqual(activity.result, {
            createPrivateKeyTagResult: { privateKeyTagId: 'tag-1', privateKeyIds: [] },
          });
        },
      },
      ...peopleQueryCases,
      ...accountQueryCases,
      ...walletQueryCases,
    ];
    for (const c of cases) {
      it(c.name, async () => {
        server.respond(() => ({ json: c.reply }));
        const result = await c.call(client);
        assert.equal(server.requests.length, 1);
        const request = server.requests[0]!;
        assertWellFormed(request, c.path);
        assert.equal(request.text, c.body);
        if (c.expected !== undefined) assert.deepEqual(result, c.expected);
        c.check?.(result);
        assert.ok(c.expected !== undefined || c.check, `${c.name}: its result is checked`);
      });
    }

    it('covers every query of the operation table', () => {
      const queries = Object.entries(operations)
        .filter(([, op]) => op.kind === 'query')
        .map(([name]) => name);
      assert.deepEqual(queries.sort(), [...cases.map((c) => c.name), ...POLICY_QUERIES].sort());
    });
  });

  describe('stampRequest', () => {
    it('returns the signed request without sending it, identical to what a send would carry', async () => {
      const input = {
        organizationId: ORG,
        parameters: { privateKeyTagName: 'tag-é✓', privateKeyIds: [] },
        timestampMs: '1700000000000',
      };
      const signed = await client.stampRequest('createPrivateKeyTag', input);
      assert.equal(server.requests.length, 0);
      assert.equal(signed.url, `${server.baseUrl}/public/v1/submit/create_private_key_tag`);
      assert.equal(signed.body, (JSON.parse(readFixture('vectors', 'apiKeyStamp.json')) as { body: string }).body);
      assert.equal(signed.stamp.stampHeaderName, 'X-Stamp');
      assertStampVerifiesIndependently(Buffer.from(signed.body, 'utf8'), signed.stamp.stampHeaderValue, publicKey);

      server.respond(() => ({ json: { activity: activityRecord() } }));
      await client.createPrivateKeyTag(input);
      assert.equal(server.requests[0]!.text, signed.body);
    });

    it('accepts a full envelope and stamps queries too', async () => {
      const envelope = {
        type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
        timestampMs: '5',
        organizationId: ORG,
        parameters: { fingerprint: 'f' },
      };
      assert.equal((await client.stampRequest('approveActivity', envelope)).body, JSON.stringify(envelope));
      const query = await client.stampRequest('whoami', { organizationId: ORG });
      assert.equal(query.body, `{"organizationId":"${ORG}"}`);
      assert.equal(query.url, `${server.baseUrl}/public/v1/query/whoami`);
      await assert.rejects(
        client.stampRequest('approveActivity', { ...envelope, type: 'ACTIVITY_TYPE_REJECT_ACTIVITY' }),
        InvalidInputError,
      );
    });
  });

  describe('input validation, before anything is sent', () => {
    it('names the offending parameter', async () => {
      await assert.rejects(
        client.createSmartContractInterface({
          organizationId: ORG,
          parameters: {
            smartContractAddress: '0x01',
            smartContractInterface: '[]',
            type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
            label: '',
          },
        }),
        (error: unknown) => {
          assert.ok(error instanceof InvalidInputError);
          assert.equal(error.field, 'parameters.label');
          assert.match(error.message, /parameters\.label must not be empty/);
          return true;
        },
      );
      assert.equal(server.requests.length, 0);
    });

    it('refuses unknown fields, a missing id and a malformed timestampMs', async () => {
      const refusesField = async (promise: Promise<unknown>, field: string): Promise<void> => {
        await assert.rejects(promise, (error: unknown) => error instanceof InvalidInputError && error.field === field);
      };
      await refusesField(client.getApiKey({ organizationId: ORG, apiKeyId: '' }), 'apiKeyId');
      await refusesField(client.whoami({ organizationId: ORG, extra: 1 } as { organizationId: string }), '');
      await refusesField(
        client.approveActivity({ organizationId: ORG, parameters: { fingerprint: 'f' }, timestampMs: 'yesterday' }),
        'timestampMs',
      );
      await refusesField(
        client.createPrivateKeyTag({
          organizationId: ORG,
          parameters: { privateKeyTagName: 't', privateKeyIds: [], color: 'red' } as never,
        }),
        'parameters',
      );
      assert.equal(server.requests.length, 0);
    });
  });

  describe('connections and logging', () => {
    it('reuses one keep-alive connection for consecutive requests', async () => {
      server.respond(() => ({
        json: { organizationId: ORG, organizationName: 'Acme', userId: 'u', username: 'alice' },
      }));
      await client.whoami({ organizationId: ORG });
      // undici frees the socket just after the body ends; one turn of the event loop is enough.
      await new Promise((resolve) => setImmediate(resolve));
      await client.whoami({ organizationId: ORG });
      assert.equal(server.requests.length, 2);
      assert.equal(server.requests[0]!.remotePort, server.requests[1]!.remotePort);
    });

    it('logs operation, path, status, duration and attempt, never the body or the stamp', async () => {
      const { logger, entries } = recordingLogger();
      const logged = new CountersignClient({ baseUrl: server.baseUrl }, testStamper(), { logger, now: () => NOW });
      server.respond(() => ({ json: { activity: activityRecord() } }));
      await logged.createPrivateKeyTag({
        organizationId: ORG,
        parameters: { privateKeyTagName: 'secret-tag-name', privateKeyIds: [] },
      });
      await logged.close();
      assert.ok(entries.length > 0);
      const fields = entries[0]!.fields;
      assert.equal(fields?.['operation'], 'createPrivateKeyTag');
      assert.equal(fields?.['path'], '/public/v1/submit/create_private_key_tag');
      assert.equal(fields?.['status'], 200);
      assert.equal(fields?.['attempt'], 1);
      assert.equal(typeof fields?.['durationMs'], 'number');
      const everything = JSON.stringify(entries);
      const stampHeader = server.requests[0]!.stampHeader!;
      assert.ok(!everything.includes(stampHeader));
      assert.ok(!everything.includes('secret-tag-name'));
      assert.ok(!everything.includes(privateKey.trim()));
    });

    it('sends a custom client version', async () => {
      const custom = new CountersignClient({ baseUrl: `${server.baseUrl}/` }, testStamper(), {
        clientVersion: '9.9.9',
      });
      server.respond(() => ({
        json: { organizationId: ORG, organizationName: 'Acme', userId: 'u', username: 'alice' },
      }));
      await custom.whoami({ organizationId: ORG });
      await custom.close();
      assert.equal(server.requests[0]!.headers['x-client-version'], 'countersign/9.9.9');
      assert.equal(server.requests[0]!.path, '/public/v1/query/whoami');
    });
  });
});
