/**
 * The Organization view's "Sub-organizations" branch: a row for each sub-organization of the active organization
 * (its name, its id, and Add Profile for This Sub-organization in its menu), which opens on what it holds, read
 * through the store when it is opened: its wallets with their accounts, its users and its policies, read-only.
 */
import * as vscode from 'vscode';
import type { SubOrganizationList } from '../store/subOrganizationReads';
import { shown } from '../ui/shownText';
import { contextValue } from './contextValue';
import { partDescription, partLabel } from './subOrganizationRows';
import type { GroupElement, MessageElement, SubOrganizationElement, SubOrganizationPartElement } from './treeElements';
import { code, markdown, plain } from './treeItems';

const PART_ICONS: Readonly<Record<SubOrganizationPartElement['part'], string>> = {
  wallets: 'credit-card',
  users: 'person',
  policies: 'law',
};

/** The rows under "Sub-organizations": one per sub-organization, then a row saying when only the first are listed. */
export function subOrganizationElements(
  group: GroupElement,
  list: SubOrganizationList,
): Array<SubOrganizationElement | MessageElement> {
  const rows: Array<SubOrganizationElement | MessageElement> = list.entries.map((entry): SubOrganizationElement => ({
    kind: 'subOrganization',
    id: `${group.id}/${entry.organizationId}`,
    organizationId: list.organizationId,
    subOrganizationId: entry.organizationId,
    name: entry.name,
    users: entry.users,
    parent: group,
  }));
  if (list.more) {
    rows.push({
      kind: 'message',
      id: `${group.id}/more`,
      label: vscode.l10n.t('Only the first {0} sub-organizations are listed', list.entries.length),
      iconId: 'info',
      token: 'field',
      parent: group,
    });
  }
  return rows;
}

export function subOrganizationTreeItem(element: SubOrganizationElement): vscode.TreeItem {
  const item = new vscode.TreeItem(
    shown(element.name || element.subOrganizationId),
    vscode.TreeItemCollapsibleState.Collapsed,
  );
  item.id = element.id;
  item.description = shown(element.subOrganizationId);
  item.iconPath = new vscode.ThemeIcon('symbol-namespace');
  item.contextValue = contextValue('subOrganization');
  item.tooltip = markdown([
    `**${plain(element.name || element.subOrganizationId)}**`,
    `${plain(vscode.l10n.t('Sub-organization ID'))}: ${code(element.subOrganizationId)}`,
    plain(
      vscode.l10n.t('Read-only here: a parent organization reads its sub-organizations and changes nothing in them.'),
    ),
  ]);
  return item;
}

export function subOrganizationPartTreeItem(element: SubOrganizationPartElement): vscode.TreeItem {
  const empty = element.rows.length === 0;
  const item = new vscode.TreeItem(
    partLabel(element.part),
    empty ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed,
  );
  item.id = element.id;
  item.description = partDescription(element);
  item.iconPath = new vscode.ThemeIcon(PART_ICONS[element.part]);
  item.contextValue = contextValue('subOrganizationPart');
  return item;
}
