/**
 * The activities that wait for a decision, and the pick among them that Approve, Reject and Review show when no
 * activity is named: the organization store's open activities, read now, each titled and summarised as its row is.
 */
import * as vscode from 'vscode';
import type { Activity } from '../../api';
import type { Services, Session } from '../services';
import { activitySummaries, summaryPickLine } from '../activitySummaries';
import { withProgress } from '../ui/progress';
import { pickOne } from '../ui/prompts';
import { pickText } from '../ui/shownText';
import { ageText, activityTimeMs } from '../wording/activityPresentation';
import { activityTitle } from '../wording/activityWords';
import { organizationNamer } from '../wording/addressNames';
import type { ActivitySummary } from '../wording/activitySummaryWords';

const WAITING = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';

/** The organization's activities that wait for a decision, newest first. */
export function waitingActivities(
  services: Services,
  session: Session,
  organizationId: string,
  title: string,
): Promise<readonly Activity[]> {
  return withProgress(title, async (signal) => {
    if (organizationId === session.profile.organizationId) {
      const open = await (await services.store()).refreshOpen();
      return (open?.open ?? []).filter((activity) => activity.status === WAITING);
    }
    // Another organization than the active one (named in the command's arguments): the store holds only the
    // active organization's activities.
    return session.client.listActivities(
      { organizationId, filterByStatus: [WAITING], paginationOptions: { limit: '100' } },
      { signal },
    );
  });
}

export interface OpenActivityPick {
  readonly title: string;
  /** Whether the detail of an activity without a summary says it waits for your vote (Review's list shows all). */
  readonly sayWhoWaits: boolean;
  /** A last item, after the activities (Approve and Reject: "Enter a fingerprint…"). */
  readonly other?: string;
}

/** The activity picked, 'other' for the last item, or undefined when dismissed. */
export async function pickOpenActivity(
  services: Services,
  organizationId: string,
  activities: readonly Activity[],
  options: OpenActivityPick,
): Promise<Activity | 'other' | undefined> {
  const now = Date.now();
  // What each one does, so that two requests of one type read differently in the list.
  const facts = await services.organizationFacts().catch(() => undefined);
  const nameOf = facts?.organizationId === organizationId ? organizationNamer(facts.names) : undefined;
  const summaries = await activitySummaries(services, activities, nameOf).catch(
    () => new Map<string, ActivitySummary>(),
  );
  const fallback = (activity: Activity) =>
    options.sayWhoWaits && activity.canApprove
      ? vscode.l10n.t('Waits for your vote · fingerprint {0}', activity.fingerprint)
      : vscode.l10n.t('Fingerprint {0}', activity.fingerprint);
  const items: (vscode.QuickPickItem & { readonly activity: Activity | 'other' })[] = activities.map((activity) => {
    const summary = summaries.get(activity.id);
    return {
      label: pickText(activityTitle(activity, undefined, nameOf)),
      description: [ageText(activityTimeMs(activity), now, vscode.env.language), activity.id]
        .filter((s) => s !== '')
        .join(' · '),
      detail: summary ? summaryPickLine(summary) : fallback(activity),
      activity,
    };
  });
  if (options.other !== undefined) {
    items.push({ label: options.other, iconPath: new vscode.ThemeIcon('edit'), activity: 'other' });
  }
  return (await pickOne(items, { title: options.title }))?.activity;
}
