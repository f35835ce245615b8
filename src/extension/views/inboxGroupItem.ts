/** The Activities view's "Awaiting your vote (N)" row: open with a bell while something waits, closed when not. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { awaitingCountText, awaitingGroupLabel } from '../wording/awaitingWords';
import { contextValue } from './contextValue';
import type { InboxGroupElement } from './treeElements';
import { themeIcon } from './treeItems';

export function inboxGroupTreeItem(element: InboxGroupElement): vscode.TreeItem {
  const item = new vscode.TreeItem(
    awaitingGroupLabel(element.count, element.more),
    element.count > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
  );
  item.id = element.id;
  item.iconPath = themeIcon(element.count > 0 ? 'bell-dot' : 'bell', element.count > 0 ? 'charts.orange' : undefined);
  item.description = element.count > 0 ? '' : l10n.t('nothing waits for you');
  item.tooltip =
    element.count > 0 ? awaitingCountText(element.count, element.more) : l10n.t('No activity waits for your vote.');
  item.accessibilityInformation = { label: awaitingGroupLabel(element.count, element.more) };
  item.contextValue = contextValue('inboxGroup');
  return item;
}
