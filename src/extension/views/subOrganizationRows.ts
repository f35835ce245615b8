/**
 * What a sub-organization opens on in the Organization view, as plain rows: "Wallets" (each wallet with its
 * accounts), "Users" and "Policies" (each with its summary in words). Read-only: the parent organization reads a
 * sub-organization and changes nothing in it, so no row offers an action. Names stay as the service gave them:
 * the tree items show them through `shown`. Pure (no `vscode`), so that it runs in plain Node.
 */
import * as l10n from '@vscode/l10n';
import type { Policy, WalletAccount } from '../../api';
import type { SubOrganizationContents } from '../store/subOrganizationReads';
import { accountLabel, type WalletEntry } from '../store/walletBook';
import { byCount } from '../wording/plural';
import { policyNamesOf, policySummary } from '../wording/policyWords';
import type {
  FieldElement,
  OrganizationUser,
  SubOrganizationElement,
  SubOrganizationPartElement,
} from './treeElements';

/** "ethereum" for ADDRESS_FORMAT_ETHEREUM. */
function formatWord(format: string): string {
  return format.replace(/^ADDRESS_FORMAT_/, '').toLowerCase();
}

function walletWords(entry: WalletEntry, locale: string): string {
  const count = entry.accounts.length;
  const accounts = byCount(count, l10n.t('{0} account', count), l10n.t('{0} accounts', count), locale);
  const { wallet } = entry;
  const state = wallet.exported ? l10n.t('exported') : l10n.t('never exported');
  return [accounts, state, ...(wallet.imported ? [l10n.t('imported')] : [])].join(' · ');
}

function accountRow(parent: FieldElement, account: WalletAccount): FieldElement {
  return {
    kind: 'field',
    id: `${parent.id}/${account.walletAccountId}`,
    label: accountLabel(account),
    description: `${formatWord(account.addressFormat)} · ${account.address}`,
    tooltip: [account.address, l10n.t('Path: {0}', account.path), l10n.t('Curve: {0}', account.curve)].join('\n'),
    iconId: 'symbol-field',
    children: undefined,
    parent,
  };
}

function walletRows(part: SubOrganizationPartElement, wallets: readonly WalletEntry[], locale: string) {
  return [...wallets]
    .sort((a, b) => a.wallet.walletName.localeCompare(b.wallet.walletName))
    .map((entry): FieldElement => {
      const id = `${part.id}/${entry.wallet.walletId}`;
      const row: { -readonly [K in keyof FieldElement]: FieldElement[K] } = {
        kind: 'field',
        id,
        label: entry.wallet.walletName || entry.wallet.walletId,
        description: walletWords(entry, locale),
        tooltip: l10n.t('Wallet ID: {0}', entry.wallet.walletId),
        iconId: 'credit-card',
        children: [],
        parent: part,
      };
      row.children = entry.accounts.map((account) => accountRow(row, account));
      return row;
    });
}

function userRows(part: SubOrganizationPartElement, users: readonly OrganizationUser[], locale: string) {
  return [...users]
    .sort((a, b) => a.userName.localeCompare(b.userName))
    .map((user): FieldElement => {
      const count = (user.authenticators ?? []).length;
      return {
        kind: 'field',
        id: `${part.id}/${user.userId}`,
        label: user.userName || user.userId,
        description:
          count === 0
            ? l10n.t('no passkey')
            : byCount(count, l10n.t('{0} passkey', count), l10n.t('{0} passkeys', count), locale),
        tooltip: l10n.t('User ID: {0}', user.userId),
        iconId: 'person',
        children: undefined,
        parent: part,
      };
    });
}

function policyRows(part: SubOrganizationPartElement, policies: readonly Policy[], users: readonly OrganizationUser[]) {
  const names = policyNamesOf({ users, userTags: [], privateKeyTags: [] });
  return [...policies]
    .sort((a, b) => a.policyName.localeCompare(b.policyName))
    .map((policy): FieldElement => ({
      kind: 'field',
      id: `${part.id}/${policy.policyId}`,
      label: policy.policyName || policy.policyId,
      description: policySummary(policy, names),
      tooltip: [
        policy.condition ? l10n.t('Condition: {0}', policy.condition) : '',
        policy.consensus ? l10n.t('Consensus: {0}', policy.consensus) : '',
        l10n.t('Policy ID: {0}', policy.policyId),
      ]
        .filter((line) => line !== '')
        .join('\n'),
      iconId: policy.effect === 'EFFECT_DENY' ? 'circle-slash' : 'pass',
      children: undefined,
      parent: part,
    }));
}

/** The three parts a sub-organization opens on, in this order, each with its rows (empty when it has none). */
export function subOrganizationParts(
  element: SubOrganizationElement,
  contents: SubOrganizationContents,
  locale = 'en',
): SubOrganizationPartElement[] {
  type Part = { -readonly [K in keyof SubOrganizationPartElement]: SubOrganizationPartElement[K] };
  const part = (which: SubOrganizationPartElement['part']): Part => ({
    kind: 'subOrganizationPart',
    id: `${element.id}/${which}`,
    part: which,
    rows: [],
    parent: element,
  });
  // Each row's parent is its part as returned (the tree walks up from a row through getParent).
  const wallets = part('wallets');
  wallets.rows = walletRows(wallets, contents.wallets, locale);
  const users = part('users');
  users.rows = userRows(users, element.users, locale);
  const policies = part('policies');
  policies.rows = policyRows(policies, contents.policies, element.users);
  return [wallets, users, policies];
}

/** A part's name, as its row reads. */
export function partLabel(part: SubOrganizationPartElement['part']): string {
  switch (part) {
    case 'wallets':
      return l10n.t('Wallets');
    case 'users':
      return l10n.t('Users');
    case 'policies':
      return l10n.t('Policies');
  }
}

/** A part's count, or "none" in words when it is empty. */
export function partDescription(element: SubOrganizationPartElement): string {
  return element.rows.length === 0 ? l10n.t('none') : String(element.rows.length);
}
