import * as assert from 'node:assert/strict';
import type { CountersignClient } from '../../src/api';
import { checkAppProof } from '../../src/api/remote';
import { readFixture } from '../support/fixtures';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

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
