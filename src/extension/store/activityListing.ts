/**
 * The Activities view's pages, as the store reads them: the first page (as many as were shown before, so that a
 * reload keeps what was paged in), then one page after the last activity shown. Pure of `vscode`.
 */
import type { Activity } from '../../api';
import type { ActivityListing, ListActivitiesRequest, StoreSession } from './storeTypes';

/** The service returns at most 100 activities per request. */
export const MAX_PAGE = 100;

type List = (request: ListActivitiesRequest) => Promise<Activity[]>;

export interface Page {
  readonly activities: readonly Activity[];
  readonly hasMore: boolean;
}

export function dedupe(activities: readonly Activity[]): Activity[] {
  const seen = new Set<string>();
  return activities.filter((activity) => (seen.has(activity.id) ? false : (seen.add(activity.id), true)));
}

export function pageLimit(pageSize: number): number {
  const size = Math.floor(pageSize);
  return Number.isFinite(size) ? Math.min(MAX_PAGE, Math.max(1, size)) : 25;
}

/** The first page: `wanted` activities (what was shown), at least a page, at most what one request returns. */
export async function firstPage(list: List, organizationId: string, pageSize: number, wanted: number): Promise<Page> {
  const limit = Math.min(MAX_PAGE, Math.max(pageLimit(pageSize), wanted));
  const page = await list({ organizationId, paginationOptions: { limit: String(limit) } });
  return { activities: dedupe(page), hasMore: page.length >= limit };
}

/**
 * The page after `lastId`, without what is shown already. The cursor names the last activity shown; the next page
 * is "after" it in the service's order. A service that reads the cursor the other way round returns only what is
 * shown already: then "before" is asked.
 */
export async function nextPage(
  list: List,
  organizationId: string,
  pageSize: number,
  lastId: string,
  seen: ReadonlySet<string>,
): Promise<Page> {
  const limit = pageLimit(pageSize);
  const read = (cursor: { after: string } | { before: string }) =>
    list({ organizationId, paginationOptions: { limit: String(limit), ...cursor } });
  let page = await read({ after: lastId });
  let fresh = page.filter((activity) => !seen.has(activity.id));
  if (fresh.length === 0 && page.length > 0) {
    page = await read({ before: lastId });
    fresh = page.filter((activity) => !seen.has(activity.id));
  }
  return { activities: dedupe(fresh), hasMore: page.length >= limit && fresh.length > 0 };
}

/** Where the store keeps what a page read: the listing, unless the store was emptied meanwhile (its generation). */
export interface ListingHost {
  listing(): ActivityListing | undefined;
  generation(): number;
  /** Keeps the page's activities and the listing made with them. */
  keep(activities: readonly Activity[], listing: ActivityListing): void;
}

/** The Activities view's first page: as many as it showed before, at least `pageSize`; undefined if overtaken. */
export async function readListing(
  host: ListingHost,
  session: StoreSession,
  pageSize: number,
): Promise<ActivityListing | undefined> {
  const { organizationId } = session.profile;
  const generation = host.generation();
  const known = host.listing();
  const wanted = known?.organizationId === organizationId ? known.order.length : 0;
  const page = await firstPage((r) => session.client.listActivities(r), organizationId, pageSize, wanted);
  if (generation !== host.generation()) return undefined;
  const listing = { organizationId, order: page.activities.map((a) => a.id), hasMore: page.hasMore };
  host.keep(page.activities, listing);
  return listing;
}

/** The next page of the listing, after its last activity; what is listed already is never asked again. */
export async function readMore(
  host: ListingHost,
  session: () => Promise<StoreSession | undefined>,
  pageSize: number,
): Promise<ActivityListing | undefined> {
  const listing = host.listing();
  const last = listing?.order[listing.order.length - 1];
  if (!listing?.hasMore || last === undefined) return listing;
  const current = await session();
  if (current?.profile.organizationId !== listing.organizationId) return undefined;
  const generation = host.generation();
  const list = (r: ListActivitiesRequest) => current.client.listActivities(r);
  const page = await nextPage(list, listing.organizationId, pageSize, last, new Set(listing.order));
  if (generation !== host.generation() || host.listing() !== listing) return host.listing();
  const next = {
    organizationId: listing.organizationId,
    order: [...listing.order, ...page.activities.map((a) => a.id)],
    hasMore: page.hasMore,
  };
  host.keep(page.activities, next);
  return next;
}
