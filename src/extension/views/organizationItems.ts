/** The Organization view's rows: groups, smart contract interfaces, private keys and their tags and addresses. */
import * as vscode from 'vscode';
import type { SmartContractInterface } from '../../api';
import { shown } from '../ui/shownText';
import { shortAddress } from '../wording/activityWords';
import { contextValue } from './contextValue';
import type {
  AuthenticatorElement,
  FieldElement,
  UserElement,
  GroupElement,
  OrganizationGroup,
  PrivateKeyElement,
  PrivateKeyTagElement,
  SmartContractInterfaceElement,
} from './treeElements';
import { code, markdown, plain } from './treeItems';

export function groupLabel(group: OrganizationGroup): string {
  switch (group) {
    case 'smartContractInterfaces':
      return vscode.l10n.t('Smart contract interfaces');
    case 'wallets':
      return vscode.l10n.t('Wallets');
    case 'privateKeys':
      return vscode.l10n.t('Private keys');
    case 'privateKeyTags':
      return vscode.l10n.t('Private key tags');
    case 'policies':
      return vscode.l10n.t('Policies');
    case 'users':
      return vscode.l10n.t('Users and passkeys');
    case 'subOrganizations':
      return vscode.l10n.t('Sub-organizations');
  }
}

/** What a group lists, in the words of "Could not load <what>". */
export function groupNoun(group: OrganizationGroup): string {
  switch (group) {
    case 'smartContractInterfaces':
      return vscode.l10n.t('smart contract interfaces');
    case 'wallets':
      return vscode.l10n.t('wallets');
    case 'privateKeys':
      return vscode.l10n.t('private keys');
    case 'privateKeyTags':
      return vscode.l10n.t('private key tags');
    case 'policies':
      return vscode.l10n.t('policies');
    case 'users':
      return vscode.l10n.t('users and passkeys');
    case 'subOrganizations':
      return vscode.l10n.t('sub-organizations');
  }
}

const GROUP_ICONS: Readonly<Record<OrganizationGroup, string>> = {
  smartContractInterfaces: 'file-code',
  wallets: 'credit-card',
  privateKeys: 'key',
  privateKeyTags: 'tag',
  policies: 'law',
  users: 'organization',
  subOrganizations: 'type-hierarchy-sub',
};

export function groupTreeItem(element: GroupElement): vscode.TreeItem {
  // An empty group has nothing to open: no chevron. A group that fills up is a new item to VS Code, so it opens
  // (VS Code keeps an item's old collapsed state). A group whose list failed opens on its error and Retry.
  // "Wallets" opens even when empty: its one row says so in words, with the command that makes a wallet.
  const empty = element.count === 0 && !element.failed && element.group !== 'wallets';
  const item = new vscode.TreeItem(
    groupLabel(element.group),
    empty ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Expanded,
  );
  item.id = empty ? `${element.id}/empty` : element.failed ? `${element.id}/failed` : element.id;
  item.description = element.failed ? '' : element.count === 0 ? vscode.l10n.t('none') : String(element.count);
  item.iconPath = new vscode.ThemeIcon(GROUP_ICONS[element.group]);
  item.contextValue = contextValue('group');
  return item;
}

