/** The Activities view's "Awaiting your vote (N)" row: open with a bell while something waits, closed when not. */
import * as vscode from 'vscode';
import { t } from '../ui/l10n';
import { awaitingCountText, awaitingGroupLabel } from '../wording/awaitingWords';
import { contextValue } from './contextValue';
import type { InboxGroupElement } from './treeElements';
import { themeIcon } from './treeItems';

export function inboxGroupTreeItem(element: InboxGroupElement): vscode.TreeItem {
  const item = new vscode.TreeItem(
    awaitingGroupLabel(element.count, t, element.more),
    element.count > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
  );
  item.id = element.id;
  item.iconPath = themeIcon(element.count > 0 ? 'bell-dot' : 'bell', element.count > 0 ? 'charts.orange' : undefined);
  item.description = element.count > 0 ? '' : t('nothing waits for you');
  item.tooltip =
    element.count > 0 ? awaitingCountText(element.count, t, element.more) : t('No activity waits for your vote.');
  item.accessibilityInformation = { label: awaitingGroupLabel(element.count, t, element.more) };
  item.contextValue = contextValue('inboxGroup');
  return item;
}
