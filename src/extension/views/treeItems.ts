/**
 * The elements of both trees and the TreeItems drawn for them. Elements are plain objects: the resource
 * nodes of treeNodes.ts (what commands receive) plus the view's own rows (fields, groups, messages).
 */
import * as vscode from 'vscode';
import type { Activity, PrivateKey, SmartContractInterface, Tag } from '../../api';
import { CommandIds } from '../commandIds';
import {
  activityTimeMs,
  fieldRows,
  presentActivity,
  statusPresentation,
  unwrapSingleKey,
  voteText,
  ageText,
  type FieldRow,
  type Translate,
} from './activityPresentation';
import { contextValue, type ContextToken } from './contextValue';
import type { ActivityNode, PrivateKeyNode, PrivateKeyTagNode, SmartContractInterfaceNode } from './treeNodes';

export const t: Translate = (message, ...args) => vscode.l10n.t(message, ...args);

/** An activity row. The object stays the same across refreshes (only `activity` is replaced). */
export interface ActivityElement extends ActivityNode {
  /** The tree id: the activity id, so expansion and selection survive a refresh. */
  readonly id: string;
  activity: Activity;
}

/** A row under an activity or a private key: a key and a value, maybe with rows under it. */
export interface FieldElement {
  readonly kind: 'field';
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly tooltip: string | undefined;
  readonly iconId: string | undefined;
  readonly colorId?: string | undefined;
  readonly children: readonly FieldElement[] | undefined;
  readonly parent: ActivityElement | FieldElement | PrivateKeyElement | undefined;
}

/** A row that is not a resource: an error, Retry, Load more. */
export interface MessageElement {
  readonly kind: 'message';
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  readonly iconId: string;
  readonly colorId?: string;
  readonly token: ContextToken;
  readonly command?: vscode.Command;
  readonly parent?: GroupElement;
}

export type OrganizationGroup = 'smartContractInterfaces' | 'privateKeys' | 'privateKeyTags';

export interface GroupElement {
  readonly kind: 'group';
  readonly id: string;
  readonly group: OrganizationGroup;
  readonly organizationId: string;
  readonly count: number;
}

export interface SmartContractInterfaceElement extends SmartContractInterfaceNode {
  readonly id: string;
}

export interface PrivateKeyElement extends PrivateKeyNode {
  readonly id: string;
  /** The tags of this key, resolved from the organization's tag list (ids without a tag are kept as ids). */
  readonly tags: readonly Tag[];
  readonly parent: GroupElement | PrivateKeyTagElement;
  /** Under a tag, a key is a leaf; under "Private keys" it expands to its tags and addresses. */
  readonly expandable: boolean;
}

export interface PrivateKeyTagElement extends PrivateKeyTagNode {
  readonly id: string;
  readonly keys: readonly PrivateKey[];
  readonly parent: GroupElement | PrivateKeyElement;
  readonly expandable: boolean;
}

export type ActivitiesElement = ActivityElement | FieldElement | MessageElement;
export type OrganizationElement =
  | GroupElement
  | SmartContractInterfaceElement
  | PrivateKeyElement
  | PrivateKeyTagElement
  | FieldElement
  | MessageElement;

function themeIcon(iconId: string | undefined, colorId: string | undefined): vscode.ThemeIcon | undefined {
  if (iconId === undefined) return undefined;
  return colorId === undefined
    ? new vscode.ThemeIcon(iconId)
    : new vscode.ThemeIcon(iconId, new vscode.ThemeColor(colorId));
}

function markdown(lines: readonly string[]): vscode.MarkdownString {
  const md = new vscode.MarkdownString(lines.join('  \n'));
  md.supportThemeIcons = true;
  return md;
}

/** Inline code in markdown, safe for any text. */
function code(text: string): string {
  const clean = text.replace(/[\r\n]+/g, ' ');
  const fence = clean.includes('`') ? '``' : '`';
  return `${fence}${clean}${fence}`;
}