function interfaceTypeText(type: string): string {
  if (type === 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM') return 'Ethereum';
  if (type === 'SMART_CONTRACT_INTERFACE_TYPE_SOLANA') return 'Solana';
  return type;
}

export function smartContractInterfaceTreeItem(element: SmartContractInterfaceElement): vscode.TreeItem {
  const sci: SmartContractInterface = element.smartContractInterface;
  const item = new vscode.TreeItem(
    shown(sci.label || sci.smartContractInterfaceId),
    vscode.TreeItemCollapsibleState.None,
  );
  item.id = element.id;
  item.description = shown(shortAddress(sci.smartContractAddress));
  item.iconPath = new vscode.ThemeIcon('file-code');
  item.contextValue = contextValue('smartContractInterface');
  // The tooltip, with the ABI's functions and events, is made on hover (resolveTreeItem): an ABI is up to 400 KB.
  return item;
}

/** The first lines of an interface's tooltip: label, type, address, id and notes. */
export function smartContractInterfaceTooltipLines(sci: SmartContractInterface): string[] {
  return [
    `**${plain(sci.label)}** (${plain(interfaceTypeText(sci.type))})`,
    `${plain(vscode.l10n.t('Address'))}: ${code(sci.smartContractAddress)}`,
    `${plain(vscode.l10n.t('Smart contract interface ID'))}: ${code(sci.smartContractInterfaceId)}`,
    sci.notes ? `${plain(vscode.l10n.t('Notes'))}: ${plain(sci.notes)}` : '',
  ].filter((line) => line !== '');
}

function curveText(curve: string): string {
  return curve.replace(/^CURVE_/, '').toLowerCase();
}

export function privateKeyTreeItem(element: PrivateKeyElement): vscode.TreeItem {
  const key = element.privateKey;
  const item = new vscode.TreeItem(
    shown(key.privateKeyName || key.privateKeyId),
    element.expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = element.id;
  const firstAddress = key.addresses.find((entry) => entry.address)?.address;
  item.description = [shown(curveText(key.curve)), firstAddress ? shown(shortAddress(firstAddress)) : '']
    .filter((part) => part !== '')
    .join(' · ');
  item.iconPath = new vscode.ThemeIcon('key');
  item.contextValue = contextValue('privateKey');
  item.tooltip = markdown(
    [
      `**${plain(key.privateKeyName)}**`,
      `${plain(vscode.l10n.t('Private key ID'))}: ${code(key.privateKeyId)}`,
      `${plain(vscode.l10n.t('Curve'))}: ${plain(curveText(key.curve))}`,
      `${plain(vscode.l10n.t('Public key'))}: ${code(key.publicKey)}`,
      element.tags.length > 0
        ? `${plain(vscode.l10n.t('Tags'))}: ${element.tags.map((tag) => plain(tag.tagName)).join(', ')}`
        : '',
    ].filter((line) => line !== ''),
  );
  return item;
}

/** What a private key expands to: its tags, then its addresses. */
export function privateKeyChildren(element: PrivateKeyElement): Array<PrivateKeyTagElement | FieldElement> {
  const tags: PrivateKeyTagElement[] = element.tags.map((tag) => ({
    kind: 'privateKeyTag',
    id: `${element.id}/tag/${tag.tagId}`,
    organizationId: element.organizationId,
    tag,
    keys: [],
    parent: element,
    expandable: false,
  }));
  const addresses: FieldElement[] = element.privateKey.addresses
    .filter((entry) => entry.address)
    .map((entry, index) => ({
      kind: 'field',
      id: `${element.id}/address/${index}`,
      label: entry.address ?? '',
      description: entry.format ? entry.format.replace(/^ADDRESS_FORMAT_/, '').toLowerCase() : '',
      tooltip: entry.address,
      iconId: 'symbol-field',
      children: undefined,
      parent: element,
    }));
  return [...tags, ...addresses];
}

export function privateKeyTagTreeItem(element: PrivateKeyTagElement): vscode.TreeItem {
  const tag = element.tag;
  const item = new vscode.TreeItem(
    shown(tag.tagName || tag.tagId),
    element.expandable && element.keys.length > 0
      ? vscode.TreeItemCollapsibleState.Collapsed
      : vscode.TreeItemCollapsibleState.None,
  );
  item.id = element.id;
  if (element.expandable)
    item.description =
      element.keys.length === 1 ? vscode.l10n.t('1 key') : vscode.l10n.t('{0} keys', element.keys.length);
  item.iconPath = new vscode.ThemeIcon('tag');
  item.contextValue = contextValue('privateKeyTag');
  item.tooltip = markdown([`**${plain(tag.tagName)}**`, `${plain(vscode.l10n.t('Tag ID'))}: ${code(tag.tagId)}`]);
  return item;
}

export function userTreeItem(element: UserElement): vscode.TreeItem {
  const { user } = element;
  const count = (user.authenticators ?? []).length;
  const item = new vscode.TreeItem(
    shown(user.userName || user.userId),
    count === 0 ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Expanded,
  );
  item.id = element.id;
  const passkeys =
    count === 0
      ? vscode.l10n.t('no passkey')
      : count === 1
        ? vscode.l10n.t('1 passkey')
        : vscode.l10n.t('{0} passkeys', count);
  // The user's tags by name first ("finance · 1 passkey"): the policies' approvers are named by tag.
  item.description = [...element.tags.map(shown), passkeys].join(' · ');
  // A MarkdownString tooltip: a plain string one would replace the row's accessible name, its label.
  item.tooltip = markdown(
    [
      `**${plain(user.userName || user.userId)}**`,
      `${plain(vscode.l10n.t('User ID'))}: ${code(user.userId)}`,
      element.tags.length > 0
        ? `${plain(vscode.l10n.t('Tags'))}: ${element.tags.map((tag) => plain(tag)).join(', ')}`
        : '',
    ].filter((line) => line !== ''),
  );
  item.iconPath = new vscode.ThemeIcon('person');
  item.contextValue = contextValue('user');
  return item;
}

export function authenticatorTreeItem(element: AuthenticatorElement): vscode.TreeItem {
  const { authenticator } = element;
  const item = new vscode.TreeItem(shown(authenticator.authenticatorName || authenticator.authenticatorId));
  item.id = element.id;
  item.description = shown(authenticator.authenticatorId);
  item.tooltip = markdown([
    `**${plain(vscode.l10n.t('Passkey "{0}" of {1}', authenticator.authenticatorName, element.userName))}**`,
    `${plain(vscode.l10n.t('Passkey ID'))}: ${code(authenticator.authenticatorId)}`,
    `${plain(vscode.l10n.t('Credential ID'))}: ${code(authenticator.credentialId)}`,
    `${plain(vscode.l10n.t('Attestation'))}: ${plain(authenticator.attestationType || 'none')}`,
    plain(
      vscode.l10n.t(
        'The service cannot rename a passkey: Rename Passkey adds a new one under the new name and removes this one.',
      ),
    ),
  ]);
  item.iconPath = new vscode.ThemeIcon('shield');
  item.contextValue = contextValue('authenticator');
  return item;
}
