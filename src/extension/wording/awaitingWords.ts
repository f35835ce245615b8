/**
 * The inbox's count in words: the status bar item, the Activities view's badge and its first group. Apart from
 * activityWords.ts, because the badge and the status bar are drawn before any row is. Pure (no `vscode`).
 */
import { englishText, type Translate } from '../ui/translate';

/**
 * The inbox's count in words, for the status bar's tooltip, its accessible label and the view's badge. `more`:
 * the inbox stopped reading at its bound, so the count is a floor.
 */
export function awaitingCountText(count: number, t: Translate = englishText, more = false): string {
  if (more) return t('At least {0} activities wait for your vote', count);
  return count === 1 ? t('1 activity waits for your vote') : t('{0} activities wait for your vote', count);
}

/** The group at the top of the Activities view ("100+" when the count is a floor). */
export function awaitingGroupLabel(count: number, t: Translate = englishText, more = false): string {
  return more ? t('Awaiting your vote ({0}+)', count) : t('Awaiting your vote ({0})', count);
}

/** The count as the status bar shows it next to its bell. */
export function awaitingCountFigure(count: number, more = false): string {
  return more ? `${count}+` : String(count);
}
