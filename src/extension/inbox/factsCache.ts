/**
 * The current user (whoami) and the organization's root quorum and names (get_organization), read once per
 * profile and kept until the profile or the organization changes: the inbox, the progress of each activity and
 * the check before a vote all need them.
 */
import type { CountersignClient } from '../../api';
import type { OrganizationFacts } from './inboxRules';

/** What of a profile the facts depend on (a profile of profiles/profileStore.ts is one). */
export interface FactsProfile {
  readonly id: string;
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly apiKeyId?: string | undefined;
}

export class FactsCache {
  #entry: { readonly key: string; readonly promise: Promise<OrganizationFacts> } | undefined;

  get(client: CountersignClient, profile: FactsProfile): Promise<OrganizationFacts> {
    const key = JSON.stringify([profile.id, profile.baseUrl, profile.organizationId, profile.apiKeyId]);
    if (this.#entry?.key === key) return this.#entry.promise;
    const organizationId = profile.organizationId;
    const promise = Promise.all([
      client.whoami({ organizationId }),
      client.getOrganization({ organizationId }),
      import('./inboxRules.js'),
    ]).then(([me, data, rules]) => rules.organizationFacts(me.userId, data));
    const entry = { key, promise };
    this.#entry = entry;
    // A failed read is not kept: the next caller asks again.
    promise.catch(() => {
      if (this.#entry === entry) this.#entry = undefined;
    });
    return promise;
  }

  forget(): void {
    this.#entry = undefined;
  }
}
