/**
 * Whether the active profile's organization is a sub-organization: known for the local sandbox's profiles (the
 * sandbox says which organization has a parent), unknown for other services. Mirrored in the context key
 * `countersign.organizationKind`, so that Delete Sub-Organization is not offered on a top-level organization.
 */
import type * as vscode from 'vscode';
import { ContextKeys } from '../commandIds';
import type { Profile, Services } from '../services';
import { ContextKey } from '../ui/contextKey';

export type OrganizationKind = 'subOrganization' | 'topLevel' | 'unknown';

export function organizationKind(profile: Pick<Profile, 'parentOrganizationId'> | undefined): OrganizationKind {
  const parent = profile?.parentOrganizationId;
  if (parent === undefined) return 'unknown';
  return parent === null ? 'topLevel' : 'subOrganization';
}

export function registerOrganizationKindContext(services: Services): vscode.Disposable {
  // `countersign.organizationKind != topLevel` reads an unset key as an unknown kind.
  const key = new ContextKey<OrganizationKind>(ContextKeys.organizationKind, 'unknown');
  const update = () => void key.set(organizationKind(services.profiles.active()));
  update();
  return services.profiles.onDidChange(update);
}
