/**
 * What deleting a sub-organization without export would lose, in words: each wallet (with its number of accounts)
 * and private key never exported, by name, in one sentence ("Wallet "Savings" (3 accounts) and private key "Hot"
 * were never exported: their recovery phrases and keys are lost for good."). Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { PrivateKey, Wallet } from '../../api';
import { shown } from '../ui/shownText';
import { byCount } from './plural';

/** Named one by one up to this many; the rest are counted. */
export const NAMED_AT_MOST = 5;

export interface Unexported {
  readonly wallets: readonly { readonly name: string; readonly accounts: number }[];
  readonly privateKeys: readonly string[];
}

/** The wallets and private keys of the organization that were never exported, in the order the service lists them. */
export function unexportedOf(
  /** The store's wallet book (its shape only: wording reads no store). */
  book:
    | {
        readonly wallets: readonly {
          readonly wallet: Pick<Wallet, 'walletId' | 'walletName' | 'exported'>;
          readonly accounts: readonly unknown[];
        }[];
      }
    | undefined,
  privateKeys: readonly Pick<PrivateKey, 'privateKeyId' | 'privateKeyName' | 'exported'>[],
): Unexported {
  return {
    wallets: (book?.wallets ?? [])
      .filter((entry) => !entry.wallet.exported)
      .map((entry) => ({ name: entry.wallet.walletName || entry.wallet.walletId, accounts: entry.accounts.length })),
    privateKeys: privateKeys.filter((key) => !key.exported).map((key) => key.privateKeyName || key.privateKeyId),
  };
}

function listed(items: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  } catch {
    return new Intl.ListFormat('en', { type: 'conjunction' }).format(items);
  }
}

/**
 * One sentence naming what was never exported and saying it is lost for good; undefined when nothing is. Names are
 * a teammate's text: shown as text (`shown`).
 */
export function unexportedSentence(unexported: Unexported, locale = 'en'): string | undefined {
  const items = [
    ...unexported.wallets.map((wallet) =>
      byCount(
        wallet.accounts,
        l10n.t('wallet "{0}" ({1} account)', shown(wallet.name), wallet.accounts),
        l10n.t('wallet "{0}" ({1} accounts)', shown(wallet.name), wallet.accounts),
        locale,
      ),
    ),
    ...unexported.privateKeys.map((name) => l10n.t('private key "{0}"', shown(name))),
  ];
  if (items.length === 0) return undefined;
  const rest = items.length - NAMED_AT_MOST;
  const named =
    rest > 0
      ? [
          ...items.slice(0, NAMED_AT_MOST),
          byCount(
            rest,
            l10n.t('{0} more wallet or private key', rest),
            l10n.t('{0} more wallets and private keys', rest),
            locale,
          ),
        ]
      : items;
  const list = listed(named, locale);
  const subject = list.charAt(0).toLocaleUpperCase(locale) + list.slice(1);
  const wallets = unexported.wallets.length > 0;
  const keys = unexported.privateKeys.length > 0;
  if (items.length === 1)
    return wallets
      ? l10n.t('{0} was never exported: its recovery phrase is lost for good.', subject)
      : l10n.t('{0} was never exported: it is lost for good.', subject);
  if (wallets && keys)
    return l10n.t('{0} were never exported: their recovery phrases and keys are lost for good.', subject);
  return wallets
    ? l10n.t('{0} were never exported: their recovery phrases are lost for good.', subject)
    : l10n.t('{0} were never exported: they are lost for good.', subject);
}