function plain(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}

function timeText(ms: number | undefined): string {
  return ms === undefined
    ? ''
    : new Date(ms)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC');
}

// ---- Activities ----

export function activityTreeItem(element: ActivityElement, nowMs: number): vscode.TreeItem {
  const { activity } = element;
  const view = presentActivity(activity, nowMs, t);
  const item = new vscode.TreeItem(view.label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = element.id;
  item.description = view.description;
  item.iconPath = themeIcon(view.status.iconId, view.status.colorId);
  item.contextValue = contextValue(
    'activity',
    activity.canApprove && 'canApprove',
    activity.canReject && 'canReject',
    view.needsDecision && 'needsDecision',
    view.pending && 'pending',
    activity.fingerprint !== '' && 'hasFingerprint',
  );
  const created = activityTimeMs(activity);
  const lines = [
    `$(${view.status.iconId}) **${plain(view.label)}**: ${plain(view.status.label)}`,
    view.needsDecision ? t('Waiting for your decision: approve or reject it.') : '',
    `${plain(t('Activity ID'))}: ${code(activity.id)}`,
    `${plain(t('Organization'))}: ${code(activity.organizationId)}`,
    activity.fingerprint ? `${plain(t('Fingerprint'))}: ${code(activity.fingerprint)}` : '',
    created !== undefined ? `${plain(t('Created'))}: ${timeText(created)} (${plain(view.age)})` : '',
    activity.votes.length > 0 ? plain(t('Votes: {0}', activity.votes.length)) : '',
    activity.failure?.message ? `${plain(t('Failure'))}: ${plain(activity.failure.message)}` : '',
  ].filter((line) => line !== '');
  item.tooltip = markdown(lines);
  item.accessibilityInformation = { label: `${view.label}, ${view.status.label}${view.age ? `, ${view.age}` : ''}` };
  return item;
}

function rowsToFields(
  rows: readonly FieldRow[],
  idPrefix: string,
  parent: ActivityElement | FieldElement | PrivateKeyElement,
): FieldElement[] {
  return rows.map((row) => {
    const id = `${idPrefix}/${row.key}`;
    const element: { -readonly [K in keyof FieldElement]: FieldElement[K] } = {
      kind: 'field',
      id,
      label: row.key,
      description: row.text,
      tooltip: row.fullText || undefined,
      iconId: undefined,
      children: undefined,
      parent,
    };
    if (row.children) element.children = rowsToFields(row.children, id, element);
    return element;
  });
}

/** What an activity expands to: status, intent, result, failure, votes, fingerprint, id. */
export function activityFields(element: ActivityElement, nowMs: number): FieldElement[] {
  const { activity } = element;
  const prefix = element.id;
  const fields: FieldElement[] = [];
  const status = statusPresentation(activity.status, false, t);
  const leaf = (
    key: string,
    label: string,
    description: string,
    iconId?: string,
    tooltip?: string,
    colorId?: string,
  ): FieldElement => ({
    kind: 'field',
    id: `${prefix}/${key}`,
    label,
    description,
    tooltip: tooltip ?? description,
    iconId,
    colorId,
    children: undefined,
    parent: element,
  });
  const group = (key: string, label: string, value: unknown, iconId: string): FieldElement => {
    const node: { -readonly [K in keyof FieldElement]: FieldElement[K] } = {
      kind: 'field',
      id: `${prefix}/${key}`,
      label,
      description: '',
      tooltip: undefined,
      iconId,
      children: undefined,
      parent: element,
    };
    node.children = rowsToFields(fieldRows(value), node.id, node);
    return node;
  };
  fields.push(leaf('status', t('Status'), status.label, status.iconId, undefined, status.colorId));
  if (Object.keys(activity.intent).length > 0)
    fields.push(group('intent', t('Intent'), unwrapSingleKey(activity.intent), 'symbol-event'));
  if (Object.keys(activity.result).length > 0)
    fields.push(group('result', t('Result'), unwrapSingleKey(activity.result), 'output'));
  if (activity.failure) {
    fields.push(
      leaf('failure', t('Failure'), activity.failure.message ?? '', 'error', undefined, 'testing.iconFailed'),
    );
  }
  const votes: { -readonly [K in keyof FieldElement]: FieldElement[K] } = {
    kind: 'field',
    id: `${prefix}/votes`,
    label: t('Votes'),
    description: String(activity.votes.length),
    tooltip: undefined,
    iconId: 'person',
    children: undefined,
    parent: element,
  };
  votes.children = activity.votes.map((vote, index) => {
    const text = voteText(vote, t);
    const when = ageText(
      vote.createdAt !== undefined ? activityTimeMs({ createdAt: vote.createdAt, timestampMs: undefined }) : undefined,
      nowMs,
      t,
    );
    return {
      kind: 'field',
      id: `${votes.id}/${vote.id ?? `${vote.userId}#${index}`}`,
      label: text.who,
      description: [text.selection, when].filter((part) => part !== '').join(' · '),
      tooltip: vote.message ?? `${text.who}: ${text.selection}`,
      iconId: text.approved ? 'thumbsup' : 'thumbsdown',
      children: undefined,
      parent: votes,
    };
  });
  if (votes.children.length === 0) votes.children = undefined;
  fields.push(votes);
  fields.push(
    leaf(
      'fingerprint',
      t('Fingerprint'),
      activity.fingerprint || t('none'),
      'shield',
      activity.fingerprint || undefined,
    ),
  );
  fields.push(leaf('id', t('Activity ID'), activity.id, 'link'));
  return fields;
}

export function fieldTreeItem(element: FieldElement): vscode.TreeItem {
  const item = new vscode.TreeItem(
    element.label,
    element.children && element.children.length > 0
      ? vscode.TreeItemCollapsibleState.Collapsed
      : vscode.TreeItemCollapsibleState.None,
  );
  item.id = element.id;
  item.description = element.description;
  if (element.tooltip) item.tooltip = element.tooltip;
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
    label: t('Load more…'),
    description: t('{0} shown', loaded),
    iconId: 'more',
    token: 'loadMore',
    command: { command: CommandIds.loadMoreActivities, title: t('Load more activities') },
  };
}

