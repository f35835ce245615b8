/**
 * FEATURE_NAME_WEBAUTHN_ORIGINS, over HTTP: set and removed with set/remove_organization_feature (approved by
 * the root quorum), and, once set, a passkey assertion from an unlisted origin, or whose RP ID hash belongs to
 * no listed origin, is refused; while unset, any origin is accepted, as the service documents.
 */
import * as assert from 'node:assert/strict';
import { FeatureName, ServiceError, type Activity } from '../../src/api';
import { CountersignClient, WebauthnStamper } from '../../src/api/remote';
import { SoftwareAuthenticator } from '../support/softwareAuthenticator';
import { startTestSandbox, type TestSandbox } from '../support/startTestSandbox';

describe('sandbox: passkey origins (FEATURE_NAME_WEBAUTHN_ORIGINS)', () => {
  let t: TestSandbox;
  let teamId: string;
  const clients: CountersignClient[] = [];

  before(async () => {
    t = await startTestSandbox();
    teamId = t.organization('Team').organizationId;
  });
  after(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await t.close();
  });

  /** A client stamping with Team's seeded passkey, as a page at `origin` using RP ID `rpId` would. */
  const passkeyClient = (origin: string, rpId: string): CountersignClient => {
    const seeded = t.organization('Team').users[1]?.authenticators?.[0];
    assert.ok(seeded?.privateKey !== undefined, 'Team root user 2 has a seeded passkey');
    const device = new SoftwareAuthenticator({
      credentialId: seeded.credentialId,
      privateKey: seeded.privateKey,
      origin,
      rpId,
    });
    const client = new CountersignClient(
      { baseUrl: t.baseUrl },
      new WebauthnStamper({ getAssertion: device.getAssertion, rpId }),
      { maxAttempts: 1, now: t.clock.now },
    );
    clients.push(client);
    return client;
  };

  const accepted = async (origin: string, rpId: string): Promise<void> => {
    const whoami = await passkeyClient(origin, rpId).whoami({ organizationId: teamId });
    assert.equal(whoami.organizationId, teamId);
  };

  const refused = async (origin: string, rpId: string, message: RegExp): Promise<void> => {
    await assert.rejects(passkeyClient(origin, rpId).whoami({ organizationId: teamId }), (error: unknown) => {
      assert.ok(error instanceof ServiceError, String(error));
      assert.equal(error.status, 401);
      assert.equal(error.turnkeyErrorCode, 'SIGNATURE_INVALID');
      assert.match(error.rpcStatus?.message ?? '', message);
      return true;
    });
  };

  /** Submits with Team's first root user and approves with its second: Team's quorum is two. */
  const withQuorum = async (submit: (c: CountersignClient) => Promise<Activity>): Promise<Activity> => {
    const submitted = await submit(t.clientFor('Team', 0));
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const vote = await t
      .clientFor('Team', 1)
      .approveActivity({ organizationId: teamId, parameters: { fingerprint: submitted.fingerprint } });
    assert.equal(vote.status, 'ACTIVITY_STATUS_COMPLETED');
    return t.clientFor('Team', 0).getActivity({ organizationId: teamId, activityId: submitted.id });
  };

  it('accepts any origin and RP ID while the feature is unset', async () => {
    await accepted('https://anything.example', 'anything.example');
    await accepted('http://localhost:5173', 'localhost');
  });

  it('once set, accepts listed origins (and their parent-domain RP IDs) and refuses the rest', async () => {
    const set = await withQuorum((c) =>
      c.setOrganizationFeature({
        organizationId: teamId,
        parameters: { name: FeatureName.WebauthnOrigins, value: 'https://app.example.com, http://localhost:5173' },
      }),
    );
    assert.equal(set.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(set.result['setOrganizationFeatureResult'], {
      features: [{ name: FeatureName.WebauthnOrigins, value: 'https://app.example.com, http://localhost:5173' }],
    });

    await accepted('https://app.example.com', 'app.example.com');
    await accepted('https://app.example.com', 'example.com');
    await accepted('http://localhost:5173', 'localhost');
    await refused('https://evil.example', 'evil.example', /origin "https:\/\/evil\.example" is not among/);
    // No browser pairs that origin with that RP ID: the assertion's own RP ID check refuses it before the list does.
    await refused('https://app.example.com.evil.example', 'app.example.com', /is not among|RP ID belongs to none/);
    await refused('http://localhost:3000', 'localhost', /is not among/);
    await refused('https://app.example.com', 'evil.example', /RP ID belongs to none/);
    await refused('https://app.example.com', 'com', /RP ID belongs to none/);
  });

  it('matches a listed origin whole: the listed origin followed by more port digits or host is refused', async () => {
    const set = await withQuorum((c) =>
      c.setOrganizationFeature({
        organizationId: teamId,
        parameters: { name: FeatureName.WebauthnOrigins, value: 'https://app.example.com,http://localhost:5173' },
      }),
    );
    assert.equal(set.status, 'ACTIVITY_STATUS_COMPLETED');
    await accepted('https://app.example.com', 'app.example.com');
    await accepted('http://localhost:5173', 'localhost');
    // Each begins with a listed origin, and each RP ID is one its own origin may use: only the list refuses them.
    await refused(
      'https://app.example.com:8443',
      'app.example.com',
      /origin "https:\/\/app\.example\.com:8443" is not among/,
    );
    await refused('http://localhost:51730', 'localhost', /origin "http:\/\/localhost:51730" is not among/);
    await refused('https://app.example.com.evil.example', 'evil.example', /is not among/);
  });

  it('matches an RP ID whole: a part of a listed host that is not one of its domains is refused', async () => {
    // The list set by the test before: https://app.example.com and http://localhost:5173.
    await accepted('https://app.example.com', 'example.com');
    for (const rpId of ['app.example.co', 'pp.example.com', 'ample.com', 'app.example', 'p.example.com'])
      await refused('https://app.example.com', rpId, /RP ID/);
    for (const rpId of ['localhos', 'ocalhost', 'localhost5']) await refused('http://localhost:5173', rpId, /RP ID/);
  });

  it('refuses a value that is not a list of origins, and leaves the feature as it was', async () => {
    const failed = await withQuorum((c) =>
      c.setOrganizationFeature({
        organizationId: teamId,
        parameters: { name: FeatureName.WebauthnOrigins, value: 'app.example.com' },
      }),
    );
    assert.equal(failed.status, 'ACTIVITY_STATUS_FAILED');
    await refused('https://evil.example', 'evil.example', /is not among/);
  });

  it('accepts any origin again once the feature is removed', async () => {
    const removed = await withQuorum((c) =>
      c.removeOrganizationFeature({ organizationId: teamId, parameters: { name: FeatureName.WebauthnOrigins } }),
    );
    assert.equal(removed.status, 'ACTIVITY_STATUS_COMPLETED');
    assert.deepEqual(removed.result['removeOrganizationFeatureResult'], { features: [] });
    await accepted('https://evil.example', 'evil.example');
  });
});
