/**
 * countersign.reviewActivity: opens the activity's review page beside the editor.
 *
 * Input (reviewOptions.ts reads it from the call): the activity, its id or its fingerprint; with none of them
 * (palette), a pick of the activities that wait for a decision. Returns the page's model once it shows the activity (tests read it), or undefined when dismissed.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity } from '../../api';
import type { Services, Session } from '../services';
import type { ReviewModel } from '../review/reviewModel';
import { withProgress } from '../ui/progress';
import { pickOne } from '../ui/prompts';
import { ageText, activityTimeMs } from '../wording/activityPresentation';
import type { Views } from '../views/views';
import { activityTitle } from '../wording/activityWords';
import type { ReviewInput } from './reviewOptions';
import { showInformation } from '../ui/notifications';
import { pickText } from '../ui/shownText';
import { activitySummaries, summaryPickLine } from '../activitySummaries';

async function pickWaiting(
  services: Services,
  session: Session,
  organizationId: string,
): Promise<Activity | undefined> {
  const waiting = await withProgress(vscode.l10n.t('Listing activities that wait for a decision…'), (signal) =>
    session.client.listActivities(
      {
        organizationId,
        filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'],
        paginationOptions: { limit: '100' },
      },
      { signal },
    ),
  );
  if (waiting.length === 0) {
    void showInformation(
      vscode.l10n.t('No activity of this organization waits for a decision, so there is nothing to review.'),
    );
    return undefined;
  }
  const now = Date.now();
  // What each one does, so that two requests of one type read differently in the list.
  const facts = await services.organizationFacts().catch(() => undefined);
  const nameOf = facts?.organizationId === organizationId ? (id: string) => facts.names.get(id) : undefined;
  const summaries = await activitySummaries(services, waiting, nameOf).catch(() => undefined);
  const picked = await pickOne(
    waiting.map((activity) => {
      const summary = summaries?.get(activity.id);
      return {
        label: pickText(activityTitle(activity, undefined, nameOf)),
        description: [ageText(activityTimeMs(activity), now, vscode.env.language), activity.id]
          .filter((s) => s)
          .join(' · '),
        detail: summary
          ? summaryPickLine(summary)
          : activity.canApprove
            ? vscode.l10n.t('Waits for your vote · fingerprint {0}', activity.fingerprint)
            : vscode.l10n.t('Fingerprint {0}', activity.fingerprint),
        activity,
      };
    }),
    { title: vscode.l10n.t('Review which activity?') },
  );
  return picked?.activity;
}

export async function reviewActivity(
  services: Services,
  views: Views,
  input: ReviewInput,
): Promise<ReviewModel | undefined> {
  const given = input.activity;
  const session = await services.requireSession();
  const organizationId = given?.organizationId ?? input.organizationId ?? session.profile.organizationId;
  let activity = given;
  let activityId = given?.id ?? input.activityId;
  const fingerprint = activityId === undefined ? input.fingerprint : undefined;
  if (fingerprint !== undefined) {
    const recent = await withProgress(vscode.l10n.t('Looking up the activity…'), (signal) =>
      session.client.listActivities({ organizationId, paginationOptions: { limit: '100' } }, { signal }),
    );
    activity = recent.find((a) => a.fingerprint === fingerprint);
    if (!activity) {
      throw new InvalidInputError(
        'fingerprint',
        vscode.l10n.t('No recent activity of this organization has the fingerprint {0}.', fingerprint),
      );
    }
    activityId = activity.id;
  }
  if (activityId === undefined) {
    activity = await pickWaiting(services, session, organizationId);
    if (!activity) return undefined;
    activityId = activity.id;
  }
  const page = await views.reviews.show({
    activityId,
    organizationId: activity?.organizationId ?? organizationId,
    profileId: session.profile.id,
    activity,
  });
  return page.model;
}