/** What an error node may add: its group, the hint to show, and a command that fixes the cause. */
export interface ErrorNodeExtras {
  readonly parent?: GroupElement;
  readonly hint?: string;
  readonly recovery?: { readonly command: string; readonly title: string };
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
  const message = error instanceof Error ? error.message : String(error);
  const hint =
    extras.hint ??
    (typeof error === 'object' && error !== null && typeof (error as { hint?: unknown }).hint === 'string'
      ? (error as { hint: string }).hint
      : undefined);
  const actionRow = (suffix: string, title: string, iconId: string, command: string): MessageElement => ({
    kind: 'message',
    id: `${idPrefix}/${suffix}`,
    label: title,
    iconId,
    token: 'error',
    command: { command, title },
    ...(parent ? { parent } : {}),
  });
  return [
    {
      kind: 'message',
      id: `${idPrefix}/error`,
      label: t('Could not load {0}', what),
      description: message,
      tooltip: hint ? `${message}\n\n${hint}` : message,
      iconId: 'error',
      colorId: 'errorForeground',
      token: 'error',
      ...(parent ? { parent } : {}),
    },
    ...(recovery ? [actionRow('recovery', recovery.title, 'play', recovery.command)] : []),
    actionRow('retry', t('Retry'), 'refresh', retryCommand),
  ];
}

// ---- Organization ----

export function groupLabel(group: OrganizationGroup): string {
  switch (group) {
    case 'smartContractInterfaces':
      return t('Smart contract interfaces');
    case 'privateKeys':
      return t('Private keys');
    case 'privateKeyTags':
      return t('Private key tags');
  }
}

