/**
 * What the user reads after a private key tag is created: the tag and how many keys carry it, the count in the
 * singular or the plural of the display language. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import { shown } from '../ui/shownText';
import { byCount } from './plural';

/** `Private key tag "treasury" created on 1 private key.`; none tagged says so rather than "0 private keys". */
export function tagCreatedSentence(tagName: string, keyCount: number, locale = 'en'): string {
  const name = shown(tagName);
  if (keyCount === 0) return l10n.t('Private key tag "{0}" created, on no private key yet.', name);
  return byCount(
    keyCount,
    l10n.t('Private key tag "{0}" created on {1} private key.', name, keyCount),
    l10n.t('Private key tag "{0}" created on {1} private keys.', name, keyCount),
    locale,
  );
}
