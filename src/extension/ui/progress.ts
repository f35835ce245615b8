/**
 * Network work under a cancellable notification. The task receives an AbortSignal tied to the notification's
 * Cancel button, so the client stops its request and its retries; a cancelled task ends in CancelledError,
 * which the command wrapper never shows.
 */
import * as vscode from 'vscode';
import { CancelledError } from '../../api';
import { notificationText } from './shownText';

export type ProgressReport = (message: string) => void;

export async function withProgress<T>(
  title: string,
  task: (signal: AbortSignal, report: ProgressReport) => Promise<T>,
): Promise<T> {
  return vscode.window.withProgress(
    // A progress notification finds links in its title and message as any notification does (notifications.ts).
    { location: vscode.ProgressLocation.Notification, title: notificationText(title), cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        if (token.isCancellationRequested) throw new CancelledError();
        return await task(controller.signal, (message) => progress.report({ message: notificationText(message) }));
      } catch (error) {
        // Whatever the aborted request threw (an AbortError, a transport error), the user asked to stop.
        if (controller.signal.aborted && !(error instanceof CancelledError)) throw new CancelledError();
        throw error;
      } finally {
        subscription.dispose();
      }
    },
  );
}