const GROUP_ICONS: Readonly<Record<OrganizationGroup, string>> = {
  smartContractInterfaces: 'file-code',
  privateKeys: 'key',
  privateKeyTags: 'tag',
};

export function groupTreeItem(element: GroupElement): vscode.TreeItem {
  // An empty group has nothing to open: no chevron.
  const item = new vscode.TreeItem(
    groupLabel(element.group),
    element.count === 0 ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Expanded,
  );
  // A group that fills up is a new item to VS Code, so it opens (VS Code keeps an item's old collapsed state).
  item.id = element.count === 0 ? `${element.id}/empty` : element.id;
  item.description = element.count === 0 ? t('none') : String(element.count);
  item.iconPath = new vscode.ThemeIcon(GROUP_ICONS[element.group]);
  item.contextValue = contextValue('group');
  return item;
}

function shortAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

function interfaceTypeText(type: string): string {
  if (type === 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM') return 'Ethereum';
  if (type === 'SMART_CONTRACT_INTERFACE_TYPE_SOLANA') return 'Solana';
  return type;
}

export function smartContractInterfaceTreeItem(element: SmartContractInterfaceElement): vscode.TreeItem {
  const sci: SmartContractInterface = element.smartContractInterface;
  const item = new vscode.TreeItem(sci.label || sci.smartContractInterfaceId, vscode.TreeItemCollapsibleState.None);
  item.id = element.id;
  item.description = shortAddress(sci.smartContractAddress);
  item.iconPath = new vscode.ThemeIcon('file-code');
  item.contextValue = contextValue('smartContractInterface');
  item.tooltip = markdown(
    [
      `**${plain(sci.label)}** (${plain(interfaceTypeText(sci.type))})`,
      `${plain(t('Address'))}: ${code(sci.smartContractAddress)}`,
      `${plain(t('Smart contract interface ID'))}: ${code(sci.smartContractInterfaceId)}`,
      sci.notes ? `${plain(t('Notes'))}: ${plain(sci.notes)}` : '',
    ].filter((line) => line !== ''),
  );
  return item;
}

function curveText(curve: string): string {
  return curve.replace(/^CURVE_/, '').toLowerCase();
}

export function privateKeyTreeItem(element: PrivateKeyElement): vscode.TreeItem {
  const key = element.privateKey;
  const item = new vscode.TreeItem(
    key.privateKeyName || key.privateKeyId,
    element.expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = element.id;
  const firstAddress = key.addresses.find((entry) => entry.address)?.address;
  item.description = [curveText(key.curve), firstAddress ? shortAddress(firstAddress) : '']
    .filter((part) => part !== '')
    .join(' · ');
  item.iconPath = new vscode.ThemeIcon('key');
  item.contextValue = contextValue('privateKey');
  item.tooltip = markdown(
    [
      `**${plain(key.privateKeyName)}**`,
      `${plain(t('Private key ID'))}: ${code(key.privateKeyId)}`,
      `${plain(t('Curve'))}: ${plain(curveText(key.curve))}`,
      `${plain(t('Public key'))}: ${code(key.publicKey)}`,
      element.tags.length > 0 ? `${plain(t('Tags'))}: ${element.tags.map((tag) => plain(tag.tagName)).join(', ')}` : '',
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
    tag.tagName || tag.tagId,
    element.expandable && element.keys.length > 0
      ? vscode.TreeItemCollapsibleState.Collapsed
      : vscode.TreeItemCollapsibleState.None,
  );
  item.id = element.id;
  if (element.expandable)
    item.description = element.keys.length === 1 ? t('1 key') : t('{0} keys', element.keys.length);
  item.iconPath = new vscode.ThemeIcon('tag');
  item.contextValue = contextValue('privateKeyTag');
  item.tooltip = markdown([`**${plain(tag.tagName)}**`, `${plain(t('Tag ID'))}: ${code(tag.tagId)}`]);
  return item;
}
