/**
 * Keeps `countersign.activitySelection` set to the context tokens of the row selected in the Activities view, as
 * its menus read them from `viewItem` (`activity;canApprove;canReject`): keybindings see no `viewItem`, so the keys
 * of approve, reject and review read this key instead. The key follows the selection and every redraw of the view
 * (a vote changes what the selected row allows). Loaded on the first selection, not at activation.
 */
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { Views } from '../views/views';

/** The context key the keybindings' `when` clauses read (package.json). */
export const ACTIVITY_SELECTION_KEY = 'countersign.activitySelection';

export function trackActivitySelection(services: Services, views: Views): void {
  const { treeView, provider } = views.activities;
  let shown: string | undefined;
  const update = async (): Promise<void> => {
    const row = treeView.selection.length === 1 ? treeView.selection[0] : undefined;
    const item = row ? await provider.getTreeItem(row) : undefined;
    const tokens = item?.contextValue ?? '';
    if (tokens === shown) return;
    shown = tokens;
    await vscode.commands.executeCommand('setContext', ACTIVITY_SELECTION_KEY, tokens);
  };
  const later = () => void update().catch((error: unknown) => services.log.warn(`Selection context: ${String(error)}`));
  services.context.subscriptions.push(treeView.onDidChangeSelection(later));
  if (provider.onDidChangeTreeData) services.context.subscriptions.push(provider.onDidChangeTreeData(later));
  later();
}
