/**
 * What the log says about a submitted activity or a fetched API key, as plain text. Pure (no `vscode`), so it
 * is tested in plain Node; resultPrinter.ts writes it to the "Countersign" log and shows the messages.
 * Nothing here can hold a secret: an activity and an API key record carry ids, public keys and signatures made
 * by the service, never a private key or a stamp.
 */
import { checkAppProof, timestampToMs, type Activity, type ApiKey } from '../../api';
import { activityTypeLabel, englishText, statusPresentation, type Translate } from '../views/activityPresentation';

/** What the submitter should take from the status. */
export type ActivityOutcome = 'completed' | 'waitsForApprovals' | 'failed' | 'rejected' | 'pending';

export function activityOutcome(status: string): ActivityOutcome {
  switch (status) {
    case 'ACTIVITY_STATUS_COMPLETED':
      return 'completed';
    case 'ACTIVITY_STATUS_CONSENSUS_NEEDED':
    case 'ACTIVITY_STATUS_AUTHENTICATORS_NEEDED':
      return 'waitsForApprovals';
    case 'ACTIVITY_STATUS_FAILED':
      return 'failed';
    case 'ACTIVITY_STATUS_REJECTED':
      return 'rejected';
    default:
      return 'pending';
  }
}

/** One line naming the activity: type in words, status in words, id, and the raw type and status. */
export function activityHeadline(
  activity: Pick<Activity, 'id' | 'type' | 'status'>,
  t: Translate = englishText,
): string {
  const status = statusPresentation(activity.status, false, t).label;
  return t(
    '{0}: {1} (activity {2}, {3}, {4})',
    activityTypeLabel(activity.type),
    status,
    activity.id,
    activity.type,
    activity.status,
  );
}

/** The activity as formatted JSON, id, status and type first. */
export function activityJsonText(activity: Activity): string {
  const { id, status, type, organizationId, ...rest } = activity;
  return JSON.stringify({ id, status, type, organizationId, ...rest }, null, 2);
}

/**
 * One line per App Proof with the outcome of its signature check. When proofs were asked for and none came
 * back, one line says so.
 */
export function appProofLines(
  activity: Pick<Activity, 'appProofs'>,
  requested: boolean,
  t: Translate = englishText,
): string[] {
  if (activity.appProofs.length === 0) {
    return requested ? [t('No App Proofs came back with this activity, although they were asked for.')] : [];
  }
  return activity.appProofs.map((proof, index) => {
    const check = checkAppProof(proof);
    return check.ok
      ? t(
          'App Proof {0}: signature valid (scheme {1}, signing key {2}…).',
          index + 1,
          proof.scheme,
          check.signingPublicKey.slice(0, 18),
        )
      : t('App Proof {0}: signature NOT valid: {1}.', index + 1, check.reason);
  });
}

/** The short sentence of the information message after a submission. */
export function outcomeSentence(
  activity: Pick<Activity, 'id' | 'type' | 'status' | 'fingerprint'>,
  t: Translate = englishText,
): string {
  const what = activityTypeLabel(activity.type);
  switch (activityOutcome(activity.status)) {
    case 'completed':
      return t('{0}: completed.', what);
    case 'waitsForApprovals':
      return t(
        '{0}: waits for approvals by other users of the organization (fingerprint {1}).',
        what,
        activity.fingerprint || activity.id,
      );
    case 'failed':
      return t('{0}: failed.', what);
    case 'rejected':
      return t('{0}: rejected.', what);
    case 'pending':
      return t('{0}: submitted, status {1}.', what, statusPresentation(activity.status, false, t).label);
  }
}

/** An API key record as the log shows it: name, credential type, public key, created and expiration. */
export interface ApiKeySummary {
  readonly apiKeyName: string;
  readonly apiKeyId: string;
  readonly credentialType: string;
  readonly publicKey: string;
  readonly createdAt: string | undefined;
  /** ISO time, or "never" when the key has no expiration. */
  readonly expiration: string;
}

function isoOf(ms: number | undefined): string | undefined {
  return ms === undefined || !Number.isFinite(ms) ? undefined : new Date(ms).toISOString();
}

export function summarizeApiKey(apiKey: ApiKey): ApiKeySummary {
  const createdMs = timestampToMs(apiKey.createdAt);
  // expirationSeconds is the key's lifetime, counted from its creation.
  const lifetimeSeconds = apiKey.expirationSeconds === undefined ? undefined : Number(apiKey.expirationSeconds);
  const expiration =
    lifetimeSeconds === undefined || lifetimeSeconds === 0 || createdMs === undefined
      ? 'never'
      : (isoOf(createdMs + lifetimeSeconds * 1000) ?? 'never');
  return {
    apiKeyName: apiKey.apiKeyName,
    apiKeyId: apiKey.apiKeyId,
    credentialType: apiKey.credential.type,
    publicKey: apiKey.credential.publicKey,
    createdAt: isoOf(createdMs),
    expiration,
  };
}
