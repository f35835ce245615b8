/**
 * The TreeItems both views share (fields, messages, errors, Load more) and the helpers of every tree item: icons
 * and tooltips in markdown. Activity rows are drawn in activityItems.ts, the organization's in organizationItems.ts.
 */
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import { safeMarkdown } from '../ui/markdown';
import { markdownCode, markdownText, shown } from '../ui/shownText';
import type { CalmState, Recovery } from '../ui/advice';
import { dateTimeText } from '../wording/timeWords';
import { contextValue } from './contextValue';
import type { FieldElement, MessageElement } from './treeElements';
import { errorText } from '../../api/core';

export function themeIcon(iconId: string | undefined, colorId: string | undefined): vscode.ThemeIcon | undefined {
  if (iconId === undefined) return undefined;
  return colorId === undefined
    ? new vscode.ThemeIcon(iconId)
    : new vscode.ThemeIcon(iconId, new vscode.ThemeColor(colorId));
}

/**
 * A tooltip in markdown, one line each: untrusted, no html, and icons only when the caller draws one of its own.
 * Service text goes in through `code` or `plain`.
 */
export function markdown(
  lines: readonly string[],
  options: { readonly themeIcons?: boolean } = {},
): vscode.MarkdownString {
  return safeMarkdown(lines.join('  \n'), options);
}

/** Inline code in markdown, safe for any text: no run of backticks in it closes the span. */
export const code = markdownCode;

/** Text in markdown, safe for any text: no emphasis, link, image, html or icon. */
export const plain = markdownText;

/** A date and time in the display language and the machine's time zone. */
export function timeText(ms: number | undefined): string {
  return ms === undefined ? '' : dateTimeText(ms, vscode.env.language);
}

export function fieldTreeItem(element: FieldElement): vscode.TreeItem {
  const item = new vscode.TreeItem(
    shown(element.label),
    element.children && element.children.length > 0
      ? vscode.TreeItemCollapsibleState.Collapsed
      : vscode.TreeItemCollapsibleState.None,
  );
  item.id = element.id;
  item.description = shown(element.description);
  if (element.tooltip) item.tooltip = shown(element.tooltip);
  item.iconPath = themeIcon(element.iconId, element.colorId);
  item.contextValue = contextValue('field');
  return item;
}

export function messageTreeItem(element: MessageElement): vscode.TreeItem {
  const item = new vscode.TreeItem(element.label, vscode.TreeItemCollapsibleState.None);
  item.id = element.id;
  if (element.description !== undefined) item.description = element.description;
  if (element.tooltip !== undefined) item.tooltip = element.tooltip;
  item.iconPath = themeIcon(element.iconId, element.colorId);
  item.contextValue = contextValue(element.token);
  if (element.command) item.command = element.command;
  return item;
}

/** The row at the end of a long list. */
export function loadMoreElement(loaded: number): MessageElement {
  return {
    kind: 'message',
    id: 'countersign.activities/loadMore',
    label: vscode.l10n.t('Load more…'),
    description: vscode.l10n.t('{0} shown', loaded),
    iconId: 'more',
    token: 'loadMore',
    command: { command: CommandIds.loadMoreActivities, title: vscode.l10n.t('Load more activities') },
  };
}

/** What an error node may add: its group, the hint to show, and a command that fixes the cause. */
export interface ErrorNodeExtras {
  readonly parent?: MessageElement['parent'];
  readonly hint?: string;
  readonly recovery?: Recovery;
}

/**
 * A failed load: the error in one line, the hint in the tooltip, then a row for the recovery command when there
 * is one, and a Retry row. `hint` replaces the error's own, so that the node says what a failed command would say.
 */
export function errorElements(
  idPrefix: string,
  what: string,
  error: unknown,
  retryCommand: string,
  extras: ErrorNodeExtras = {},
): MessageElement[] {
  const { parent, recovery } = extras;
  const message = errorText(error);
  const hint =
    extras.hint ??
    (typeof error === 'object' && error !== null && typeof (error as { hint?: unknown }).hint === 'string'
      ? (error as { hint: string }).hint
      : undefined);
  const actionRow = (
    suffix: string,
    title: string,
    iconId: string,
    command: string,
    args?: readonly unknown[],
  ): MessageElement => ({
    kind: 'message',
    id: `${idPrefix}/${suffix}`,
    label: title,
    iconId,
    token: 'error',
    command: { command, title, ...(args ? { arguments: [...args] } : {}) },
    ...(parent ? { parent } : {}),
  });
  return [
    {
      kind: 'message',
      id: `${idPrefix}/error`,
      label: vscode.l10n.t('Could not load {0}', what),
      description: shown(message),
      tooltip: hint ? `${shown(message)}\n\n${hint}` : shown(message),
      iconId: 'error',
      colorId: 'errorForeground',
      token: 'error',
      ...(parent ? { parent } : {}),
    },
    ...(recovery ? [actionRow('recovery', recovery.title, 'play', recovery.command, recovery.arguments)] : []),
    actionRow('retry', vscode.l10n.t('Retry'), 'refresh', retryCommand),
  ];
}

/** A state no Retry changes (the sandbox stopped, the organization gone): one quiet row, then its one command. */
export function calmElements(idPrefix: string, state: CalmState): MessageElement[] {
  const { action } = state;
  return [
    {
      kind: 'message',
      id: `${idPrefix}/state`,
      label: state.label,
      tooltip: state.tooltip,
      iconId: state.iconId,
      token: 'calm',
    },
    {
      kind: 'message',
      id: `${idPrefix}/action`,
      label: action.title,
      iconId: 'play',
      token: 'calm',
      command: {
        command: action.command,
        title: action.title,
        ...(action.arguments ? { arguments: [...action.arguments] } : {}),
      },
    },
  ];
}
