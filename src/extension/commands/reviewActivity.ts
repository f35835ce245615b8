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
import type { Views } from '../views/views';
import type { ReviewInput } from './reviewOptions';
import { showInformation } from '../ui/notifications';
import { pickOpenActivity, waitingActivities } from './pickOpenActivity';

async function pickWaiting(
  services: Services,
  session: Session,
  organizationId: string,
): Promise<Activity | undefined> {
  const title = vscode.l10n.t('Listing activities that wait for a decision…');
  const waiting = await waitingActivities(services, session, organizationId, title);
  if (waiting.length === 0) {
    void showInformation(
      vscode.l10n.t('No activity of this organization waits for a decision, so there is nothing to review.'),
    );
    return undefined;
  }
  const picked = await pickOpenActivity(services, organizationId, waiting, {
    title: vscode.l10n.t('Review which activity?'),
    sayWhoWaits: true,
  });
  return picked === 'other' ? undefined : picked;
}

/** The activity with this fingerprint among the organization's recent ones (the store's, for the active one). */
async function withFingerprint(
  services: Services,
  session: Session,
  organizationId: string,
  fingerprint: string,
): Promise<Activity | undefined> {
  return withProgress(vscode.l10n.t('Looking up the activity…'), async (signal) => {
    if (organizationId === session.profile.organizationId) {
      return (await services.store()).findActivity((activity) => activity.fingerprint === fingerprint);
    }
    // Another organization than the active one (named in the command's arguments).
    const recent = await session.client.listActivities(
      { organizationId, paginationOptions: { limit: '100' } },
      { signal },
    );
    return recent.find((activity) => activity.fingerprint === fingerprint);
  });
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
    activity = await withFingerprint(services, session, organizationId, fingerprint);
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
