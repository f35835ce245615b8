/**
 * The activities the store holds for the active profile, by id, and the bookkeeping around them: those this window
 * follows until they end, those that just left the open set, the open set itself and the Activities view's listing.
 * Each method keeps what one read or one action brought and returns what changed; telling readers is the store's.
 */
import type { Activity } from '../../api';
import { differs, isTerminal, keepNewer, openChanges, withActivity, type ActivityNews } from './activityChanges';
import type { Held } from './lookTargets';
import type { ActivityListing, Interest, OpenSnapshot } from './storeTypes';

export class HeldActivities {
  readonly #activities = new Map<string, Activity>();
  /** Submitted or voted on here: read until they end, when the open listing does not show them. */
  readonly #followed = new Set<string>();
  /** Submitted or voted on in this window, whichever profile was active (kept across profiles). */
  readonly #here = new Set<string>();
  /** Left the open set since the last look: read once, to learn how they ended. */
  readonly #leaving = new Set<string>();
  #open: OpenSnapshot | undefined;
  #listing: ActivityListing | undefined;

  get(activityId: string): Activity | undefined {
    return this.#activities.get(activityId);
  }

  has(activityId: string): boolean {
    return this.#activities.has(activityId);
  }

  find(matches: (activity: Activity) => boolean): Activity | undefined {
    return [...this.#activities.values()].find(matches);
  }

  get open(): OpenSnapshot | undefined {
    return this.#open;
  }

  get listing(): ActivityListing | undefined {
    return this.#listing;
  }

  isHere(activityId: string): boolean {
    return this.#here.has(activityId);
  }

  follow(activityId: string): void {
    this.#followed.add(activityId);
  }

  /** What the look's pure choices (lookTargets.ts) read, with who watches now. */
  held(interests: Iterable<Interest>): Held {
    const [activities, followed, leaving] = [this.#activities, this.#followed, this.#leaving];
    return { activities, open: this.#open, followed, leaving, interests };
  }

  /** Keeps a page of the listing and the listing made with it. */
  keepListed(activities: readonly Activity[], listing: ActivityListing): ActivityNews {
    this.#listing = listing;
    return this.#keep(activities);
  }

  /** Keeps an activity read on its own (a page asked for it). */
  keepRead(activity: Activity): ActivityNews {
    return this.#keep([activity]);
  }

  #keep(activities: readonly Activity[]): ActivityNews {
    const { changed, ended, completed } = keepNewer(this.#activities, activities);
    // An activity that ended is not read again by the look: it would find nothing new to tell.
    for (const id of ended) this.#followed.delete(id);
    return { changed, completed };
  }

  /** Keeps an activity the look read one by one; true when a reader would see it changed. */
  keepLooked(activityId: string, activity: Activity): boolean {
    this.#leaving.delete(activityId);
    if (isTerminal(activity)) this.#followed.delete(activityId);
    if (!differs(this.#activities.get(activityId), activity)) return false;
    this.#activities.set(activityId, activity);
    return true;
  }

  /**
   * Keeps an activity this window submitted or voted on, followed until it ends. `activityIds`: those a reader
   * sees change; `open`: whether the open set holds it (and was updated with it).
   */
  note(activity: Activity): { activityIds: string[]; open: boolean } {
    this.#here.add(activity.id);
    const before = this.#activities.get(activity.id);
    this.#activities.set(activity.id, activity);
    if (isTerminal(activity)) this.#followed.delete(activity.id);
    else this.#followed.add(activity.id);
    const open = this.#open?.open.some((a) => a.id === activity.id) === true;
    if (open && this.#open) this.#open = withActivity(this.#open, activity);
    return { activityIds: differs(before, activity) || open ? [activity.id] : [], open };
  }

  /**
   * Keeps what the open listing found. Returns the snapshot kept (the same object when the set did not change) and,
   * when it changed, the activities a reader sees change.
   */
  keepOpen(found: OpenSnapshot): { snapshot: OpenSnapshot; changed?: string[] } {
    const previous = this.#open;
    const { changed, leaving, setChanged } = openChanges(previous, found, this.#activities);
    for (const activity of found.open) this.#activities.set(activity.id, activity);
    for (const id of leaving) this.#leaving.add(id);
    if (!setChanged && previous) return { snapshot: previous };
    this.#open = found;
    return { snapshot: found, changed };
  }

  /** Forgets what the profile held; what this window did is kept. */
  clear(): void {
    this.#activities.clear();
    this.#followed.clear();
    this.#leaving.clear();
    this.#open = undefined;
    this.#listing = undefined;
  }
}
