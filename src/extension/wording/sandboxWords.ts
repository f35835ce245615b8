/**
 * What each organization of the local sandbox is there to show, one line each: the start notification, the
 * walkthrough and any list of the sandbox's profiles say the same. Pure (no `vscode`).
 */
import { englishText, type Translate } from '../ui/translate';

/** The organizations the sandbox seeds, in the order a newcomer meets them. */
export const SANDBOX_ORGANIZATIONS = ['Demo', 'Team', 'Treasury', 'Demo Sub-organization'] as const;

/** What one sandbox organization shows; undefined for an organization the sandbox does not seed. */
export function sandboxOrganizationLine(name: string, t: Translate = englishText): string | undefined {
  switch (name) {
    case 'Demo':
      return t('Demo: one root user, quorum 1; what you submit runs at once.');
    case 'Team':
      return t("Team: two root users, quorum 2; a teammate's request waits for your vote.");
    case 'Treasury':
      return t('Treasury: policies decide; large transfers wait for two finance approvers, a hot key is denied.');
    case 'Demo Sub-organization':
      return t('Demo Sub-organization: a sub-organization of Demo, with its own root user.');
    default:
      return undefined;
  }
}

/** Every sandbox organization's line, in order: what the start notification appends. */
export function sandboxOrganizationLines(t: Translate = englishText): string[] {
  return SANDBOX_ORGANIZATIONS.map((name) => sandboxOrganizationLine(name, t) ?? name);
}
