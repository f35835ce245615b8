/**
 * The common path of every submission: under cancellable progress, with App Proofs when the setting asks for
 * them; then the activity is remembered (so the Activities view follows it), the views are told, and the result
 * is printed. A FAILED or REJECTED activity is printed too before its error goes up to the command wrapper.
 */
import { ActivityFailedError, ActivityRejectedError, type Activity } from '../../api';
import { announceActivity, printActivity } from '../output/resultPrinter';
import type { ChangeScope, Services } from '../services';
import { withProgress } from '../ui/progress';

export interface SubmitOptions {
  /** The progress notification's title, e.g. "Creating smart contract interface…". */
  readonly title: string;
  /** What changes besides the activities: 'organization' for interfaces, tags and sub-organizations. */
  readonly changes?: readonly ChangeScope[];
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
    services.noteSubmitted(activity);
    services.fireChange('activities');
    for (const scope of options.changes ?? []) services.fireChange(scope);
    await printActivity(services, activity, generateAppProofs);
  };
  let activity: Activity;
  try {
    activity = await withProgress(options.title, (signal) => submit(signal, generateAppProofs));
  } catch (error) {
    if (error instanceof ActivityFailedError || error instanceof ActivityRejectedError) await settle(error.activity);
    throw error;
  }
  await settle(activity);
  announceActivity(services, activity, options.sentence?.(activity));
  return activity;
}
