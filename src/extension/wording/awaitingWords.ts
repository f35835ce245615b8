/**
 * The inbox's count in words: the status bar item, the Activities view's badge and its first group. Apart from
 * activityWords.ts, because the badge and the status bar are drawn before any row is. Pure (no `vscode`).
 */
import { englishText, type Translate } from './translate';

/** The inbox's count in words, for the status bar's tooltip, its accessible label and the view's badge. */
export function awaitingCountText(count: number, t: Translate = englishText): string {
  return count === 1 ? t('1 activity waits for your vote') : t('{0} activities wait for your vote', count);
}

/** The group at the top of the Activities view. */
export function awaitingGroupLabel(count: number, t: Translate = englishText): string {
  return t('Awaiting your vote ({0})', count);
}
