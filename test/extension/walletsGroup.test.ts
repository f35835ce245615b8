/**
 * Runs in VS Code's extension host against the local sandbox: the Organization view's "Wallets" group (each wallet
 * with its accounts, a hover with path, curve, format and creation time, Copy Address), the wallet commands
 * (Create Wallet, Add Accounts, Delete Wallet) completing in Demo and, in Team, waiting for the second root user's
 * vote before they complete, and the deletion's dialogs: Enter keeps the wallet, and a wallet never exported says
 * its recovery phrase is lost for good.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity, WalletAccountParams } from '../../src/api';
import { CommandIds } from '../../src/extension/commandIds';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ModalRequest } from '../../src/extension/ui/modalDialogs';
import type { SandboxOrganization } from '../../src/sandbox';
import { eventually, failureOf, logText, organizationNamed, run } from './hostSupport';
import { labelOf, organizationRows, teammateClient, type Row } from './organizationRows';
import { goAhead, runAnswering, sandboxSuiteHooks, useSandboxProfile, withModalAnswers } from './sandboxProfiles';

const ethereum = (i: number, name?: string): WalletAccountParams => ({
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: `m/44'/60'/0'/0/${i}`,
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
  ...(name !== undefined ? { name } : {}),
});
const solana = (i: number): WalletAccountParams => ({
  curve: 'CURVE_ED25519',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: `m/44'/501'/${i}'/0'`,
  addressFormat: 'ADDRESS_FORMAT_SOLANA',
});

function iconOf(item: vscode.TreeItem): string {
  return item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : '';
}

describe('the Wallets group and the wallet commands', function () {
  this.timeout(180_000);
  let api!: CountersignExtensionApi;
  let organizations!: readonly SandboxOrganization[];
  sandboxSuiteHooks((a, o) => {
    api = a;
    organizations = o;
  });
  const stamp = Date.now().toString(36);
  const view = () => api.views.organization.provider;

  async function walletsGroup(): Promise<Row> {
    return eventually('the Wallets group', async () =>
      (await organizationRows(api)).find(({ element }) => element.kind === 'group' && element.group === 'wallets'),
    );
  }

  /** The wallet's row once the view lists it, with its accounts' rows. */
  async function walletShown(name: string, accounts?: number): Promise<{ wallet: Row; accounts: Row[] }> {
    return eventually(
      `wallet "${name}" in the view${accounts === undefined ? '' : ` with ${accounts} accounts`}`,
      async () => {
        const wallet = (await organizationRows(api, (await walletsGroup()).element)).find(
          ({ element }) => element.kind === 'wallet' && element.wallet.walletName === name,
        );
        if (!wallet) return undefined;
        const rows = await organizationRows(api, wallet.element);
        return accounts === undefined || rows.length === accounts ? { wallet, accounts: rows } : undefined;
      },
      60_000,
    );
  }

  it('says in words that an organization has no wallet yet, and offers Create Wallet…', async () => {
    // The seeded end user's sub-organization, its wallet deleted, and a tag that keeps the view from its welcome.
    const { client, organizationId: subId } = teammateClient(api, organizations, 'End user 1');
    try {
      const walletIds = (await client.listWallets({ organizationId: subId })).map((w) => w.walletId);
      if (walletIds.length > 0)
        await client.deleteWallets({ organizationId: subId, parameters: { walletIds, deleteWithoutExport: true } });
      const tagged = await client.createPrivateKeyTag({
        organizationId: subId,
        parameters: { privateKeyTagName: `Not empty ${stamp}`, privateKeyIds: [] },
      });
      assert.equal(tagged.status, 'ACTIVITY_STATUS_COMPLETED');
    } finally {
      await client.close();
    }
    await useSandboxProfile(api, 'End user 1');
    await run(api, CommandIds.refreshOrganization);
    const organizationId = organizationNamed(organizations, 'End user 1').organizationId;
    // The group of the organization switched to (a group asked for while the view reloads is the one before).
    const { group, row } = await eventually('the empty Wallets group with its one row', async () => {
      const found = await walletsGroup();
      if (found.element.kind !== 'group' || found.element.organizationId !== organizationId) return undefined;
      const rows = await organizationRows(api, found.element);
      return rows.length === 1 && rows[0] ? { group: found, row: rows[0] } : undefined;
    });
    assert.equal(labelOf(group.item), 'Wallets');
    assert.equal(group.item.collapsibleState, vscode.TreeItemCollapsibleState.Expanded, 'it opens on its one row');
    assert.equal(labelOf(row.item), 'No wallets yet — Create Wallet…');
    assert.equal(row.item.command?.command, CommandIds.createWallet);
  });

  it('lists each wallet another client makes with its accounts: names, short addresses, icons and hovers', async () => {
    await useSandboxProfile(api, 'Demo');
    const { client, organizationId } = teammateClient(api, organizations, 'Demo');
    // A teammate's text with markdown and a command link in it: shown as text everywhere.
    const name = `Cold *${stamp}* [run](command:${CommandIds.showLog})`;
    try {
      await client.createWallet({
        organizationId,
        parameters: { walletName: name, accounts: [ethereum(0), ethereum(1, `Payroll ${stamp}`), solana(0)] },
      });
    } finally {
      await client.close();
    }
    await run(api, CommandIds.refreshOrganization);
    const { wallet, accounts } = await walletShown(name, 3);
    assert.equal(labelOf(wallet.item), name);
    assert.equal(wallet.item.description, '3 accounts', 'neither exported nor imported');
    assert.equal(wallet.item.contextValue, 'wallet');
    assert.deepEqual(
      accounts.map(({ item }) => [labelOf(item), iconOf(item), item.contextValue]),
      [
        ['account 0', 'ruby', 'walletAccount'],
        [`Payroll ${stamp}`, 'ruby', 'walletAccount'],
        ['account 0', 'layers', 'walletAccount'],
      ],
    );
    const [first] = accounts;
    assert.ok(first && first.element.kind === 'walletAccount');
    const address = first.element.account.address;
    assert.match(address, /^0x[0-9a-fA-F]{40}$/);
    assert.equal(first.item.description, `${address.slice(0, 8)}…${address.slice(-6)}`);

    const resolved = await view().resolveTreeItem?.(
      first.item,
      first.element,
      new vscode.CancellationTokenSource().token,
    );
    const tooltip = resolved?.tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString, 'the hover is markdown');
    assert.notEqual(tooltip.isTrusted, true, 'service text never runs a command');
    const text = tooltip.value;
    assert.ok(text.includes(`\`${address}\``), text);
    assert.ok(text.includes("Path: `m/44'/60'/0'/0/0`"), text);
    assert.match(text, /Curve: secp256k1/);
    assert.match(text, /Format: ethereum/);
    assert.match(text, /Created: \S/);
    assert.ok(!text.includes('[run](command:'), 'the wallet name holds no live link');
    assert.ok(text.includes('\\[run\\]'), text);

    await run(api, CommandIds.copyWalletAccountAddress, first.element, [first.element]);
    assert.equal(await vscode.env.clipboard.readText(), address);
  });

  it('Create Wallet and Add Accounts complete, and the new accounts show under the wallet', async () => {
    await useSandboxProfile(api, 'Demo');
    const name = `Hot ${stamp}`;
    const created = await run<Activity>(api, CommandIds.createWallet, { name, preset: 'ethereum', count: 2 });
    assert.equal(created?.status, 'ACTIVITY_STATUS_COMPLETED');
    const before = await walletShown(name, 2);
    assert.deepEqual(
      before.accounts.map(({ item }) => labelOf(item)),
      ['account 0', 'account 1'],
    );

    // From the wallet's row: Ethereum paths after the last one the wallet uses.
    const added = await run<Activity>(api, CommandIds.addWalletAccounts, before.wallet.element, {
      preset: 'ethereum',
      count: 2,
    });
    assert.equal(added?.status, 'ACTIVITY_STATUS_COMPLETED');
    const solanaAdded = await run<Activity>(api, CommandIds.addWalletAccounts, {
      walletId: before.wallet.element.kind === 'wallet' ? before.wallet.element.wallet.walletId : '',
      preset: 'solana',
      count: 1,
    });
    assert.equal(solanaAdded?.status, 'ACTIVITY_STATUS_COMPLETED');
    const after = await walletShown(name, 5);
    assert.deepEqual(
      after.accounts.map(({ element }) => (element.kind === 'walletAccount' ? element.account.path : '')),
      ["m/44'/60'/0'/0/0", "m/44'/60'/0'/0/1", "m/44'/60'/0'/0/2", "m/44'/60'/0'/0/3", "m/44'/501'/0'/0'"],
    );
  });

  it("in Team, Create Wallet waits for the second root user's vote, then the wallet shows", async () => {
    await useSandboxProfile(api, 'Team', 0);
    const name = `Team wallet ${stamp}`;
    const waiting = await run<Activity>(api, CommandIds.createWallet, { name, preset: 'solana', count: 1 });
    assert.equal(waiting?.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'waiting, not failed');
    assert.ok(waiting);
    assert.match(logText(api), /waiting for 1 more approval/);
    const group = await walletsGroup();
    assert.ok(
      !(await organizationRows(api, group.element)).some(
        ({ element }) => element.kind === 'wallet' && element.wallet.walletName === name,
      ),
      'nothing is made before the vote',
    );
    // The second root user approves in this window (the store follows a vote cast elsewhere only at its poll,
    // which waits for the window's focus).
    await useSandboxProfile(api, 'Team', 1);
    const { result: vote } = await withModalAnswers<Activity>(api, goAhead, CommandIds.approveActivity, {
      activityId: waiting.id,
    });
    assert.equal(vote?.status, 'ACTIVITY_STATUS_COMPLETED');
    const shown = await walletShown(name, 1);
    assert.deepEqual(
      shown.accounts.map(({ item }) => [labelOf(item), iconOf(item)]),
      [['account 0', 'layers']],
    );

    // Add Accounts waits too, submitted by the first root user and approved by the second.
    const walletId = shown.wallet.element.kind === 'wallet' ? shown.wallet.element.wallet.walletId : '';
    await useSandboxProfile(api, 'Team', 0);
    const adding = await run<Activity>(api, CommandIds.addWalletAccounts, { walletId, preset: 'ethereum', count: 1 });
    assert.equal(adding?.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    await useSandboxProfile(api, 'Team', 1);
    const { result: second } = await withModalAnswers<Activity>(api, goAhead, CommandIds.approveActivity, {
      activityId: adding?.id,
    });
    assert.equal(second?.status, 'ACTIVITY_STATUS_COMPLETED');
    const grown = await walletShown(name, 2);
    assert.equal(labelOf(grown.accounts[1]?.item ?? new vscode.TreeItem('')), 'account 0');
    assert.equal(iconOf(grown.accounts[1]?.item ?? new vscode.TreeItem('')), 'ruby');
  });

  it('Rename Wallet renames it, and a name another wallet has is refused before anything is sent', async () => {
    await useSandboxProfile(api, 'Demo');
    const [first, second] = [`Rename me ${stamp}`, `Taken ${stamp}`];
    for (const name of [first, second])
      assert.equal(
        (await run<Activity>(api, CommandIds.createWallet, { name, preset: 'solana', count: 1 }))?.status,
        'ACTIVITY_STATUS_COMPLETED',
      );
    const { wallet } = await walletShown(first, 1);
    const walletId = wallet.element.kind === 'wallet' ? wallet.element.wallet.walletId : '';

    const refused = await failureOf(api, CommandIds.renameWallet, { walletId, name: ` ${second} ` });
    assert.match(refused.message, /already has a wallet named "Taken [^"]+"; choose another name\. Nothing was sent\./);

    const renamed = await run<Activity>(api, CommandIds.renameWallet, { walletId, name: `Renamed ${stamp}` });
    assert.equal(renamed?.status, 'ACTIVITY_STATUS_COMPLETED');
    const shown = await walletShown(`Renamed ${stamp}`, 1);
    assert.equal(shown.wallet.element.kind === 'wallet' ? shown.wallet.element.wallet.walletId : '', walletId);
  });

  it('Delete Wallet: Enter keeps the wallet, an unexported one names the loss, and the name must be typed', async () => {
    await useSandboxProfile(api, 'Demo');
    const name = `Doomed ${stamp}`;
    const created = await run<Activity>(api, CommandIds.createWallet, { name, preset: 'ethereum', count: 1 });
    assert.equal(created?.status, 'ACTIVITY_STATUS_COMPLETED');
    const { wallet } = await walletShown(name, 1);

    // Enter: the first button.
    const kept = await withModalAnswers<Activity>(
      api,
      (request) => request.buttons[0],
      CommandIds.deleteWallet,
      wallet.element,
    );
    assert.equal(kept.result, undefined);
    const [dialog] = kept.shown;
    assert.ok(dialog);
    assert.equal(dialog.buttons[0], 'Keep Wallet');
    assert.deepEqual(dialog.harmless, ['Keep Wallet']);
    assert.ok(dialog.irreversible);
    assert.match(dialog.message, /lose its recovery phrase for good/);
    assert.match(dialog.detail, /never exported: it is lost for good/);
    assert.deepEqual(dialog.buttons.slice(1), ['Delete Without Export']);

    // From outside, by id: the dialog and the typed name are still asked; a wrong name deletes nothing.
    const walletId = wallet.element.kind === 'wallet' ? wallet.element.wallet.walletId : '';
    const typo = await runAnswering<Activity>(
      api,
      (request: ModalRequest) => (request.buttons.length === 0 ? `${name}x` : goAhead(request)),
      CommandIds.deleteWallet,
      { walletId },
    );
    assert.equal(typo.result, undefined);
    assert.equal(typo.shown.length, 2, 'the dialog, then the typed confirmation');
    await walletShown(name, 1);

    const deleted = await runAnswering<Activity>(
      api,
      (request: ModalRequest) => (request.buttons.length === 0 ? name : goAhead(request)),
      CommandIds.deleteWallet,
      walletId,
    );
    assert.deepEqual(deleted.failures, []);
    assert.equal(deleted.result?.status, 'ACTIVITY_STATUS_COMPLETED');
    await eventually('the wallet gone from the view', async () => {
      const rows = await organizationRows(api, (await walletsGroup()).element);
      return rows.some(({ element }) => element.kind === 'wallet' && element.wallet.walletId === walletId)
        ? undefined
        : true;
    });
  });
});
