/**
 * Who may do what, in one table: the caller's organization as seen from the organization a request names
 * (its own, its parent, one of its sub-organizations, a sibling under the same parent, or any other) against
 * the kind of operation (a query, a submission, a vote on an activity, deleting the organization itself).
 * Every request passes here once it is authenticated; no handler repeats these checks.
 *
 * The rules are the service's documented ones: an organization's own credentials do everything (quorum and
 * execution rules still apply); a parent organization has read-only visibility into its sub-organizations and
 * cannot modify their contents, nor delete them (a root user of the sub-organization must initiate that); and
 * the credentials of any other organization are not found at all, so a refusal reveals nothing about them.
 */
import { ActivityType, GrpcCode, type QueryOperation, type SubmitOperation } from '../api';
import { RpcError } from './rpcError';
import type { Caller, Organization } from './state';

export const PUBLIC_KEY_NOT_FOUND_MESSAGE = 'could not find public key in organization or its parent organization';
export const CREDENTIAL_NOT_FOUND_MESSAGE = 'could not find credential in organization or its parent organization';

export type OrganizationRelation = 'own' | 'parent' | 'subOrganization' | 'sibling' | 'other';
export type OperationKind = 'query' | 'submit' | 'vote' | 'deleteSelf';

/** allow; refuse as for a credential that does not exist; or refuse because the parent only reads. */
export type Grant = 'allow' | 'notFound' | 'readOnly';

export const AUTHORIZATION_TABLE: Readonly<Record<OrganizationRelation, Readonly<Record<OperationKind, Grant>>>> = {
  own: { query: 'allow', submit: 'allow', vote: 'allow', deleteSelf: 'allow' },
  parent: { query: 'allow', submit: 'readOnly', vote: 'readOnly', deleteSelf: 'readOnly' },
  subOrganization: { query: 'notFound', submit: 'notFound', vote: 'notFound', deleteSelf: 'notFound' },
  sibling: { query: 'notFound', submit: 'notFound', vote: 'notFound', deleteSelf: 'notFound' },
  other: { query: 'notFound', submit: 'notFound', vote: 'notFound', deleteSelf: 'notFound' },
};

/** How the caller's organization stands to the target: `caller` is the credential owner's organization. */
export function relationOf(caller: Organization, target: Organization): OrganizationRelation {
  const callerId = caller.record.organizationId;
  const targetId = target.record.organizationId;
  if (callerId === targetId) return 'own';
  if (target.record.parentOrganizationId === callerId) return 'parent';
  if (caller.record.parentOrganizationId === targetId) return 'subOrganization';
  const parentId = caller.record.parentOrganizationId;
  if (parentId !== null && parentId === target.record.parentOrganizationId) return 'sibling';
  return 'other';
}

/** Whether the table grants `relation` anything at all; a credential of any other relation is never looked at. */
export function reaches(relation: OrganizationRelation): boolean {
  return Object.values(AUTHORIZATION_TABLE[relation]).some((grant) => grant !== 'notFound');
}

/**
 * The organizations whose credentials may act in `target` at all, in the order their passkeys are tried: the
 * target itself, then its parent (which reads it). Each is kept only while the table grants its relation anything.
 */
export function organizationsReaching(
  organizations: ReadonlyMap<string, Organization>,
  target: Organization,
): Organization[] {
  const parentId = target.record.parentOrganizationId;
  const parent = parentId === null ? undefined : organizations.get(parentId);
  return [target, ...(parent ? [parent] : [])].filter((o) => !o.deleted && reaches(relationOf(o, target)));
}

/**
 * The organization, its ancestors and its descendants (live ones): where a credential id must stay unique, since a
 * request for one of them can be answered by a passkey of another (a parent reads its sub-organizations). Siblings
 * are not in it: neither ever reaches the other.
 */
export function lineageOf(
  organizations: ReadonlyMap<string, Organization>,
  organization: Organization,
): Organization[] {
  const lineage = new Set<Organization>([organization]);
  for (let up = parentOf(organizations, organization); up && !lineage.has(up); up = parentOf(organizations, up))
    lineage.add(up);
  const below = [organization];
  for (let current = below.pop(); current; current = below.pop()) {
    for (const candidate of organizations.values()) {
      if (candidate.record.parentOrganizationId !== current.record.organizationId || lineage.has(candidate)) continue;
      lineage.add(candidate);
      below.push(candidate);
    }
  }
  return [...lineage].filter((o) => !o.deleted);
}

/** The topmost ancestor, which every member of a lineage shares. */
export function topOf(organizations: ReadonlyMap<string, Organization>, organization: Organization): Organization {
  const seen = new Set<Organization>([organization]);
  let top = organization;
  for (let up = parentOf(organizations, top); up && !seen.has(up); up = parentOf(organizations, up)) {
    seen.add(up);
    top = up;
  }
  return top;
}

function parentOf(
  organizations: ReadonlyMap<string, Organization>,
  organization: Organization,
): Organization | undefined {
  const parentId = organization.record.parentOrganizationId;
  return parentId === null ? undefined : organizations.get(parentId);
}

export function operationKind(operation: QueryOperation | SubmitOperation): OperationKind {
  if (operation.kind === 'query') return 'query';
  switch (operation.activityType) {
    case ActivityType.ApproveActivity:
    case ActivityType.RejectActivity:
      return 'vote';
    case ActivityType.DeleteSubOrganization:
      return 'deleteSelf';
    default:
      return 'submit';
  }
}

const READ_ONLY_MESSAGES: Readonly<Record<Exclude<OperationKind, 'query'>, string>> = {
  submit:
    'request not authorized: a parent organization has read-only access to its sub-organizations and cannot modify their contents',
  vote: 'request not authorized: only root users of the organization can vote on its activities',
  deleteSelf: 'request not authorized: a sub-organization can only be deleted by a root user of that sub-organization',
};

/** Refuses the request unless the table allows it; the caller is the credential's owner, wherever it is. */
export function authorize(caller: Caller, target: Organization, kind: OperationKind): void {
  const grant = AUTHORIZATION_TABLE[relationOf(caller.organization, target)][kind];
  if (grant === 'allow') return;
  if (grant === 'notFound') {
    // Exactly the refusal of an unknown credential: nothing says it exists in another organization.
    throw 'apiKey' in caller
      ? new RpcError(GrpcCode.Unauthenticated, PUBLIC_KEY_NOT_FOUND_MESSAGE, 'PUBLIC_KEY_NOT_FOUND')
      : new RpcError(GrpcCode.Unauthenticated, CREDENTIAL_NOT_FOUND_MESSAGE, 'CREDENTIAL_NOT_FOUND');
  }
  throw new RpcError(
    GrpcCode.PermissionDenied,
    READ_ONLY_MESSAGES[kind as Exclude<OperationKind, 'query'>],
    'REQUEST_NOT_AUTHORIZED',
  );
}
