/**
 * The Activities view's activity elements: one per activity id, reused across loads so that a change can be fired
 * for that element, and its expansion and selection survive a refresh. A new organization starts afresh.
 */
import type { Activity } from '../../api';
import { notOlder } from '../store/activityChanges';
import type { ActivityListing, OrganizationStore } from '../store/organizationStore';
import { activityGroup } from '../wording/activityPresentation';
import type { ActivityElement } from './treeElements';

export class ActivityElements {
  readonly #elements = new Map<string, ActivityElement>();
  #organizationId: string | undefined;

  /** The organization the next load reads: the elements of another one are dropped. */
  useOrganization(organizationId: string): void {
    if (organizationId === this.#organizationId) return;
    this.#organizationId = organizationId;
    this.#elements.clear();
  }

  /** A profile switch: the next load starts afresh, even in the same organization. */
  forgetOrganization(): void {
    this.#organizationId = undefined;
  }

  get(id: string): ActivityElement | undefined {
    return this.#elements.get(id);
  }

  /** The element of an activity, made once per id and organization; it holds the newer of the two activities. */
  of(activity: Activity, organizationId: string): ActivityElement {
    const existing = this.#elements.get(activity.id);
    if (existing && existing.organizationId === organizationId) {
      // The inbox's copy may be a look older than the store's, which the row already shows.
      if (notOlder(activity, existing.activity)) existing.activity = activity;
      return existing;
    }
    const element: ActivityElement = { kind: 'activity', id: activity.id, organizationId, activity };
    this.#elements.set(activity.id, element);
    return element;
  }

  /** The store's listing as elements, in the service's order. */
  ofListing(store: OrganizationStore, listing: ActivityListing): ActivityElement[] {
    return listing.order.flatMap((id) => {
      const activity = store.activity(id);
      return activity ? [this.of(activity, listing.organizationId)] : [];
    });
  }

  /**
   * The elements of the activities the store read anew, each given the store's activity; `regrouped` when one of
   * them moved to another group of the view.
   */
  follow(store: OrganizationStore, activityIds: Iterable<string>): { rows: ActivityElement[]; regrouped: boolean } {
    let regrouped = false;
    const rows: ActivityElement[] = [];
    for (const id of activityIds) {
      const element = this.#elements.get(id);
      const activity = store.activity(id);
      if (!element || !activity || element.activity === activity) continue;
      if (activityGroup(activity) !== activityGroup(element.activity)) regrouped = true;
      element.activity = activity;
      rows.push(element);
    }
    return { rows, regrouped };
  }
}
