/**
 * The Activities view: "Awaiting your vote (N)" first (the inbox's activities, with the count in the view's
 * badge), then the active organization's other activities, paged with "Load more". Each activity that gathers
 * votes says where it stands ("1 of 2 approvals, waiting for …"). The inbox follows the open activities; an
 * activity submitted from this window that is still being created is followed here while the view is visible,
 * with a backoff that never goes faster than the configured interval and slows down further on a 429.
 */
import * as vscode from 'vscode';
import { InvalidInputError, ServiceError, type Activity, type CountersignClient } from '../../api';
import type { Inbox } from '../inbox/inbox';
import { awaitingCountText, awaitingGroupLabel } from '../wording/awaitingWords';
import { CommandIds } from '../commandIds';
import type { ChangeScope, Services, Session } from '../services';
import { t } from '../ui/l10n';
import { LoadedTree } from './loadedTree';
import { isTerminal, sortForTree, activityGroup } from '../wording/activityPresentation';
import { freshPollState, nextPollState, pollDelayMs, type PollOutcome, type PollState } from '../store/pollSchedule';
import { activityFields, activityTreeItem } from './activityItems';
import {
  type ActivitiesElement,
  type ActivityElement,
  type InboxGroupElement,
  type MessageElement,
} from './treeElements';
import { fieldTreeItem, loadMoreElement, messageTreeItem, themeIcon } from './treeItems';
import { contextValue } from './contextValue';
import type { ActivitiesRows } from './views';
import type { TreeHost } from './treeShell';
import { ACTIVITIES_VIEW_ID } from './viewIds';

const INBOX_GROUP_ID = `${ACTIVITIES_VIEW_ID}/awaitingYourVote`;
/** The statuses the inbox follows (votes can still come): the view leaves those to it. */
const DECISION_STATUSES_AND_PENDING: readonly string[] = [
  'ACTIVITY_STATUS_CONSENSUS_NEEDED',
  'ACTIVITY_STATUS_PENDING',
];
/** The service returns at most 100 activities per request. */
const MAX_PAGE = 100;

interface ActivityList {
  readonly organizationId: string;
  /** In the order the service returned them, across pages: the cursor of the next page is the last one. */
  readonly serverOrder: ActivityElement[];
  hasMore: boolean;
}

export class ActivitiesTree extends LoadedTree<ActivityList, ActivitiesElement> implements ActivitiesRows {
  protected readonly what = 'activities';
  /** One element per activity id, reused across loads so that a change can be fired for that element. */
  readonly #elements = new Map<string, ActivityElement>();
  /** How many activities to reload on refresh: what the user has paged in so far. */
  #wanted = 0;
  #organizationId: string | undefined;
  #pollTimer: NodeJS.Timeout | undefined;
  #pollState: PollState = freshPollState;
  #pollCursor = 0;
  readonly #inbox: Inbox;
  /** The group row, one object per count, so that a reveal finds the row the view drew. */
  #group: InboxGroupElement | undefined;

  constructor(services: Services, inbox: Inbox, host: TreeHost<ActivitiesElement>) {
    super(services, host, ['profile', 'activities']);
    this.#inbox = inbox;
    this.disposables.push(
      this.treeView.onDidChangeVisibility((event) => {
        if (event.visible) this.#schedulePoll();
        else this.#stopPolling();
      }),
      inbox.onDidChange(() => this.redraw()),
    );
  }

  /** The activities awaiting your vote, as elements of this view. */
  #awaiting(organizationId: string): ActivityElement[] {
    const state = this.#inbox.state;
    if (state?.organizationId !== organizationId) return [];
    return state.awaiting.map((activity) => this.#elementFor(activity, organizationId));
  }

  #groupElement(count: number): InboxGroupElement {
    const more = this.#inbox.countIsFloor;
    if (this.#group?.count !== count || this.#group.more !== more)
      this.#group = { kind: 'inboxGroup', id: INBOX_GROUP_ID, count, more };
    return this.#group;
  }

  async inboxGroup(): Promise<InboxGroupElement | undefined> {
    const roots = await this.#rootChildren();
    return roots.find((element): element is InboxGroupElement => element.kind === 'inboxGroup');
  }

  async reveal(activityId?: string): Promise<void> {
    await vscode.commands.executeCommand(`${ACTIVITIES_VIEW_ID}.focus`);
    const group = await this.inboxGroup();
    if (activityId === undefined) {
      if (group) await this.treeView.reveal(group, { select: true, focus: true, expand: true });
      return;
    }
    let row = (await this.activities()).find((element) => element.id === activityId);
    if (!row) {
      // Not among the loaded rows (the inbox saw it first): load again once.
      await this.#inbox.check().catch(() => undefined);
      this.refresh();
      row = (await this.activities()).find((element) => element.id === activityId);
    }
    if (!row) {
      throw new InvalidInputError(
        'activityId',
        vscode.l10n.t('Activity {0} is not among the activities of the active profile.', activityId),
      );
    }
    await this.treeView.reveal(row, { select: true, focus: true, expand: false });
  }

