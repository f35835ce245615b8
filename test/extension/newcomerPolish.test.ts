/**
 * Runs in VS Code's extension host against the local sandbox, before the suite that deletes the sub-organization:
 * the small things a newcomer notices. Icons that exist and mean something, no chevron on an empty group, enums in
 * words, and a status bar item a screen reader can read.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { credentialTypeText } from '../../src/extension/output/credentialWords';
import { profileStatusAccessibilityLabel } from '../../src/extension/profiles/profileStatusBar';
import { eventually, run } from './hostSupport';
import { useSandboxProfile, sandboxSuiteHooks } from './sandboxProfiles';

function iconIdOf(item: vscode.TreeItem): string | undefined {
  return item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined;
}

describe('polish', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });

  it('an activity\'s rows use no codicon that does not exist ("fingerprint") and no "abc" icon for its ID', async () => {
    await useSandboxProfile(api, 'Demo');
    const created = await run<Activity>(api, 'countersign.createPrivateKeyTag', {
      name: `Icons ${Date.now()}`,
      privateKeyIds: [],
    });
    assert.ok(created);
    const provider = api.views.activities.provider;
    const row = await eventually('the activity in the view', async () =>
      (await api.views.activities.activities()).find((r) => r.activity.id === created.id),
    );
    const fields = (await provider.getChildren(row)) ?? [];
    const icons = await Promise.all(fields.map(async (field) => iconIdOf(await provider.getTreeItem(field))));
    assert.ok(icons.length > 3, 'the activity has rows');
    assert.ok(!icons.includes('fingerprint'), `no "fingerprint" codicon: ${icons.join(', ')}`);
    assert.ok(!icons.includes('symbol-key'), `no "abc" (symbol-key) icon: ${icons.join(', ')}`);
  });

  it('an empty group of the Organization view has no chevron to open', async () => {
    await useSandboxProfile(api, 'Demo Sub-organization');
    const provider = api.views.organization.provider;
    const groups = await eventually('the groups of the sub-organization', async () => {
      const roots = (await provider.getChildren()) ?? [];
      const found = roots.filter((element) => element?.kind === 'group');
      return found.length > 0 ? found : undefined;
    });
    let empty = 0;
    for (const group of groups) {
      const item = await provider.getTreeItem(group);
      if (group.kind === 'group' && group.group === 'wallets') {
        // The one group that opens when empty: its row says so in words, with the command that makes a wallet.
        assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
      } else if (group.kind === 'group' && group.count === 0) {
        empty += 1;
        assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.None, `the group ${group.group} is empty`);
      } else {
        assert.notEqual(item.collapsibleState, vscode.TreeItemCollapsibleState.None);
      }
    }
    assert.ok(empty > 0, 'the sub-organization has an empty group (no interfaces)');
  });

  it('says a credential type in words, not as its enum', () => {
    assert.equal(credentialTypeText('CREDENTIAL_TYPE_API_KEY_P256'), 'API key (P-256)');
    assert.equal(credentialTypeText('CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR'), 'passkey');
    assert.doesNotMatch(credentialTypeText('CREDENTIAL_TYPE_SOMETHING_NEW'), /CREDENTIAL_TYPE|_/);
  });

  it("the status bar item's accessibility label is plain words, no markdown or icon syntax", async () => {
    await useSandboxProfile(api, 'Team', 0);
    const profile = api.services.profiles.active();
    assert.ok(profile);
    const label = profileStatusAccessibilityLabel(profile, 'ready');
    assert.ok(label.includes(profile.label));
    assert.doesNotMatch(label, /\*\*|\$\(|\[|`/);
  });
});
