/**
 * Authentication as the service does it: the stamp is checked over the raw received bytes first, then
 * its key is looked up in the target organization or its parent, then the key's expiry and (for
 * submissions) the request's timestampMs. Each refusal carries the service's message and
 * turnkeyErrorCode.
 *
 * Two stamps are accepted: an API key's (`X-Stamp`, the key travels in the stamp) and a passkey's
 * (`X-Stamp-Webauthn`, only the credential id travels; its public key is the one registered with it).
 * When both headers are sent, X-Stamp is the one read.
 *
 * A credential id is public, so it names no one by itself: a passkey's stamp is verified only once the request's
 * organization is known, with the key of the passkey registered under that id in that organization (or in its
 * parent, which reads it), and the caller is the owner whose key verified it.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { GrpcCode, type DecodedWebauthnStamp } from '../api';
import { decodeWebauthnStamp, verifyApiKeyStamp } from '../api/remote';
import {
  authorize,
  organizationsReaching,
  CREDENTIAL_NOT_FOUND_MESSAGE,
  PUBLIC_KEY_NOT_FOUND_MESSAGE,
  type OperationKind,
} from './authorization';
import { checkPasskeyOrigin } from './organizationFeatures';
import { verifyAssertion } from './relyingParty';
import { invalidRequest, RpcError } from './rpcError';
import type { AuthenticatorOwner, Caller, KeyOwner, Organization, SandboxState } from './state';

export const MAX_TIMESTAMP_AGE_MS = 60 * 60_000;
export const MAX_TIMESTAMP_AHEAD_MS = 5 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthenticated = (message: string, turnkeyErrorCode: string): RpcError =>
  new RpcError(GrpcCode.Unauthenticated, message, turnkeyErrorCode);

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The stamp a request carries: an API key's, whose signature over the body already holds (its key travels in it),
 * or a passkey's, decoded but not yet verified: only the organization the request names says whose key it is.
 */
export type RequestStamp =
  | { readonly kind: 'apiKey'; readonly publicKey: string }
  | { readonly kind: 'webauthn'; readonly credentialId: string; readonly assertion: DecodedWebauthnStamp };

/** Checks an API key's stamp over `body`, or decodes a passkey's (findCaller verifies it). */
export function authenticateStamp(headers: IncomingHttpHeaders, body: Buffer): RequestStamp {
  const apiKeyStamp = headerValue(headers, 'x-stamp');
  if (apiKeyStamp === undefined || apiKeyStamp.trim() === '') {
    const webauthnStamp = headerValue(headers, 'x-stamp-webauthn');
    if (webauthnStamp !== undefined && webauthnStamp.trim() !== '') {
      const assertion = decodeWebauthnStamp(webauthnStamp);
      if (!assertion)
        throw unauthenticated('could not extract webauthn stamp: malformed activity stamp', 'SIGNATURE_INVALID');
      return { kind: 'webauthn', credentialId: assertion.credentialId, assertion };
    }
  }
  return { kind: 'apiKey', publicKey: verifyStamp(headers, body) };
}

/** Checks the X-Stamp's signature over `body` and returns its public key (lowercase hex). */
export function verifyStamp(headers: IncomingHttpHeaders, body: Buffer): string {
  const stamp = headerValue(headers, 'x-stamp');
  if (stamp === undefined || stamp.trim() === '') {
    throw unauthenticated(
      'cannot authenticate public API activity request without a stamp (X-Stamp/X-Stamp-Webauthn header)',
      'SIGNATURE_MISSING',
    );
  }
  const verdict = verifyApiKeyStamp(body, stamp);
  if (verdict.ok) return verdict.publicKey;
  switch (verdict.problem) {
    case 'malformed':
      throw unauthenticated('could not extract api key stamp: malformed activity stamp', 'SIGNATURE_INVALID');
    case 'unsupportedScheme':
      throw unauthenticated(`could not verify api key signature: ${verdict.detail}`, 'SIGNATURE_INVALID');
    case 'badPublicKey':
    case 'badSignature':
      throw unauthenticated(`could not verify api key signature: ${verdict.detail}`, 'SIGNATURE_INVALID');
  }
}

/** The organization a request names, or the service's refusal. */
export function findOrganization(state: SandboxState, organizationId: unknown): Organization {
  if (typeof organizationId !== 'string' || organizationId.length === 0) {
    throw invalidRequest('invalid request: organizationId: must be a non-empty string', [
      { field: 'organizationId', description: 'must be a non-empty string' },
    ]);
  }
  if (!UUID.test(organizationId)) {
    throw new RpcError(GrpcCode.InvalidArgument, 'malformed organization ID provided', 'INVALID_ORGANIZATION_ID', {
      fieldViolations: [{ field: 'organizationId', description: 'must be a UUID' }],
    });
  }
  const organization = state.organizations.get(organizationId.toLowerCase());
  if (!organization || organization.deleted) {
    throw new RpcError(GrpcCode.NotFound, 'no organization found with the given ID', 'ORGANIZATION_NOT_FOUND');
  }
  return organization;
}

