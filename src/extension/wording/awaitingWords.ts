/**
 * The inbox's count in words: the status bar item, the Activities view's badge and its first group. Apart from
 * activityWords.ts, because the badge and the status bar are drawn before any row is. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';

/**
 * The inbox's count in words, for the status bar's tooltip, its accessible label and the view's badge. `more`:
 * the inbox stopped reading at its bound, so the count is a floor.
 */
export function awaitingCountText(count: number, more = false): string {
  if (more) return l10n.t('At least {0} activities wait for your vote', count);
  return count === 1 ? l10n.t('1 activity waits for your vote') : l10n.t('{0} activities wait for your vote', count);
}

/** The group at the top of the Activities view ("100+" when the count is a floor). */
export function awaitingGroupLabel(count: number, more = false): string {
  return more ? l10n.t('Awaiting your vote ({0}+)', count) : l10n.t('Awaiting your vote ({0})', count);
}

/** The count as the status bar shows it next to its bell. */
export function awaitingCountFigure(count: number, more = false): string {
  return more ? `${count}+` : String(count);
}
