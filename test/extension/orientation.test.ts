/**
 * Runs in VS Code's extension host: where a newcomer is. Every sandbox profile is named after its organization,
 * the views say whose data they show, each view's welcome speaks of its own content, and restarting the local
 * sandbox keeps the profile the user chose.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CommandIds } from '../../src/extension/commandIds';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { run } from './hostSupport';
import { sandboxOrganizations, sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

interface Manifest {
  contributes: { viewsWelcome: Array<{ view: string; contents: string; when: string }> };
}

describe('orientation', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });

  it('names every local sandbox profile "Local sandbox · <organization>", Demo included', async () => {
    const organizations = await sandboxOrganizations(api);
    const sandboxProfiles = api.services.profiles.list().filter((p) => p.localSandbox);
    assert.ok(sandboxProfiles.length >= organizations.length);
    for (const profile of sandboxProfiles) {
      const organization = organizations.find((o) => o.organizationId === profile.organizationId);
      assert.ok(organization, `${profile.label} belongs to a sandbox organization`);
      assert.ok(profile.label.startsWith(`Local sandbox · ${organization.name}`), profile.label);
    }
    assert.equal(api.services.profiles.get('local-sandbox')?.label, 'Local sandbox · Demo');
  });

  it("shows the active profile in both views' descriptions, following a switch", async () => {
    await useSandboxProfile(api, 'Team', 1);
    const team = api.services.profiles.active();
    assert.ok(team);
    assert.equal(api.views.activities.treeView.description, team.label);
    assert.equal(api.views.organization.treeView.description, team.label);
    await useSandboxProfile(api, 'Demo');
    assert.equal(api.views.activities.treeView.description, 'Local sandbox · Demo');
    assert.equal(api.views.organization.treeView.description, 'Local sandbox · Demo');
  });

  it('each view has its own welcome text in every state, and no button appears in both', () => {
    const root = api.services.context.extensionPath;
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
    const strings = JSON.parse(readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const text = (contents: string) => strings[contents.replace(/^%|%$/g, '')] ?? contents;
    const welcome = (view: string, when: string) =>
      text(manifest.contributes.viewsWelcome.find((w) => w.view === view && w.when === when)?.contents ?? '');
    for (const state of ['noProfile', 'noKey', 'error', 'ready']) {
      const when = `countersign.state == ${state}`;
      const activities = welcome('countersign.activities', when);
      const organization = welcome('countersign.organization', when);
      assert.ok(activities !== '' && organization !== '', `both views have a welcome for ${state}`);
      assert.notEqual(activities, organization, `the two views say different things when ${state}`);
      const buttons = (contents: string) => [...contents.matchAll(/\]\((command:[^)]+)\)/g)].map((m) => m[1]);
      const shared = buttons(activities).filter((b) => buttons(organization).includes(b));
      assert.deepEqual(shared, [], `no button in both views when ${state}`);
    }
    assert.match(welcome('countersign.organization', 'countersign.state == noProfile'), /private keys, tags/);
    assert.match(welcome('countersign.activities', 'countersign.state == noProfile'), /Activities/);
  });

  it('restarting the local sandbox keeps the active profile (a Team profile stays active)', async () => {
    const teamProfile = await useSandboxProfile(api, 'Team', 1);
    assert.equal(await run(api, CommandIds.stopLocalSandbox), true);
    const restarted = await run<{ profileId: string }>(api, CommandIds.startLocalSandbox);
    assert.equal(restarted?.profileId, teamProfile);
    assert.equal(api.services.profiles.active()?.id, teamProfile);
  });
});
