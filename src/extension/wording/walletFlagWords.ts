/**
 * The risks of wallet activities, as the risks of a transaction or a signature are: a kind with what it names, a
 * sentence for the dialog and the review page, and a word or two for a row. An export hands a recovery phrase or a
 * private key to whoever holds the target key; a deletion without export may lose them for good. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import { byCount } from './plural';
import { listText } from './walletAccountWords';

/** The names are already in words (quoted, escaped); `key` is the target key shortened. */
export type WalletFlag =
  | { readonly kind: 'exportsRecoveryPhrase'; readonly wallet: string; readonly key: string }
  | { readonly kind: 'exportsAccountKey'; readonly account: string; readonly key: string }
  | { readonly kind: 'exportsPrivateKey'; readonly privateKey: string; readonly key: string }
  | { readonly kind: 'deletesWalletsWithoutExport'; readonly wallets: readonly string[] }
  | { readonly kind: 'deletesAccountsWithoutExport'; readonly accounts: readonly string[] };

/** The risk in one sentence. */
export function walletFlagWords(flag: WalletFlag): string {
  switch (flag.kind) {
    case 'exportsRecoveryPhrase':
      return l10n.t(
        'Exports the recovery phrase of wallet {0} to key {1}: whoever holds that key controls every account of the wallet.',
        flag.wallet,
        flag.key,
      );
    case 'exportsAccountKey':
      return l10n.t(
        'Exports the private key of wallet account {0} to key {1}: whoever holds that key controls that account.',
        flag.account,
        flag.key,
      );
    case 'exportsPrivateKey':
      return l10n.t(
        'Exports private key {0} to key {1}: whoever holds that key controls every address of that private key.',
        flag.privateKey,
        flag.key,
      );
    case 'deletesWalletsWithoutExport':
      return byCount(
        flag.wallets.length,
        l10n.t(
          'Deletes wallet {0} without export: it was never exported, so its recovery phrase is lost for good, and every account of the wallet with it.',
          listText(flag.wallets),
        ),
        l10n.t(
          'Deletes {0} wallets without export ({1}): they were never exported, so their recovery phrases are lost for good, and every account of those wallets with them.',
          flag.wallets.length,
          listText(flag.wallets),
        ),
      );
    case 'deletesAccountsWithoutExport':
      return byCount(
        flag.accounts.length,
        l10n.t(
          'Deletes wallet account {0} without export: its private key was never exported, and only the recovery phrase of its wallet can derive it again.',
          listText(flag.accounts),
        ),
        l10n.t(
          'Deletes {0} wallet accounts without export ({1}): their private keys were never exported, and only the recovery phrases of their wallets can derive them again.',
          flag.accounts.length,
          listText(flag.accounts),
        ),
      );
  }
}

/** The risk in a word or two. */
export function walletFlagLabel(flag: WalletFlag): string {
  switch (flag.kind) {
    case 'exportsRecoveryPhrase':
      return l10n.t('Exports a recovery phrase');
    case 'exportsAccountKey':
    case 'exportsPrivateKey':
      return l10n.t('Exports a private key');
    case 'deletesWalletsWithoutExport':
    case 'deletesAccountsWithoutExport':
      return l10n.t('Deletes without export');
  }
}
