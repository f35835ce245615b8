/**
 * Passkey enrolment and removal: what create_authenticators and delete_authenticators do once their quorum is
 * met, and the attestation check made when create_authenticators is submitted (it needs the organization's
 * allowed origins and is asynchronous, so it runs before the activity exists; a refused attestation creates
 * nothing). A user holds at most MAX_AUTHENTICATORS_PER_USER passkeys.
 *
 * A credential id is enrolled at most once across an organization, its ancestors and its descendants: a request for
 * one of them can be answered by a passkey of another (a parent reads its sub-organizations), so the same id twice
 * there would leave it unsaid whose passkey signed. Other organizations may hold the id too: passkeys are looked up
 * within the organization a request names, and refusing there would tell anyone which ids another customer holds.
 */
import { randomUUID } from 'node:crypto';
import { GrpcCode, MAX_AUTHENTICATORS_PER_USER } from '../api';
import { operations } from '../api/remote';
import { lineageOf } from './authorization';
import { failed, type Outcome } from './outcome';
import { attestedCredentialOf, verifyAttestation } from './relyingParty';
import { invalidRequest } from './rpcError';
import type { ActivityRecord, Effect, Organization, SandboxState, UserRecord } from './state';

/** Refuses (400, nothing created) an enrolment whose attestations a relying party would not accept. */
export async function checkAuthenticatorsIntent(
  organization: Organization,
  parameters: Record<string, unknown>,
): Promise<void> {
  const { authenticators } = operations.createAuthenticators.parameters.parse(parameters);
  for (const [index, params] of authenticators.entries()) {
    const verdict = await verifyAttestation(organization, params.challenge, params.attestation);
    if (!verdict.ok) {
      const field = `parameters.authenticators[${index}].attestation`;
      throw invalidRequest(`invalid attestation: ${verdict.detail}`, [{ field, description: verdict.detail }]);
    }
  }
}

function findUser(organization: Organization, userId: string): UserRecord | undefined {
  return organization.record.users.find((u) => u.userId === userId);
}

const userNotFound = (userId: string): Outcome =>
  failed(GrpcCode.NotFound, `user not found: no user with ID ${userId} in this organization`, 'NOT_FOUND');

/**
 * The refusal for an id already enrolled: wire-facts names no code for it, so it is gRPC's own for "the entity a
 * client tried to create already exists" (ALREADY_EXISTS, 409), with REQUEST_INVALID as its turnkeyErrorCode.
 */
function alreadyEnrolled(where: 'here' | 'lineage'): Outcome {
  return failed(
    GrpcCode.AlreadyExists,
    where === 'here'
      ? 'authenticator already exists: this credential is already registered in this organization'
      : 'authenticator already exists: this credential is already registered in a parent or sub-organization of this organization',
    'REQUEST_INVALID',
  );
}

export function createAuthenticators(
  activity: ActivityRecord,
  organization: Organization,
  now: number,
  state: SandboxState,
): Outcome {
  const operation = operations.createAuthenticators;
  const { userId, authenticators } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const user = findUser(organization, userId);
  if (!user) return userNotFound(userId);
  const held = user.authenticators?.length ?? 0;
  if (held + authenticators.length > MAX_AUTHENTICATORS_PER_USER) {
    return failed(
      GrpcCode.ResourceExhausted,
      `this user already has ${held} authenticator(s); a user can have at most ${MAX_AUTHENTICATORS_PER_USER}`,
      'RESOURCE_LIMIT_EXCEEDED',
    );
  }
  const lineage = lineageOf(state.organizations, organization);
  const enrolling = new Set<string>();
  const organizationId = organization.record.organizationId;
  const effects: Effect[] = [];
  const authenticatorIds: string[] = [];
  for (const params of authenticators) {
    const credential = attestedCredentialOf(params.attestation);
    if (!credential)
      return failed(GrpcCode.InvalidArgument, 'invalid attestation: it holds no P-256 credential', 'REQUEST_INVALID');
    const { credentialId } = credential;
    if (enrolling.has(credentialId) || state.passkeys.find(organization, credentialId)) return alreadyEnrolled('here');
    if (lineage.some((o) => state.passkeys.find(o, credentialId))) return alreadyEnrolled('lineage');
    enrolling.add(credentialId);
    const authenticatorId = randomUUID();
    authenticatorIds.push(authenticatorId);
    effects.push({
      op: 'putAuthenticator',
      organizationId,
      userId,
      record: {
        authenticatorId,
        authenticatorName: params.authenticatorName,
        credentialId: credential.credentialId,
        publicKey: credential.publicKey,
        createdAtMs: now,
        aaguid: credential.aaguid,
        attestationType: credential.attestationType,
        transports: params.attestation.transports,
      },
    });
  }
  return { status: 'ACTIVITY_STATUS_COMPLETED', result: { createAuthenticatorsResult: { authenticatorIds } }, effects };
}

export function deleteAuthenticators(activity: ActivityRecord, organization: Organization): Outcome {
  const operation = operations.deleteAuthenticators;
  const { userId, authenticatorIds } = operation.parameters.parse(activity.intent[operation.intentKey]);
  const user = findUser(organization, userId);
  if (!user) return userNotFound(userId);
  const ids = [...new Set(authenticatorIds)];
  const missing = ids.find((id) => !user.authenticators?.some((a) => a.authenticatorId === id));
  if (missing !== undefined) {
    return failed(
      GrpcCode.NotFound,
      `authenticator not found: user ${userId} has no authenticator with ID ${missing}`,
      'NOT_FOUND',
    );
  }
  // Every user keeps at least one long-lived credential: a passkey or an API key that never expires.
  const remainingPasskeys = (user.authenticators?.length ?? 0) - ids.length;
  if (remainingPasskeys === 0 && !user.apiKeys.some((k) => k.expirationSeconds === undefined)) {
    return failed(
      GrpcCode.FailedPrecondition,
      'a user must keep at least one long-lived credential (a passkey or an API key that does not expire)',
      'REQUEST_INVALID',
    );
  }
  const organizationId = organization.record.organizationId;
  return {
    status: 'ACTIVITY_STATUS_COMPLETED',
    result: { deleteAuthenticatorsResult: { authenticatorIds: ids } },
    effects: ids.map((authenticatorId) => ({ op: 'deleteAuthenticator', organizationId, userId, authenticatorId })),
  };
}
