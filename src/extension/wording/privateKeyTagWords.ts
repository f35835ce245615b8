/**
 * What the user reads after a private key tag is created: the tag and how many keys carry it, the count in the
 * singular or the plural of the display language. Pure (no `vscode`).
 */
import { shown } from '../ui/shownText';
import { englishText, type Translate } from '../ui/translate';
import { byCount } from './plural';

/** `Private key tag "treasury" created on 1 private key.`; none tagged says so rather than "0 private keys". */
export function tagCreatedSentence(
  tagName: string,
  keyCount: number,
  t: Translate = englishText,
  locale = 'en',
): string {
  const name = shown(tagName);
  if (keyCount === 0) return t('Private key tag "{0}" created, on no private key yet.', name);
  return byCount(
    keyCount,
    t('Private key tag "{0}" created on {1} private key.', name, keyCount),
    t('Private key tag "{0}" created on {1} private keys.', name, keyCount),
    locale,
  );
}
