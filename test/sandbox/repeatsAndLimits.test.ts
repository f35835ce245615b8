/**
 * A repeat is the same body from the same signer, nothing less: a second root user sending a body byte-identical
 * to another's approval gets their own vote counted. And an interface over the service's 400 KB limit is refused
 * at validation, before anything is stored.
 */
import * as assert from 'node:assert/strict';
import { SMART_CONTRACT_INTERFACE_MAX_BYTES, type Activity } from '../../src/api';
import { operations } from '../../src/api/remote';
import { addOrganization, type ExtraOrganization } from '../support/extraOrganization';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { expectRpcStatus, stampedRequest } from './rawHttp';

describe('sandbox: repeats and limits', () => {
  let t: TestSandbox;
  let trio: ExtraOrganization;

  before(async () => {
    t = await startTestSandbox();
    trio = await addOrganization(t, { name: 'Trio', parentOrganizationId: null, rootQuorum: 3, rootUsers: 3 });
  });
  after(() => t.close());

  const submitAs = async (userIndex: number, path: string, body: string): Promise<Activity> => {
    const response = await stampedRequest(t.baseUrl, path, body, trio.stampers[userIndex]);
    assert.equal(response.status, 200, response.text.slice(0, 300));
    return (JSON.parse(response.text) as { activity: Activity }).activity;
  };

  it("counts a second user's approval whose body is byte-identical to another user's", async () => {
    const organizationId = trio.organizationId;
    const timestampMs = String(t.clock.now());
    const submitted = await submitAs(
      0,
      operations.createPrivateKeyTag.path,
      JSON.stringify({
        type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
        timestampMs,
        organizationId,
        parameters: { privateKeyTagName: 'needs three', privateKeyIds: [] },
      }),
    );
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const approval = JSON.stringify({
      type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
      timestampMs,
      organizationId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    const second = await submitAs(1, operations.approveActivity.path, approval);
    const third = await submitAs(2, operations.approveActivity.path, approval);
    assert.notEqual(third.id, second.id, "the third user got the second user's vote back");
    assert.equal(third.status, 'ACTIVITY_STATUS_COMPLETED');
    const target = (
      JSON.parse(
        (
          await stampedRequest(
            t.baseUrl,
            operations.getActivity.path,
            JSON.stringify({ organizationId, activityId: submitted.id }),
            trio.stampers[0],
          )
        ).text,
      ) as { activity: Activity }
    ).activity;
    assert.equal(new Set(target.votes.map((v) => v.userId)).size, 3);
    assert.equal(target.status, 'ACTIVITY_STATUS_COMPLETED');
    // The same body from the same signer is still the same activity.
    assert.equal((await submitAs(2, operations.approveActivity.path, approval)).id, third.id);
  });

  it('refuses an interface over 400 KB at validation (400) and stores nothing', async () => {
    const organizationId = trio.organizationId;
    const list = async (): Promise<number> =>
      (
        JSON.parse(
          (
            await stampedRequest(
              t.baseUrl,
              operations.listActivities.path,
              JSON.stringify({ organizationId, paginationOptions: { limit: '100' } }),
              trio.stampers[0],
            )
          ).text,
        ) as { activities: unknown[] }
      ).activities.length;
    const before = await list();
    const entry = '{"type":"function","name":"f","inputs":[],"outputs":[],"stateMutability":"view"}';
    for (const size of [SMART_CONTRACT_INTERFACE_MAX_BYTES + 1, 1_900_000]) {
      const smartContractInterface = `[${entry},${' '.repeat(size - 2 * entry.length - 3)}${entry}]`;
      assert.equal(Buffer.byteLength(smartContractInterface), size);
      const body = JSON.stringify({
        type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
        timestampMs: String(t.clock.now()),
        organizationId,
        parameters: {
          smartContractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          smartContractInterface,
          type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
          label: 'too big',
        },
      });
      const response = await stampedRequest(
        t.baseUrl,
        operations.createSmartContractInterface.path,
        body,
        trio.stampers[0],
      );
      const status = expectRpcStatus(response, 400, 'REQUEST_INVALID', /parameters\.smartContractInterface: .*400 KB/);
      assert.ok(response.text.length < 2_000, 'the refusal does not carry the interface back');
      assert.ok(status.message.length < 300);
    }
    assert.equal(await list(), before, 'nothing was stored');
  });
});
