/**
 * The Organization view's "Wallets" group: each wallet (its name, `exported` and `imported` when they hold, its
 * accounts under it) and each account (its name or the short form of its path, its short address, an icon by its
 * address format, and on hover its address, path, curve, format and creation time). The wallets and accounts are
 * the store's wallet book; a teammate's names are shown as text, never as markdown or a link.
 */
import * as vscode from 'vscode';
import { timestampToMs, type WalletAccount } from '../../api';
import { CommandIds } from '../commandIds';
import { accountLabel, type WalletBook } from '../store/walletBook';
import { shown } from '../ui/shownText';
import { shortAddress } from '../wording/activityWords';
import { contextValue } from './contextValue';
import type { GroupElement, MessageElement, WalletAccountElement, WalletElement } from './treeElements';
import { code, markdown, plain, timeText } from './treeItems';
import type { WalletAccountNode } from './walletNodes';

/** A wallet with more accounts than this opens collapsed: its rows are there on a click, not on every redraw. */
const OPEN_UP_TO = 50;

/** The rows under "Wallets": each wallet by name; none says so, with the command that makes one. */
export function walletGroupChildren(group: GroupElement, book: WalletBook): Array<WalletElement | MessageElement> {
  if (book.wallets.length === 0) return [noWalletsRow(group)];
  const wallets = [...book.wallets]
    .sort((a, b) => a.wallet.walletName.localeCompare(b.wallet.walletName))
    .map(({ wallet, accounts }): WalletElement => ({
      kind: 'wallet',
      id: `${group.id}/${wallet.walletId}`,
      organizationId: group.organizationId,
      wallet,
      accounts,
      parent: group,
    }));
  if (book.listedAll) return wallets;
  const listed = book.wallets.reduce((sum, entry) => sum + entry.accounts.length, 0);
  return [
    ...wallets,
    {
      kind: 'message',
      id: `${group.id}/notAll`,
      label: vscode.l10n.t('Only the first {0} accounts are listed', listed),
      tooltip: vscode.l10n.t('The organization holds more wallet accounts than the view reads.'),
      iconId: 'info',
      token: 'calm',
      parent: group,
    },
  ];
}

function noWalletsRow(group: GroupElement): MessageElement {
  const title = vscode.l10n.t('Create Wallet…');
  return {
    kind: 'message',
    id: `${group.id}/none`,
    label: vscode.l10n.t('No wallets yet — {0}', title),
    iconId: 'add',
    token: 'calm',
    command: { command: CommandIds.createWallet, title },
    parent: group,
  };
}

/** How many of a wallet's accounts its row shows at first, and how many more each "Show N more…" adds. */
export const ACCOUNT_PAGE = 100;

/**
 * A wallet's first `shown` accounts, in the order the service lists them (oldest first), then a "Show N more…" row
 * when it holds more: opening a wallet of 10,000 accounts builds a page of rows, not 10,000.
 */
export function walletChildren(
  element: WalletElement,
  shown = ACCOUNT_PAGE,
): Array<WalletAccountElement | MessageElement> {
  const rows: Array<WalletAccountElement | MessageElement> = element.accounts.slice(0, shown).map((account) => ({
    kind: 'walletAccount',
    id: `${element.id}/${account.walletAccountId}`,
    organizationId: element.organizationId,
    wallet: element.wallet,
    account,
    parent: element,
  }));
  const total = element.accounts.length;
  if (total > shown) rows.push(moreAccountsRow(element, shown, total));
  return rows;
}

function moreAccountsRow(element: WalletElement, shown: number, total: number): MessageElement {
  const title = vscode.l10n.t('Show more accounts');
  return {
    kind: 'message',
    id: `${element.id}/more`,
    label: vscode.l10n.t('Show {0} more…', countText(Math.min(ACCOUNT_PAGE, total - shown))),
    description: vscode.l10n.t('{0} of {1} shown', countText(shown), countText(total)),
    iconId: 'more',
    token: 'loadMore',
    command: { command: CommandIds.showMoreWalletAccounts, title, arguments: [element.id] },
    parent: element,
  };
}

/** A count as the user's language writes it: `10,000`. */
function countText(count: number): string {
  return count.toLocaleString(vscode.env.language);
}

