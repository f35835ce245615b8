/**
 * A request the service refused by policy (HTTP 403 whose details carry each policy's outcome) becomes an error
 * that names the policy that denied it, instead of the service's policy ids and code: `Denied by policy "Hot keys
 * only to registered contracts": the service refused the request.`, with "Open Policy" as its button. Every
 * policy's outcome goes to the log. Anything else is left as it is.
 */
import * as l10n from '@vscode/l10n';
import { CommandIds } from '../commandIds';
import { ActivityFailedError, ServiceError, type Activity, type CountersignError } from '../../api';
import { activityTypeLabel } from '../wording/activityWords';
import type { Services } from '../services';
import { ActionableError } from '../ui/errorAction';
import { errorText } from '../../api/core';
import { deniedOutcomes } from '../wording/policyStanding';
import { readStanding } from '../store/standingReads';
import { deniedAfterApprovalMessage, denialMessage, standingWords } from '../wording/standingText';

export async function explainDenial(services: Services, error: unknown): Promise<unknown> {
  if (!(error instanceof ServiceError) || error.status !== 403) return error;
  const outcomes = deniedOutcomes(error.rpcStatus?.details ?? undefined);
  const organizationId = services.profiles.active()?.organizationId;
  if (!outcomes || organizationId === undefined) return error;
  try {
    const read = await readStanding(await services.store(), { organizationId, denial: outcomes });
    if (!read) return error;
    const message = denialMessage(read.standing);
    const words = standingWords(read.standing, read.names);
    services.log.info(message, {
      policies: read.standing.policies.map((p) => `${p.policyId}: ${p.outcome}`).join(', '),
    });
    for (const line of words.lines) services.log.info(line);
    const denying = read.standing.policies.find((p) => p.verdict === 'denied');
    const explained = new ServiceError({
      message,
      status: error.status,
      ...(error.rpcStatus ? { rpcStatus: error.rpcStatus } : {}),
      ...(error.turnkeyErrorCode ? { turnkeyErrorCode: error.turnkeyErrorCode } : {}),
      hint: denying
        ? l10n.t('Open the policy to read its condition, or ask an administrator of the organization.')
        : (error.hint ?? l10n.t('Ask an administrator of the organization for a policy that allows it.')),
    });
    return denying
      ? new ActionableError(explained, {
          title: l10n.t('Open Policy'),
          command: CommandIds.openPolicyAsJson,
          args: [{ policyId: denying.policyId }],
        })
      : explained;
  } catch (readError) {
    services.log.debug('Could not read the policies that denied the request', {
      error: errorText(readError),
    });
    return error;
  }
}

/**
 * An approval that ran the activity, which a DENY then failed (its failure carries the evaluations): the error
 * names the policy. `fallback` (the service's reason) otherwise.
 */
export async function explainDeniedApproval(
  services: Services,
  activity: Activity,
  fallback: CountersignError,
): Promise<CountersignError> {
  const outcomes = deniedOutcomes(activity.failure?.details ?? undefined);
  if (!outcomes) return fallback;
  try {
    const read = await readStanding(await services.store(), {
      organizationId: activity.organizationId,
      denial: outcomes,
    });
    const message = read && deniedAfterApprovalMessage(activityTypeLabel(activity.type), read.standing);
    if (!message) return fallback;
    services.log.info(message);
    const denied = new ActivityFailedError(activity, activity.failure);
    denied.message = message;
    return denied;
  } catch (readError) {
    services.log.debug('Could not read the policies that denied the activity', {
      error: errorText(readError),
    });
    return fallback;
  }
}
