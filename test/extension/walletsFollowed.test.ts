/**
 * Runs in VS Code's extension host against the local sandbox: the Organization view's "Wallets" group with a wallet
 * larger than a page (its first page of accounts, then "Show N more…", its count true), and a wallet another
 * client makes, shown while the view is visible without any refresh (the store's poll compares the wallets).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WalletAccountParams } from '../../src/api';
import { CommandIds } from '../../src/extension/commandIds';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { SandboxOrganization } from '../../src/sandbox';
import { eventually, run } from './hostSupport';
import { labelOf, organizationRows, teammateClient, type Row } from './organizationRows';
import { sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

const ethereum = (i: number): WalletAccountParams => ({
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: `m/44'/60'/0'/0/${i}`,
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
});

describe('the Wallets group of a large wallet and of wallets made elsewhere', function () {
  this.timeout(240_000);
  let api!: CountersignExtensionApi;
  let organizations!: readonly SandboxOrganization[];
  sandboxSuiteHooks((a, o) => {
    api = a;
    organizations = o;
  });
  const stamp = Date.now().toString(36);

  /** The wallet's row once the view lists it. */
  async function walletRow(name: string, timeoutMs?: number): Promise<Row> {
    return eventually(
      `wallet "${name}" in the view`,
      async () => {
        const group = (await organizationRows(api)).find(
          ({ element }) => element.kind === 'group' && element.group === 'wallets',
        );
        if (!group) return undefined;
        return (await organizationRows(api, group.element)).find(
          ({ element }) => element.kind === 'wallet' && element.wallet.walletName === name,
        );
      },
      timeoutMs,
    );
  }

  it('opens a wallet of 150 accounts on its first 100, then "Show 50 more…" shows the rest', async () => {
    await useSandboxProfile(api, 'Demo');
    const { client, organizationId } = teammateClient(api, organizations, 'Demo');
    const name = `Large ${stamp}`;
    try {
      const created = await client.createWallet({
        organizationId,
        parameters: { walletName: name, accounts: Array.from({ length: 100 }, (_, i) => ethereum(i)) },
      });
      const walletId = (created.result?.['createWalletResult'] as { walletId?: string } | undefined)?.walletId;
      assert.ok(walletId, 'the wallet was made');
      const added = await client.createWalletAccounts({
        organizationId,
        parameters: { walletId, accounts: Array.from({ length: 50 }, (_, i) => ethereum(100 + i)) },
      });
      assert.equal(added.status, 'ACTIVITY_STATUS_COMPLETED');
    } finally {
      await client.close();
    }
    await run(api, CommandIds.refreshOrganization);
    const wallet = await walletRow(name);
    assert.equal(wallet.item.description, '150 accounts', 'the count is the wallet’s, not the page’s');
    assert.equal(wallet.item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);

    const firstPage = await organizationRows(api, wallet.element);
    assert.equal(firstPage.length, 101, 'a page of accounts and one row for the rest');
    assert.ok(firstPage.slice(0, 100).every(({ element }) => element.kind === 'walletAccount'));
    assert.equal(labelOf(firstPage[99]?.item ?? new vscode.TreeItem('')), 'account 99');
    const more = firstPage[100];
    assert.ok(more && more.element.kind === 'message');
    assert.equal(labelOf(more.item), 'Show 50 more…');
    assert.equal(more.item.description, '100 of 150 shown');
    assert.equal(more.item.command?.command, CommandIds.showMoreWalletAccounts);

    const args: unknown[] = more.item.command.arguments ?? [];
    assert.deepEqual(args, [wallet.element.id], "the row names its wallet's row");
    await run(api, more.item.command.command, ...args);
    const all = await organizationRows(api, wallet.element);
    assert.equal(all.length, 150, 'every account, and no more row');
    assert.ok(all.every(({ element }) => element.kind === 'walletAccount'));
    assert.equal(labelOf(all[149]?.item ?? new vscode.TreeItem('')), 'account 149');
  });

  it('shows a wallet another client makes while the view is visible, with no refresh', async () => {
    await useSandboxProfile(api, 'Demo');
    const config = vscode.workspace.getConfiguration('countersign');
    await config.update('activities.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    const { client, organizationId } = teammateClient(api, organizations, 'Demo');
    const name = `Made elsewhere ${stamp}`;
    try {
      await vscode.commands.executeCommand('countersign.organization.focus');
      await eventually('the Organization view visible', () => api.views.organization.treeView.visible || undefined);
      // The view has read the wallets (the store keeps them), and the new one is not among them yet.
      const group = await eventually('the Wallets group', async () =>
        (await organizationRows(api)).find(({ element }) => element.kind === 'group' && element.group === 'wallets'),
      );
      assert.ok(
        !(await organizationRows(api, group.element)).some(
          ({ element }) => element.kind === 'wallet' && element.wallet.walletName === name,
        ),
      );
      const made = await client.createWallet({
        organizationId,
        parameters: { walletName: name, accounts: [ethereum(0)] },
      });
      assert.equal(made.status, 'ACTIVITY_STATUS_COMPLETED');
      // No refresh, no command of this window: the store's poll sees the wallets differ.
      const wallet = await walletRow(name, 150_000);
      assert.equal(wallet.item.description, '1 account');
    } finally {
      await client.close();
      await config.update('activities.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