export function walletTreeItem(element: WalletElement): vscode.TreeItem {
  const { wallet, accounts } = element;
  const item = new vscode.TreeItem(
    shown(wallet.walletName || wallet.walletId),
    accounts.length === 0
      ? vscode.TreeItemCollapsibleState.None
      : accounts.length <= OPEN_UP_TO
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed,
  );
  item.id = element.id;
  item.description = [
    wallet.exported ? vscode.l10n.t('exported') : '',
    wallet.imported ? vscode.l10n.t('imported') : '',
    accounts.length === 1 ? vscode.l10n.t('1 account') : vscode.l10n.t('{0} accounts', countText(accounts.length)),
  ]
    .filter((part) => part !== '')
    .join(' · ');
  item.iconPath = new vscode.ThemeIcon('credit-card');
  item.contextValue = contextValue('wallet');
  const created = timestampToMs(wallet.createdAt);
  item.tooltip = markdown(
    [
      `**${plain(wallet.walletName)}**`,
      `${plain(vscode.l10n.t('Wallet ID'))}: ${code(wallet.walletId)}`,
      created !== undefined ? `${plain(vscode.l10n.t('Created'))}: ${plain(timeText(created))}` : '',
      plain(
        wallet.exported
          ? vscode.l10n.t('Its recovery phrase has been exported.')
          : vscode.l10n.t('Its recovery phrase has never been exported: deleting the wallet loses it for good.'),
      ),
      wallet.imported ? plain(vscode.l10n.t('Imported from a recovery phrase.')) : '',
    ].filter((line) => line !== ''),
  );
  return item;
}

/** The address format in words: `ethereum`, `solana`, `bitcoin mainnet p2wpkh`. */
export function addressFormatText(format: string): string {
  return format
    .replace(/^ADDRESS_FORMAT_/, '')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/** A codicon for the address format: Ethereum a gem, Solana its layers, Bitcoin a coin, any other a key. */
export function addressFormatIcon(format: string): string {
  if (format === 'ADDRESS_FORMAT_ETHEREUM') return 'ruby';
  if (format === 'ADDRESS_FORMAT_SOLANA') return 'layers';
  if (format.startsWith('ADDRESS_FORMAT_BITCOIN_')) return 'circle-large';
  return 'symbol-key';
}

/** Made once: every account row of a page takes one of a few icons. */
const ACCOUNT_CONTEXT = contextValue('walletAccount');
const formatIcons = new Map<string, vscode.ThemeIcon>();

function formatIcon(format: string): vscode.ThemeIcon {
  let icon = formatIcons.get(format);
  if (!icon) {
    icon = new vscode.ThemeIcon(addressFormatIcon(format));
    formatIcons.set(format, icon);
  }
  return icon;
}

export function walletAccountTreeItem(element: WalletAccountElement): vscode.TreeItem {
  const { account } = element;
  const item = new vscode.TreeItem(shown(accountLabel(account)), vscode.TreeItemCollapsibleState.None);
  item.id = element.id;
  item.description = shown(shortAddress(account.address));
  item.iconPath = formatIcon(account.addressFormat);
  item.contextValue = ACCOUNT_CONTEXT;
  // The tooltip is made on hover (resolveTreeItem): a wallet may hold thousands of accounts.
  return item;
}

/** An account's hover: its name, address, path, curve, format and creation time, the service's text escaped. */
export function walletAccountTooltip(element: WalletAccountNode): vscode.MarkdownString {
  const { account, wallet } = element;
  const created = timestampToMs(account.createdAt);
  return markdown(
    [
      `**${plain(accountLabel(account))}** (${plain(wallet.walletName)})`,
      `${plain(vscode.l10n.t('Address'))}: ${code(account.address)}`,
      `${plain(vscode.l10n.t('Path'))}: ${code(account.path)}`,
      `${plain(vscode.l10n.t('Curve'))}: ${plain(curveText(account))}`,
      `${plain(vscode.l10n.t('Format'))}: ${plain(addressFormatText(account.addressFormat))}`,
      created !== undefined ? `${plain(vscode.l10n.t('Created'))}: ${plain(timeText(created))}` : '',
    ].filter((line) => line !== ''),
  );
}

function curveText(account: Pick<WalletAccount, 'curve'>): string {
  return account.curve.replace(/^CURVE_/, '').toLowerCase();
}
