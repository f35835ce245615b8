/**
 * The two passkey ceremonies Countersign runs in the local page, as plain data: what the page shows and asks the
 * browser for, and how its answer becomes a create_authenticators attestation or an `X-Stamp-Webauthn` assertion.
 * Pure (no `vscode`): the texts come through a translate function.
 */
import * as l10n from '@vscode/l10n';
import { createHash, randomBytes } from 'node:crypto';
import {
  InvalidInputError,
  type Attestation,
  type AuthenticatorTransport,
  type WebauthnAssertion,
  type WebauthnAssertionRequest,
} from '../../api';
import type { PasskeyPageContent } from './passkeyPageHtml';

/** The RP ID every Countersign passkey is created for: the page is served on http://localhost. */
export const PASSKEY_RP_ID = 'localhost';
export const PASSKEY_RP_NAME = 'Countersign';

const BROWSER_TRANSPORTS: Readonly<Record<string, AuthenticatorTransport>> = {
  usb: 'AUTHENTICATOR_TRANSPORT_USB',
  nfc: 'AUTHENTICATOR_TRANSPORT_NFC',
  ble: 'AUTHENTICATOR_TRANSPORT_BLE',
  internal: 'AUTHENTICATOR_TRANSPORT_INTERNAL',
  hybrid: 'AUTHENTICATOR_TRANSPORT_HYBRID',
};
const SERVICE_TRANSPORTS = Object.fromEntries(Object.entries(BROWSER_TRANSPORTS).map(([k, v]) => [v, k]));

/** Whether a page at this origin can use passkeys for RP ID `localhost`. */
export function canUseLocalhostPasskeys(origin: string): boolean {
  try {
    return new URL(origin).hostname === PASSKEY_RP_ID;
  } catch {
    return false;
  }
}

function messages(): PasskeyPageContent['messages'] {
  return {
    waiting: l10n.t('Follow your browser or your security key…'),
    done: l10n.t('Done. You can close this tab and return to VS Code.'),
    failed: l10n.t('The passkey request did not complete. Run the command again in VS Code.'),
    cancel: l10n.t('Cancel'),
    cancelled: l10n.t('Cancelled: nothing was signed. You can close this tab.'),
    notLocalhost: l10n.t(
      'This page is not served from localhost, so a passkey for RP ID "localhost" cannot sign here. Open the workbench on http://localhost, or approve with the API key.',
    ),
  };
}

export interface EnrolmentRequest {
  readonly userId: string;
  readonly userName: string;
  readonly organizationName: string;
  readonly organizationId: string;
  readonly authenticatorName: string;
  /** Credential ids (base64url) already registered, so the same authenticator is not enrolled twice. */
  readonly existingCredentialIds: readonly string[];
}

/** The page and options of `navigator.credentials.create()`, and the challenge it must carry back. */
export function enrolmentPage(request: EnrolmentRequest): { content: PasskeyPageContent; challenge: string } {
  const challenge = randomBytes(32).toString('base64url');
  const content: PasskeyPageContent = {
    ceremony: 'create',
    title: l10n.t('Add a passkey for approvals'),
    intro: l10n.t(
      'Countersign will register a new passkey (a security key, or this device) for the user below. From then on, that user can approve and reject activities with it.',
    ),
    rows: [
      { label: l10n.t('User'), value: `${request.userName} (${request.userId})` },
      { label: l10n.t('Organization'), value: `${request.organizationName} (${request.organizationId})` },
      { label: l10n.t('Passkey name'), value: request.authenticatorName },
      { label: l10n.t('Relying party'), value: PASSKEY_RP_ID },
    ],
    button: l10n.t('Create passkey'),
    publicKey: {
      rp: { id: PASSKEY_RP_ID, name: PASSKEY_RP_NAME },
      user: {
        id: Buffer.from(request.userId, 'utf8').toString('base64url'),
        name: request.userName,
        displayName: request.userName,
      },
      challenge,
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      attestation: 'none',
      excludeCredentials: request.existingCredentialIds.map((id) => ({ type: 'public-key', id })),
      timeout: 120_000,
    },
    messages: messages(),
  };
  return { content, challenge };
}

