import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  ActivityFailedError,
  InvalidInputError,
  ServiceError,
  type CountersignClient,
  type CreateSmartContractInterfaceParameters,
} from '../../src/api';
import { operations } from '../../src/api/remote';
import { readFixture } from '../support/fixtures';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { stampedRequest } from './rawHttp';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

/** Runs a submission expected to FAIL and returns its failure, checking it came as HTTP 200 + status FAILED. */
async function failureOf(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ActivityFailedError, `expected ActivityFailedError, got ${String(error)}`);
    assert.equal(error.activity.status, 'ACTIVITY_STATUS_FAILED');
    assert.ok(error.failure, 'a FAILED activity carries its failure');
    return { code: error.failure.code, message: error.failure.message };
  }
  assert.fail('the activity did not fail');
}

describe('sandbox: execution rules', () => {
  let t: TestSandbox;
  let demo: CountersignClient;
  let demoId: string;
  const abi = readFixture('abi', 'Counter.abi.json');

  beforeEach(async () => {
    t = await startTestSandbox();
    demo = t.clientFor('Demo');
    demoId = t.organization('Demo').organizationId;
  });
  afterEach(() => t.close());

  const createInterface = (overrides: Partial<CreateSmartContractInterfaceParameters>) =>
    demo.createSmartContractInterface({
      organizationId: demoId,
      parameters: {
        smartContractAddress: ADDRESS,
        smartContractInterface: abi,
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label: 'L',
        ...overrides,
      },
    });

  it('fails an interface whose Ethereum address is not 0x + 40 hex', async () => {
    for (const address of [
      '0x1234',
      '5FbDB2315678afecb367f032d93F642f64180aa3',
      '0xZZbDB2315678afecb367f032d93F642f64180aa3',
    ]) {
      const failure = await failureOf(createInterface({ smartContractAddress: address }));
      assert.equal(failure.code, 3);
      assert.match(failure.message, /address/);
    }
  });

  it('fails an interface that is not JSON, or JSON that is not a valid ABI', async () => {
    assert.match((await failureOf(createInterface({ smartContractInterface: '{not json' }))).message, /not valid JSON/);
    assert.match((await failureOf(createInterface({ smartContractInterface: '{"a":1}' }))).message, /not a valid ABI/);
    assert.match(
      (await failureOf(createInterface({ smartContractInterface: readFixture('abi', 'invalid-type.json') }))).message,
      /not a valid ABI/,
    );
  });

  it('fails an interface that nests absurdly deep, instead of overflowing the stack', async () => {
    const depth = 5000;
    const deep = `[{"type":"function","name":"f","inputs":[${'{"name":"a","type":"tuple","components":['.repeat(depth)}${']}'.repeat(depth)}]}]`;
    JSON.parse(deep);
    assert.match(
      (await failureOf(createInterface({ smartContractInterface: deep }))).message,
      /nests deeper than 64 levels/,
    );
    const fine = `[{"type":"function","name":"f","inputs":[${'{"name":"a","type":"tuple","components":['.repeat(10)}${']}'.repeat(10)}]}]`;
    assert.equal(
      (await createInterface({ smartContractInterface: fine, label: 'nested' })).status,
      'ACTIVITY_STATUS_COMPLETED',
    );
  });

  it('accepts an interface of exactly 400 KB, and one a byte larger is refused before it is sent', async () => {
    const entry = '{"type":"function","name":"f","inputs":[],"outputs":[],"stateMutability":"view"}';
    const exact = (size: number): string => {
      const head = `[${entry},${entry}]`;
      // Pad with whitespace, which JSON allows, to hit the size exactly.
      return `[${entry},${' '.repeat(size - head.length)}${entry}]`;
    };
    const limit = 400 * 1024;
    assert.equal(Buffer.byteLength(exact(limit)), limit);
    const ok = await createInterface({ smartContractInterface: exact(limit) });
    assert.equal(ok.status, 'ACTIVITY_STATUS_COMPLETED');
    await assert.rejects(createInterface({ smartContractInterface: exact(limit + 1), label: 'too big' }), (error) => {
      assert.ok(error instanceof InvalidInputError, String(error));
      assert.match(error.message, /smartContractInterface must be at most 400 KB.*Nothing was sent/);
      return true;
    });
  });

  it('fails deleting an unknown interface with HTTP 200, status FAILED and a failure', async () => {
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE',
      timestampMs: String(t.clock.now()),
      organizationId: demoId,
      parameters: { smartContractInterfaceId: randomUUID() },
    });
    const response = await stampedRequest(
      t.baseUrl,
      operations.deleteSmartContractInterface.path,
      body,
      t.stamperFor('Demo'),
    );
    assert.equal(response.status, 200);
    const { activity } = JSON.parse(response.text) as {
      activity: {
        id: string;
        status: string;
        failure: { code: number; message: string };
        result: { activity: { failure: { code: number } } };
      };
    };
    assert.equal(activity.status, 'ACTIVITY_STATUS_FAILED');
    assert.equal(activity.failure.code, 5);
    assert.match(activity.failure.message, /smart contract interface not found/);
    assert.equal(activity.result.activity.failure.code, 5);
    // The failed activity is kept and listed.
    const failed = await demo.listActivities({ organizationId: demoId, filterByStatus: ['ACTIVITY_STATUS_FAILED'] });
    assert.deepEqual(
      failed.map((a) => a.id),
      [activity.id],
    );
  });

  it('fails a tag naming a private key that is not in the organization', async () => {
    const teamKey = t.organization('Team').privateKeyIds[0];
    assert.ok(teamKey);
    const failure = await failureOf(
      demo.createPrivateKeyTag({
        organizationId: demoId,
        parameters: { privateKeyTagName: 't', privateKeyIds: [teamKey] },
      }),
    );
    assert.equal(failure.code, 5);
    assert.match(failure.message, /private key not found/);
    assert.deepEqual(await demo.listPrivateKeyTags({ organizationId: demoId }), []);
  });

  it('fails a second tag with the same name', async () => {
    await demo.createPrivateKeyTag({
      organizationId: demoId,
      parameters: { privateKeyTagName: 'dup', privateKeyIds: [] },
    });
    const failure = await failureOf(
      demo.createPrivateKeyTag({ organizationId: demoId, parameters: { privateKeyTagName: 'dup', privateKeyIds: [] } }),
    );
    assert.equal(failure.code, 6);
    assert.match(failure.message, /already exists/);
  });

  it("refuses deleting a sub-organization stamped by the parent's root user, and stores nothing", async () => {
    const subId = t.organization('Demo Sub-organization').organizationId;
    const sub = t.clientFor('Demo Sub-organization');
    const before = await sub.listActivities({ organizationId: subId });
    await assert.rejects(
      demo.deleteSubOrganization({ organizationId: subId, parameters: { deleteWithoutExport: true } }),
      (error: unknown) => {
        assert.ok(error instanceof ServiceError, String(error));
        assert.deepEqual([error.status, error.rpcStatus?.code], [403, 7]);
        assert.match(error.rpcStatus?.message ?? '', /root user of that sub-organization/);
        return true;
      },
    );
    assert.equal((await sub.listActivities({ organizationId: subId })).length, before.length);
    assert.equal((await demo.whoami({ organizationId: subId })).organizationId, subId);
  });

  it('refuses deleting a sub-organization with unexported keys unless deleteWithoutExport, then deletes it', async () => {
    const sub = t.clientFor('Demo Sub-organization');
    const subId = t.organization('Demo Sub-organization').organizationId;
    const failure = await failureOf(sub.deleteSubOrganization({ organizationId: subId, parameters: {} }));
    assert.equal(failure.code, 9);
    assert.match(failure.message, /not been exported/);
    const deleted = await sub.deleteSubOrganization({
      organizationId: subId,
      parameters: { deleteWithoutExport: true },
    });
    assert.deepEqual(deleted.result['deleteSubOrganizationResult'], { subOrganizationUuid: subId });
    await assert.rejects(sub.whoami({ organizationId: subId }), {
      status: 404,
      turnkeyErrorCode: 'ORGANIZATION_NOT_FOUND',
    });
    await assert.rejects(demo.listPrivateKeys({ organizationId: subId }), { status: 404 });
  });

  it('refuses deleting an organization that is not a sub-organization', async () => {
    const failure = await failureOf(
      demo.deleteSubOrganization({ organizationId: demoId, parameters: { deleteWithoutExport: true } }),
    );
    assert.match(failure.message, /not a sub-organization/);
  });

  it('checks the rules when a quorum-2 activity executes, not when it is submitted', async () => {
    const teamId = t.organization('Team').organizationId;
    const first = t.clientFor('Team', 0);
    const second = t.clientFor('Team', 1);
    const pending = await first.deleteSmartContractInterface({
      organizationId: teamId,
      parameters: { smartContractInterfaceId: randomUUID() },
    });
    assert.equal(pending.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const approval = await second.approveActivity({
      organizationId: teamId,
      parameters: { fingerprint: pending.fingerprint },
    });
    assert.equal(approval.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(approval.result, {}, 'the approved activity did not complete, so the approval has no result');
    const target = await first.getActivity({ organizationId: teamId, activityId: pending.id });
    assert.equal(target.status, 'ACTIVITY_STATUS_FAILED');
    assert.match(target.failure?.message ?? '', /not found/);
  });
});
