/**
 * A credential id is public (every browser receives it in `allowCredentials`), so any root user can enrol someone
 * else's id with a key of their own. Over HTTP, for each relation between the organization that enrolled such a
 * copy and the organization a request names (its own, its parent, one of its sub-organizations, a sibling, any
 * other): what the copy is granted, what it is refused, and that a refusal is exactly what a key enrolled nowhere
 * gets under the same credential id. A passkey is looked up in the organization the request names (or the parent
 * that reads it) and verified with that passkey's own key; an id already enrolled in an organization, its parent or
 * its sub-organizations cannot be enrolled again there.
 */
import * as assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ActivityFailedError, FeatureName, ServiceError, type Activity } from '../../src/api';
import { ApiKeyStamper, CountersignClient, WebauthnStamper } from '../../src/api/remote';
import { startSandbox } from '../../src/sandbox';
import { addOrganization } from '../support/extraOrganization';
import { SoftwareAuthenticator } from '../support/softwareAuthenticator';
import { startTestSandbox, type SeededOrganizationName, type TestSandbox } from '../support/startTestSandbox';

const ORIGIN = 'http://localhost:43123';

/** What came back: who answered (organization, and the user it took the caller for), or the refusal. */
type Outcome =
  | { readonly answered: string; readonly userId?: string }
  | { readonly status: number; readonly code: string | undefined; readonly message: string };

