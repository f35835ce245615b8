/**
 * What each organization of the local sandbox is there to show, one line each: the start notification, the
 * walkthrough and any list of the sandbox's profiles say the same. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';

/** The organizations the sandbox seeds, in the order a newcomer meets them. */
export const SANDBOX_ORGANIZATIONS = ['Demo', 'Team', 'Treasury', 'Demo Sub-organization'] as const;

/** What one sandbox organization shows; undefined for an organization the sandbox does not seed. */
export function sandboxOrganizationLine(name: string): string | undefined {
  switch (name) {
    case 'Demo':
      return l10n.t('Demo: one root user, quorum 1; what you submit runs at once.');
    case 'Team':
      return l10n.t("Team: two root users, quorum 2; a teammate's request waits for your vote.");
    case 'Treasury':
      return l10n.t('Treasury: policies decide; large transfers wait for two finance approvers, a hot key is denied.');
    case 'Demo Sub-organization':
      return l10n.t('Demo Sub-organization: a sub-organization of Demo, with its own root user.');
    default:
      return undefined;
  }
}

/** Every sandbox organization's line, in order: what the start notification appends. */
export function sandboxOrganizationLines(): string[] {
  return SANDBOX_ORGANIZATIONS.map((name) => sandboxOrganizationLine(name) ?? name);
}

/** What a profile pick shows of a profile. */
export interface ProfileFacts {
  readonly label: string;
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly localSandbox?: boolean;
  readonly organizationName?: string;
  readonly userName?: string;
}

/**
 * A profile in a pick list: its label, then the organization's and the user's names (never an id alone: a
 * profile whose names are unknown shows where it connects, the id after it), and below, for a sandbox profile,
 * what its organization shows.
 */
export function profilePickWords(profile: ProfileFacts): {
  readonly label: string;
  readonly description: string;
  readonly detail: string;
} {
  const names = [profile.organizationName, profile.userName].filter((n): n is string => !!n);
  const line =
    profile.localSandbox && profile.organizationName ? sandboxOrganizationLine(profile.organizationName) : undefined;
  return {
    label: profile.label,
    description:
      names.length > 0 ? names.join(' · ') : l10n.t('organization {0} at {1}', profile.organizationId, profile.baseUrl),
    detail: line ?? profile.baseUrl,
  };
}
