/**
 * Runs in VS Code's extension host: the local sandbox from its command, profiles, keys in SecretStorage,
 * checking a profile against the service, and the views following the active profile.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { generateApiKeyPair } from '../../src/api/remote';
import type { ProfileCheck } from '../../src/extension/commands/profiles';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { Profile } from '../../src/extension/profiles/profileStore';
import { eventually, extensionApi, failureOf, noteSecret } from './hostSupport';
import { goAhead, withModalAnswers } from './sandboxProfiles';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';

/** The answer of a user who presses Enter: a dialog's first button. */
const enter = (request: ModalRequest): string | undefined => request.buttons[0];

describe('profiles, keys and the local sandbox', function () {
  this.timeout(60_000);
  let api: CountersignExtensionApi;

  before(async () => {
    api = await extensionApi();
  });

  it('starts the local sandbox and makes its Demo profile active, with its key in secret storage', async () => {
    const started = await vscode.commands.executeCommand<{ baseUrl: string; profileId: string }>(
      'countersign.startLocalSandbox',
    );
    assert.ok(started, 'the command returned the sandbox');
    assert.match(started.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    const sandbox = api.localSandbox.running;
    assert.ok(sandbox);
    for (const organization of sandbox.credentials.organizations) {
      for (const user of organization.users) for (const key of user.apiKeys) noteSecret(key.privateKey);
    }
    const active = api.services.profiles.active();
    assert.equal(active?.id, started.profileId);
    assert.equal(active?.baseUrl, started.baseUrl);
    const demo = sandbox.credentials.organizations.find((o) => o.name === 'Demo');
    assert.equal(active?.organizationId, demo?.organizationId);
    assert.equal(await api.services.keys.get(started.profileId), demo?.users[0]?.apiKeys[0]?.privateKey);
    await eventually('the state to be ready', () => (api.services.state() === 'ready' ? true : undefined));
  });

  it("shows the Demo organization's private keys in the Organization view", async () => {
    const demo = api.localSandbox.running?.credentials.organizations.find((o) => o.name === 'Demo');
    const contents = await api.views.organization.contents();
    assert.equal(contents?.organizationId, demo?.organizationId);
    assert.deepEqual(contents?.privateKeys?.map((k) => k.privateKeyId).sort(), [...(demo?.privateKeyIds ?? [])].sort());
  });

  it('checks a profile: whoami answers and the registered public key matches the stored key', async () => {
    const check = await vscode.commands.executeCommand<ProfileCheck>('countersign.checkProfile');
    assert.ok(check, 'checkProfile returned its result');
    const demo = api.localSandbox.running?.credentials.organizations.find((o) => o.name === 'Demo');
    assert.equal(check.whoami.organizationId, demo?.organizationId);
    assert.equal(check.whoami.userId, demo?.users[0]?.userId);
    assert.equal(check.keyMatches, true);
  });

  it('round-trips a key through SecretStorage and deletes it with the profile', async () => {
    const sandbox = api.localSandbox.running;
    assert.ok(sandbox);
    const team = sandbox.credentials.organizations.find((o) => o.name === 'Team');
    assert.ok(team);
    const given = {
      label: 'Round trip',
      baseUrl: sandbox.baseUrl,
      organizationId: team.organizationId,
      apiKeyId: team.users[0]?.apiKeys[0]?.apiKeyId,
    };
    // Given by arguments, as another extension would: a dialog first, whose Enter adds nothing.
    const profilesBefore = api.services.profiles.list().length;
    const declined = await withModalAnswers<Profile>(api, enter, 'countersign.addProfile', given);
    assert.equal(declined.result, undefined);
    assert.deepEqual(
      declined.shown.map((request) => request.message),
      ['Add the profile "Round trip" and switch to it?'],
    );
    assert.equal(api.services.profiles.list().length, profilesBefore, 'nothing added');
    const { result: profile } = await withModalAnswers<Profile>(api, goAhead, 'countersign.addProfile', given);
    assert.ok(profile);
    await eventually('the state to say the new profile has no key', () =>
      api.services.state() === 'noKey' ? true : undefined,
    );
    const pair = generateApiKeyPair();
    noteSecret(pair.privateKey);
    const imported = await vscode.commands.executeCommand<{ publicKey: string }>('countersign.importApiKey', {
      profileId: profile.id,
      privateKey: `${pair.privateKey}:p256\n`,
    });
    assert.equal(imported?.publicKey, pair.publicKey);
    assert.equal(await api.services.keys.get(profile.id), pair.privateKey);

    // Another key for the same profile, by arguments: asked first, and Enter keeps the stored one.
    const other = generateApiKeyPair();
    noteSecret(other.privateKey);
    const kept = await withModalAnswers(api, enter, 'countersign.importApiKey', {
      profileId: profile.id,
      privateKey: other.privateKey,
    });
    assert.equal(kept.result, undefined);
    assert.deepEqual(
      kept.shown.map((request) => [request.message, request.detail.includes(other.publicKey)]),
      [['"Round trip" already has an API key.', true]],
    );
    assert.equal(await api.services.keys.get(profile.id), pair.privateKey, 'the stored key is kept');
    await withModalAnswers(api, goAhead, 'countersign.importApiKey', {
      profileId: profile.id,
      privateKey: other.privateKey,
    });
    assert.equal(await api.services.keys.get(profile.id), other.privateKey, 'replaced once the user said so');

    // The key is not registered with Team: checking says so, and names what to do.
    const failure = await failureOf(api, 'countersign.checkProfile');
    assert.match(failure.message, /not (found|registered)|unknown|could not find/i);
    assert.ok(!failure.message.includes(pair.privateKey));

    // Enter keeps the profile and its key: removing them cannot be undone.
    const stays = await withModalAnswers<string>(api, enter, 'countersign.removeProfile', profile.id);
    assert.deepEqual(stays.shown[0]?.buttons, ['Keep Profile', 'Remove']);
    assert.equal(stays.result, undefined);
    assert.ok(api.services.profiles.get(profile.id), 'the profile is still there');
    assert.equal(await api.services.keys.get(profile.id), other.privateKey, 'its key is still stored');

    const { result: removed } = await withModalAnswers<string>(api, goAhead, 'countersign.removeProfile', profile.id);
    assert.equal(removed, profile.id);
    assert.equal(await api.services.keys.get(profile.id), undefined);
    assert.equal(api.services.profiles.get(profile.id), undefined);
  });

  it('refuses a plain http base URL to a host that is not loopback, before anything is stored', async () => {
    const before = api.services.profiles.list().length;
    const failure = await failureOf(api, 'countersign.addProfile', {
      label: 'Insecure',
      baseUrl: 'http://api.example.com',
      organizationId: '0d2c0f5e-7d9b-4c4e-9a43-1b2f3c4d5e6f',
      apiKeyId: undefined,
    });
    assert.match(failure.message, /https/i);
    assert.equal(api.services.profiles.list().length, before);
  });

  it('refuses a malformed private key with a message that does not repeat it', async () => {
    const secretLooking = 'zz'.repeat(32);
    const failure = await failureOf(api, 'countersign.importApiKey', {
      profileId: 'local-sandbox',
      privateKey: secretLooking,
    });
    assert.ok(!failure.message.includes(secretLooking));
    assert.match(failure.message, /hex|private key/i);
  });

  it('switching profiles refreshes the views to the other organization', async () => {
    const team = api.localSandbox.running?.credentials.organizations.find((o) => o.name === 'Team');
    const teamProfile = api.services.profiles
      .list()
      .find((p) => p.localSandbox && p.organizationId === team?.organizationId);
    assert.ok(teamProfile, 'the sandbox made a profile for Team');
    await vscode.commands.executeCommand('countersign.switchProfile', teamProfile.id);
    const contents = await api.views.organization.contents();
    assert.equal(contents?.organizationId, team?.organizationId);
    await vscode.commands.executeCommand('countersign.switchProfile', 'local-sandbox');
    const back = await api.views.organization.contents();
    assert.equal(back?.organizationId, api.services.profiles.get('local-sandbox')?.organizationId);
  });

  it("a view read at once after a switch gives the new profile's organization, never the one before", async () => {
    // The change reaches the views only once the new profile's key has been looked up (a round trip to the
    // window); a reader that comes first must not get the other organization's rows.
    const team = api.localSandbox.running?.credentials.organizations.find((o) => o.name === 'Team');
    const demoId = api.services.profiles.get('local-sandbox')?.organizationId;
    const teamProfile = api.services.profiles
      .list()
      .find((p) => p.localSandbox && p.organizationId === team?.organizationId);
    assert.ok(teamProfile && team && demoId);
    assert.equal((await api.views.organization.contents())?.organizationId, demoId);
    for (const [profileId, organizationId] of [
      [teamProfile.id, team.organizationId],
      ['local-sandbox', demoId],
      [teamProfile.id, team.organizationId],
      ['local-sandbox', demoId],
    ] as const) {
      // No await between the switch and the read: both views' first reader comes before the change does.
      const switched = api.services.profiles.activate(profileId);
      const [organization, activities] = await switched.then(() =>
        Promise.all([api.views.organization.contents(), api.views.activities.activities()]),
      );
      assert.equal(
        organization?.organizationId,
        organizationId,
        `the Organization view after switching to ${profileId}`,
      );
      assert.ok(
        activities.every((row) => row.organizationId === organizationId),
        `the Activities view after switching to ${profileId}`,
      );
    }
  });
});
