/**
 * What the Activities view's rows call things by id or address (users, keys, tags, interfaces, the organization),
 * as the store read them, kept across loads of the profile: a row names what it touched the same way once it was
 * rejected or deleted, and whether or not anything is still open.
 */
import type { Services } from '../services';
import type { ActivityListing, OrganizationStore } from '../store/organizationStore';
import { organizationNamer, type KnownNames, type NameOf } from '../wording/addressNames';
import { createdNames, deletedInterfaceId } from './activityNames';

export class ActivityRowNames {
  readonly #names = new Map<string, string>();

  /** A profile switch: the names were another organization's. */
  clear(): void {
    this.#names.clear();
  }

  /** Names from these rows first, then from `known` (the inbox's facts). */
  namer(known: KnownNames | undefined): NameOf {
    return organizationNamer(this.#names, known);
  }

  /**
   * The names the listed rows need, from the store's organization (kept until it changes), the labels and tag
   * names their creations gave, and, only when a deletion names an interface not known yet, the interfaces. A
   * name that cannot be read leaves its id in the row.
   */
  async learn(services: Services, store: OrganizationStore, listing: ActivityListing): Promise<void> {
    const activities = listing.order.flatMap((id) => store.activity(id) ?? []);
    for (const activity of activities) for (const [id, name] of createdNames(activity)) this.#names.set(id, name);
    const [facts, snapshot] = await Promise.all([
      services.organizationFacts().catch(() => undefined),
      store.organization().catch(() => undefined),
    ]);
    for (const [id, name] of facts?.names ?? []) this.#names.set(id, name);
    if (snapshot) this.#names.set(snapshot.organizationId, snapshot.data.name);
    const unknownInterface = activities.some((activity) => {
      const id = deletedInterfaceId(activity);
      return id !== undefined && !this.#names.has(id);
    });
    if (!unknownInterface) return;
    const interfaces = await store.interfaces().catch(() => undefined);
    for (const sci of interfaces ?? []) if (sci.label) this.#names.set(sci.smartContractInterfaceId, sci.label);
  }
}
