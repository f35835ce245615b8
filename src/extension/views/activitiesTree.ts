/**
 * The Activities view: the active organization's activities, those waiting for this user's decision first,
 * paged with "Load more". An activity submitted from this window is followed while it is pending and the
 * view is visible, with a backoff that never goes faster than the configured interval (one second at least)
 * and slows down further on a 429.
 */
import * as vscode from 'vscode';
import { ServiceError, type Activity, type CountersignClient } from '../../api';
import { CommandIds } from '../commandIds';
import type { ChangeScope, Services, Session } from '../services';
import { t } from '../ui/l10n';
import { LoadedTree } from './loadedTree';
import { isTerminal, sortForTree, activityGroup } from './activityPresentation';
import { freshPollState, nextPollState, pollDelayMs, type PollOutcome, type PollState } from './pollSchedule';
import { activityFields, activityTreeItem } from './activityItems';
import { type ActivitiesElement, type ActivityElement, type MessageElement } from './treeElements';
import { fieldTreeItem, loadMoreElement, messageTreeItem } from './treeItems';

export const ACTIVITIES_VIEW_ID = 'countersign.activities';
/** The service returns at most 100 activities per request. */
const MAX_PAGE = 100;

export interface ActivitiesView extends vscode.Disposable {
  readonly provider: vscode.TreeDataProvider<ActivitiesElement>;
  readonly treeView: vscode.TreeView<ActivitiesElement>;
  /** Reloads the list (as many activities as are shown now) and redraws. */
  refresh(): void;
  /** Loads the next page; does nothing when the last page was not full. */
  loadMore(): Promise<void>;
  /** The activity rows as the tree orders them now (loads the first page if needed). */
  activities(): Promise<readonly ActivityElement[]>;
}

interface ActivityList {
  readonly organizationId: string;
  /** In the order the service returned them, across pages: the cursor of the next page is the last one. */
  readonly serverOrder: ActivityElement[];
  hasMore: boolean;
}

export function registerActivitiesView(services: Services): ActivitiesView {
  return new ActivitiesTree(services);
}

class ActivitiesTree extends LoadedTree<ActivityList, ActivitiesElement> implements ActivitiesView {
  readonly provider: vscode.TreeDataProvider<ActivitiesElement> = this;
  protected readonly what = 'activities';
  /** One element per activity id, reused across loads so that a change can be fired for that element. */
  readonly #elements = new Map<string, ActivityElement>();
  /** How many activities to reload on refresh: what the user has paged in so far. */
  #wanted = 0;
  #organizationId: string | undefined;
  #pollTimer: NodeJS.Timeout | undefined;
  #pollState: PollState = freshPollState;
  #pollCursor = 0;

  constructor(services: Services) {
    super(services, ACTIVITIES_VIEW_ID, ['profile', 'activities']);
    this.disposables.push(
      this.treeView.onDidChangeVisibility((event) => {
        if (event.visible) this.#schedulePoll();
        else this.#stopPolling();
      }),
    );
  }

  override dispose(): void {
    this.#stopPolling();
    super.dispose();
  }

  protected override onScopeChange(scope: ChangeScope): void {
    if (scope === 'profile') this.#wanted = 0;
  }

  protected override onLoaded(): void {
    this.#schedulePoll();
  }

  async activities(): Promise<readonly ActivityElement[]> {
    const model = await this.ensureLoaded();
    return model.kind === 'loaded' ? this.#sorted(model.value) : [];
  }

  // ---- TreeDataProvider ----

  getTreeItem(element: ActivitiesElement): vscode.TreeItem {
    switch (element.kind) {
      case 'activity':
        return activityTreeItem(element, Date.now(), (fingerprint) => this.#byFingerprint(fingerprint));
      case 'field':
        return fieldTreeItem(element);
      case 'message':
        return messageTreeItem(element);
    }
  }

  async getChildren(element?: ActivitiesElement): Promise<ActivitiesElement[]> {
    if (element === undefined) return this.#rootChildren();
    if (element.kind === 'activity') return activityFields(element, Date.now());
    if (element.kind === 'field') return element.children ? [...element.children] : [];
    return [];
  }

  getParent(element: ActivitiesElement): ActivitiesElement | undefined {
    if (element.kind === 'field') return element.parent?.kind === 'privateKey' ? undefined : element.parent;
    return undefined;
  }

  /** The loaded activity with this fingerprint: what a vote row names. */
  #byFingerprint(fingerprint: string): Activity | undefined {
    const model = this.model;
    if (model.kind !== 'loaded') return undefined;
    return model.value.serverOrder.find((element) => element.activity.fingerprint === fingerprint)?.activity;
  }

  // ---- loading ----

  #sorted(list: ActivityList): ActivityElement[] {
    return sortForTree(list.serverOrder.map((e) => e.activity)).map((a) => this.#elementFor(a, list.organizationId));
  }

