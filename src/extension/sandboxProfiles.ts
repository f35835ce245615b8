/**
 * The profiles a local sandbox's credentials make: "Local sandbox · <organization>", one per user with an API key,
 * Demo's first user first (the one made active). Each start of a sandbox creates or refreshes them, keys first.
 */
import * as vscode from 'vscode';
import { LOCAL_SANDBOX_PROFILE_ID, type ProfileStore } from './profiles/profileStore';
import type { KeyVault } from './profiles/keyVault';
import type { SandboxCredentials, SandboxOrganizationRecord } from './sandboxProcess';

interface SandboxProfile {
  readonly id: string;
  readonly label: string;
  readonly organization: SandboxOrganizationRecord;
  readonly userIndex: number;
}

/** Demo first (the one made active), then one profile per root user of the other organizations. */
export function sandboxProfiles(credentials: SandboxCredentials): SandboxProfile[] {
  const result: SandboxProfile[] = [];
  for (const organization of credentials.organizations) {
    const isDemo = organization.name === 'Demo';
    organization.users.forEach((user, userIndex) => {
      if (user.apiKeys.length === 0) return;
      const id =
        isDemo && userIndex === 0
          ? LOCAL_SANDBOX_PROFILE_ID
          : `${LOCAL_SANDBOX_PROFILE_ID}.${organization.organizationId}.${user.userId}`;
      const label =
        organization.users.length > 1
          ? vscode.l10n.t('Local sandbox · {0} ({1})', organization.name, user.userName)
          : vscode.l10n.t('Local sandbox · {0}', organization.name);
      result.push({ id, label, organization, userIndex });
    });
  }
  return result.sort((a, b) => Number(b.id === LOCAL_SANDBOX_PROFILE_ID) - Number(a.id === LOCAL_SANDBOX_PROFILE_ID));
}

/** Creates or refreshes one profile per sandbox user (keys first, into the vault); the active one stays. */
export async function refreshSandboxProfiles(
  credentials: SandboxCredentials,
  profiles: ProfileStore,
  keys: KeyVault,
): Promise<void> {
  const entries = sandboxProfiles(credentials);
  if (!entries.some((e) => e.id === LOCAL_SANDBOX_PROFILE_ID))
    throw new Error('The sandbox has no Demo organization with an API key.');
  for (const entry of entries) {
    const user = entry.organization.users[entry.userIndex];
    const apiKey = user?.apiKeys[0];
    if (!user || !apiKey) continue;
    // The key first: a profile whose key is missing would flash "no key" in the views.
    await keys.store(entry.id, apiKey.privateKey);
    await profiles.add(
      {
        label: entry.label,
        baseUrl: credentials.baseUrl,
        organizationId: entry.organization.organizationId,
        apiKeyId: apiKey.apiKeyId,
        localSandbox: true,
        parentOrganizationId: entry.organization.parentOrganizationId,
        organizationName: entry.organization.name,
        userName: user.userName,
      },
      { id: entry.id, activate: false },
    );
  }
}
