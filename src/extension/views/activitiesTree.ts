/**
 * The Activities view: "Awaiting your vote (N)" first (the inbox's activities, with the count in the view's
 * badge), then the active organization's other activities, paged with "Load more". Each activity that gathers
 * votes says where it stands ("1 of 2 approvals, waiting for …"). The activities, their listing and its cursor
 * are the organization store's: the view watches the store while it is visible, and redraws the rows of the
 * activities the store's poll saw change.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { InvalidInputError, type Activity } from '../../api';
import type { Inbox } from '../inbox/inbox';
import { awaitingCountText, awaitingGroupLabel } from '../wording/awaitingWords';
import { CommandIds } from '../commandIds';
import type { Services, Session } from '../services';
import { LoadedTree } from './loadedTree';
import { sortForTree, activityGroup } from '../wording/activityPresentation';
import { organizationNamer } from '../wording/addressNames';
import type { ActivityListing, OrganizationStore, StoreChange } from '../store/organizationStore';
import { notOlder } from '../store/activityChanges';
import { activityFields, activityTreeItem } from './activityItems';
import {
  type ActivitiesElement,
  type ActivityElement,
  type InboxGroupElement,
  type MessageElement,
  organizationParent,
} from './treeElements';
import { fieldTreeItem, loadMoreElement, messageTreeItem, themeIcon } from './treeItems';
import { contextValue } from './contextValue';
import type { ActivitiesRows } from './views';
import type { TreeHost } from './treeShell';
import { ACTIVITIES_VIEW_ID } from './viewIds';
import { createdNames, deletedInterfaceId } from './activityNames';
import { ListedSummaries } from './listedSummaries';
import { errorText } from '../ui/errorText';

const INBOX_GROUP_ID = `${ACTIVITIES_VIEW_ID}/awaitingYourVote`;
/** The statuses the inbox follows (votes can still come): the view leaves those to it. */
const DECISION_STATUSES_AND_PENDING: readonly string[] = [
  'ACTIVITY_STATUS_CONSENSUS_NEEDED',
  'ACTIVITY_STATUS_PENDING',
];
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
  #organizationId: string | undefined;
  /** While the view is visible, the store knows it is watched (its poll runs). */
  #watching: vscode.Disposable | undefined;
  readonly #inbox: Inbox;
  /** The group row, one object per count, so that a reveal finds the row the view drew. */
  #group: InboxGroupElement | undefined;
  /**
   * What the rows call things by id or address (users, keys, tags, interfaces, the organization), as the store
   * read them, kept across loads of the profile: a row names what it touched the same way once it was rejected
   * or deleted, and whether or not anything is still open.
   */
  readonly #names = new Map<string, string>();
  /** What the rows the inbox does not summarise do. */
  readonly #listed: ListedSummaries;

  constructor(services: Services, inbox: Inbox, host: TreeHost<ActivitiesElement>) {
    super(services, host, (change) => change.profile || change.listing);
    this.#inbox = inbox;
    this.#listed = new ListedSummaries(services, (ids) => this.#redrawRows(ids));
    this.disposables.push(
      this.#listed,
      this.treeView.onDidChangeVisibility(() => void this.#watch()),
      inbox.onDidChange(() => this.redraw()),
      { dispose: () => void this.#watching?.dispose() },
    );
    void services.store().then((store) => {
      if (!this.disposed) this.disposables.push(store.onDidChange((change) => this.#follow(store, change)));
    });
    void this.#watch();
  }

  /** Watches the store while the view shows. */
  async #watch(): Promise<void> {
    const store = await this.services.store();
    const visible = this.treeView.visible && !this.disposed;
    if (visible && !this.#watching) this.#watching = store.watch({ kind: 'view', viewId: ACTIVITIES_VIEW_ID });
    if (!visible && this.#watching) {
      this.#watching.dispose();
      this.#watching = undefined;
    }
  }

  /** The activities the store read anew: their rows are redrawn, or the whole view when one changed group. */
  #follow(store: OrganizationStore, change: StoreChange): void {
    let whole = false;
    const rows: ActivityElement[] = [];
    for (const id of change.activityIds) {
      const element = this.#elements.get(id);
      const activity = store.activity(id);
      if (!element || !activity || element.activity === activity) continue;
      if (activityGroup(activity) !== activityGroup(element.activity)) whole = true;
      element.activity = activity;
      rows.push(element);
    }
    if (whole || rows.length > 3) this.redraw();
    else for (const row of rows) this.redraw(row);
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

  /** What an activity does: as the inbox's last look summarised it, else as its listing was. */
  #summaryOf(activity: Activity) {
    const state = this.#inbox.state;
    const inbox = state?.organizationId === activity.organizationId ? state.summaries?.get(activity.id) : undefined;
    return inbox ?? this.#listed.get(activity);
  }

  #redrawRows(ids: readonly string[]): void {
    const rows = ids.flatMap((id) => this.#elements.get(id) ?? []);
    if (rows.length > 3) this.redraw();
    else for (const row of rows) this.redraw(row);
  }

  /** The listed rows' summaries, worked out after the rows are drawn. */
  #summarize(organizationId: string, elements: readonly ActivityElement[]): void {
    const nameOf = organizationNamer(this.#names, this.#inbox.state?.facts?.names);
    void this.#listed
      .update(
        organizationId,
        elements.map((e) => e.activity),
        nameOf,
      )
      .catch((error: unknown) =>
        this.services.log.debug('Could not summarise the listed activities', {
          error: errorText(error),
        }),
      );
  }

  /** Where policies decide it: every way it can complete, for the hover. */
  #progressLinesOf(activity: Activity): readonly string[] | undefined {
    if (this.#progressOf(activity) === undefined) return undefined;
    const words = this.#inbox.state?.standings.get(activity.id);
    return words && [...words.lines, ...(words.mayDiffer ? [words.mayDiffer] : [])];
  }

  protected override onProfileChange(): void {
    this.#organizationId = undefined;
    this.#names.clear();
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
          nameOf: organizationNamer(this.#names, this.#inbox.state?.facts?.names),
          progress: this.#progressOf(element.activity),
          summary: this.#summaryOf(element.activity),
          progressLines: this.#progressLinesOf(element.activity),
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
    const nameOf = organizationNamer(this.#names, this.#inbox.state?.facts?.names);
    if (element.kind === 'activity')
      return activityFields(element, Date.now(), { nameOf, summary: this.#summaryOf(element.activity) });
    if (element.kind === 'field') return element.children ? [...element.children] : [];
    return [];
  }

  getParent(element: ActivitiesElement): ActivitiesElement | undefined {
    if (element.kind === 'field') return organizationParent(element.parent) ? undefined : element.parent;
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
      awaitingGroupLabel(element.count, element.more),
      element.count > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
    );
    item.id = element.id;
    item.iconPath = themeIcon(element.count > 0 ? 'bell-dot' : 'bell', element.count > 0 ? 'charts.orange' : undefined);
    item.description = element.count > 0 ? '' : l10n.t('nothing waits for you');
    item.tooltip =
      element.count > 0 ? awaitingCountText(element.count, element.more) : l10n.t('No activity waits for your vote.');
    item.accessibilityInformation = { label: awaitingGroupLabel(element.count, element.more) };
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
        return this.failureRows(ACTIVITIES_VIEW_ID, l10n.t('activities'), model.error, CommandIds.refreshActivities, {
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
      this.#elements.clear();
    }
    const store = await this.services.store();
    const started = Date.now();
    // The inbox looks at the same time, so that the group and the list agree; its failure leaves the list alone.
    const [listing] = await Promise.all([
      store.loadListing(this.services.settings().pageSize),
      this.#inbox.check().catch((error: unknown) => {
        this.services.log.debug('Could not look for activities awaiting your vote', {
          error: errorText(error),
        });
      }),
    ]);
    if (listing?.organizationId !== organizationId) return { organizationId, serverOrder: [], hasMore: false };
    await this.#learnNames(store, listing);
    this.services.log.debug('Activities loaded', {
      organizationId,
      count: listing.order.length,
      durationMs: Date.now() - started,
    });
    const serverOrder = this.#elementsOf(store, listing);
    this.#summarize(organizationId, serverOrder);
    return { organizationId, serverOrder, hasMore: listing.hasMore };
  }

  /**
   * The names the listed rows need, from the store's organization (kept until it changes), the labels and tag
   * names their creations gave, and, only when a deletion names an interface not known yet, the interfaces. A
   * name that cannot be read leaves its id in the row.
   */
  async #learnNames(store: OrganizationStore, listing: ActivityListing): Promise<void> {
    const activities = listing.order.flatMap((id) => store.activity(id) ?? []);
    for (const activity of activities) for (const [id, name] of createdNames(activity)) this.#names.set(id, name);
    const [facts, snapshot] = await Promise.all([
      this.services.organizationFacts().catch(() => undefined),
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

  #elementsOf(store: OrganizationStore, listing: ActivityListing): ActivityElement[] {
    return listing.order.flatMap((id) => {
      const activity = store.activity(id);
      return activity ? [this.#elementFor(activity, listing.organizationId)] : [];
    });
  }

  async loadMore(): Promise<void> {
    const loaded = await this.ensureLoaded();
    if (loaded.kind !== 'loaded' || !loaded.value.hasMore) return;
    const model = loaded.value;
    const generation = this.generation;
    const store = await this.services.store();
    const before = model.serverOrder.length;
    const listing = await store.loadMore(this.services.settings().pageSize);
    if (generation !== this.generation || this.model !== loaded) return;
    if (listing?.organizationId !== model.organizationId) return;
    model.serverOrder.splice(0, model.serverOrder.length, ...this.#elementsOf(store, listing));
    model.hasMore = listing.hasMore;
    this.#summarize(model.organizationId, model.serverOrder);
    this.services.log.debug('More activities loaded', {
      organizationId: model.organizationId,
      count: model.serverOrder.length - before,
    });
    this.redraw();
  }

  #elementFor(activity: Activity, organizationId: string): ActivityElement {
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
}