function text(answer: Record<string, unknown>, field: string): string {
  const value = answer[field];
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]+$/.test(value)) {
    throw new InvalidInputError(
      'passkey answer',
      `The browser's answer has no valid "${field}".`,
      'Run the command again; if it keeps failing, try another browser.',
    );
  }
  return value;
}

/** The page's answer to `create()` as create_authenticators takes it. */
export function attestationOf(answer: Record<string, unknown>): Attestation {
  const transports = Array.isArray(answer['transports']) ? answer['transports'] : [];
  return {
    credentialId: text(answer, 'id'),
    clientDataJson: text(answer, 'clientDataJSON'),
    attestationObject: text(answer, 'attestationObject'),
    transports: [
      ...new Set(
        transports.flatMap((t: unknown) =>
          typeof t === 'string' && BROWSER_TRANSPORTS[t] ? [BROWSER_TRANSPORTS[t]] : [],
        ),
      ),
    ],
  };
}

export interface ApprovalDescription {
  readonly vote: 'approve' | 'reject';
  /** The activity type, in words. */
  readonly what: string;
  readonly organization: string;
  readonly fingerprint: string;
  /** What the activity does and its risks, row by row (the summary every place of decision shows). */
  readonly summary?: readonly { readonly label: string; readonly value: string; readonly title?: string }[];
}

export interface AllowedCredential {
  readonly credentialId: string;
  readonly transports: readonly string[];
}

/**
 * The page and options of `navigator.credentials.get()` for a stamp. The challenge is the one the client's
 * WebauthnStamper asks for (UTF-8 bytes of hex(sha256(body))), so the page shows that hex as the body's SHA-256.
 */
export function approvalPage(
  request: WebauthnAssertionRequest,
  description: ApprovalDescription,
  allowed: readonly AllowedCredential[],
): PasskeyPageContent {
  const bodyHash = Buffer.from(request.challenge).toString('utf8');
  const approving = description.vote === 'approve';
  return {
    ceremony: 'get',
    title: approving ? l10n.t('Approve with your passkey') : l10n.t('Reject with your passkey'),
    intro: approving
      ? l10n.t('Check what you approve, then sign it with your passkey. Nothing is sent until you do.')
      : l10n.t('Check what you reject, then sign it with your passkey. Nothing is sent until you do.'),
    rows: [
      { label: l10n.t('Decision'), value: approving ? l10n.t('Approve') : l10n.t('Reject') },
      { label: l10n.t('Activity'), value: description.what },
      ...(description.summary ?? []),
      { label: l10n.t('Organization'), value: description.organization },
      { label: l10n.t('Fingerprint'), value: description.fingerprint },
      { label: l10n.t('SHA-256 of the request'), value: bodyHash },
    ],
    button: approving ? l10n.t('Approve with passkey') : l10n.t('Reject with passkey'),
    publicKey: {
      challenge: Buffer.from(request.challenge).toString('base64url'),
      rpId: request.rpId ?? PASSKEY_RP_ID,
      allowCredentials: allowed.map((c) => ({
        type: 'public-key',
        id: c.credentialId,
        ...(c.transports.length > 0
          ? { transports: c.transports.flatMap((x) => (SERVICE_TRANSPORTS[x] ? [SERVICE_TRANSPORTS[x]] : [])) }
          : {}),
      })),
      userVerification: request.userVerification,
      timeout: Math.min(request.timeoutMs, 120_000),
    },
    messages: messages(),
  };
}

/** The page's answer to `get()` as the WebauthnStamper takes it. */
export function assertionOf(answer: Record<string, unknown>): WebauthnAssertion {
  const bytes = (field: string): Uint8Array => new Uint8Array(Buffer.from(text(answer, field), 'base64url'));
  return {
    credentialId: text(answer, 'id'),
    authenticatorData: bytes('authenticatorData'),
    clientDataJSON: bytes('clientDataJSON'),
    signature: bytes('signature'),
  };
}

/** The hex SHA-256 of a body: what the approval page shows, for tests to compare. */
export function bodySha256(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}