describe('sandbox: a passkey acts only as its own owner, whatever credential id others enrol', () => {
  let t: TestSandbox;
  let ids: Record<'demo' | 'sub' | 'team', string>;
  const clients: CountersignClient[] = [];

  beforeEach(async () => {
    t = await startTestSandbox();
    ids = {
      demo: t.organization('Demo').organizationId,
      sub: t.organization('Demo Sub-organization').organizationId,
      team: t.organization('Team').organizationId,
    };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await t.close();
  });

  const userOf = (name: SeededOrganizationName, index = 0): string => t.organization(name).users[index]?.userId ?? '';
  const device = (credentialId?: string): SoftwareAuthenticator =>
    new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost', ...(credentialId ? { credentialId } : {}) });
  /** The device behind Team's seeded passkey (Team root user 2). */
  const teamPasskey = (): SoftwareAuthenticator => {
    const seeded = t.organization('Team').users[1]?.authenticators?.[0];
    assert.ok(seeded?.privateKey !== undefined, 'Team root user 2 has a seeded passkey');
    return new SoftwareAuthenticator({
      credentialId: seeded.credentialId,
      privateKey: seeded.privateKey,
      origin: ORIGIN,
      rpId: 'localhost',
    });
  };

  const track = (client: CountersignClient): CountersignClient => {
    clients.push(client);
    return client;
  };
  const passkeyClient = (d: SoftwareAuthenticator): CountersignClient =>
    track(
      new CountersignClient(
        { baseUrl: t.baseUrl },
        new WebauthnStamper({ getAssertion: d.getAssertion, rpId: d.rpId }),
        { maxAttempts: 1, now: t.clock.now },
      ),
    );
  const apiKeyClient = (stamper: ApiKeyStamper): CountersignClient =>
    track(new CountersignClient({ baseUrl: t.baseUrl }, stamper, { maxAttempts: 1, now: t.clock.now }));

  /** create_authenticators for `userId` of `organizationId`, sent by `client`: the activity, or its failure. */
  const enrol = async (
    client: CountersignClient,
    organizationId: string,
    userId: string,
    d: SoftwareAuthenticator,
  ): Promise<Activity> => {
    const challenge = randomBytes(32).toString('base64url');
    try {
      return await client.createAuthenticators({
        organizationId,
        parameters: {
          userId,
          authenticators: [{ authenticatorName: 'copy', challenge, attestation: d.attest({ challenge }) }],
        },
      });
    } catch (error) {
      if (error instanceof ActivityFailedError) return error.activity;
      throw error;
    }
  };

  const outcome = async (request: Promise<{ organizationId: string; userId?: string }>): Promise<Outcome> => {
    try {
      const answer = await request;
      return answer.userId === undefined
        ? { answered: answer.organizationId }
        : { answered: answer.organizationId, userId: answer.userId };
    } catch (error) {
      if (error instanceof ActivityFailedError) return { answered: error.activity.organizationId };
      assert.ok(error instanceof ServiceError, String(error));
      return { status: error.status, code: error.turnkeyErrorCode, message: error.rpcStatus?.message ?? '' };
    }
  };

  const whoami = (d: SoftwareAuthenticator, organizationId: string) =>
    outcome(passkeyClient(d).whoami({ organizationId }));
  const tag = (d: SoftwareAuthenticator, organizationId: string) =>
    outcome(
      passkeyClient(d).createPrivateKeyTag({
        organizationId,
        parameters: { privateKeyTagName: `tag ${randomUUID()}`, privateKeyIds: [] },
      }),
    );
  const activityCount = async (client: CountersignClient, organizationId: string): Promise<number> =>
    (await client.listActivities({ organizationId, paginationOptions: { limit: '100' } })).length;

  /**
   * The copy (`impostor`, enrolled somewhere) is refused by `organizationId` exactly as a key enrolled nowhere is
   * under the same credential id, for a query and a submission, and the organization stores nothing.
   */
  const refusedAsStranger = async (
    impostor: SoftwareAuthenticator,
    organizationId: string,
    insider: CountersignClient,
    code: 'SIGNATURE_INVALID' | 'CREDENTIAL_NOT_FOUND',
  ): Promise<void> => {
    const stranger = device(impostor.credentialId);
    const before = await activityCount(insider, organizationId);
    for (const ask of [whoami, tag]) {
      const seen = await ask(impostor, organizationId);
      assert.deepEqual(seen, await ask(stranger, organizationId), 'answered as a key enrolled nowhere');
      assert.ok('status' in seen, `expected a refusal, got ${JSON.stringify(seen)}`);
      assert.deepEqual([seen.status, seen.code], [401, code]);
    }
    assert.equal(await activityCount(insider, organizationId), before, 'a refused request stores nothing');
  };

  const alreadyExists = (activity: Activity, where: RegExp): void => {
    assert.equal(activity.status, 'ACTIVITY_STATUS_FAILED', JSON.stringify(activity.result));
    assert.equal(activity.failure?.code, 6, 'ALREADY_EXISTS');
    assert.match(activity.failure?.message ?? '', /^authenticator already exists: /);
    assert.match(activity.failure?.message ?? '', where);
  };

  it("own: an id enrolled in the organization cannot be enrolled again there; its owner's passkey does everything", async () => {
    const genuine = teamPasskey();
    const impostor = device(genuine.credentialId);
    const submitted = await enrol(t.clientFor('Team', 0), ids.team, userOf('Team', 0), impostor);
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    await t.clientFor('Team', 1).approveActivity({
      organizationId: ids.team,
      parameters: { fingerprint: submitted.fingerprint },
    });
    alreadyExists(
      await t.clientFor('Team', 0).getActivity({ organizationId: ids.team, activityId: submitted.id }),
      /in this organization$/,
    );
    await refusedAsStranger(impostor, ids.team, t.clientFor('Team', 0), 'SIGNATURE_INVALID');

    assert.deepEqual(await whoami(genuine, ids.team), { answered: ids.team, userId: userOf('Team', 1) });
    const pending = await t.clientFor('Team', 0).createPrivateKeyTag({
      organizationId: ids.team,
      parameters: { privateKeyTagName: 'needs the passkey', privateKeyIds: [] },
    });
    const vote = await passkeyClient(genuine).approveActivity({
      organizationId: ids.team,
      parameters: { fingerprint: pending.fingerprint },
    });
    assert.equal(vote.status, 'ACTIVITY_STATUS_COMPLETED', 'its own root user votes with it');
  });

  it("parent: a parent cannot enrol its sub-organization's id; its own passkey reads the sub-organization only", async () => {
    const genuine = device();
    const sub = t.clientFor('Demo Sub-organization');
    assert.equal(
      (await enrol(sub, ids.sub, userOf('Demo Sub-organization'), genuine)).status,
      'ACTIVITY_STATUS_COMPLETED',
    );
    const impostor = device(genuine.credentialId);
    alreadyExists(
      await enrol(t.clientFor('Demo'), ids.demo, userOf('Demo'), impostor),
      /in a parent or sub-organization of this organization$/,
    );
    assert.deepEqual(
      await t.clientFor('Demo').getAuthenticators({ organizationId: ids.demo, userId: userOf('Demo') }),
      [],
    );
    await refusedAsStranger(impostor, ids.sub, sub, 'SIGNATURE_INVALID');
    await refusedAsStranger(impostor, ids.demo, t.clientFor('Demo'), 'CREDENTIAL_NOT_FOUND');
    assert.deepEqual(await whoami(genuine, ids.sub), { answered: ids.sub, userId: userOf('Demo Sub-organization') });

    const parents = device();
    assert.equal(
      (await enrol(t.clientFor('Demo'), ids.demo, userOf('Demo'), parents)).status,
      'ACTIVITY_STATUS_COMPLETED',
    );
    assert.deepEqual(await whoami(parents, ids.sub), { answered: ids.sub, userId: userOf('Demo') }, 'the parent reads');
    const write = await tag(parents, ids.sub);
    assert.ok('status' in write, `expected a refusal, got ${JSON.stringify(write)}`);
    assert.deepEqual([write.status, write.code], [403, 'REQUEST_NOT_AUTHORIZED'], 'and changes nothing');
  });

  it("sub-organization: a sub-organization cannot enrol its parent's id, nor reach its parent with its own passkey", async () => {
    const genuine = device();
    assert.equal(
      (await enrol(t.clientFor('Demo'), ids.demo, userOf('Demo'), genuine)).status,
      'ACTIVITY_STATUS_COMPLETED',
    );
    const sub = t.clientFor('Demo Sub-organization');
    const impostor = device(genuine.credentialId);
    alreadyExists(
      await enrol(sub, ids.sub, userOf('Demo Sub-organization'), impostor),
      /in a parent or sub-organization of this organization$/,
    );
    await refusedAsStranger(impostor, ids.demo, t.clientFor('Demo'), 'SIGNATURE_INVALID');
    // Nor does the copy sign with the parent's key.
    const signWith = t.organization('Demo').privateKeyIds[0] ?? '';
    const signed = await outcome(
      passkeyClient(impostor).signRawPayload({
        organizationId: ids.demo,
        parameters: {
          signWith,
          payload: 'ab'.repeat(32),
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      }),
    );
    assert.ok('status' in signed && signed.status === 401, `expected a refusal, got ${JSON.stringify(signed)}`);

    const own = device();
    assert.equal((await enrol(sub, ids.sub, userOf('Demo Sub-organization'), own)).status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(await whoami(own, ids.sub), { answered: ids.sub, userId: userOf('Demo Sub-organization') });
    assert.deepEqual(await tag(own, ids.sub), { answered: ids.sub }, 'its own passkey does everything at home');
    await refusedAsStranger(own, ids.demo, t.clientFor('Demo'), 'CREDENTIAL_NOT_FOUND');
  });

  it("sibling: a sibling's copy of an id works at home and is refused in the sibling it was copied from", async () => {
    const sibling = await addOrganization(t, {
      name: 'Sibling Sub-organization',
      parentOrganizationId: ids.demo,
      rootQuorum: 1,
      rootUsers: 1,
    });
    const siblingClient = apiKeyClient(sibling.stampers[0] as ApiKeyStamper);
    const siblingUser = (await siblingClient.whoami({ organizationId: sibling.organizationId })).userId;
    const genuine = device();
    const sub = t.clientFor('Demo Sub-organization');
    assert.equal(
      (await enrol(sub, ids.sub, userOf('Demo Sub-organization'), genuine)).status,
      'ACTIVITY_STATUS_COMPLETED',
    );
    const impostor = device(genuine.credentialId);
    // Siblings never reach each other, so the same id in both confuses nothing.
    const copied = await enrol(siblingClient, sibling.organizationId, siblingUser, impostor);
    assert.equal(copied.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(await whoami(impostor, sibling.organizationId), {
      answered: sibling.organizationId,
      userId: siblingUser,
    });
    await refusedAsStranger(impostor, ids.sub, sub, 'SIGNATURE_INVALID');
    assert.deepEqual(await whoami(genuine, ids.sub), { answered: ids.sub, userId: userOf('Demo Sub-organization') });
    await refusedAsStranger(genuine, sibling.organizationId, siblingClient, 'SIGNATURE_INVALID');
  });

  it("other: Demo's copy of Team's id casts no Team vote, even from an origin Team's WEBAUTHN_ORIGINS lists", async () => {
    const team0 = t.clientFor('Team', 0);
    const set = await team0.setOrganizationFeature({
      organizationId: ids.team,
      parameters: { name: FeatureName.WebauthnOrigins, value: ORIGIN },
    });
    await t
      .clientFor('Team', 1)
      .approveActivity({ organizationId: ids.team, parameters: { fingerprint: set.fingerprint } });

    const genuine = teamPasskey();
    const impostor = device(genuine.credentialId);
    const copied = await enrol(t.clientFor('Demo'), ids.demo, userOf('Demo'), impostor);
    assert.equal(copied.status, 'ACTIVITY_STATUS_COMPLETED', 'an unrelated organization holds ids of its own');
    assert.deepEqual(await whoami(impostor, ids.demo), { answered: ids.demo, userId: userOf('Demo') });

    const pending = await team0.createPrivateKeyTag({
      organizationId: ids.team,
      parameters: { privateKeyTagName: 'Team decides', privateKeyIds: [] },
    });
    await refusedAsStranger(impostor, ids.team, team0, 'SIGNATURE_INVALID');
    const vote = await outcome(
      passkeyClient(impostor).approveActivity({
        organizationId: ids.team,
        parameters: { fingerprint: pending.fingerprint },
      }),
    );
    assert.ok('status' in vote && vote.status === 401, `expected a refusal, got ${JSON.stringify(vote)}`);
    const still = await team0.getActivity({ organizationId: ids.team, activityId: pending.id });
    assert.equal(still.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.equal(still.votes.length, 1, 'no vote was cast for Team root user 2');

    const real = await passkeyClient(genuine).approveActivity({
      organizationId: ids.team,
      parameters: { fingerprint: pending.fingerprint },
    });
    assert.equal(real.status, 'ACTIVITY_STATUS_COMPLETED', "Team root user 2's own passkey still votes");
  });

  it('answers each organization with its own passkey when a journal already holds an id in a parent and its sub-organization', async () => {
    // Written before enrolment refused the copy: the lookup alone must keep each owner apart.
    const genuine = device();
    const impostor = device(genuine.credentialId);
    const register = (organizationId: string, userId: string, d: SoftwareAuthenticator) =>
      t.engine.addAuthenticator(organizationId, userId, {
        authenticatorId: randomUUID(),
        authenticatorName: 'journalled',
        credentialId: d.credentialId,
        publicKey: d.publicKey,
        createdAtMs: t.clock.now(),
      });
    await register(ids.demo, userOf('Demo'), genuine);
    await register(ids.sub, userOf('Demo Sub-organization'), impostor);

    await refusedAsStranger(impostor, ids.demo, t.clientFor('Demo'), 'SIGNATURE_INVALID');
    assert.deepEqual(await whoami(genuine, ids.demo), { answered: ids.demo, userId: userOf('Demo') });
    assert.deepEqual(await whoami(impostor, ids.sub), { answered: ids.sub, userId: userOf('Demo Sub-organization') });
    // The parent's passkey still reads the sub-organization, as its parent's, never as the sub-organization's user.
    assert.deepEqual(await whoami(genuine, ids.sub), { answered: ids.sub, userId: userOf('Demo') });
    const write = await tag(genuine, ids.sub);
    assert.ok('status' in write && write.status === 403, `expected a refusal, got ${JSON.stringify(write)}`);
  });
});

describe('sandbox: one enrolment of an id across a lineage, even when two race', function () {
  this.timeout(20_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-passkey-race-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('completes exactly one of two simultaneous enrolments of an id, in a parent and in its sub-organization', async () => {
    // On disk, so each enrolment waits for its journal sync: the window in which the other could decide unseen.
    const sandbox = await startSandbox({ dataDir: dir });
    const clientOf = (name: string) => {
      const organization = sandbox.credentials.organizations.find((o) => o.name === name);
      const user = organization?.users[0];
      const key = user?.apiKeys[0];
      assert.ok(organization && user && key, name);
      const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
      return {
        organizationId: organization.organizationId,
        userId: user.userId,
        client: new CountersignClient({ baseUrl: sandbox.baseUrl }, stamper, { maxAttempts: 1 }),
      };
    };
    const sides = [clientOf('Demo'), clientOf('Demo Sub-organization')];
    try {
      for (let round = 0; round < 5; round += 1) {
        const d = new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' });
        const statuses = await Promise.all(
          sides.map(async ({ client, organizationId, userId }) => {
            const challenge = randomBytes(32).toString('base64url');
            const parameters = {
              userId,
              authenticators: [{ authenticatorName: 'raced', challenge, attestation: d.attest({ challenge }) }],
            };
            try {
              return (await client.createAuthenticators({ organizationId, parameters })).status;
            } catch (error) {
              assert.ok(error instanceof ActivityFailedError, String(error));
              assert.match(error.activity.failure?.message ?? '', /^authenticator already exists: /);
              return error.activity.status;
            }
          }),
        );
        assert.deepEqual(statuses.sort(), ['ACTIVITY_STATUS_COMPLETED', 'ACTIVITY_STATUS_FAILED'], `round ${round}`);
      }
    } finally {
      await Promise.all(sides.map((s) => s.client.close()));
      await sandbox.close();
    }
  });
});
