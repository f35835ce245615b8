/**
 * The authorization table, cell by cell, over HTTP: the caller's organization (its own, the target's parent, a
 * sub-organization of the target, a sibling, any other) × what it asks (query, submit, vote, delete itself),
 * against the service's documented rules. A parent reads its sub-organizations and changes nothing in them;
 * other organizations' credentials are answered exactly as unknown ones; a refused request stores nothing.
 */
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ActivityFailedError, ServiceError, type Stamper } from '../../src/api';
import { ApiKeyStamper, CountersignClient, generateApiKeyPair } from '../../src/api/remote';
import {
  AUTHORIZATION_TABLE,
  type Grant,
  type OperationKind,
  type OrganizationRelation,
} from '../../src/sandbox/authorization';
import { addOrganization } from '../support/extraOrganization';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

/** The documented rules, written out independently of the table they check. */
const DOCUMENTED: Record<OrganizationRelation, Record<OperationKind, Grant>> = {
  own: { query: 'allow', submit: 'allow', vote: 'allow', deleteSelf: 'allow' },
  parent: { query: 'allow', submit: 'readOnly', vote: 'readOnly', deleteSelf: 'readOnly' },
  subOrganization: { query: 'notFound', submit: 'notFound', vote: 'notFound', deleteSelf: 'notFound' },
  sibling: { query: 'notFound', submit: 'notFound', vote: 'notFound', deleteSelf: 'notFound' },
  other: { query: 'notFound', submit: 'notFound', vote: 'notFound', deleteSelf: 'notFound' },
};
const RELATIONS = Object.keys(DOCUMENTED) as OrganizationRelation[];
const KINDS: OperationKind[] = ['query', 'submit', 'vote', 'deleteSelf'];

/** What came back: the answer's organization, or the refusal as the client saw it. */
type Outcome = { answered: string } | { status: number; code: string | undefined; message: string };

