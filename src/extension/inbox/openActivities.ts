/**
 * Every open activity of the organization, not only the newest page: the service lists at most 100 activities per
 * request, newest first, so the inbox reads page after page until one comes back short. The pages are bounded:
 * past the bound, more may wait than were read, and the inbox says "at least" instead of a count it cannot vouch
 * for. Pure (no `vscode`): tested in plain Node against the sandbox.
 */
import { VOTABLE_STATUSES, type Activity, type CountersignClient } from '../../api';
import { isOpen } from './inboxRules';

/** The service's largest page. */
export const OPEN_PAGE_SIZE = 100;
/** Ten pages: a thousand activities awaiting consensus is far past what one person reviews. */
export const OPEN_MAX_PAGES = 10;

type ListActivitiesRequest = Parameters<CountersignClient['listActivities']>[0];

export interface OpenActivities {
  /** The organization's open activities (votable status, within the approval window), newest first. */
  readonly open: readonly Activity[];
  /** False when the bound stopped the reading at a full page: more may wait than `open` holds. */
  readonly listedAll: boolean;
}

export interface OpenActivitiesOptions {
  readonly pageSize?: number;
  readonly maxPages?: number;
}

/** Reads the votable activities page by page (at most `maxPages` requests) and keeps the open ones. */
export async function listOpenActivities(
  listActivities: (request: ListActivitiesRequest) => Promise<readonly Activity[]>,
  organizationId: string,
  nowMs: number,
  options: OpenActivitiesOptions = {},
): Promise<OpenActivities> {
  const pageSize = options.pageSize ?? OPEN_PAGE_SIZE;
  const maxPages = options.maxPages ?? OPEN_MAX_PAGES;
  const read = (cursor: { after: string } | { before: string } | undefined) =>
    listActivities({
      organizationId,
      filterByStatus: [...VOTABLE_STATUSES],
      paginationOptions: { limit: String(pageSize), ...cursor },
    });
  const seen = new Map<string, Activity>();
  const keep = (page: readonly Activity[]): Activity[] => {
    const fresh = page.filter((activity) => !seen.has(activity.id));
    for (const activity of fresh) seen.set(activity.id, activity);
    return fresh;
  };
  let page = await read(undefined);
  keep(page);
  let requests = 1;
  // The cursor names the oldest activity read; "after" it is the next page in the service's order. A service
  // that reads the cursor the other way round answers only what was read already: then "before" is asked.
  let direction: 'after' | 'before' = 'after';
  let listedAll = true;
  while (page.length >= pageSize) {
    const last = page[page.length - 1];
    if (!last) break;
    if (requests >= maxPages) {
      listedAll = false;
      break;
    }
    let next = await read(direction === 'after' ? { after: last.id } : { before: last.id });
    requests += 1;
    let fresh = keep(next);
    if (fresh.length === 0 && next.length > 0 && direction === 'after') {
      if (requests >= maxPages) {
        listedAll = false;
        break;
      }
      direction = 'before';
      next = await read({ before: last.id });
      requests += 1;
      fresh = keep(next);
    }
    // Nothing new either way: everything was read, unless a full page of known ones says the cursor was ignored.
    if (fresh.length === 0) {
      if (next.length >= pageSize) listedAll = false;
      break;
    }
    page = next;
  }
  const open = [...seen.values()].filter(
    (activity) => activity.organizationId === organizationId && isOpen(activity, nowMs),
  );
  return { open, listedAll };
}
