/**
 * Runs in VS Code's extension host against the local sandbox's Treasury organization: the Organization view's
 * "Policies" group (each policy's summary in words, its hover, Open Policy as JSON) and its users' and keys' tags
 * by name, read through the store and drawn again when the organization changes.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { OrganizationElement } from '../../src/extension/views/treeElements';
import type { SandboxOrganization } from '../../src/sandbox';
import { eventually, organizationNamed, run } from './hostSupport';
import { labelOf } from './organizationRows';
import { sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

const LARGE = 'Large transfers need two finance approvals';
const DEVELOPER = 'Developer transfers below the cap';
const HOT = 'Hot keys sign only for registered contracts';

/** The tooltip's text with markdown's escapes taken out (service text is escaped in it). */
function tooltipOf(item: vscode.TreeItem): string {
  const tooltip = item.tooltip;
  const text = tooltip instanceof vscode.MarkdownString ? tooltip.value : String(tooltip ?? '');
  return text.replace(/\\(.)/g, '$1');
}

describe('policies and users in the Organization view', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  let treasury!: SandboxOrganization;
  sandboxSuiteHooks((a, organizations) => {
    api = a;
    treasury = organizationNamed(organizations, 'Treasury');
  });

  const view = () => api.views.organization.provider;
  async function group(name: string): Promise<OrganizationElement> {
    return eventually(`the ${name} group`, async () =>
      ((await view().getChildren()) ?? []).find((row) => row?.kind === 'group' && row.group === name),
    );
  }
  async function rows(name: string): Promise<Array<{ element: OrganizationElement; item: vscode.TreeItem }>> {
    // A group asked for while the view reloads (a profile switch) has no rows yet: its rows once there are some.
    const children = await eventually(`the rows of the ${name} group`, async () => {
      const found = ((await view().getChildren(await group(name))) ?? []).filter((row) => row !== undefined);
      return found.length > 0 ? found : undefined;
    });
    return Promise.all(children.map(async (element) => ({ element, item: await view().getTreeItem(element) })));
  }

  it('lists Treasury\'s policies by name, each with its summary in words and the context token "policy"', async () => {
    await useSandboxProfile(api, 'Treasury', 0);
    const policies = await rows('policies');
    assert.deepEqual(
      policies.map(({ item }) => [labelOf(item), item.description]),
      [
        ['Cold wallet exports need two finance approvals', 'Allows when 2 approvers tagged finance approve'],
        ['Cold wallet signs only with two finance approvals', 'Allows when 2 approvers tagged finance approve'],
        [DEVELOPER, 'Allows when Treasury developer approves'],
        [HOT, 'Denies whenever its condition holds'],
        ['Hot wallet signs only for registered contracts', 'Denies whenever its condition holds'],
        [LARGE, 'Allows when 2 approvers tagged finance approve'],
      ],
    );
    for (const { element, item } of policies) {
      assert.equal(item.contextValue, 'policy');
      assert.equal(element.kind, 'policy');
      assert.match(element.kind === 'policy' ? element.policyId : '', /^[0-9a-f-]{36}$/);
    }
    const groupItem = await view().getTreeItem(await group('policies'));
    assert.equal(groupItem.label, 'Policies');
    assert.equal(groupItem.description, '6');
  });

  it("hovers show the condition and consensus as code, with the ids' users and tags by name", async () => {
    await useSandboxProfile(api, 'Treasury', 0);
    const large = (await rows('policies')).find(({ item }) => labelOf(item) === LARGE);
    assert.ok(large);
    const text = tooltipOf(large.item);
    assert.match(text, /^\*\*Large transfers need two finance approvals\*\* \(Allow\)/);
    assert.match(text, /Consensus: `approvers\.filter\(u, u\.tags\.contains\('[0-9a-f-]{36}'\)\)\.count\(\) >= 2`/);
    assert.match(text, /Condition: `eth\.tx\.to == '0x[0-9a-fA-F]{40}' && eth\.tx\.function_name == 'transfer' && /);
    assert.match(text, /`[0-9a-f-]{36}`: finance \(user tag\)/);
    const tooltip = large.item.tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString);
    assert.notEqual(tooltip.isTrusted, true, 'service text never runs a command');
    const hot = (await rows('policies')).find(({ item }) => labelOf(item) === HOT);
    assert.match(tooltipOf(hot?.item ?? new vscode.TreeItem('')), /: hot \(private key tag\)/);
  });

  it("names a key's id by the key, and leaves an id bare where its place says it is of another kind", async () => {
    await useSandboxProfile(api, 'Treasury', 0);
    const hotKeyId = treasury.privateKeyIds[0] ?? '';
    const developerId = treasury.users[3]?.userId ?? '';
    const name = `Hot key by a tag ${Date.now()}`;
    const { client, profile } = await api.services.requireSession();
    const created = await client.createPolicy({
      organizationId: profile.organizationId,
      parameters: {
        policyName: name,
        effect: 'EFFECT_ALLOW',
        condition: `private_key.id == '${hotKeyId}'`,
        // A user's id where a user tag's is read: it matches no tag, so it is not named as the user either.
        consensus: `approvers.any(u, u.tags.contains('${developerId}'))`,
        notes: '',
      },
    });
    const policyId = (created.result['createPolicyResult'] as { policyId: string }).policyId;
    try {
      (await api.services.store()).markStale('organization');
      const shown = await eventually('the new policy in the view', async () =>
        (await rows('policies')).find(({ item }) => labelOf(item) === name),
      );
      const text = tooltipOf(shown.item);
      assert.ok(text.includes(`\`${hotKeyId}\`: Treasury hot key (private key)`), text);
      assert.ok(!text.includes('Treasury developer'), text);
    } finally {
      await client.deletePolicy({ organizationId: profile.organizationId, parameters: { policyId } });
      (await api.services.store()).markStale('organization');
    }
  });

  it('shows each user with their tags by name, and keys with their tags by name', async () => {
    await useSandboxProfile(api, 'Treasury', 0);
    const users = await rows('users');
    const described = new Map(users.map(({ item }) => [labelOf(item), String(item.description)]));
    assert.match(described.get('Treasury approver 1') ?? '', /^finance · /);
    assert.match(described.get('Treasury approver 2') ?? '', /^finance · /);
    assert.doesNotMatch(described.get('Treasury developer') ?? '', /finance/);
    const approver = users.find(({ item }) => labelOf(item) === 'Treasury approver 1');
    assert.match(tooltipOf(approver?.item ?? new vscode.TreeItem('')), /Tags: finance/);
    const keys = await rows('privateKeys');
    const hotKey = keys.find(({ item }) => labelOf(item) === 'Treasury hot key');
    assert.ok(hotKey);
    const under = (await view().getChildren(hotKey.element)) ?? [];
    const tagRows = await Promise.all(
      under.filter((row) => row.kind === 'privateKeyTag').map(async (row) => labelOf(await view().getTreeItem(row))),
    );
    assert.deepEqual(tagRows, ['hot']);
  });

  it('Open Policy as JSON opens the policy read-only, from its row or from its id', async () => {
    await useSandboxProfile(api, 'Treasury', 0);
    const large = (await rows('policies')).find(({ item }) => labelOf(item) === LARGE);
    assert.ok(large?.element.kind === 'policy');
    const uri = await run<vscode.Uri>(api, 'countersign.openPolicyAsJson', large.element, [large.element]);
    assert.ok(uri);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), uri.toString());
    assert.equal(editor?.document.languageId, 'json');
    const json = JSON.parse(editor?.document.getText() ?? '') as Record<string, unknown>;
    assert.equal(json['policyName'], LARGE);
    assert.equal(json['policyId'], large.element.policyId);
    assert.equal(json['effect'], 'EFFECT_ALLOW');
    assert.match(String(json['consensus']), /count\(\) >= 2/);
    assert.notEqual(vscode.workspace.fs.isWritableFileSystem(uri.scheme), true, 'the document cannot be saved');

    const byId = await run<vscode.Uri>(api, 'countersign.openPolicyAsJson', { policyId: large.element.policyId });
    assert.equal(byId?.toString(), uri.toString());
    const failure = await new Promise<string>((resolve, reject) => {
      const listening = api.onCommandFailure((f) => {
        listening.dispose();
        resolve(f.message);
      });
      Promise.resolve(
        vscode.commands.executeCommand('countersign.openPolicyAsJson', { policyId: 'no-such-policy' }),
      ).then(() => undefined, reject);
    });
    assert.match(failure, /has no policy no-such-policy/);
  });

  it('draws a policy created elsewhere once the organization changes', async () => {
    await useSandboxProfile(api, 'Treasury', 0);
    const before = await rows('policies');
    const name = `Ops may approve ${Date.now()}`;
    const { client, profile } = await api.services.requireSession();
    const created: Activity = await client.createPolicy({
      organizationId: profile.organizationId,
      parameters: {
        policyName: name,
        effect: 'EFFECT_ALLOW',
        condition: "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'",
        consensus: 'approvers.count() >= 2',
        notes: '',
      },
    });
    assert.equal(created.status, 'ACTIVITY_STATUS_COMPLETED');
    (await api.services.store()).markStale('organization');
    const shown = await eventually('the new policy in the view', async () => {
      const now = await rows('policies');
      return now.length === before.length + 1 ? now.find(({ item }) => labelOf(item) === name) : undefined;
    });
    assert.equal(shown.item.description, 'Allows when 2 approvers approve');
    const deleted = await client.deletePolicy({
      organizationId: profile.organizationId,
      parameters: { policyId: shown.element.kind === 'policy' ? shown.element.policyId : '' },
    });
    assert.equal(deleted.status, 'ACTIVITY_STATUS_COMPLETED');
    (await api.services.store()).markStale('organization');
    await eventually('the policy to leave the view', async () =>
      (await rows('policies')).some(({ item }) => labelOf(item) === name) ? undefined : true,
    );
  });
});
