/**
 * Runs one passkey ceremony in the user's browser: starts the one-time local page, maps its URL with
 * `asExternalUri` (Remote-SSH forwards the port; code-server maps it under its own `/proxy/<port>/` path), allows
 * exactly that origin to answer, opens it with `openExternal`, and waits for the answer. Where the mapped origin's
 * host is not `localhost`, a passkey for RP ID `localhost` cannot sign there: it says so and opens nothing. The
 * commands ask `requireLocalhostPasskeyPage` the same before their first question. The
 * page's server is closed whatever happens. The one-time URL is never logged.
 */
import { createServer } from 'node:net';
import * as vscode from 'vscode';
import { CancelledError, InvalidInputError } from '../../api';
import type { Services } from '../services';
import { showInformation } from '../ui/notifications';
import { withProgress } from '../ui/progress';
import { canUseLocalhostPasskeys } from './passkeyCeremony';
import type { PasskeyPageContent } from './passkeyPageHtml';
import { openPages } from '../pagesDoor';

/** Tests observe each page the extension opens (its external URL), as a browser would receive it. */
export interface PasskeyPageOpened {
  readonly url: string;
  readonly ceremony: PasskeyPageContent['ceremony'];
}

function notLocalhostError(origin: string): InvalidInputError {
  return new InvalidInputError(
    'passkey page',
    vscode.l10n.t(
      'VS Code would open the passkey page at {0}, which is not localhost: a passkey for RP ID "localhost" cannot sign there.',
      origin,
    ),
    vscode.l10n.t(
      'Open this window on http://localhost (or use VS Code on this machine), or approve with the API key instead.',
    ),
  );
}

/**
 * Refuses, before any question is asked, a window whose passkey page could not sign: it maps a local port the way
 * the page's would be mapped and checks that the origin is still `localhost`. The port is held open while it is
 * mapped (a forward to it then has something to reach), and closed right after.
 */
export async function requireLocalhostPasskeyPage(): Promise<void> {
  const probe = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  try {
    const address = probe.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const external = await vscode.env.asExternalUri(vscode.Uri.parse(`http://localhost:${port}/`));
    const origin = `${external.scheme}://${external.authority}`;
    if (!canUseLocalhostPasskeys(origin)) throw notLocalhostError(origin);
  } finally {
    probe.close();
  }
}

/**
 * Runs the page while a progress notification says that VS Code waits for the browser, with Cancel (which closes
 * the page); `signal` (the command's own progress) stops it too. A tab closed before it answered is said in a
 * message: nothing was signed.
 */
export function runPasskeyPage(
  services: Services,
  content: PasskeyPageContent,
  signal: AbortSignal | undefined,
  onOpened?: (opened: PasskeyPageOpened) => void,
): Promise<Record<string, unknown>> {
  const title =
    content.ceremony === 'create'
      ? vscode.l10n.t('Waiting for your new passkey in the browser…')
      : vscode.l10n.t('Waiting for your passkey in the browser…');
  return withProgress(title, (own) =>
    openAndWait(services, content, signal ? AbortSignal.any([signal, own]) : own, onOpened),
  );
}

async function openAndWait(
  services: Services,
  content: PasskeyPageContent,
  signal: AbortSignal,
  onOpened?: (opened: PasskeyPageOpened) => void,
): Promise<Record<string, unknown>> {
  // The page server is behind the pages' door: it loads with the first ceremony, not at activation.
  const { startPasskeyPage, PasskeyPageError } = await openPages();
  const page = await startPasskeyPage({ content });
  const onAbort = (): void => page.cancel();
  signal.addEventListener('abort', onAbort);
  try {
    const external = await vscode.env.asExternalUri(vscode.Uri.parse(page.localUrl));
    const origin = `${external.scheme}://${external.authority}`;
    if (!canUseLocalhostPasskeys(origin)) throw notLocalhostError(origin);
    page.allowOrigin(origin);
    services.log.info(`Passkey page (${content.ceremony}) opened for ${origin}; it closes after one answer.`);
    onOpened?.({ url: external.toString(true), ceremony: content.ceremony });
    if (!(await vscode.env.openExternal(external))) throw new CancelledError();
    return await page.answer;
  } catch (error) {
    if (error instanceof PasskeyPageError) {
      if (error.reason === 'cancelled') throw new CancelledError();
      if (error.reason === 'closed') {
        void showInformation(
          vscode.l10n.t('The passkey page was closed before it answered: nothing was signed or sent.'),
        );
        throw new CancelledError();
      }
      throw new InvalidInputError('passkey page', error.message, vscode.l10n.t('Run the command again when ready.'));
    }
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
    page.cancel();
  }
}