describe('sandbox: authorization table', () => {
  let t: TestSandbox;
  const clients: CountersignClient[] = [];
  /** A second sub-organization of Demo, with its own root user and API key: the sibling of Demo Sub-organization. */
  let siblingStamper: ApiKeyStamper;
  let ids: Record<'demo' | 'sub' | 'team', string>;
  /** Per relation: who calls, on which organization, and who of that organization can count its activities. */
  let cases: Record<OrganizationRelation, { caller: Stamper; target: string; insider: CountersignClient }>;
  let cellsChecked = 0;

  before(async () => {
    t = await startTestSandbox();
    ids = {
      demo: t.organization('Demo').organizationId,
      sub: t.organization('Demo Sub-organization').organizationId,
      team: t.organization('Team').organizationId,
    };
    const sibling = await addOrganization(t, {
      name: 'Sibling Sub-organization',
      parentOrganizationId: ids.demo,
      rootQuorum: 1,
      rootUsers: 1,
    });
    siblingStamper = sibling.stampers[0] as ApiKeyStamper;
    cases = {
      own: { caller: t.stamperFor('Team', 1), target: ids.team, insider: t.clientFor('Team', 0) },
      parent: { caller: t.stamperFor('Demo'), target: ids.sub, insider: t.clientFor('Demo Sub-organization') },
      subOrganization: {
        caller: t.stamperFor('Demo Sub-organization'),
        target: ids.demo,
        insider: t.clientFor('Demo'),
      },
      sibling: { caller: siblingStamper, target: ids.sub, insider: t.clientFor('Demo Sub-organization') },
      other: { caller: t.stamperFor('Team'), target: ids.demo, insider: t.clientFor('Demo') },
    };
  });
  after(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await t.close();
    // The figure docs/reliability.md quotes.
    console.log(`      authorization cells checked over HTTP: ${cellsChecked}`);
  });

  const clientOf = (stamper: Stamper): CountersignClient => {
    const client = new CountersignClient({ baseUrl: t.baseUrl }, stamper, { maxAttempts: 1, now: t.clock.now });
    clients.push(client);
    return client;
  };

  /** Asks `kind` of `organizationId` with the client, and says what came back. */
  async function ask(client: CountersignClient, kind: OperationKind, organizationId: string, fingerprint: string) {
    try {
      switch (kind) {
        case 'query':
          await client.listPrivateKeys({ organizationId });
          return { answered: (await client.whoami({ organizationId })).organizationId };
        case 'submit': {
          const parameters = { privateKeyTagName: `cell ${randomUUID()}`, privateKeyIds: [] };
          return { answered: (await client.createPrivateKeyTag({ organizationId, parameters })).organizationId };
        }
        case 'vote':
          return {
            answered: (await client.approveActivity({ organizationId, parameters: { fingerprint } })).organizationId,
          };
        case 'deleteSelf': {
          const parameters = { deleteWithoutExport: false };
          return { answered: (await client.deleteSubOrganization({ organizationId, parameters })).organizationId };
        }
      }
    } catch (error) {
      // A FAILED activity is an answer: the table let the request through and an execution rule refused it.
      if (error instanceof ActivityFailedError) return { answered: error.activity.organizationId };
      assert.ok(error instanceof ServiceError, String(error));
      return { status: error.status, code: error.turnkeyErrorCode, message: error.rpcStatus?.message ?? '' };
    }
  }

  const activityCount = async (insider: CountersignClient, organizationId: string): Promise<number> =>
    (await insider.listActivities({ organizationId, paginationOptions: { limit: '100' } })).length;

  it('holds the documented rules', () => {
    assert.deepEqual(AUTHORIZATION_TABLE, DOCUMENTED);
  });

  for (const relation of RELATIONS) {
    for (const kind of KINDS) {
      const expected = DOCUMENTED[relation][kind];
      it(`${relation} organization × ${kind}: ${expected}`, async () => {
        const { caller, target, insider } = cases[relation];
        // A pending activity of the target, made by one of its own, for votes to aim at.
        const pending = await insider.createPrivateKeyTag({
          organizationId: target,
          parameters: { privateKeyTagName: `pending ${randomUUID()}`, privateKeyIds: [] },
        });
        const before = await activityCount(insider, target);
        const outcome: Outcome = await ask(clientOf(caller), kind, target, pending.fingerprint);
        const stored = (await activityCount(insider, target)) - before;
        if (expected === 'allow') {
          assert.deepEqual(outcome, { answered: target });
          assert.equal(stored, kind === 'query' ? 0 : 1);
          if (kind === 'vote' && relation === 'own') {
            const counted = await insider.getActivity({ organizationId: target, activityId: pending.id });
            assert.equal(counted.status, 'ACTIVITY_STATUS_COMPLETED', "the own root user's approval counted");
          }
        } else if (expected === 'readOnly') {
          assert.ok('status' in outcome, `expected a refusal, got ${JSON.stringify(outcome)}`);
          assert.deepEqual([outcome.status, outcome.code], [403, 'REQUEST_NOT_AUTHORIZED']);
          assert.match(outcome.message, /request not authorized/);
          assert.equal(stored, 0, 'a refused request stores nothing');
        } else {
          // Exactly what a key registered nowhere gets for the same request.
          const nobody = generateApiKeyPair();
          const unknown = await ask(
            clientOf(new ApiKeyStamper({ apiPublicKey: nobody.publicKey, apiPrivateKey: nobody.privateKey })),
            kind,
            target,
            pending.fingerprint,
          );
          assert.deepEqual(outcome, unknown);
          assert.deepEqual('status' in outcome && [outcome.status, outcome.code], [401, 'PUBLIC_KEY_NOT_FOUND']);
          assert.equal(stored, 0, 'a refused request stores nothing');
        }
        cellsChecked += 1;
      });
    }
  }

  it('never offers a parent a vote on a pending activity of its sub-organization', async () => {
    const pair = await addOrganization(t, {
      name: 'Pair Sub-organization',
      parentOrganizationId: ids.demo,
      rootQuorum: 2,
      rootUsers: 2,
    });
    const insider = clientOf(pair.stampers[0] as ApiKeyStamper);
    const pending = await insider.createPrivateKeyTag({
      organizationId: pair.organizationId,
      parameters: { privateKeyTagName: 'waits for two', privateKeyIds: [] },
    });
    assert.equal(pending.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const second = await clientOf(pair.stampers[1] as ApiKeyStamper).getActivity({
      organizationId: pair.organizationId,
      activityId: pending.id,
    });
    assert.deepEqual([second.canApprove, second.canReject], [true, true], 'its own second root user may vote');
    const seen = await clientOf(t.stamperFor('Demo')).getActivity({
      organizationId: pair.organizationId,
      activityId: pending.id,
    });
    assert.deepEqual([seen.canApprove, seen.canReject], [false, false]);
  });

  it('lets a parent read everything of its sub-organization it can list', async () => {
    const parent = clientOf(t.stamperFor('Demo'));
    const insider = t.clientFor('Demo Sub-organization');
    const keys = await parent.listPrivateKeys({ organizationId: ids.sub });
    assert.deepEqual(
      keys.map((k) => k.privateKeyId),
      t.organization('Demo Sub-organization').privateKeyIds,
    );
    const listed = await parent.listActivities({ organizationId: ids.sub });
    assert.deepEqual(
      listed.map((a) => a.id),
      (await insider.listActivities({ organizationId: ids.sub })).map((a) => a.id),
    );
    const first = listed[0];
    assert.ok(first, 'the sub-organization has activities');
    const read = await parent.getActivity({ organizationId: ids.sub, activityId: first.id });
    assert.equal(read.id, first.id);
  });
});
