import * as assert from 'node:assert/strict';
import { ServiceError, type CountersignClient } from '../../src/api';
import { operations } from '../../src/api/remote';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { stampedRequest } from './rawHttp';

describe('sandbox: get_organization', () => {
  let t: TestSandbox;
  let team: CountersignClient;

  before(async () => {
    t = await startTestSandbox();
    team = t.clientFor('Team', 1);
  });
  after(() => t.close());

  it("gives Team's root quorum (2 of its 2 root users), its users' names and its private keys' names", async () => {
    const seeded = t.organization('Team');
    const data = await team.getOrganization({ organizationId: seeded.organizationId });
    assert.equal(data.organizationId, seeded.organizationId);
    assert.equal(data.name, 'Team');
    assert.equal(data.rootQuorum.threshold, 2);
    assert.deepEqual([...data.rootQuorum.userIds].sort(), seeded.users.map((u) => u.userId).sort());
    assert.deepEqual(
      data.users.map((u) => [u.userId, u.userName]),
      seeded.users.map((u) => [u.userId, u.userName]),
    );
    assert.deepEqual(data.privateKeys.map((k) => k.privateKeyId).sort(), [...seeded.privateKeyIds].sort());
    assert.ok(data.privateKeys.every((k) => k.privateKeyName !== ''));
  });

  it('lists a tag once it exists, by name', async () => {
    const demo = t.clientFor('Demo');
    const organizationId = t.organization('Demo').organizationId;
    await demo.createPrivateKeyTag({
      organizationId,
      parameters: { privateKeyTagName: 'treasury', privateKeyIds: [] },
    });
    const data = await demo.getOrganization({ organizationId });
    assert.deepEqual(
      data.tags.map((tag) => tag.tagName),
      ['treasury'],
    );
    assert.equal(data.rootQuorum.threshold, 1);
  });

  it('answers in the shape of the service: the fields v1GetOrganizationResponse lists', async () => {
    const organizationId = t.organization('Demo').organizationId;
    const response = await stampedRequest(
      t.baseUrl,
      operations.getOrganization.path,
      JSON.stringify({ organizationId }),
      t.stamperFor('Demo'),
    );
    assert.equal(response.status, 200, response.text);
    const data = (JSON.parse(response.text) as { organizationData: Record<string, unknown> }).organizationData;
    for (const field of [
      'organizationId',
      'name',
      'users',
      'policies',
      'privateKeys',
      'invitations',
      'tags',
      'rootQuorum',
      'features',
      'wallets',
      'smartContractInterfaceReferences',
    ])
      assert.ok(field in data, `organizationData.${field} is missing`);
  });

  it("refuses another organization's data to a key that is not registered there", async () => {
    await assert.rejects(
      t.clientFor('Demo').getOrganization({ organizationId: t.organization('Team').organizationId }),
      (error: unknown) => error instanceof ServiceError && error.status >= 400,
    );
  });
});