  /** "1 of 2 approvals, waiting for …" for an activity that gathers votes, as the inbox's last look found it. */
  #progressOf(activity: Activity): string | undefined {
    const state = this.#inbox.state;
    if (state?.organizationId !== activity.organizationId || !DECISION_STATUSES_AND_PENDING.includes(activity.status))
      return undefined;
    return state.progress.get(activity.id);
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
    if (model.kind !== 'loaded') return [];
    const awaiting = this.#awaiting(model.value.organizationId);
    return [...awaiting, ...this.#others(model.value, awaiting)];
  }

  // ---- TreeDataProvider ----

  getTreeItem(element: ActivitiesElement): vscode.TreeItem {
    switch (element.kind) {
      case 'activity':
        return activityTreeItem(element, Date.now(), {
          find: (fingerprint) => this.#byFingerprint(fingerprint),
          nameOf: (id) => this.#inbox.state?.facts?.names.get(id),
          progress: this.#progressOf(element.activity),
        });
      case 'inboxGroup':
        return this.#groupItem(element);
      case 'field':
        return fieldTreeItem(element);
      case 'message':
        return messageTreeItem(element);
    }
  }

  async getChildren(element?: ActivitiesElement): Promise<ActivitiesElement[]> {
    if (element === undefined) return this.#rootChildren();
    if (element.kind === 'inboxGroup') {
      const model = this.model;
      return model.kind === 'loaded' ? this.#awaiting(model.value.organizationId) : [];
    }
    if (element.kind === 'activity') return activityFields(element, Date.now());
    if (element.kind === 'field') return element.children ? [...element.children] : [];
    return [];
  }

  getParent(element: ActivitiesElement): ActivitiesElement | undefined {
    if (element.kind === 'field') return element.parent?.kind === 'privateKey' ? undefined : element.parent;
    if (element.kind === 'activity') {
      const model = this.model;
      if (model.kind !== 'loaded') return undefined;
      const awaiting = this.#awaiting(model.value.organizationId);
      return awaiting.some((a) => a.id === element.id) ? this.#groupElement(awaiting.length) : undefined;
    }
    return undefined;
  }

  #groupItem(element: InboxGroupElement): vscode.TreeItem {
    const item = new vscode.TreeItem(
      awaitingGroupLabel(element.count, t, element.more),
      element.count > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
    );
    item.id = element.id;
    item.iconPath = themeIcon(element.count > 0 ? 'bell-dot' : 'bell', element.count > 0 ? 'charts.orange' : undefined);
    item.description = element.count > 0 ? '' : t('nothing waits for you');
    item.tooltip =
      element.count > 0 ? awaitingCountText(element.count, t, element.more) : t('No activity waits for your vote.');
    item.accessibilityInformation = { label: awaitingGroupLabel(element.count, t, element.more) };
    item.contextValue = contextValue('inboxGroup');
    return item;
  }

  /** The loaded activity with this fingerprint: what a vote row names. */
  #byFingerprint(fingerprint: string): Activity | undefined {
    const model = this.model;
    if (model.kind !== 'loaded') return undefined;
    return model.value.serverOrder.find((element) => element.activity.fingerprint === fingerprint)?.activity;
  }

  // ---- loading ----

  /** The loaded activities that are not in the inbox group, in the view's order. */
  #others(list: ActivityList, awaiting: readonly ActivityElement[]): ActivityElement[] {
    const inGroup = new Set(awaiting.map((a) => a.id));
    return sortForTree(list.serverOrder.map((e) => e.activity).filter((a) => !inGroup.has(a.id))).map((a) =>
      this.#elementFor(a, list.organizationId),
    );
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
        const awaiting = this.#awaiting(model.value.organizationId);
        const others = this.#others(model.value, awaiting);
        const rows: ActivitiesElement[] = [];
        if (this.#inbox.state?.organizationId === model.value.organizationId)
          rows.push(this.#groupElement(awaiting.length));
        rows.push(...others);
        if (model.value.hasMore && others.length > 0)
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
    // The inbox looks at the same time, so that the group and the list agree; its failure leaves the list alone.
    const [page] = await Promise.all([
      session.client.listActivities({ organizationId, paginationOptions: { limit: String(limit) } }),
      this.#inbox.check().catch((error: unknown) => {
        this.services.log.debug('Could not look for activities awaiting your vote', {
          error: error instanceof Error ? error.message : String(error),
        });
      }),
    ]);
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
    // The open ones (consensus needed, pending) are the inbox's to follow.
    return model.value.serverOrder.filter(
      (e) =>
        !isTerminal(e.activity.status) &&
        !DECISION_STATUSES_AND_PENDING.includes(e.activity.status) &&
        this.services.isSubmittedHere(e.id),
    );
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
