import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import { TurnkeyClient, TurnkeyRequestError } from '@turnkey/http';
import { ActivityFailedError, type CreatePolicyParameters } from '../../src/api';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { CREDENTIALS_FILE_NAME, writeFileAtomic } from '../../src/sandbox/credentials';
import { createSeed } from '../../src/sandbox/seed';
import { JOURNAL_FILE_NAME, readJournal } from '../../src/sandbox/storage/journalStorage';
import { officialClient } from '../support/officialClient';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

const allow = (policyName: string, extra: Partial<CreatePolicyParameters> = {}): CreatePolicyParameters => ({
  policyName,
  effect: 'EFFECT_ALLOW',
  condition: "activity.resource == 'PRIVATE_KEY'",
  notes: '',
  ...extra,
});

describe('sandbox: policy operations', () => {
  let t: TestSandbox;
  let organizationId: string;
  let official: TurnkeyClient;

  beforeEach(async () => {
    t = await startTestSandbox();
    organizationId = t.organization('Demo').organizationId;
    official = officialClient(t, 'Demo');
  });
  afterEach(() => t.close());

  const envelope = <T extends string, P>(type: T, parameters: P) => ({
    type,
    timestampMs: String(t.clock.now()),
    organizationId,
    parameters,
  });
  const createPolicy = (parameters: CreatePolicyParameters) =>
    official.createPolicy(envelope('ACTIVITY_TYPE_CREATE_POLICY_V3' as const, parameters));

  it('creates, reads, updates and deletes a policy through the official client, in the swagger shapes', async () => {
    const created = await createPolicy(allow('Keys only', { consensus: 'approvers.count() >= 1' }));
    assert.equal(created.activity.status, 'ACTIVITY_STATUS_COMPLETED');
    const policyId = created.activity.result.createPolicyResult?.policyId;
    assert.ok(policyId);
    const { policy } = await official.getPolicy({ organizationId, policyId });
    assert.deepEqual(
      { ...policy, createdAt: undefined, updatedAt: undefined },
      {
        policyId,
        policyName: 'Keys only',
        effect: 'EFFECT_ALLOW',
        notes: '',
        consensus: 'approvers.count() >= 1',
        condition: "activity.resource == 'PRIVATE_KEY'",
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    const updated = await official.updatePolicy(
      envelope('ACTIVITY_TYPE_UPDATE_POLICY_V2' as const, {
        policyId,
        policyName: 'Keys, renamed',
        policyCondition: "activity.action == 'SIGN'",
      }),
    );
    assert.equal(updated.activity.result.updatePolicyResultV2?.policyId, policyId);
    const [listed] = (await official.getPolicies({ organizationId })).policies;
    assert.equal(listed?.policyName, 'Keys, renamed');
    assert.equal(listed?.condition, "activity.action == 'SIGN'");
    assert.equal(listed?.consensus, 'approvers.count() >= 1', 'a field left out keeps its value');
    await official.deletePolicy(envelope('ACTIVITY_TYPE_DELETE_POLICY' as const, { policyId }));
    assert.deepEqual((await official.getPolicies({ organizationId })).policies, []);
  });

  it('creates and deletes several at once, all or none', async () => {
    const client = t.clientFor('Demo');
    const created = await client.createPolicies({
      organizationId,
      parameters: { policies: [allow('One'), allow('Two', { effect: 'EFFECT_DENY', condition: 'false' })] },
    });
    const { policyIds } = created.result['createPoliciesResult'] as { policyIds: string[] };
    assert.equal(policyIds.length, 2);
    assert.deepEqual(
      (await client.listPolicies({ organizationId })).map((p) => p.policyName),
      ['One', 'Two'],
    );
    await assert.rejects(
      client.deletePolicies({ organizationId, parameters: { policyIds: [policyIds[0] as string, 'no-such-policy'] } }),
      (error: unknown) => error instanceof ActivityFailedError && error.failure?.code === 5,
    );
    assert.equal((await client.listPolicies({ organizationId })).length, 2, 'nothing deleted');
    await client.deletePolicies({ organizationId, parameters: { policyIds } });
    assert.deepEqual(await client.listPolicies({ organizationId }), []);
  });

  const refusals: { title: string; send: () => Promise<unknown>; message: RegExp }[] = [
    {
      title: 'a field that does not exist',
      send: () => createPolicy(allow('Bad field', { condition: 'eth.tx.foo == 1' })),
      message: /^invalid policy condition: Expression cannot be evaluated: field does not exist: foo \(/,
    },
    {
      title: 'an empty consensus',
      send: () => createPolicy(allow('Empty', { consensus: '' })),
      message: /^invalid policy consensus: /,
    },
    {
      title: 'a double-quoted string',
      send: () => createPolicy(allow('Quotes', { condition: 'activity.type == "ACTIVITY_TYPE_SIGN_TRANSACTION_V2"' })),
      message: /^invalid policy condition: /,
    },
    {
      title: 'a name another policy has',
      send: () => createPolicy(allow('Taken')),
      message: /^policy label must be unique \(/,
    },
    {
      title: 'a name twice in one batch',
      send: () =>
        official.createPolicies(
          envelope('ACTIVITY_TYPE_CREATE_POLICIES' as const, { policies: [allow('Twice'), allow('Twice')] }),
        ),
      message: /^policy label must be unique \(/,
    },
    {
      title: 'an update to a broken consensus',
      send: async () =>
        official.updatePolicy(
          envelope('ACTIVITY_TYPE_UPDATE_POLICY_V2' as const, {
            policyId: await takenId(),
            policyConsensus: 'approvers.',
          }),
        ),
      message: /^invalid policy consensus: /,
    },
  ];
  let taken: string | undefined;
  const takenId = async (): Promise<string> => {
    taken ??= (await t.clientFor('Demo').listPolicies({ organizationId })).find(
      (p) => p.policyName === 'Taken',
    )?.policyId;
    return taken as string;
  };
  for (const refusal of refusals) {
    it(`refuses at creation, with 400 and the service's words, ${refusal.title}; nothing is created`, async () => {
      taken = undefined;
      await createPolicy(allow('Taken'));
      const client = t.clientFor('Demo');
      const activities = (await client.listActivities({ organizationId, paginationOptions: { limit: '100' } })).length;
      const policies = await client.listPolicies({ organizationId });
      await assert.rejects(refusal.send(), (error: unknown) => {
        assert.ok(error instanceof TurnkeyRequestError, String(error));
        assert.equal(error.code, 3);
        // The official client's message: "Turnkey error 3: <the service's message> (Details: …)".
        assert.match(error.message.replace(/^Turnkey error 3: /, ''), refusal.message);
        return true;
      });
      const after = await client.listActivities({ organizationId, paginationOptions: { limit: '100' } });
      assert.equal(after.length, activities);
      assert.deepEqual(await client.listPolicies({ organizationId }), policies);
    });
  }

  it('holds at most 100 policies: the 101st fails the activity with RESOURCE_EXHAUSTED', async () => {
    const client = t.clientFor('Demo');
    const hundred = Array.from({ length: 100 }, (_, i) => allow(`Policy ${i}`));
    await client.createPolicies({ organizationId, parameters: { policies: hundred } });
    await assert.rejects(
      client.createPolicy({ organizationId, parameters: allow('One too many') }),
      (error: unknown) => error instanceof ActivityFailedError && error.failure?.code === 8,
    );
    assert.equal((await client.listPolicies({ organizationId })).length, 100);
  });
});

describe('sandbox: policies and their evaluations in the journal', () => {
  let dir: string;
  let sandbox: RunningSandbox | undefined;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-policies-'));
  });
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const clientOf = (running: RunningSandbox, organization: string, user = 0): CountersignClient => {
    const key = running.credentials.organizations.find((o) => o.name === organization)?.users[user]?.apiKeys[0];
    assert.ok(key);
    const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
    return new CountersignClient({ baseUrl: running.baseUrl }, stamper, { maxAttempts: 1 });
  };

  it('reads back policies and every evaluation after a restart, and a waiting activity still completes', async () => {
    sandbox = await startSandbox({ dataDir: dir });
    const treasury = sandbox.credentials.organizations.find((o) => o.name === 'Treasury');
    assert.ok(treasury);
    const organizationId = treasury.organizationId;
    const root = clientOf(sandbox, 'Treasury');
    await root.createPolicy({
      organizationId,
      parameters: allow('Finance may tag', {
        condition: "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'",
        consensus: 'approvers.count() >= 2',
      }),
    });
    // The first approver alone: CONSENSUS_NEEDED, until a second user approves.
    const waiting = await clientOf(sandbox, 'Treasury', 1).createPrivateKeyTag({
      organizationId,
      parameters: { privateKeyTagName: 'cold', privateKeyIds: [] },
    });
    assert.equal(waiting.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const policies = await root.listPolicies({ organizationId });
    const evaluations = await root.getPolicyEvaluations({ organizationId, activityId: waiting.id });
    assert.equal(evaluations.length, 1);
    await root.close();
    await sandbox.close();

    sandbox = await startSandbox({ dataDir: dir });
    const again = clientOf(sandbox, 'Treasury');
    assert.deepEqual(await again.listPolicies({ organizationId }), policies);
    assert.deepEqual(await again.getPolicyEvaluations({ organizationId, activityId: waiting.id }), evaluations);
    const second = clientOf(sandbox, 'Treasury', 2);
    await second.approveActivity({ organizationId, parameters: { fingerprint: waiting.fingerprint } });
    const done = await again.getActivity({ organizationId, activityId: waiting.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal((await again.getPolicyEvaluations({ organizationId, activityId: waiting.id })).length, 2);
    await again.close();
    await second.close();
  });

  it('gives a data directory from before Treasury the organization once, its keys in credentials.json', async () => {
    const seed = createSeed(Date.now());
    const old = seed.organizations.filter((o) => o.name !== 'Treasury');
    const json = JSON.stringify({ kind: 'seed', organizations: old });
    const line = `${crc32(Buffer.from(json, 'utf8')).toString(16).padStart(8, '0')} ${json}\n`;
    writeFileSync(path.join(dir, JOURNAL_FILE_NAME), line, { mode: 0o600 });
    const credentials = { baseUrl: '', organizations: seed.credentials.filter((o) => o.name !== 'Treasury') };
    writeFileAtomic(path.join(dir, CREDENTIALS_FILE_NAME), JSON.stringify(credentials));

    sandbox = await startSandbox({ dataDir: dir });
    const kinds = () =>
      (readJournal(readFileSync(path.join(dir, JOURNAL_FILE_NAME))).records as { kind: string }[]).map((r) => r.kind);
    // The enclave key that signs bundles comes first, once, as it would for any older data directory.
    assert.deepEqual(kinds(), ['seed', 'enclaveKey', 'seed']);
    const written = JSON.parse(readFileSync(path.join(dir, CREDENTIALS_FILE_NAME), 'utf8')) as typeof credentials;
    const treasury = written.organizations.find((o) => o.name === 'Treasury');
    assert.equal(treasury?.users.length, 4);
    const client = clientOf(sandbox, 'Treasury');
    assert.equal((await client.listPolicies({ organizationId: treasury?.organizationId })).length, 6);
    await client.close();
    await sandbox.close();

    sandbox = await startSandbox({ dataDir: dir });
    assert.deepEqual(kinds(), ['seed', 'enclaveKey', 'seed'], 'once only');
    assert.equal(sandbox.credentials.organizations.filter((o) => o.name === 'Treasury').length, 1);
  });
});
