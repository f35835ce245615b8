import * as assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { ServiceError, type Activity } from '../../src/api';
import { CountersignClient, WebauthnStamper, generateApiKeyPair, operations } from '../../src/api/remote';
import type { SandboxAuthenticator } from '../../src/sandbox';
import { SoftwareAuthenticator } from '../support/softwareAuthenticator';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';
import { expectRpcStatus, rawRequest } from './rawHttp';

describe('sandbox: passkey (WebAuthn) stamps', () => {
  let t: TestSandbox;
  let teamId: string;
  let demoId: string;
  let seededPasskey: SandboxAuthenticator;
  const clients: CountersignClient[] = [];

  beforeEach(async () => {
    t = await startTestSandbox();
    teamId = t.organization('Team').organizationId;
    demoId = t.organization('Demo').organizationId;
    const passkey = t.organization('Team').users[1]?.authenticators?.[0];
    if (!passkey) throw new Error('the second root user of Team has no seeded passkey');
    seededPasskey = passkey;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await t.close();
  });

  /** The device behind the seeded passkey, played from the key kept in credentials. */
  const seededDevice = (): SoftwareAuthenticator =>
    new SoftwareAuthenticator({
      credentialId: seededPasskey.credentialId,
      ...(seededPasskey.privateKey !== undefined ? { privateKey: seededPasskey.privateKey } : {}),
    });

  const passkeyClient = (device: SoftwareAuthenticator): CountersignClient => {
    const client = new CountersignClient(
      { baseUrl: t.baseUrl },
      new WebauthnStamper({ getAssertion: device.getAssertion, rpId: device.rpId }),
      {
        maxAttempts: 1,
        now: t.clock.now,
      },
    );
    clients.push(client);
    return client;
  };

  const submitTeamTag = (name: string): Promise<Activity> =>
    t
      .clientFor('Team', 0)
      .createPrivateKeyTag({ organizationId: teamId, parameters: { privateKeyTagName: name, privateKeyIds: [] } });

  const expectRefused = async (promise: Promise<unknown>, turnkeyErrorCode: string, message: RegExp): Promise<void> => {
    await assert.rejects(promise, (error: unknown) => {
      assert.ok(error instanceof ServiceError, `expected a ServiceError, got ${String(error)}`);
      assert.equal(error.status, 401);
      assert.equal(error.turnkeyErrorCode, turnkeyErrorCode);
      assert.match(error.rpcStatus?.message ?? error.message, message);
      return true;
    });
  };

  it('seeds one passkey for the second root user of Team: compressed P-256 key, base64url credential id', () => {
    assert.match(seededPasskey.publicKey, /^0[23][0-9a-f]{64}$/);
    assert.match(seededPasskey.credentialId, /^[A-Za-z0-9_-]{16,}$/);
    assert.equal(seededDevice().publicKey, seededPasskey.publicKey, "the kept private key is the passkey's");
    for (const organization of t.sandbox.credentials.organizations) {
      for (const [index, user] of organization.users.entries()) {
        const expected = organization.name === 'Team' && index === 1 ? 1 : 0;
        assert.equal(user.authenticators?.length ?? 0, expected, `${organization.name} user ${index}`);
      }
    }
  });

  it('lets the second Team root user approve with a passkey, through the client; the activity executes', async () => {
    const submitted = await submitTeamTag('approved by passkey');
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const device = seededDevice();
    const second = passkeyClient(device);
    assert.equal((await second.whoami({ organizationId: teamId })).userId, t.organization('Team').users[1]?.userId);

    const approval = await second.approveActivity({
      organizationId: teamId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    assert.equal(approval.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.ok(device.signCount >= 2, 'the authenticator signed each request');

    const executed = await t.clientFor('Team', 0).getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(executed.status, 'ACTIVITY_STATUS_COMPLETED');
    const passkeyVote = executed.votes.find((v) => v.userId === t.organization('Team').users[1]?.userId);
    assert.equal(passkeyVote?.selection, 'VOTE_SELECTION_APPROVED');
    assert.equal(passkeyVote?.publicKey, seededPasskey.publicKey, 'the vote names the passkey that signed it');
    const tags = await t.clientFor('Team', 0).listPrivateKeyTags({ organizationId: teamId });
    assert.deepEqual(
      tags.map((tag) => tag.tagName),
      ['approved by passkey'],
    );
  });

  it("lists the passkey among the user's authenticators, as a WebAuthn credential", async () => {
    const submitted = await submitTeamTag('listed');
    await passkeyClient(seededDevice()).approveActivity({
      organizationId: teamId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    const response = await rawRequest(t.baseUrl, operations.getActivity.path, '', {});
    assert.equal(response.status, 401, 'sanity: an unstamped request is refused');
    const stamped = await t
      .clientFor('Team', 0)
      .stampRequest('getActivity', { organizationId: teamId, activityId: submitted.id });
    const raw = await rawRequest(t.baseUrl, operations.getActivity.path, stamped.body, {
      [stamped.stamp.stampHeaderName]: stamped.stamp.stampHeaderValue,
    });
    const votes = (
      JSON.parse(raw.text) as { activity: { votes: { user: { authenticators: Record<string, unknown>[] } }[] } }
    ).activity.votes;
    const authenticators = votes.flatMap((v) => v.user.authenticators);
    assert.equal(authenticators.length, 1);
    assert.equal(authenticators[0]?.['credentialId'], seededPasskey.credentialId);
    assert.deepEqual(authenticators[0]?.['credential'], {
      publicKey: seededPasskey.publicKey,
      type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
    });
  });

  it('refuses an unknown credential: 401, CREDENTIAL_NOT_FOUND, saying what was not found', async () => {
    const stranger = passkeyClient(new SoftwareAuthenticator());
    await expectRefused(
      stranger.whoami({ organizationId: teamId }),
      'CREDENTIAL_NOT_FOUND',
      /could not find credential in organization or its parent organization/,
    );
  });

  it('refuses a signature by another key under the registered credential id: 401, SIGNATURE_INVALID', async () => {
    const impostor = passkeyClient(new SoftwareAuthenticator({ credentialId: seededPasskey.credentialId }));
    const submitted = await submitTeamTag('not approved');
    await expectRefused(
      impostor.approveActivity({ organizationId: teamId, parameters: { fingerprint: submitted.fingerprint } }),
      'SIGNATURE_INVALID',
      /could not verify WebAuthN signature: the signature does not match/,
    );
    const still = await t.clientFor('Team', 0).getActivity({ organizationId: teamId, activityId: submitted.id });
    assert.equal(still.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    assert.equal(still.votes.length, 1);
  });

  it('refuses a genuine passkey stamp sent with other bytes: 401, SIGNATURE_INVALID on the challenge', async () => {
    const device = seededDevice();
    const stamper = new WebauthnStamper({ getAssertion: device.getAssertion });
    const body = JSON.stringify({ organizationId: teamId });
    const stamp = await stamper.stamp(body);
    const ok = await rawRequest(t.baseUrl, operations.whoami.path, body, {
      'X-Stamp-Webauthn': stamp.stampHeaderValue,
    });
    assert.equal(ok.status, 200, ok.text);
    const tampered = await rawRequest(t.baseUrl, operations.whoami.path, `${body} `, {
      'X-Stamp-Webauthn': stamp.stampHeaderValue,
    });
    expectRpcStatus(tampered, 401, 'SIGNATURE_INVALID', /could not verify WebAuthN signature: the challenge/);
    // The header name is case-insensitive, and the swagger spells it X-Stamp-WebAuthn.
    const spelled = await rawRequest(t.baseUrl, operations.whoami.path, body, {
      'X-Stamp-WebAuthn': (await stamper.stamp(body)).stampHeaderValue,
    });
    assert.equal(spelled.status, 200, spelled.text);
  });

  it('refuses a passkey of another organization (Team passkey on Demo)', async () => {
    await expectRefused(
      passkeyClient(seededDevice()).whoami({ organizationId: demoId }),
      'CREDENTIAL_NOT_FOUND',
      /could not find credential/,
    );
  });

  it('resolves a passkey of the parent organization, but not of a sub-organization on its parent', async () => {
    const parentDevice = new SoftwareAuthenticator();
    const subDevice = new SoftwareAuthenticator();
    const sub = t.organization('Demo Sub-organization');
    const register = (
      organizationId: string,
      userId: string | undefined,
      device: SoftwareAuthenticator,
    ): Promise<void> =>
      t.engine.addAuthenticator(organizationId, userId ?? '', {
        authenticatorId: randomUUID(),
        authenticatorName: 'test passkey',
        credentialId: device.credentialId,
        publicKey: device.publicKey,
        createdAtMs: t.clock.now(),
      });
    await register(demoId, t.organization('Demo').users[0]?.userId, parentDevice);
    await register(sub.organizationId, sub.users[0]?.userId, subDevice);
    assert.equal(
      (await passkeyClient(parentDevice).whoami({ organizationId: sub.organizationId })).userId,
      t.organization('Demo').users[0]?.userId,
    );
    assert.equal(
      (await passkeyClient(subDevice).whoami({ organizationId: sub.organizationId })).userId,
      sub.users[0]?.userId,
    );
    await expectRefused(
      passkeyClient(subDevice).whoami({ organizationId: demoId }),
      'CREDENTIAL_NOT_FOUND',
      /could not find credential/,
    );
  });

  it('applies the timestamp window to passkey-stamped submissions', async () => {
    const submitted = await submitTeamTag('too late');
    const late = passkeyClient(seededDevice());
    await expectRefused(
      late.approveActivity({
        organizationId: teamId,
        timestampMs: String(t.clock.now() - 2 * 60 * 60_000),
        parameters: { fingerprint: submitted.fingerprint },
      }),
      'TIMESTAMP_OUT_OF_RANGE',
      /too old/,
    );
  });

  it('accepts the stamp fields in standard base64 as well', async () => {
    const device = seededDevice();
    const body = JSON.stringify({ organizationId: teamId });
    const fields = JSON.parse(
      (await new WebauthnStamper({ getAssertion: device.getAssertion }).stamp(body)).stampHeaderValue,
    ) as Record<string, string>;
    const standard = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, Buffer.from(v, 'base64url').toString('base64')]),
    );
    const response = await rawRequest(t.baseUrl, operations.whoami.path, body, {
      'X-Stamp-Webauthn': JSON.stringify(standard),
    });
    assert.equal(response.status, 200, response.text);
  });

  it('never lets a passkey stamp stand in for an API key: an X-Stamp present is the one checked', async () => {
    const device = seededDevice();
    const body = JSON.stringify({ organizationId: teamId });
    const passkeyStamp = (await new WebauthnStamper({ getAssertion: device.getAssertion }).stamp(body))
      .stampHeaderValue;
    const pair = generateApiKeyPair();
    const junk = Buffer.from(
      JSON.stringify({
        publicKey: pair.publicKey,
        scheme: 'SIGNATURE_SCHEME_TK_API_P256',
        signature: randomBytes(70).toString('hex'),
      }),
    ).toString('base64url');
    const response = await rawRequest(t.baseUrl, operations.whoami.path, body, {
      'X-Stamp': junk,
      'X-Stamp-Webauthn': passkeyStamp,
    });
    expectRpcStatus(response, 401, 'SIGNATURE_INVALID', /api key signature/);
  });
});
