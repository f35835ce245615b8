import * as assert from 'node:assert/strict';
import { CountersignClient } from '../../src/api/remote';
import { startTestServer, type TestServer } from '../support/testServer';
import { publicKey, testStamper } from './clientHelpers';
import { assertStampVerifiesIndependently } from './independentVerify';
import { POLICY_QUERIES, POLICY_SUBMISSIONS } from './policyOperations';
import { ORG, activityRecord } from './sampleRecords';

const NOW = 1_700_000_000_000;

const policy = {
  policyId: 'pol-1',
  policyName: 'Cap',
  effect: 'EFFECT_ALLOW',
  createdAt: { seconds: '1', nanos: '0' },
  updatedAt: { seconds: '1', nanos: '0' },
  notes: '',
  consensus: "approvers.any(u, u.id == 'user-1')",
  condition: "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'",
};
const evaluation = {
  id: 'eval-1',
  activityId: 'act-1',
  organizationId: ORG,
  voteId: 'vote-1',
  policyEvaluations: [{ policyId: 'pol-1', outcome: 'OUTCOME_REQUIRES_CONSENSUS' }],
  createdAt: { seconds: '1', nanos: '0' },
};

describe('CountersignClient: policies', () => {
  let server: TestServer;
  let client: CountersignClient;

  beforeEach(async () => {
    server = await startTestServer();
    client = new CountersignClient({ baseUrl: server.baseUrl }, testStamper(), { now: () => NOW });
  });
  afterEach(async () => {
    await client.close();
    await server.close();
  });

  function sent(path: string, body: string): void {
    assert.equal(server.requests.length, 1);
    const request = server.requests[0]!;
    assert.equal(request.method, 'POST');
    assert.equal(request.path, path);
    assert.equal(request.text, body);
    assert.deepEqual(request.stamp, { ok: true, publicKey, scheme: 'SIGNATURE_SCHEME_TK_API_P256' });
    assertStampVerifiesIndependently(request.body, request.stampHeader ?? '', publicKey);
  }

  it('getPolicy asks by id and unwraps the policy', async () => {
    server.respond(() => ({ json: { policy } }));
    assert.deepEqual(await client.getPolicy({ organizationId: ORG, policyId: 'pol-1' }), policy);
    sent('/public/v1/query/get_policy', `{"organizationId":"${ORG}","policyId":"pol-1"}`);
  });

  it('listPolicies unwraps the list', async () => {
    server.respond(() => ({ json: { policies: [policy] } }));
    assert.deepEqual(await client.listPolicies({ organizationId: ORG }), [policy]);
    sent('/public/v1/query/list_policies', `{"organizationId":"${ORG}"}`);
  });

  it('getPolicyEvaluations unwraps one record per vote', async () => {
    server.respond(() => ({ json: { policyEvaluations: [evaluation] } }));
    assert.deepEqual(await client.getPolicyEvaluations({ organizationId: ORG, activityId: 'act-1' }), [evaluation]);
    sent('/public/v1/query/get_policy_evaluations', `{"organizationId":"${ORG}","activityId":"act-1"}`);
  });

  const submissions: Array<{
    name: string;
    call: (c: CountersignClient) => Promise<unknown>;
    path: string;
    body: string;
    result: Record<string, unknown>;
  }> = [
    {
      name: 'createPolicy',
      call: (c) =>
        c.createPolicy({
          organizationId: ORG,
          parameters: { policyName: 'Cap', effect: 'EFFECT_ALLOW', condition: 'true', notes: '' },
        }),
      path: '/public/v1/submit/create_policy',
      body: `{"type":"ACTIVITY_TYPE_CREATE_POLICY_V3","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"policyName":"Cap","effect":"EFFECT_ALLOW","condition":"true","notes":""}}`,
      result: { createPolicyResult: { policyId: 'pol-1' } },
    },
    {
      name: 'createPolicies',
      call: (c) =>
        c.createPolicies({
          organizationId: ORG,
          parameters: { policies: [{ policyName: 'Deny', effect: 'EFFECT_DENY', condition: 'true', notes: 'n' }] },
        }),
      path: '/public/v1/submit/create_policies',
      body: `{"type":"ACTIVITY_TYPE_CREATE_POLICIES","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"policies":[{"policyName":"Deny","effect":"EFFECT_DENY","condition":"true","notes":"n"}]}}`,
      result: { createPoliciesResult: { policyIds: ['pol-1'] } },
    },
    {
      name: 'updatePolicy',
      call: (c) =>
        c.updatePolicy({ organizationId: ORG, parameters: { policyId: 'pol-1', policyName: 'Cap 2', time: '' } }),
      path: '/public/v1/submit/update_policy',
      body: `{"type":"ACTIVITY_TYPE_UPDATE_POLICY_V2","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"policyId":"pol-1","policyName":"Cap 2","time":""}}`,
      result: { updatePolicyResultV2: { policyId: 'pol-1' } },
    },
    {
      name: 'deletePolicy',
      call: (c) => c.deletePolicy({ organizationId: ORG, parameters: { policyId: 'pol-1' } }),
      path: '/public/v1/submit/delete_policy',
      body: `{"type":"ACTIVITY_TYPE_DELETE_POLICY","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"policyId":"pol-1"}}`,
      result: { deletePolicyResult: { policyId: 'pol-1' } },
    },
    {
      name: 'deletePolicies',
      call: (c) => c.deletePolicies({ organizationId: ORG, parameters: { policyIds: ['pol-1', 'pol-2'] } }),
      path: '/public/v1/submit/delete_policies',
      body: `{"type":"ACTIVITY_TYPE_DELETE_POLICIES","timestampMs":"${NOW}","organizationId":"${ORG}","parameters":{"policyIds":["pol-1","pol-2"]}}`,
      result: { deletePoliciesResult: { policyIds: ['pol-1', 'pol-2'] } },
    },
  ];
  for (const c of submissions) {
    it(`${c.name} sends its exact body and reads its result under the swagger's key`, async () => {
      const type = (JSON.parse(c.body) as { type: string }).type;
      server.respond(() => ({ json: { activity: activityRecord({ id: `act-${c.name}`, type, result: c.result }) } }));
      const activity = (await c.call(client)) as { id: string; result: Record<string, unknown> };
      sent(c.path, c.body);
      assert.equal(activity.id, `act-${c.name}`);
      assert.deepEqual(activity.result, c.result);
    });
  }

  it('covers exactly the policy operations it names', () => {
    assert.deepEqual(
      submissions.map((c) => c.name),
      POLICY_SUBMISSIONS,
    );
    assert.deepEqual(POLICY_QUERIES, ['getPolicy', 'listPolicies', 'getPolicyEvaluations']);
  });

  it('refuses an update whose result is under another key than updatePolicyResultV2', async () => {
    server.respond(() => ({
      json: {
        activity: activityRecord({
          type: 'ACTIVITY_TYPE_UPDATE_POLICY_V2',
          result: { updatePolicyResult: { policyId: 'pol-1' } },
        }),
      },
    }));
    await assert.rejects(client.updatePolicy({ organizationId: ORG, parameters: { policyId: 'pol-1' } }));
  });
});
