/**
 * Votes signed with a passkey (approvals.ts, `signer: 'passkey'`). The vote is
 * sent by a client over a WebauthnStamper whose assertion comes from the local passkey page.
 */
import * as l10n from '@vscode/l10n';
import { InvalidInputError, type WebauthnAssertion, type WebauthnAssertionRequest } from '../../api';
import {
  approvalPage,
  assertionOf,
  PASSKEY_RP_ID,
  type AllowedCredential,
  type ApprovalDescription,
} from '../passkeys/passkeyCeremony';
import { requireLocalhostPasskeyPage, runPasskeyPage } from '../passkeys/openPasskeyPage';
import { CountersignClient, WebauthnStamper } from '../../api/remote';
import type { Services, Session } from '../services';
import { withProgress } from '../ui/progress';

/**
 * The passkeys the profile's user may sign with, or an error that says how to add one. Asked first, before the
 * activity is picked: a window whose passkey page could not sign is told so then.
 */
export async function allowedPasskeys(session: Session): Promise<AllowedCredential[]> {
  await requireLocalhostPasskeyPage();
  const authenticators = await withProgress(l10n.t('Reading your passkeys…'), async (signal) => {
    const whoami = await session.client.whoami({ organizationId: session.profile.organizationId }, { signal });
    return session.client.getAuthenticators(
      { organizationId: session.profile.organizationId, userId: whoami.userId },
      { signal },
    );
  });
  if (authenticators.length === 0) {
    throw new InvalidInputError(
      'signer',
      l10n.t('You have no passkey in this organization yet.'),
      l10n.t('Run "Countersign: Add Passkey for Approvals" first, or approve with the API key.'),
    );
  }
  return authenticators.map((a) => ({ credentialId: a.credentialId, transports: a.transports }));
}

/**
 * A client that signs the vote with a passkey: its stamper asks the local page for the assertion over exactly
 * the body the client sends (the challenge is hex(sha256(body))), after showing what is decided.
 */
export function passkeyVoteClient(
  services: Services,
  session: Session,
  allowed: readonly AllowedCredential[],
  description: ApprovalDescription,
  signal: AbortSignal,
): CountersignClient {
  const getAssertion = async (request: WebauthnAssertionRequest): Promise<WebauthnAssertion> => {
    const content = approvalPage(request, description, allowed);
    return assertionOf(await runPasskeyPage(services, content, signal));
  };
  const stamper = new WebauthnStamper({
    getAssertion,
    rpId: PASSKEY_RP_ID,
    allowCredentials: allowed.map((c) => c.credentialId),
  });
  // One attempt: a retry would re-send the same stamp, but a second page is never opened behind the user's back.
  return new CountersignClient({ baseUrl: session.profile.baseUrl }, stamper, {
    logger: services.log,
    maxAttempts: 1,
    timeoutMs: services.settings().requestTimeoutMs,
  });
}
