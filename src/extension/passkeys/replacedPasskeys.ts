/**
 * A rename in an organization whose quorum needs other approvals: the new passkey's enrolment waits for them, and
 * the old passkey must stay until it has completed (removing it first could leave the user with none). This follows
 * the enrolment through the organization store (a watched activity, read by the one poll) and, once it completes,
 * offers the removal through Remove Passkey, which asks first. A rejected or failed enrolment keeps the old passkey;
 * the log says so either way.
 */
import * as vscode from 'vscode';
import type { Activity } from '../../api';
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import { isTerminal } from '../store/activityChanges';
import { showInformation } from '../ui/notifications';

export interface ReplacedPasskey {
  readonly authenticatorId: string;
  readonly authenticatorName: string;
}

/**
 * Offers to remove `old` once `enrolment` (the passkey that replaces it) has completed. It is followed while the
 * profile that renamed is active: another profile pauses it, and coming back picks it up again.
 */
export async function removeOnceEnrolled(
  services: Services,
  enrolment: Activity,
  newName: string,
  old: ReplacedPasskey,
): Promise<void> {
  const store = await services.store();
  const profileId = services.profiles.active()?.id;
  const subscriptions: vscode.Disposable[] = [];
  let watching: vscode.Disposable | undefined;
  let done = false;
  const stop = (): void => {
    if (done) return;
    done = true;
    watching?.dispose();
    for (const subscription of subscriptions) subscription.dispose();
  };
  const settle = (activity: Activity): void => {
    stop();
    if (activity.status !== 'ACTIVITY_STATUS_COMPLETED') {
      services.log.info(
        vscode.l10n.t(
          'Passkey "{0}" was not added ({1}): "{2}" is kept.',
          newName,
          activity.status,
          old.authenticatorName,
        ),
      );
      return;
    }
    services.log.info(
      vscode.l10n.t('Passkey "{0}" was added: removing "{1}" is offered.', newName, old.authenticatorName),
    );
    const remove = vscode.l10n.t('Remove "{0}"…', old.authenticatorName);
    void showInformation(
      vscode.l10n.t('Passkey "{0}" is added. Remove the passkey it replaces, "{1}"?', newName, old.authenticatorName),
      remove,
    ).then((choice) =>
      choice === remove ? vscode.commands.executeCommand(CommandIds.removePasskey, old.authenticatorId) : undefined,
    );
  };
  /** Watches the enrolment while the renaming profile is active (the store reads it at each look then). */
  const follow = (): void => {
    if (done) return;
    const ours = profileId !== undefined && services.profiles.active()?.id === profileId;
    if (ours && !watching) watching = store.watch({ kind: 'page', activityId: enrolment.id });
    if (!ours && watching) {
      watching.dispose();
      watching = undefined;
    }
    const now = ours ? store.activity(enrolment.id) : undefined;
    if (now && isTerminal(now)) settle(now);
  };
  subscriptions.push(
    store.onDidChange((change) => {
      if (change.profile || change.reset || change.activityIds.includes(enrolment.id)) follow();
    }),
  );
  services.context.subscriptions.push({ dispose: stop });
  follow();
}
