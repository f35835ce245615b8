/**
 * Runs in VS Code's extension host: a second window, played by a second profile store on the same global storage
 * folder (what another window's extension host opens). A switch there moves this window's active profile, its
 * views' description and the session that signs, together. (The UI suite does the same with two real windows.)
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { ProfileCheck } from '../../src/extension/commands/profiles';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { ProfileStore, type Profile } from '../../src/extension/profiles/profileStore';
import type { SandboxOrganization } from '../../src/sandbox';
import { eventually, organizationNamed, run } from './hostSupport';
import { sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

describe('two windows on the same profiles', function () {
  this.timeout(60_000);
  let api: CountersignExtensionApi;
  let organizations: readonly SandboxOrganization[];
  sandboxSuiteHooks((ready, orgs) => {
    api = ready;
    organizations = orgs;
  });

  /** The profile the local sandbox made for Team's root user `index`. */
  const teamProfile = (index: number) => {
    const user = organizationNamed(organizations, 'Team').users[index];
    const profile = api.services.profiles.list().find((p) => user && p.id.endsWith(`.${user.userId}`));
    assert.ok(user && profile, `the local sandbox made a profile for Team's root user ${index + 1}`);
    return { user, profile };
  };

  it("follows a switch made in another window: active profile, views' description and signer together", async () => {
    await useSandboxProfile(api, 'Team', 0);
    const second = teamProfile(1);
    const otherWindow = new ProfileStore(
      api.services.context.globalStorageUri.fsPath,
      api.services.context.globalState,
    );
    try {
      assert.equal(otherWindow.active()?.id, teamProfile(0).profile.id, 'both windows start on the same profile');
      await otherWindow.activate(second.profile.id);
      await eventually("this window to take the other window's profile", () =>
        api.services.profiles.active()?.id === second.profile.id ? true : undefined,
      );
      // At the moment the store moved, the description and the session moved with it.
      assert.equal(api.views.activities.treeView.description, second.profile.label);
      assert.equal(api.views.organization.treeView.description, second.profile.label);
      assert.equal((await api.services.session())?.profile.id, second.profile.id);
      const check = await run<ProfileCheck>(api, 'countersign.checkProfile');
      assert.equal(check?.whoami.userId, second.user.userId, 'Check Profile signs as the profile shown');

      // And this window's switch reaches the other one.
      await useSandboxProfile(api, 'Team', 0);
      await eventually('the other window to follow', () =>
        otherWindow.active()?.id === teamProfile(0).profile.id ? true : undefined,
      );
    } finally {
      otherWindow.dispose();
    }
  });

  it('keeps a profile list another window changed, rather than writing over it', async () => {
    const otherWindow = new ProfileStore(
      api.services.context.globalStorageUri.fsPath,
      api.services.context.globalState,
    );
    try {
      const added = await otherWindow.add(
        {
          label: 'Added in another window',
          baseUrl: 'https://api.example.com',
          organizationId: organizationNamed(organizations, 'Demo').organizationId,
        },
        { activate: false },
      );
      // A write here right away (before the watch has told this window) keeps the other window's profile.
      await useSandboxProfile(api, 'Demo');
      assert.ok(api.services.profiles.get(added.id), "this window's write kept the other window's profile");
      await api.services.profiles.remove(added.id);
      await eventually('the other window to see the removal', () =>
        otherWindow.get(added.id) === undefined ? true : undefined,
      );
    } finally {
      otherWindow.dispose();
    }
  });

  it('starts from the profiles an earlier version kept in globalState while there is no profile file', async () => {
    const state = api.services.context.globalState;
    const dir = mkdtempSync(path.join(tmpdir(), 'countersign-earlier-'));
    const earlier: Profile = {
      id: 'kept-by-an-earlier-version',
      label: 'Kept by an earlier version',
      baseUrl: 'https://api.example.com',
      organizationId: organizationNamed(organizations, 'Demo').organizationId,
    };
    await state.update('countersign.profiles', [earlier]);
    await state.update('countersign.activeProfileId', earlier.id);
    const store = new ProfileStore(dir, state);
    try {
      assert.deepEqual(store.list(), [earlier]);
      assert.equal(store.active()?.id, earlier.id);
      // The first write makes the file, with them in it.
      await store.update(earlier.id, { label: 'Renamed' });
      const written = JSON.parse(readFileSync(store.file, 'utf8')) as { profiles: Profile[]; activeProfileId: string };
      assert.deepEqual(written, { profiles: [{ ...earlier, label: 'Renamed' }], activeProfileId: earlier.id });
    } finally {
      store.dispose();
      await state.update('countersign.profiles', undefined);
      await state.update('countersign.activeProfileId', undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
