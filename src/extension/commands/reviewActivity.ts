/**
 * countersign.reviewActivity: opens the activity's review page beside the editor.
 *
 * Arguments: an activity tree node or an Activity; an activity id or a fingerprint string; or
 * `{ activityId?, fingerprint?, organizationId? }`; nothing (palette): a pick of the activities that wait for a
 * decision. Returns the page's model once it shows the activity (tests read it), or undefined when dismissed.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Activity } from '../../api';
import type { Services, Session } from '../services';
import type { ReviewModel } from '../review/reviewModel';
import { withProgress } from '../ui/progress';
import { pickOne } from '../ui/prompts';
import { ageText, activityTimeMs } from '../views/activityPresentation';
import { activityOf } from '../views/treeNodes';
import type { Views } from '../views/views';
import { activityTitle } from '../wording/activityWords';
import { optionsOf } from './commandDescriptor';
import { REVIEW_OPTIONS } from './reviewOptions';
import { showInformation } from '../ui/notifications';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function pickWaiting(session: Session, organizationId: string): Promise<Activity | undefined> {
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
  const picked = await pickOne(
    waiting.map((activity) => ({
      label: activityTitle(activity),
      description: [ageText(activityTimeMs(activity), now, vscode.env.language), activity.id]
        .filter((s) => s)
        .join(' · '),
      detail: activity.canApprove
        ? vscode.l10n.t('Waits for your vote · fingerprint {0}', activity.fingerprint)
        : vscode.l10n.t('Fingerprint {0}', activity.fingerprint),
      activity,
    })),
    { title: vscode.l10n.t('Review which activity?') },
  );
  return picked?.activity;
}

export async function reviewActivity(
  services: Services,
  views: Views,
  args: unknown[],
): Promise<ReviewModel | undefined> {
  const [first, second] = args;
  const given = activityOf(first);
  const options = optionsOf(REVIEW_OPTIONS, second ?? (given ? undefined : first));
  const session = await services.requireSession();
  const organizationId = given?.organizationId ?? options.organizationId ?? session.profile.organizationId;
  let activity = given;
  let activityId = given?.id ?? options.activityId;
  const text = typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
  if (activityId === undefined && text !== undefined && UUID.test(text)) activityId = text;
  const fingerprint = activityId === undefined ? (text ?? options.fingerprint) : undefined;
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
    activity = await pickWaiting(session, organizationId);
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
