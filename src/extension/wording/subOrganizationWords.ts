/**
 * A create_sub_organization in words: its name, its root users (each with how many API keys and passkeys it
 * starts with), the quorum among them, and the wallet it is made with, if any. A teammate's text is escaped and
 * bounded. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import { byCount } from './plural';
import { accountDetails, accountsAsked, accountsText, boundedText, listText, quotedName } from './walletAccountWords';

/** How many root users are named one by one; the rest are counted. */
const MAX_ROOT_USERS = 10;

type Fields = Readonly<Record<string, unknown>>;
type Detail = { readonly label: string; readonly value: string };

const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

/** The line and the details of the sub-organization an intent (V7, V8) asks for. */
export function subOrganizationWords(fields: Fields): [string, Detail[]] {
  const name = quotedName(typeof fields['subOrganizationName'] === 'string' ? fields['subOrganizationName'] : '');
  const users = Array.isArray(fields['rootUsers']) ? (fields['rootUsers'] as unknown[]) : [];
  const userFields = users.map((u) => (typeof u === 'object' && u !== null ? (u as Fields) : {}));
  const userNames = userFields.map((u) => quotedName(typeof u['userName'] === 'string' ? u['userName'] : ''));
  const threshold = typeof fields['rootQuorumThreshold'] === 'number' ? fields['rootQuorumThreshold'] : 0;
  const listed = userNames.slice(0, MAX_ROOT_USERS);
  const more = userNames.length - listed.length;
  const who = more > 0 ? l10n.t('{0} and {1} more', listed.join(', '), more) : listText(listed);
  const rootUsers = byCount(
    users.length,
    l10n.t('{0} root user ({1})', users.length, who),
    l10n.t('{0} root users ({1})', users.length, who),
  );
  const quorum = l10n.t('{0} of {1} to approve', threshold, users.length);
  const walletFields =
    typeof fields['wallet'] === 'object' && fields['wallet'] !== null ? (fields['wallet'] as Fields) : undefined;
  const accounts = accountsAsked(walletFields?.['accounts']);
  const walletName = walletFields
    ? quotedName(typeof walletFields['walletName'] === 'string' ? walletFields['walletName'] : '')
    : undefined;
  const line = walletName
    ? l10n.t(
        'Creates sub-organization {0} with {1}, {2}, and wallet {3} with {4}',
        name,
        rootUsers,
        quorum,
        walletName,
        accountsText(accounts),
      )
    : l10n.t('Creates sub-organization {0} with {1}, {2}', name, rootUsers, quorum);
  const details: Detail[] = [
    { label: l10n.t('Sub-organization'), value: name },
    {
      label: l10n.t('Root quorum'),
      value:
        threshold > users.length
          ? l10n.t(
              '{0} of {1}: more than there are root users, so nothing in it can ever be approved',
              threshold,
              users.length,
            )
          : quorum,
    },
    ...userFields.slice(0, MAX_ROOT_USERS).map((user, index) => ({
      label: `  ${l10n.t('Root user {0}', index + 1)}`,
      value: rootUserText(user, userNames[index] ?? ''),
    })),
    ...(more > 0 ? [{ label: '  …', value: l10n.t('{0} more', more) }] : []),
  ];
  if (walletName) {
    details.push({ label: l10n.t('Wallet'), value: l10n.t('{0} with {1}', walletName, accountsText(accounts)) });
    details.push(...accountDetails(accounts));
  }
  return [line, details];
}

function rootUserText(user: Fields, name: string): string {
  const email =
    typeof user['userEmail'] === 'string' && user['userEmail'] ? ` <${boundedText(user['userEmail'])}>` : '';
  const keys = count(user['apiKeys']);
  const passkeys = count(user['authenticators']);
  return l10n.t(
    '{0}{1}: {2}, {3}',
    name,
    email,
    byCount(keys, l10n.t('{0} API key', keys), l10n.t('{0} API keys', keys)),
    byCount(passkeys, l10n.t('{0} passkey', passkeys), l10n.t('{0} passkeys', passkeys)),
  );
}
