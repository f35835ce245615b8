/**
 * The common path of every submission: under cancellable progress, with App Proofs when the setting asks for
 * them; then the store is told of the activity (its readers redraw, its poll follows it), and the result
 * is printed. A FAILED or REJECTED activity is printed too before its error goes up to the command wrapper.
 */
import { ActivityFailedError, ActivityRejectedError, type Activity } from '../../api';
import { announceActivity, printActivity } from './resultPrinter';
import type { Services } from '../services';
import { withProgress } from '../ui/progress';
import { waitingSentence } from '../wording/approvalWords';
import { explainDenial } from './policyDenial';
import { approvalProgress, nameLookup } from '../inbox/inboxRules';
import { policyWaitText } from '../store/standingReads';

export interface SubmitOptions {
  /** The progress notification's title, e.g. "Creating smart contract interface…". */
  readonly title: string;
  /** What changes besides the activities: 'organization' for interfaces, tags, keys and sub-organizations. */
  readonly changes?: readonly 'organization'[];
  /** The information message, when the default sentence for the status is not enough. */
  readonly sentence?: (activity: Activity) => string | undefined;
}

export async function submitActivity(
  services: Services,
  options: SubmitOptions,
  submit: (signal: AbortSignal, generateAppProofs: boolean) => Promise<Activity>,
): Promise<Activity> {
  const generateAppProofs = services.settings().generateAppProofs;
  const settle = async (activity: Activity): Promise<void> => {
    await (
      await services.store()
    ).submit(activity, { organization: options.changes?.includes('organization') === true });
    printActivity(services, activity, generateAppProofs);
  };
  let activity: Activity;
  try {
    activity = await withProgress(options.title, (signal) => submit(signal, generateAppProofs));
  } catch (error) {
    if (error instanceof ActivityFailedError || error instanceof ActivityRejectedError) await settle(error.activity);
    // Refused by policy: the message names the policy, not its id and the service's code.
    throw await explainDenial(services, error);
  }
  await settle(activity);
  announceActivity(services, activity, options.sentence?.(activity) ?? (await consensusSentence(services, activity)));
  return activity;
}

/**
 * A submission that waits for other approvals is not a failure: "waiting for 1 more approval (Team root user 2)".
 * The inbox follows it from here until it ends.
 */
async function consensusSentence(services: Services, activity: Activity): Promise<string | undefined> {
  if (activity.status !== 'ACTIVITY_STATUS_CONSENSUS_NEEDED') return undefined;
  const facts = await services.organizationFacts().catch(() => undefined);
  const known = facts?.organizationId === activity.organizationId ? facts : undefined;
  // Where a policy waits, its words; otherwise the root quorum's count.
  const waits = await policyWaitText(await services.store(), activity).catch(() => undefined);
  const progress = waits ?? (known ? approvalProgress(activity, known, Date.now()) : undefined);
  const sentence = waitingSentence(activity, progress, nameLookup(known));
  services.log.info(sentence);
  return sentence;
}
