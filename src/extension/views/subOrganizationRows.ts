/**
 * What a sub-organization opens on in the Organization view, as plain rows: "Wallets" (each wallet with its
 * accounts), "Users" and "Policies" (each with its summary in words). Read-only: the parent organization reads a
 * sub-organization and changes nothing in it, so no row offers an action. Names stay as the service gave them:
 * the tree items show them through `shown`. Pure (no `vscode`), so that it runs in plain Node.
 */
import type { Policy, WalletAccount } from '../../api';
import type { SubOrganizationContents } from '../store/subOrganizationReads';
import { accountLabel, type WalletEntry } from '../store/walletBook';
import { englishText, type Translate } from '../ui/translate';
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

function walletWords(entry: WalletEntry, t: Translate, locale: string): string {
  const count = entry.accounts.length;
  const accounts = byCount(count, t('{0} account', count), t('{0} accounts', count), locale);
  const { wallet } = entry;
  const state = wallet.exported ? t('exported') : t('never exported');
  return [accounts, state, ...(wallet.imported ? [t('imported')] : [])].join(' · ');
}

function accountRow(parent: FieldElement, account: WalletAccount, t: Translate): FieldElement {
  return {
    kind: 'field',
    id: `${parent.id}/${account.walletAccountId}`,
    label: accountLabel(account),
    description: `${formatWord(account.addressFormat)} · ${account.address}`,
    tooltip: [account.address, t('Path: {0}', account.path), t('Curve: {0}', account.curve)].join('\n'),
    iconId: 'symbol-field',
    children: undefined,
    parent,
  };
}

function walletRows(part: SubOrganizationPartElement, wallets: readonly WalletEntry[], t: Translate, locale: string) {
  return [...wallets]
    .sort((a, b) => a.wallet.walletName.localeCompare(b.wallet.walletName))
    .map((entry): FieldElement => {
      const id = `${part.id}/${entry.wallet.walletId}`;
      const row: { -readonly [K in keyof FieldElement]: FieldElement[K] } = {
        kind: 'field',
        id,
        label: entry.wallet.walletName || entry.wallet.walletId,
        description: walletWords(entry, t, locale),
        tooltip: t('Wallet ID: {0}', entry.wallet.walletId),
        iconId: 'credit-card',
        children: [],
        parent: part,
      };
      row.children = entry.accounts.map((account) => accountRow(row, account, t));
      return row;
    });
}

function userRows(part: SubOrganizationPartElement, users: readonly OrganizationUser[], t: Translate, locale: string) {
  return [...users]
    .sort((a, b) => a.userName.localeCompare(b.userName))
    .map((user): FieldElement => {
      const count = (user.authenticators ?? []).length;
      return {
        kind: 'field',
        id: `${part.id}/${user.userId}`,
        label: user.userName || user.userId,
        description:
          count === 0 ? t('no passkey') : byCount(count, t('{0} passkey', count), t('{0} passkeys', count), locale),
        tooltip: t('User ID: {0}', user.userId),
        iconId: 'person',
        children: undefined,
        parent: part,
      };
    });
}

function policyRows(
  part: SubOrganizationPartElement,
  policies: readonly Policy[],
  users: readonly OrganizationUser[],
  t: Translate,
) {
  const names = policyNamesOf({ users, userTags: [], privateKeyTags: [] });
  return [...policies]
    .sort((a, b) => a.policyName.localeCompare(b.policyName))
    .map((policy): FieldElement => ({
      kind: 'field',
      id: `${part.id}/${policy.policyId}`,
      label: policy.policyName || policy.policyId,
      description: policySummary(policy, names, t),
      tooltip: [
        policy.condition ? t('Condition: {0}', policy.condition) : '',
        policy.consensus ? t('Consensus: {0}', policy.consensus) : '',
        t('Policy ID: {0}', policy.policyId),
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
  t: Translate = englishText,
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
  wallets.rows = walletRows(wallets, contents.wallets, t, locale);
  const users = part('users');
  users.rows = userRows(users, element.users, t, locale);
  const policies = part('policies');
  policies.rows = policyRows(policies, contents.policies, element.users, t);
  return [wallets, users, policies];
}

/** A part's name, as its row reads. */
export function partLabel(part: SubOrganizationPartElement['part'], t: Translate = englishText): string {
  switch (part) {
    case 'wallets':
      return t('Wallets');
    case 'users':
      return t('Users');
    case 'policies':
      return t('Policies');
  }
}

/** A part's count, or "none" in words when it is empty. */
export function partDescription(element: SubOrganizationPartElement, t: Translate = englishText): string {
  return element.rows.length === 0 ? t('none') : String(element.rows.length);
}
