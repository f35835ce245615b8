/**
 * The title of a review page's tab. Two pages of the same kind (two transactions to sign) would read the same, so
 * the title ends with the start of the activity's id, as the page's own "Activity ID" row shows it. Pure.
 */
import * as l10n from '@vscode/l10n';

/** The first group of a UUID, or the first eight characters of another id. */
export function shortActivityId(activityId: string): string {
  const first = activityId.split('-')[0] ?? '';
  return first.length >= 6 && first.length <= 12 ? first : activityId.slice(0, 8);
}

export function reviewTabTitle(what: string, activityId: string): string {
  return l10n.t('Review: {0} · {1}', what, shortActivityId(activityId));
}
