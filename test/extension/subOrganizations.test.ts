/**
 * Runs in VS Code's extension host against the local sandbox: the Organization view's "Sub-organizations" group
 * (a sub-organization made with create_sub_organization, by name, read-only as Wallets, Users and Policies), Add
 * Profile for This Sub-organization (Add Profile with the sub-organization's id and the parent's address filled in,
 * no key given for the user), and Delete Sub-organization's warning naming the wallet never exported.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { Profile } from '../../src/extension/profiles/profileStore';
import type { OrganizationElement, SubOrganizationElement } from '../../src/extension/views/treeElements';
import { createSubOrganization, type MadeSubOrganization } from '../support/subOrganizationFixtures';
import { ethereumAccount } from '../support/walletFixtures';
import { eventually, noteSecret } from './hostSupport';
import { labelOf } from './organizationRows';
import { runAnswering, sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

/** A right-to-left override in the name: the view writes it out rather than let it reorder the row. */
const NAME = `End user \u202Egnp.exe ${Date.now()}`;
const SHOWN = NAME.replace('\u202E', '\\u202E');

describe('sub-organizations in the Organization view', function () {
  this.timeout(90_000);
  let api!: CountersignExtensionApi;
  let made!: MadeSubOrganization;
  const added: string[] = [];
  sandboxSuiteHooks((a) => {
    api = a;
  });
  before(async () => {
    await useSandboxProfile(api, 'Demo');
    const { client, profile } = await api.services.requireSession();
    made = await createSubOrganization(client, profile.organizationId, NAME, {
      rootUserName: 'End user',
      wallet: { walletName: 'Default', accounts: [ethereumAccount(0), ethereumAccount(1)] },
    });
    noteSecret(made.apiKey.privateKey);
    (await api.services.store()).markStale('organization');
  });
  after(async () => {
    await useSandboxProfile(api, 'Demo');
    for (const id of added) {
      await api.services.keys.delete(id);
      await api.services.profiles.remove(id);
    }
  });

  const view = () => api.views.organization.provider;
  async function children(element?: OrganizationElement): Promise<OrganizationElement[]> {
    return (await view().getChildren(element)) ?? [];
  }
  async function subOrganizationRow(id: string): Promise<SubOrganizationElement | undefined> {
    const group = (await children()).find((row) => row.kind === 'group' && row.group === 'subOrganizations');
    if (!group) return undefined;
    return (await children(group)).find(
      (row): row is SubOrganizationElement => row.kind === 'subOrganization' && row.subOrganizationId === id,
    );
  }
  const ours = () =>
    eventually('the new sub-organization in the view', () => subOrganizationRow(made.subOrganizationId));

  it('lists a sub-organization made with create_sub_organization by its name, shown as text', async () => {
    await useSandboxProfile(api, 'Demo');
    const row = await ours();
    const item = await view().getTreeItem(row);
    assert.equal(labelOf(item), SHOWN);
    assert.equal(item.description, made.subOrganizationId);
    assert.equal(item.contextValue, 'subOrganization');
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const group = (await children()).find((r) => r.kind === 'group' && r.group === 'subOrganizations');
    assert.ok(group);
    const groupItem = await view().getTreeItem(group);
    assert.equal(groupItem.label, 'Sub-organizations');
    assert.match(String(groupItem.description), /^\d+$/);
  });

  it('opens on its wallets with their accounts, its users and its policies, read-only', async () => {
    await useSandboxProfile(api, 'Demo');
    const parts = await children(await ours());
    const items = await Promise.all(parts.map(async (part) => view().getTreeItem(part)));
    assert.deepEqual(
      items.map((item) => [labelOf(item), item.description, item.contextValue]),
      [
        ['Wallets', '1', 'subOrganizationPart'],
        ['Users', '1', 'subOrganizationPart'],
        ['Policies', 'none', 'subOrganizationPart'],
      ],
    );
    const [wallets, users] = parts;
    assert.ok(wallets && users);
    const [wallet] = await children(wallets);
    assert.ok(wallet);
    const walletItem = await view().getTreeItem(wallet);
    assert.deepEqual([labelOf(walletItem), walletItem.description], ['Default', '2 accounts · never exported']);
    const accounts = await Promise.all((await children(wallet)).map(async (row) => view().getTreeItem(row)));
    assert.deepEqual(
      accounts.map((item) => [labelOf(item), String(item.description).split(' · ')[1]]),
      made.wallet?.addresses.map((address, i) => [`account ${i}`, address]),
    );
    assert.ok(
      accounts.every((item) => item.contextValue === 'field'),
      'no action on what the parent only reads',
    );
    const people = await Promise.all((await children(users)).map(async (row) => view().getTreeItem(row)));
    assert.deepEqual(
      people.map((item) => labelOf(item)),
      ['End user'],
    );
    assert.equal(await view().getParent?.(wallet), wallets);
  });

  it('a sub-organization that cannot be read shows its error and Retry, not an empty branch', async () => {
    await useSandboxProfile(api, 'Demo');
    const row = await ours();
    // Team is no sub-organization of Demo: Demo's key may not read it.
    const team = api.services.profiles.list().find((p) => p.label.includes('Team'));
    assert.ok(team);
    const stranger: SubOrganizationElement = {
      ...row,
      id: `${row.id}-stranger`,
      subOrganizationId: team.organizationId,
    };
    const items = await Promise.all((await children(stranger)).map(async (r) => view().getTreeItem(r)));
    assert.match(labelOf(items[0] ?? new vscode.TreeItem('')), /^Could not load sub-organization "/);
    assert.equal(labelOf(items[items.length - 1] ?? new vscode.TreeItem('')), 'Retry');
  });

  it('Add Profile for This Sub-organization fills in its id and the address, and gives no key', async () => {
    await useSandboxProfile(api, 'Demo');
    const demo = api.services.profiles.active();
    assert.ok(demo);
    const row = await ours();
    // The user presses Enter in each box: the suggestions are what is added.
    const { result, failures } = await runAnswering<Profile>(
      api,
      () => undefined,
      'countersign.addSubOrganizationProfile',
      row,
      [row],
    );
    assert.deepEqual(
      failures.map((f) => f.message),
      [],
    );
    assert.ok(result);
    added.push(result.id);
    assert.equal(result.organizationId, made.subOrganizationId);
    assert.equal(result.baseUrl, demo.baseUrl);
    assert.equal(result.label, SHOWN);
    assert.equal(api.services.profiles.active()?.id, result.id, 'the new profile is active, as after Add Profile');
    assert.equal(await api.services.keys.get(result.id), undefined, "the root user's key is theirs to give");
  });

  it("Delete Sub-organization's warning names the wallet never exported, and Enter deletes nothing", async () => {
    await useSandboxProfile(api, 'Demo');
    const baseUrl = api.services.profiles.active()?.baseUrl ?? '';
    const profile = await api.services.profiles.add({
      label: 'End user (own key)',
      baseUrl,
      organizationId: made.subOrganizationId,
    });
    added.push(profile.id);
    await api.services.keys.store(profile.id, made.apiKey.privateKey);
    await vscode.commands.executeCommand('countersign.switchProfile', profile.id);
    const typed = (answer: (buttons: readonly string[]) => string | undefined) =>
      runAnswering<Activity>(
        api,
        (request) => (request.buttons.length === 0 ? made.subOrganizationId : answer(request.buttons)),
        'countersign.deleteSubOrganization',
        { deleteWithoutExport: true },
      );
    // Enter: the first button.
    const kept = await typed((buttons) => buttons[0]);
    assert.equal(kept.result, undefined);
    const warning = kept.shown.find((request) => request.buttons.length > 0);
    assert.ok(warning);
    assert.equal(
      warning.detail,
      'Wallet "Default" (2 accounts) was never exported: its recovery phrase is lost for good. No one, not even the service, can recover them.',
    );
    assert.deepEqual(warning.buttons, ['Show Wallets and Keys', 'Delete Without Export']);
    assert.deepEqual(warning.harmless, ['Show Wallets and Keys']);
    const { client } = await api.services.requireSession();
    const organization = await client.getOrganization({ organizationId: made.subOrganizationId });
    assert.equal(organization.organizationId, made.subOrganizationId, 'still there');
    // Going ahead deletes it, and Demo's view no longer lists it.
    const gone = await typed((buttons) => buttons[buttons.length - 1]);
    assert.equal(gone.result?.status, 'ACTIVITY_STATUS_COMPLETED');
    await useSandboxProfile(api, 'Demo');
    (await api.services.store()).markStale('organization');
    await eventually('the deleted sub-organization gone from the view', async () =>
      (await subOrganizationRow(made.subOrganizationId)) ? undefined : true,
    );
  });
});
