/** An activity's row and what it expands to: status, intent, result, failure, votes, fingerprint, id. */
import * as vscode from 'vscode';
import {
  activityTimeMs,
  fieldRows,
  intentRows,
  presentActivity,
  statusPresentation,
  ageText,
  type FieldRow,
} from '../wording/activityPresentation';
import { visible } from '../ui/shownText';
import { contextValue } from './contextValue';
import { summaryRiskLabel, type ActivitySummary } from '../wording/activitySummaryWords';
import type { ActivityElement, FieldElement, PrivateKeyElement } from './treeElements';
import { code, markdown, plain, themeIcon, timeText } from './treeItems';
import {
  unwrapSingleKey,
  voteText,
  activityTarget,
  activityTitle,
  type FindByFingerprint,
  type NameOf,
} from '../wording/activityWords';

/** What the view knows beyond the activity: the activity a vote names, names for ids, the approval progress. */
export interface ActivityContext {
  readonly find?: FindByFingerprint;
  readonly nameOf?: NameOf;
  /** "1 of 2 approvals, waiting for …", for an activity that still gathers votes. */
  readonly progress?: string;
  /** What it does and its risks, for an open activity with more to say than its type (a decoded call). */
  readonly summary?: ActivitySummary | undefined;
  /** Where policies decide: each way it can complete, one per line (the hover lists them), and "may differ". */
  readonly progressLines?: readonly string[];
}

export function activityTreeItem(
  element: ActivityElement,
  nowMs: number,
  context: ActivityContext = {},
): vscode.TreeItem {
  const { activity } = element;
  const { find, nameOf, progress, summary, progressLines } = context;
  const view = presentActivity(activity, nowMs, find, { nameOf, progress, locale: vscode.env.language });
  const item = new vscode.TreeItem(view.label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = element.id;
  // Two requests of one type tell apart by what they do; a risk leads the row, where the eye falls first.
  const risk = summary && summary.flags.length > 0 ? `⚠ ${summaryRiskLabel(summary)} · ` : '';
  item.description = visible(summary ? `${risk}${summary.line} · ${view.description}` : view.description);
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
    `$(${view.status.iconId}) **${plain(activityTitle(activity, find, nameOf))}**: ${plain(view.status.label)}`,
    ...(summary
      ? [
          ...summary.flags.map((flag) => `$(warning) ${plain(flag)}`),
          `${plain(vscode.l10n.t('What it does'))}: ${plain(summary.line)}`,
          ...summary.details.map((d) => `${plain(d.label.trim())}: ${plain(d.value)}`),
        ]
      : []),
    view.needsDecision ? vscode.l10n.t('Waiting for your decision: approve or reject it.') : '',
    progressLines && progressLines.length > 0 ? progressLines.map(plain).join('  \n') : progress ? plain(progress) : '',
    `${plain(vscode.l10n.t('Activity ID'))}: ${code(activity.id)}`,
    `${plain(vscode.l10n.t('Organization'))}: ${code(activity.organizationId)}`,
    activity.fingerprint ? `${plain(vscode.l10n.t('Fingerprint'))}: ${code(activity.fingerprint)}` : '',
    created !== undefined ? `${plain(vscode.l10n.t('Created'))}: ${timeText(created)} (${plain(view.age)})` : '',
    activity.votes.length > 0 ? plain(vscode.l10n.t('Votes: {0}', activity.votes.length)) : '',
    activity.failure?.message ? `${plain(vscode.l10n.t('Failure'))}: ${plain(activity.failure.message)}` : '',
  ].filter((line) => line !== '');
  // Our status icon is drawn; the service's text in the lines is escaped (`plain`, `code`), icon syntax included.
  item.tooltip = markdown(lines, { themeIcons: true });
  const target = activityTarget(activity, find, nameOf);
  item.accessibilityInformation = {
    // Type and status first (the words a screen reader user scans for), then what it touched, then the age.
    label: [
      view.label,
      view.status.label,
      progress ?? '',
      target,
      ...(summary ? [...summary.flags, summary.line] : []),
      view.age,
    ]
      .filter((part) => part !== '')
      .join(', '),
  };
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

/**
 * What an activity expands to: status, intent (the key by its name, the transaction by what it does, when the
 * context knows them), result, failure, votes, fingerprint, id.
 */
export function activityFields(
  element: ActivityElement,
  nowMs: number,
  context: Pick<ActivityContext, 'nameOf' | 'summary'> = {},
): FieldElement[] {
  const { activity } = element;
  const prefix = element.id;
  const fields: FieldElement[] = [];
  const status = statusPresentation(activity.status, false);
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
  const group = (key: string, label: string, rows: readonly FieldRow[], iconId: string): FieldElement => {
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
    node.children = rowsToFields(rows, node.id, node);
    return node;
  };
  fields.push(leaf('status', vscode.l10n.t('Status'), status.label, status.iconId, undefined, status.colorId));
  if (Object.keys(activity.intent).length > 0)
    fields.push(
      group(
        'intent',
        vscode.l10n.t('Intent'),
        intentRows(activity, { nameOf: context.nameOf, transaction: context.summary?.line }),
        'symbol-event',
      ),
    );
  if (Object.keys(activity.result).length > 0)
    fields.push(group('result', vscode.l10n.t('Result'), fieldRows(unwrapSingleKey(activity.result)), 'output'));
  if (activity.failure) {
    fields.push(
      leaf(
        'failure',
        vscode.l10n.t('Failure'),
        activity.failure.message ?? '',
        'error',
        undefined,
        'testing.iconFailed',
      ),
    );
  }
  const votes: { -readonly [K in keyof FieldElement]: FieldElement[K] } = {
    kind: 'field',
    id: `${prefix}/votes`,
    label: vscode.l10n.t('Votes'),
    description: String(activity.votes.length),
    tooltip: undefined,
    iconId: 'person',
    children: undefined,
    parent: element,
  };
  votes.children = activity.votes.map((vote, index) => {
    const text = voteText(vote);
    const when = ageText(
      vote.createdAt !== undefined ? activityTimeMs({ createdAt: vote.createdAt, timestampMs: undefined }) : undefined,
      nowMs,
      vscode.env.language,
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
      vscode.l10n.t('Fingerprint'),
      activity.fingerprint || vscode.l10n.t('none'),
      'shield',
      activity.fingerprint || undefined,
    ),
  );
  fields.push(leaf('id', vscode.l10n.t('Activity ID'), activity.id, 'link'));
  return fields;
}
