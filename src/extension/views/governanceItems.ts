/**
 * What the Organization view shows of who governs the organization: the "Policies" rows (each policy's name and
 * its summary in words, its condition and consensus on hover as code, with the users and tags their ids name, and
 * "Open as JSON" in its menu) and the names of each user's tags.
 */
import * as vscode from 'vscode';
import type { Policy, PrivateKey } from '../../api';
import type { Governance } from '../store/governance';
import { shown } from '../ui/shownText';
import { namedIds, namedIdText } from '../wording/policyIdNames';
import { effectWord, policyNamesOf, policySummary } from '../wording/policyWords';
import { contextValue } from './contextValue';
import type { GroupElement, PolicyElement } from './treeElements';
import { code, markdown, plain } from './treeItems';

/** The rows under "Policies", by name; the keys name the private key ids their expressions hold. */
export function policyElements(
  group: GroupElement,
  governance: Governance,
  privateKeys: readonly Pick<PrivateKey, 'privateKeyId' | 'privateKeyName'>[] = [],
): PolicyElement[] {
  const names = policyNamesOf({ ...governance, privateKeys });
  return [...governance.policies]
    .sort((a, b) => a.policyName.localeCompare(b.policyName))
    .map((policy): PolicyElement => ({
      kind: 'policy',
      id: `${group.id}/${policy.policyId}`,
      organizationId: group.organizationId,
      policyId: policy.policyId,
      policy,
      summary: policySummary(policy, names),
      named: namedIds(policy, names).map((named) => ({ id: named.id, text: namedIdText(named) })),
      parent: group,
    }));
}

/** An expression on one line, as the hover shows it in code. */
function expressionText(source: string): string {
  return source.replace(/\s+/g, ' ').trim();
}

export function policyTreeItem(element: PolicyElement): vscode.TreeItem {
  const policy: Policy = element.policy;
  const item = new vscode.TreeItem(shown(policy.policyName || policy.policyId), vscode.TreeItemCollapsibleState.None);
  item.id = element.id;
  item.description = shown(element.summary);
  item.iconPath = new vscode.ThemeIcon(policy.effect === 'EFFECT_DENY' ? 'circle-slash' : 'pass');
  item.contextValue = contextValue('policy');
  const expression = (label: string, source: string | undefined) =>
    source === undefined || source.trim() === '' ? '' : `${plain(label)}: ${code(expressionText(source))}`;
  item.tooltip = markdown(
    [
      `**${plain(policy.policyName)}** (${plain(effectWord(policy.effect))})`,
      plain(element.summary),
      expression(vscode.l10n.t('Condition'), policy.condition),
      expression(vscode.l10n.t('Consensus'), policy.consensus),
      expression(vscode.l10n.t('Time'), policy.time),
      ...element.named.map((named) => `${code(named.id)}: ${plain(named.text)}`),
      policy.notes ? `${plain(vscode.l10n.t('Notes'))}: ${plain(policy.notes)}` : '',
      `${plain(vscode.l10n.t('Policy ID'))}: ${code(policy.policyId)}`,
    ].filter((line) => line !== ''),
  );
  return item;
}

/** Nothing read: no session (the profile changed under the load). */
export function noGovernance(organizationId: string): Governance {
  return { organizationId, policies: [], users: [], userTags: [], privateKeyTags: [] };
}

/** The names of a user's tags, by user id (an id without a tag is kept as the id). */
export function userTagNames(governance: Governance | undefined): (userId: string) => string[] {
  const names = new Map((governance?.userTags ?? []).map((tag) => [tag.tagId, tag.tagName]));
  const tagIds = new Map((governance?.users ?? []).map((user) => [user.userId, user.userTags]));
  return (userId) =>
    (tagIds.get(userId) ?? []).map((tagId) => names.get(tagId) ?? tagId).sort((a, b) => a.localeCompare(b));
}