/**
 * The owner of an API key as `organization` sees it: its own, else its parent's, else wherever else it is
 * registered (the authorization table then decides; for those it answers as for an unknown key). The stamp's
 * signature was made by that very key, so whichever owner is picked, the signer holds its private half.
 */
function ownerSeenFrom(organization: Organization, owners: readonly KeyOwner[] = []): KeyOwner | undefined {
  const parentId = organization.record.parentOrganizationId;
  const live = owners.filter((o) => !o.organization.deleted);
  return (
    live.find((o) => o.organization === organization) ??
    live.find((o) => parentId !== null && o.organization.record.organizationId === parentId) ??
    live[0]
  );
}

/** Finds the stamping key, lets the authorization table judge it, and refuses an expired one. */
export function findKeyOwner(
  state: SandboxState,
  organization: Organization,
  publicKey: string,
  nowMs: number,
  kind: OperationKind,
): KeyOwner {
  const owner = ownerSeenFrom(organization, state.keyOwners.get(publicKey));
  if (!owner) throw unauthenticated(PUBLIC_KEY_NOT_FOUND_MESSAGE, 'PUBLIC_KEY_NOT_FOUND');
  authorize(owner, organization, kind);
  const { expirationSeconds, createdAtMs } = owner.apiKey;
  if (expirationSeconds === undefined) return owner;
  // Fails closed: a lifetime that is not a whole number of seconds never means "never expires".
  if (!/^\d{1,15}$/.test(expirationSeconds)) {
    throw unauthenticated('expired api key: its expirationSeconds is not a whole number of seconds', 'API_KEY_EXPIRED');
  }
  if (createdAtMs + Number(expirationSeconds) * 1000 <= nowMs)
    throw unauthenticated('expired api key', 'API_KEY_EXPIRED');
  return owner;
}

/**
 * Finds the passkey that signed a request for `organization`: among those registered under the stamp's credential
 * id in the organizations that may reach it at all (itself, then its parent), the one whose own key verifies the
 * assertion over `body`. Then the authorization table judges it. Passkeys do not expire.
 */
export async function findAuthenticatorOwner(
  state: SandboxState,
  organization: Organization,
  assertion: DecodedWebauthnStamp,
  body: Buffer,
  kind: OperationKind,
): Promise<AuthenticatorOwner> {
  const candidates = organizationsReaching(state.organizations, organization).flatMap(
    (o) => state.passkeys.find(o, assertion.credentialId) ?? [],
  );
  if (candidates.length === 0) throw unauthenticated(CREDENTIAL_NOT_FOUND_MESSAGE, 'CREDENTIAL_NOT_FOUND');
  let detail: string | undefined;
  for (const owner of candidates) {
    const verdict = await verifyAssertion(body, assertion, owner.authenticator.publicKey);
    if (verdict.ok) {
      authorize(owner, organization, kind);
      return owner;
    }
    detail ??= verdict.detail;
  }
  throw unauthenticated(
    `could not verify WebAuthN signature: ${detail ?? 'the signature does not match'}`,
    'SIGNATURE_INVALID',
  );
}

/** Who stamped the request, as seen from the organization it names, once allowed to do this `kind` there. */
export async function findCaller(
  state: SandboxState,
  organization: Organization,
  stamp: RequestStamp,
  body: Buffer,
  nowMs: number,
  kind: OperationKind,
): Promise<Caller> {
  if (stamp.kind === 'apiKey') return findKeyOwner(state, organization, stamp.publicKey, nowMs, kind);
  const owner = await findAuthenticatorOwner(state, organization, stamp.assertion, body, kind);
  checkPasskeyOrigin(organization, stamp.assertion);
  return owner;
}

/** Submissions must be less than an hour old and at most five minutes ahead of the sandbox's clock. */
export function checkTimestamp(timestampMs: string, nowMs: number): void {
  const sent = Number(timestampMs);
  if (sent < nowMs - MAX_TIMESTAMP_AGE_MS) {
    throw unauthenticated(
      `request timestamp is too old: timestampMs ${timestampMs} is more than 1 hour before the service's clock (${nowMs})`,
      'TIMESTAMP_OUT_OF_RANGE',
    );
  }
  if (sent > nowMs + MAX_TIMESTAMP_AHEAD_MS) {
    throw unauthenticated(
      `request timestamp is in the future: timestampMs ${timestampMs} is more than 5 minutes ahead of the service's clock (${nowMs})`,
      'TIMESTAMP_OUT_OF_RANGE',
    );
  }
}
