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
import { CommandIds } from '../commandIds';
import type { Services, Session } from '../services';
import { LoadedTree } from './loadedTree';
import { sortForTree } from '../wording/activityPresentation';
import type { OrganizationStore, StoreChange } from '../store/organizationStore';
import { activityFields, activityTreeItem } from './activityItems';
import {
  type ActivitiesElement,
  type ActivityElement,
  type InboxGroupElement,
  type MessageElement,
  organizationParent,
} from './treeElements';
import { fieldTreeItem, loadMoreElement, messageTreeItem } from './treeItems';
import type { ActivitiesRows } from './views';
import type { TreeHost } from './treeShell';
import { ACTIVITIES_VIEW_ID } from './viewIds';
import { ActivityElements } from './activityElements';
import { ActivityRowNames } from './activityRowNames';
import { inboxGroupTreeItem } from './inboxGroupItem';
import { ListedSummaries } from './listedSummaries';
import { errorText } from '../../api/core';
import { keepSelectionWhenRowsMove } from './keptSelection';

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
  readonly #elements = new ActivityElements();
  /** While the view is visible, the store knows it is watched (its poll runs). */
  #watching: vscode.Disposable | undefined;
  readonly #inbox: Inbox;
  /** The group row, one object per count, so that a reveal finds the row the view drew. */
  #group: InboxGroupElement | undefined;
  readonly #names = new ActivityRowNames();
  /** What the rows the inbox does not summarise do. */
  readonly #listed: ListedSummaries;

  constructor(services: Services, inbox: Inbox, host: TreeHost<ActivitiesElement>) {
    super(services, host, (change) => change.profile || change.listing);
    this.#inbox = inbox;
    this.#listed = new ListedSummaries(services, (ids) =>
      this.#redrawRows(ids.flatMap((id) => this.#elements.get(id) ?? [])),
    );
    this.disposables.push(
      this.#listed,
      this.treeView.onDidChangeVisibility(() => void this.#watch()),
      inbox.onDidChange(() => this.redraw()),
      { dispose: () => void this.#watching?.dispose() },
      keepSelectionWhenRowsMove(
        this.treeView,
        {
          rowOf: async (id) => (await this.activities()).find((row) => row.id === id),
          parentOf: (row) => this.getParent(row),
        },
        (error) => services.log.debug('Could not select the moved row again', { error: errorText(error) }),
      ),
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
    const { rows, regrouped } = this.#elements.follow(store, change.activityIds);
    if (regrouped) this.redraw();
    else this.#redrawRows(rows);
  }

  /** A few rows are redrawn each; more than that, the whole view. */
  #redrawRows(rows: readonly ActivityElement[]): void {
    if (rows.length > 3) this.redraw();
    else for (const row of rows) this.redraw(row);
  }

  /** The activities awaiting your vote, as elements of this view. */
  #awaiting(organizationId: string): ActivityElement[] {
    const state = this.#inbox.state;
    if (state?.organizationId !== organizationId) return [];
    return state.awaiting.map((activity) => this.#elements.of(activity, organizationId));
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

  /** The listed rows' summaries, worked out after the rows are drawn. */
  #summarize(organizationId: string, elements: readonly ActivityElement[]): void {
    const nameOf = this.#names.namer(this.#inbox.state?.facts?.names);
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
    this.#elements.forgetOrganization();
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
          nameOf: this.#names.namer(this.#inbox.state?.facts?.names),
          progress: this.#progressOf(element.activity),
          summary: this.#summaryOf(element.activity),
          progressLines: this.#progressLinesOf(element.activity),
        });
      case 'inboxGroup':
        return inboxGroupTreeItem(element);
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
    const nameOf = this.#names.namer(this.#inbox.state?.facts?.names);
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
      this.#elements.of(a, list.organizationId),
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
    this.#elements.useOrganization(organizationId);
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
    await this.#names.learn(this.services, store, listing);
    this.services.log.debug('Activities loaded', {
      organizationId,
      count: listing.order.length,
      durationMs: Date.now() - started,
    });
    const serverOrder = this.#elements.ofListing(store, listing);
    this.#summarize(organizationId, serverOrder);
    return { organizationId, serverOrder, hasMore: listing.hasMore };
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
    model.serverOrder.splice(0, model.serverOrder.length, ...this.#elements.ofListing(store, listing));
    model.hasMore = listing.hasMore;
    this.#summarize(model.organizationId, model.serverOrder);
    this.services.log.debug('More activities loaded', {
      organizationId: model.organizationId,
      count: model.serverOrder.length - before,
    });
    this.redraw();
  }
}
