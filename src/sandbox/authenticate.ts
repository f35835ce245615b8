/**
 * Authentication as the service does it: the X-Stamp is checked over the raw received bytes first, then
 * its public key is looked up among the API keys of the target organization or its parent, then the
 * key's expiry and (for submissions) the request's timestampMs. Each refusal carries the service's
 * message and turnkeyErrorCode.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { GrpcCode, verifyApiKeyStamp } from '../api';
import { invalidRequest, RpcError } from './rpcError';
import type { KeyOwner, Organization, SandboxState } from './state';

export const MAX_TIMESTAMP_AGE_MS = 60 * 60_000;
export const MAX_TIMESTAMP_AHEAD_MS = 5 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthenticated = (message: string, turnkeyErrorCode: string): RpcError =>
  new RpcError(GrpcCode.Unauthenticated, message, turnkeyErrorCode);

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Checks the stamp's signature over `body` and returns its public key (lowercase hex). */
export function verifyStamp(headers: IncomingHttpHeaders, body: Buffer): string {
  const stamp = headerValue(headers, 'x-stamp');
  if (stamp === undefined || stamp.trim() === '') {
    if (headerValue(headers, 'x-stamp-webauthn') !== undefined) {
      throw unauthenticated('could not verify WebAuthN signature: the local sandbox accepts API key stamps (X-Stamp) only', 'SIGNATURE_INVALID');
    }
    throw unauthenticated('cannot authenticate public API activity request without a stamp (X-Stamp/X-Stamp-Webauthn header)', 'SIGNATURE_MISSING');
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

/** Finds the stamping key in the organization or its parent, and refuses an expired one. */
export function findKeyOwner(state: SandboxState, organization: Organization, publicKey: string, nowMs: number): KeyOwner {
  const owners = state.keyOwners.get(publicKey) ?? [];
  const parentId = organization.record.parentOrganizationId;
  const owner =
    owners.find((o) => o.organization === organization) ??
    (parentId === null ? undefined : owners.find((o) => o.organization.record.organizationId === parentId && !o.organization.deleted));
  if (!owner) {
    throw unauthenticated('could not find public key in organization or its parent organization', 'PUBLIC_KEY_NOT_FOUND');
  }
  const { expirationSeconds, createdAtMs } = owner.apiKey;
  if (expirationSeconds !== undefined && createdAtMs + Number(expirationSeconds) * 1000 <= nowMs) {
    throw unauthenticated('expired api key', 'API_KEY_EXPIRED');
  }
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
