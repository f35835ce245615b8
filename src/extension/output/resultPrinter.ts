/**
 * Prints what an operation produced: the activity as formatted JSON in the "Countersign" log, headed by its
 * type, status and id, with each App Proof and the outcome of its signature check; then a short message whose
 * buttons open the result or the log. The message is never awaited, so a command returns at once.
 */
import * as vscode from 'vscode';
import type { Activity, ApiKey } from '../../api';
import { CommandIds } from '../commandIds';
import { checkAppProof } from '../../api/remote';
import type { Services } from '../services';
import { activityJsonText, summarizeApiKey } from './activityReport';
import { activityHeadline, activityOutcome, appProofLines, outcomeSentence } from '../wording/activityWords';
import { credentialTypeText } from './credentialWords';
import { showInformation } from '../ui/notifications';

/** Writes the activity to the log: headline, App Proof checks, then the JSON. */
export function printActivity(services: Services, activity: Activity, appProofsRequested: boolean): void {
  const outcome = activityOutcome(activity.status);
  const headline = activityHeadline(activity);
  const proofs = appProofLines(activity, appProofsRequested, checkAppProof);
  // One log line per line of the JSON: the service's text inside it stays on its own line (the log escapes it).
  const lines = [headline, ...proofs, ...activityJsonText(activity).split('\n')];
  services.log.block(outcome === 'failed' || outcome === 'rejected' ? 'warn' : 'info', lines);
}

/** The information message after a submission, with "Show Result" and "Show Log". Not awaited. */
export function announceActivity(services: Services, activity: Activity, sentence?: string): void {
  const showResult = vscode.l10n.t('Show Result');
  const showLog = vscode.l10n.t('Show Log');
  const message = sentence ?? outcomeSentence(activity);
  void showInformation(message, showResult, showLog).then(
    async (choice) => {
      if (choice === showResult) await vscode.commands.executeCommand(CommandIds.openActivityJson, activity);
      else if (choice === showLog) services.log.show();
    },
    (error: unknown) => services.log.failure('Could not show the result message', error),
  );
}

/** Writes an API key record to the log as JSON, and offers to copy its public key. Not awaited. */
export function printApiKey(services: Services, apiKey: ApiKey): void {
  const summary = summarizeApiKey(apiKey);
  services.log.block('info', [
    vscode.l10n.t('API key {0} ({1})', summary.apiKeyName, summary.apiKeyId),
    ...JSON.stringify(summary, null, 2).split('\n'),
  ]);
  const copy = vscode.l10n.t('Copy Public Key');
  const showLog = vscode.l10n.t('Show Log');
  const expiry =
    summary.expiration === 'never' ? vscode.l10n.t('never expires') : vscode.l10n.t('expires {0}', summary.expiration);
  void showInformation(
    vscode.l10n.t(
      'API key "{0}": {1}, public key {2}…, {3}.',
      summary.apiKeyName,
      credentialTypeText(summary.credentialType),
      summary.publicKey.slice(0, 16),
      expiry,
    ),
    copy,
    showLog,
  ).then(
    async (choice) => {
      if (choice === copy) {
        await vscode.env.clipboard.writeText(summary.publicKey);
        vscode.window.setStatusBarMessage(vscode.l10n.t('$(copy) Copied the public key'), 3000);
      } else if (choice === showLog) {
        services.log.show();
      }
    },
    (error: unknown) => services.log.failure('Could not show the API key message', error),
  );
}
