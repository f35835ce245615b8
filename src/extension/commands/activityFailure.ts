/**
 * A FAILED activity as an error message with the service's reason, never an information toast. A sub-organization
 * deletion refused because of keys never exported names the option the user ticks (not the API field) and offers
 * to retry with it.
 */
import * as vscode from 'vscode';
import { ActivityFailedError, ActivityType, type Activity, type CountersignError } from '../../api';
import { CommandIds } from '../commandIds';
import { ActionableError } from '../ui/errorAction';
import { activityTypeLabel } from '../wording/activityWords';
import { byCount } from '../wording/plural';

/** The tick box of Delete Sub-Organization that sends `deleteWithoutExport: true`. */
export function withoutExportOption(): string {
  return vscode.l10n.t('Delete even if private keys or wallets were never exported');
}

/**
 * What the retry of a refused deletion carries to say that the user typed the organization's id already. It is
 * an object of this module: arguments from outside the extension (a command link, another extension) are JSON,
 * and cannot hold it, so they never skip the typed confirmation.
 */
const TYPED_ALREADY: object = Object.freeze({});

export function isRetryAfterTypedId(options: Readonly<Record<string, unknown>>): boolean {
  return options['typedId'] === TYPED_ALREADY;
}

class ReadableActivityFailedError extends ActivityFailedError {
  constructor(activity: Activity, message: string) {
    super(activity, activity.failure);
    this.message = message;
  }
}

function refusedForUnexportedKeys(activity: Activity, reason: string): boolean {
  const intent = activity.intent['deleteSubOrganizationIntent'] as { deleteWithoutExport?: boolean } | undefined;
  return (
    activity.type === ActivityType.DeleteSubOrganization &&
    intent?.deleteWithoutExport !== true &&
    /deleteWithoutExport|not been exported|export/i.test(reason)
  );
}

/** The error for an activity that came back FAILED, after its submission or after the vote that ran it. */
export function failedActivityError(activity: Activity, after: 'submission' | 'approval'): CountersignError {
  const what = activityTypeLabel(activity.type);
  const reason = activity.failure?.message?.trim() ?? '';
  if (refusedForUnexportedKeys(activity, reason)) {
    const keys = /holds (\d+) private key/.exec(reason)?.[1];
    const message = keys
      ? byCount(
          Number(keys),
          vscode.l10n.t(
            'The service refused to delete the sub-organization: it holds {0} private key that has not been exported. To delete it anyway, losing it, tick "{1}".',
            keys,
            withoutExportOption(),
          ),
          vscode.l10n.t(
            'The service refused to delete the sub-organization: it holds {0} private keys that have not been exported. To delete it anyway, losing them, tick "{1}".',
            keys,
            withoutExportOption(),
          ),
          vscode.env.language,
        )
      : vscode.l10n.t(
          'The service refused to delete the sub-organization: it holds private keys or wallets that have not been exported. To delete it anyway, losing them, tick "{0}".',
          withoutExportOption(),
        );
    return new ActionableError(new ReadableActivityFailedError(activity, message), {
      title: vscode.l10n.t('Retry Without Export…'),
      command: CommandIds.deleteSubOrganization,
      args: [{ organizationId: activity.organizationId, deleteWithoutExport: true, typedId: TYPED_ALREADY }],
    });
  }
  const message =
    reason === ''
      ? after === 'approval'
        ? vscode.l10n.t('Approved, but "{0}" failed; the service gave no reason.', what)
        : vscode.l10n.t('"{0}" failed; the service gave no reason.', what)
      : after === 'approval'
        ? vscode.l10n.t('Approved, but "{0}" failed: {1}', what, reason)
        : vscode.l10n.t('"{0}" failed: {1}', what, reason);
  return new ReadableActivityFailedError(activity, message);
}