  async #rootChildren(): Promise<ActivitiesElement[]> {
    const model = await this.ensureLoaded();
    switch (model.kind) {
      case 'noSession':
        return [];
      case 'error':
        return this.failureRows(ACTIVITIES_VIEW_ID, t('activities'), model.error, CommandIds.refreshActivities, {
          calm: model.phase === 'fetch',
        });
      case 'loaded': {
        const rows: ActivitiesElement[] = this.#sorted(model.value);
        if (model.value.hasMore && rows.length > 0)
          rows.push(loadMoreElement(model.value.serverOrder.length) satisfies MessageElement);
        return rows;
      }
    }
  }

  protected async fetch(session: Session): Promise<ActivityList> {
    const organizationId = session.profile.organizationId;
    if (organizationId !== this.#organizationId) {
      this.#organizationId = organizationId;
      this.#wanted = 0;
      this.#elements.clear();
    }
    const pageSize = this.#pageSize();
    const limit = Math.min(MAX_PAGE, Math.max(pageSize, this.#wanted));
    const started = Date.now();
    const page = await session.client.listActivities({ organizationId, paginationOptions: { limit: String(limit) } });
    this.services.log.debug('Activities loaded', {
      organizationId,
      count: page.length,
      durationMs: Date.now() - started,
    });
    this.#wanted = page.length;
    return {
      organizationId,
      serverOrder: dedupe(page).map((activity) => this.#elementFor(activity, organizationId)),
      hasMore: page.length >= limit,
    };
  }

  async loadMore(): Promise<void> {
    const loaded = await this.ensureLoaded();
    if (loaded.kind !== 'loaded' || !loaded.value.hasMore) return;
    const model = loaded.value;
    const generation = this.generation;
    const session = await this.services.session();
    if (!session || session.profile.organizationId !== model.organizationId) return;
    const pageSize = this.#pageSize();
    const seen = new Set(model.serverOrder.map((e) => e.id));
    const last = model.serverOrder[model.serverOrder.length - 1];
    if (!last) return;
    // The cursor names the last activity shown; the next page is "after" it in the service's order. A service
    // that reads the cursor the other way round returns only what is shown already: then ask for "before".
    let page = await this.#page(session.client, model.organizationId, pageSize, { after: last.id });
    let fresh = page.filter((activity) => !seen.has(activity.id));
    if (fresh.length === 0 && page.length > 0) {
      page = await this.#page(session.client, model.organizationId, pageSize, { before: last.id });
      fresh = page.filter((activity) => !seen.has(activity.id));
    }
    if (generation !== this.generation || this.model !== loaded) return;
    model.serverOrder.push(...dedupe(fresh).map((activity) => this.#elementFor(activity, model.organizationId)));
    model.hasMore = page.length >= pageSize && fresh.length > 0;
    this.#wanted = model.serverOrder.length;
    this.services.log.debug('More activities loaded', { organizationId: model.organizationId, count: fresh.length });
    this.redraw();
    this.#schedulePoll();
  }

  async #page(
    client: CountersignClient,
    organizationId: string,
    limit: number,
    cursor: { after: string } | { before: string },
  ): Promise<Activity[]> {
    return client.listActivities({ organizationId, paginationOptions: { limit: String(limit), ...cursor } });
  }

  #pageSize(): number {
    const size = Math.floor(this.services.settings().pageSize);
    return Number.isFinite(size) ? Math.min(MAX_PAGE, Math.max(1, size)) : 25;
  }

  #elementFor(activity: Activity, organizationId: string): ActivityElement {
    const existing = this.#elements.get(activity.id);
    if (existing && existing.organizationId === organizationId) {
      existing.activity = activity;
      return existing;
    }
    const element: ActivityElement = { kind: 'activity', id: activity.id, organizationId, activity };
    this.#elements.set(activity.id, element);
    return element;
  }

  // ---- following pending activities ----

  #followed(): ActivityElement[] {
    const model = this.model;
    if (model.kind !== 'loaded') return [];
    return model.value.serverOrder.filter((e) => !isTerminal(e.activity.status) && this.services.isSubmittedHere(e.id));
  }

  #schedulePoll(): void {
    if (this.disposed || this.#pollTimer || !this.treeView.visible) return;
    if (this.#followed().length === 0) {
      this.#pollState = freshPollState;
      return;
    }
    const delay = pollDelayMs(this.services.settings().pollIntervalMs, this.#pollState);
    this.#pollTimer = setTimeout(() => {
      this.#pollTimer = undefined;
      void this.#poll();
    }, delay);
  }

  #stopPolling(): void {
    if (this.#pollTimer) clearTimeout(this.#pollTimer);
    this.#pollTimer = undefined;
  }

  /** One request per tick: the followed activities take turns. */
  async #poll(): Promise<void> {
    const followed = this.#followed();
    if (followed.length === 0 || !this.treeView.visible || this.disposed) return;
    const element = followed[this.#pollCursor++ % followed.length];
    if (!element) return;
    let outcome: PollOutcome = 'unchanged';
    try {
      const session = await this.services.session();
      if (!session || session.profile.organizationId !== element.organizationId) return;
      const updated = await session.client.getActivity({
        organizationId: element.organizationId,
        activityId: element.id,
      });
      if (updated.status !== element.activity.status || updated.votes.length !== element.activity.votes.length) {
        outcome = 'changed';
        const regrouped = activityGroup(updated) !== activityGroup(element.activity);
        element.activity = updated;
        this.services.log.debug('Followed activity changed', { activityId: updated.id, status: updated.status });
        this.redraw(regrouped ? undefined : element);
        if (isTerminal(updated.status)) this.services.fireChange('organization');
      }
    } catch (error) {
      if (error instanceof ServiceError && error.status === 429) {
        outcome = 'rateLimited';
        this.services.log.warn('Rate limited while following an activity; slowing down', { activityId: element.id });
      } else {
        outcome = 'failed';
        this.services.log.failure('Could not refresh a pending activity', error);
      }
    }
    this.#pollState = nextPollState(this.#pollState, outcome);
    this.#schedulePoll();
  }
}

function dedupe(activities: readonly Activity[]): Activity[] {
  const seen = new Set<string>();
  return activities.filter((activity) => (seen.has(activity.id) ? false : (seen.add(activity.id), true)));
}
