/**
 * create_authenticators, delete_authenticators, get_authenticators and get_authenticator over HTTP, with real
 * `none` and `packed` attestations made by a software P-256 credential: the sandbox verifies them as a relying
 * party does, stores the passkey durably, and the passkey then stamps requests and approves activities.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  ActivityFailedError,
  FeatureName,
  MAX_AUTHENTICATORS_PER_USER,
  ServiceError,
  type Attestation,
} from '../../src/api';
import { ApiKeyStamper, CountersignClient, WebauthnStamper } from '../../src/api/remote';
import { startSandbox } from '../../src/sandbox';
import { SoftwareAuthenticator, type AttestOptions } from '../support/softwareAuthenticator';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

const ORIGIN = 'http://localhost:43123';

describe('sandbox: passkey enrolment (create_authenticators) and authenticator queries', () => {
  let t: TestSandbox;
  let demoId: string;
  let demoUserId: string;
  const clients: CountersignClient[] = [];

  beforeEach(async () => {
    t = await startTestSandbox();
    demoId = t.organization('Demo').organizationId;
    demoUserId = t.organization('Demo').users[0]?.userId ?? '';
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await t.close();
  });

  const device = (): SoftwareAuthenticator => new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' });
  const challenge = (): string => randomBytes(32).toString('base64url');

  const passkeyClient = (d: SoftwareAuthenticator): CountersignClient => {
    const client = new CountersignClient(
      { baseUrl: t.baseUrl },
      new WebauthnStamper({ getAssertion: d.getAssertion, rpId: d.rpId }),
      { maxAttempts: 1, now: t.clock.now },
    );
    clients.push(client);
    return client;
  };

  const enrol = (
    d: SoftwareAuthenticator,
    options: Partial<AttestOptions> = {},
    name = 'VS Code passkey',
    sentChallenge = challenge(),
  ) =>
    t.clientFor('Demo').createAuthenticators({
      organizationId: demoId,
      parameters: {
        userId: demoUserId,
        authenticators: [
          {
            authenticatorName: name,
            challenge: sentChallenge,
            attestation: d.attest({ challenge: sentChallenge, ...options }),
          },
        ],
      },
    });

  const refusedAttestation = async (promise: Promise<unknown>, message: RegExp): Promise<void> => {
    await assert.rejects(promise, (error: unknown) => {
      assert.ok(error instanceof ServiceError, String(error));
      assert.equal(error.status, 400);
      assert.match(error.rpcStatus?.message ?? '', /^invalid attestation: /);
      assert.match(error.rpcStatus?.message ?? '', message);
      return true;
    });
    const listed = await t.clientFor('Demo').getAuthenticators({ organizationId: demoId, userId: demoUserId });
    assert.equal(listed.length, 0, 'a refused attestation registers nothing');
  };

  for (const format of ['none', 'packed'] as const) {
    it(`enrols a passkey from a "${format}" attestation; it is listed, fetched, and stamps requests`, async () => {
      const d = device();
      const activity = await enrol(d, { format });
      assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
      const ids = (activity.result['createAuthenticatorsResult'] as { authenticatorIds: string[] }).authenticatorIds;
      assert.equal(ids.length, 1);

      const listed = await t.clientFor('Demo').getAuthenticators({ organizationId: demoId, userId: demoUserId });
      assert.equal(listed.length, 1);
      assert.equal(listed[0]?.authenticatorId, ids[0]);
      assert.equal(listed[0]?.authenticatorName, 'VS Code passkey');
      assert.equal(listed[0]?.credentialId, d.credentialId);
      assert.equal(listed[0]?.attestationType, format);
      assert.deepEqual(listed[0]?.transports, ['AUTHENTICATOR_TRANSPORT_USB']);
      assert.deepEqual(listed[0]?.credential, {
        publicKey: d.publicKey,
        type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
      });
      const one = await t.clientFor('Demo').getAuthenticator({ organizationId: demoId, authenticatorId: ids[0] ?? '' });
      assert.deepEqual(one, listed[0]);

      assert.equal((await passkeyClient(d).whoami({ organizationId: demoId })).userId, demoUserId);
    });
  }

  it("lets a passkey enrolled for Team's second root user approve a consensus activity, which completes", async () => {
    const team = t.organization('Team');
    const d = device();
    const sentChallenge = challenge();
    // Team's quorum is two: the enrolment itself is approved by the other root user.
    const enrolment = await t.clientFor('Team', 1).createAuthenticators({
      organizationId: team.organizationId,
      parameters: {
        userId: team.users[1]?.userId ?? '',
        authenticators: [
          {
            authenticatorName: 'laptop',
            challenge: sentChallenge,
            attestation: d.attest({ challenge: sentChallenge }),
          },
        ],
      },
    });
    assert.equal(enrolment.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    await t
      .clientFor('Team', 0)
      .approveActivity({ organizationId: team.organizationId, parameters: { fingerprint: enrolment.fingerprint } });

    const submitted = await t.clientFor('Team', 0).createPrivateKeyTag({
      organizationId: team.organizationId,
      parameters: { privateKeyTagName: 'approved with an enrolled passkey', privateKeyIds: [] },
    });
    const vote = await passkeyClient(d).approveActivity({
      organizationId: team.organizationId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    assert.equal(vote.status, 'ACTIVITY_STATUS_COMPLETED');
    const done = await t
      .clientFor('Team', 0)
      .getActivity({ organizationId: team.organizationId, activityId: submitted.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.equal(done.votes.find((v) => v.userId === team.users[1]?.userId)?.publicKey, d.publicKey);
  });

  it("refuses an enrolled passkey's stamp whose signature was tampered with, and one over another body", async () => {
    const d = device();
    await enrol(d);
    const body = JSON.stringify({ organizationId: demoId });
    const stamp = JSON.parse(
      (await new WebauthnStamper({ getAssertion: d.getAssertion, rpId: 'localhost' }).stamp(body)).stampHeaderValue,
    ) as Record<string, string>;
    const signature = Buffer.from(stamp['signature'] ?? '', 'base64url');
    signature.writeUInt8((signature.at(-1) ?? 0) ^ 0x01, signature.length - 1);
    const tampered = JSON.stringify({ ...stamp, signature: signature.toString('base64url') });
    const send = (text: string, header: string) =>
      fetch(`${t.baseUrl}/public/v1/query/whoami`, {
        method: 'POST',
        body: text,
        headers: { 'X-Stamp-Webauthn': header },
      });
    const refused = await send(body, tampered);
    assert.equal(refused.status, 401);
    assert.match(await refused.text(), /could not verify WebAuthN signature/);
    const otherBody = await send(JSON.stringify({ organizationId: demoId, x: 1 }), JSON.stringify(stamp));
    assert.equal(otherBody.status, 401);
    assert.match(await otherBody.text(), /challenge/);
    assert.equal((await send(body, JSON.stringify(stamp))).status, 200, 'the untampered stamp is accepted');
  });

  it('refuses an attestation over another challenge', async () => {
    const d = device();
    const sent = challenge();
    const attestation = d.attest({ challenge: challenge() });
    await refusedAttestation(
      t.clientFor('Demo').createAuthenticators({
        organizationId: demoId,
        parameters: { userId: demoUserId, authenticators: [{ authenticatorName: 'x', challenge: sent, attestation }] },
      }),
      /challenge/,
    );
  });

  it('refuses client data of another type (webauthn.get)', async () => {
    await refusedAttestation(enrol(device(), { type: 'webauthn.get' }), /type is not "webauthn.create"/);
  });

  it('refuses an RP ID hash that the origin may not use', async () => {
    await refusedAttestation(enrol(device(), { rpId: 'example.com' }), /RP ID/);
  });

  it('refuses an attestation without user presence', async () => {
    await refusedAttestation(enrol(device(), { flags: 0x40 }), /user presence/);
  });

  it("refuses a packed attestation whose signature is not the credential's", async () => {
    const d = device();
    const sent = challenge();
    const good = d.attest({ challenge: sent, format: 'packed' });
    // Another credential's packed statement, spliced in: the signature no longer matches this authenticator data.
    const forged: Attestation = {
      ...good,
      clientDataJson: d.attest({ challenge: sent, origin: 'http://localhost:1' }).clientDataJson,
    };
    await refusedAttestation(
      t.clientFor('Demo').createAuthenticators({
        organizationId: demoId,
        parameters: {
          userId: demoUserId,
          authenticators: [{ authenticatorName: 'x', challenge: sent, attestation: forged }],
        },
      }),
      /attestation does not verify|signature/,
    );
  });

  it('refuses an origin outside FEATURE_NAME_WEBAUTHN_ORIGINS once the organization sets it', async () => {
    const set = await t.clientFor('Demo').setOrganizationFeature({
      organizationId: demoId,
      parameters: { name: FeatureName.WebauthnOrigins, value: 'https://app.example.com' },
    });
    assert.equal(set.status, 'ACTIVITY_STATUS_COMPLETED');
    await refusedAttestation(enrol(device()), /origin "http:\/\/localhost:43123" is not among/);
    // The listed origin followed by more: another origin, refused whole.
    const longerPort = new SoftwareAuthenticator({ origin: 'https://app.example.com:8443', rpId: 'app.example.com' });
    await refusedAttestation(enrol(longerPort), /origin "https:\/\/app\.example\.com:8443" is not among/);
    const longerHost = new SoftwareAuthenticator({
      origin: 'https://app.example.com.evil.example',
      rpId: 'evil.example',
    });
    await refusedAttestation(enrol(longerHost), /is not among/);
    const listedOrigin = new SoftwareAuthenticator({ origin: 'https://app.example.com', rpId: 'app.example.com' });
    assert.equal((await enrol(listedOrigin)).status, 'ACTIVITY_STATUS_COMPLETED');
  });

  it(`holds at most ${MAX_AUTHENTICATORS_PER_USER} authenticators per user and fails the 11th`, async () => {
    const admin = t.clientFor('Demo');
    const ten = Array.from({ length: MAX_AUTHENTICATORS_PER_USER }, (_, i) => {
      const sent = challenge();
      return { authenticatorName: `key ${i + 1}`, challenge: sent, attestation: device().attest({ challenge: sent }) };
    });
    const first = await admin.createAuthenticators({
      organizationId: demoId,
      parameters: { userId: demoUserId, authenticators: ten },
    });
    assert.equal(first.status, 'ACTIVITY_STATUS_COMPLETED');
    await assert.rejects(enrol(device()), (error: unknown) => {
      assert.ok(error instanceof ActivityFailedError, String(error));
      assert.equal(
        error.activity.failure?.message,
        'this user already has 10 authenticator(s); a user can have at most 10',
      );
      return true;
    });
    const listed = await admin.getAuthenticators({ organizationId: demoId, userId: demoUserId });
    assert.equal(listed.length, MAX_AUTHENTICATORS_PER_USER);
  });

  it('refuses the same credential twice', async () => {
    const d = device();
    await enrol(d);
    await assert.rejects(enrol(d), (error: unknown) => {
      assert.ok(error instanceof ActivityFailedError, String(error));
      assert.match(error.activity.failure?.message ?? '', /already registered/);
      return true;
    });
  });

  it('deletes an authenticator: it is no longer listed and its stamps are refused', async () => {
    const d = device();
    const created = await enrol(d);
    const id =
      (created.result['createAuthenticatorsResult'] as { authenticatorIds: string[] }).authenticatorIds[0] ?? '';
    const deleted = await t.clientFor('Demo').deleteAuthenticators({
      organizationId: demoId,
      parameters: { userId: demoUserId, authenticatorIds: [id] },
    });
    assert.deepEqual(deleted.result['deleteAuthenticatorsResult'], { authenticatorIds: [id] });
    assert.deepEqual(await t.clientFor('Demo').getAuthenticators({ organizationId: demoId, userId: demoUserId }), []);
    await assert.rejects(passkeyClient(d).whoami({ organizationId: demoId }), /could not find credential/);
    await assert.rejects(
      t.clientFor('Demo').getAuthenticator({ organizationId: demoId, authenticatorId: id }),
      /authenticator not found/,
    );
  });

  it('answers get_authenticators for an unknown user with 404', async () => {
    await assert.rejects(
      t.clientFor('Demo').getAuthenticators({ organizationId: demoId, userId: 'no-such-user' }),
      (error: unknown) => error instanceof ServiceError && error.status === 404,
    );
  });
});

describe('sandbox: enrolled passkeys survive a restart', function () {
  this.timeout(20_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-passkeys-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps an enrolment and a removal in the journal', async () => {
    const first = await startSandbox({ dataDir: dir });
    const demo = first.credentials.organizations.find((o) => o.name === 'Demo');
    const user = demo?.users[0];
    const key = user?.apiKeys[0];
    assert.ok(demo && user && key);
    const clientOf = (baseUrl: string) =>
      new CountersignClient(
        { baseUrl },
        new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
        { maxAttempts: 1 },
      );
    const kept = new SoftwareAuthenticator({ origin: ORIGIN });
    const removed = new SoftwareAuthenticator({ origin: ORIGIN });
    const client = clientOf(first.baseUrl);
    const ids: string[] = [];
    for (const d of [kept, removed]) {
      const sent = randomBytes(32).toString('base64url');
      const activity = await client.createAuthenticators({
        organizationId: demo.organizationId,
        parameters: {
          userId: user.userId,
          authenticators: [{ authenticatorName: 'disk', challenge: sent, attestation: d.attest({ challenge: sent }) }],
        },
      });
      ids.push(...(activity.result['createAuthenticatorsResult'] as { authenticatorIds: string[] }).authenticatorIds);
    }
    await client.deleteAuthenticators({
      organizationId: demo.organizationId,
      parameters: { userId: user.userId, authenticatorIds: [ids[1] ?? ''] },
    });
    await client.close();
    await first.close();

    const second = await startSandbox({ dataDir: dir, port: 0 });
    const again = clientOf(second.baseUrl);
    try {
      const listed = await again.getAuthenticators({ organizationId: demo.organizationId, userId: user.userId });
      assert.deepEqual(
        listed.map((a) => [a.authenticatorId, a.credentialId]),
        [[ids[0], kept.credentialId]],
      );
      const passkey = new CountersignClient(
        { baseUrl: second.baseUrl },
        new WebauthnStamper({ getAssertion: kept.getAssertion, rpId: 'localhost' }),
        { maxAttempts: 1 },
      );
      assert.equal((await passkey.whoami({ organizationId: demo.organizationId })).userId, user.userId);
      await passkey.close();
    } finally {
      await again.close();
      await second.close();
    }
  });
});
