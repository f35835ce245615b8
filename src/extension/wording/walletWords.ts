/**
 * What the user reads around the wallet commands: the sentences after a wallet is created, given accounts,
 * renamed or deleted, the problems of a name or a count as it is typed, and what the deletion dialog says (the
 * recovery phrase lost for good when it was never exported). A teammate's names are shown as text. Pure (no
 * `vscode`).
 */
import * as l10n from '@vscode/l10n';
import { shown } from '../ui/shownText';
import { byCount } from './plural';

/** `Wallet "Treasury" created with 2 Ethereum accounts.` */
export function walletCreatedSentence(walletName: string, count: number, network: string, locale = 'en'): string {
  const name = shown(walletName);
  if (count === 0) return l10n.t('Wallet "{0}" created, with no account yet.', name);
  return byCount(
    count,
    l10n.t('Wallet "{0}" created with {1} {2} account.', name, count, network),
    l10n.t('Wallet "{0}" created with {1} {2} accounts.', name, count, network),
    locale,
  );
}

/** `2 Solana accounts added to "Treasury" (m/44'/501'/3'/0' to m/44'/501'/4'/0').` */
export function accountsAddedSentence(
  walletName: string,
  paths: readonly string[],
  network: string,
  locale = 'en',
): string {
  const name = shown(walletName);
  const first = paths[0] ?? '';
  const last = paths[paths.length - 1] ?? '';
  return byCount(
    paths.length,
    l10n.t('1 {0} account added to "{1}" ({2}).', network, name, first),
    l10n.t('{0} {1} accounts added to "{2}" ({3} to {4}).', paths.length, network, name, first, last),
    locale,
  );
}

export function walletRenamedSentence(before: string, after: string): string {
  return l10n.t('Wallet "{0}" renamed to "{1}".', shown(before), shown(after));
}

export function walletDeletedSentence(walletName: string): string {
  return l10n.t('Wallet "{0}" deleted.', shown(walletName));
}

/** What is wrong with a wallet name as typed, in words. */
export function walletNameProblemText(problem: 'empty' | 'long' | 'taken', name: string): string {
  switch (problem) {
    case 'empty':
      return l10n.t('The wallet name must not be empty.');
    case 'long':
      return l10n.t('The wallet name has {0} characters; at most 256 are accepted.', name.trim().length);
    case 'taken':
      return l10n.t('This organization already has a wallet named "{0}"; choose another name.', shown(name.trim()));
  }
}

export function accountCountProblemText(problem: 'notNumber' | 'range'): string {
  return problem === 'notNumber'
    ? l10n.t('Type a whole number of accounts, from 1 to 100.')
    : l10n.t('A request makes from 1 to 100 accounts.');
}

/** The deletion dialog's detail: what goes, and whether the recovery phrase goes with it for good. */
export function walletDeletionDetail(
  wallet: { readonly walletName: string; readonly walletId: string; readonly exported: boolean },
  accounts: readonly { readonly address: string }[],
  locale = 'en',
): string {
  const shownAccounts = accounts.slice(0, 5).map((account) => `  ${shown(account.address)}`);
  const more = accounts.length - shownAccounts.length;
  return [
    l10n.t('Wallet ID: {0}', wallet.walletId),
    accounts.length === 0
      ? l10n.t('It holds no account.')
      : byCount(
          accounts.length,
          l10n.t('It holds {0} account:', accounts.length),
          l10n.t('It holds {0} accounts:', accounts.length),
          locale,
        ),
    ...shownAccounts,
    ...(more > 0 ? [`  ${l10n.t('…and {0} more', more)}`] : []),
    '',
    wallet.exported
      ? l10n.t('Its recovery phrase was exported: whoever holds that export can still restore every account.')
      : l10n.t(
          'Its recovery phrase was never exported: it is lost for good, and with it every account of the wallet and whatever they hold. No one, not even the service, can recover it.',
        ),
  ].join('\n');
}
