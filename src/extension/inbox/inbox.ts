/**
 * The inbox: what waits for the current user's vote in the active organization, read from the organization store
 * (its open activities, kept current by its one poll; the inbox watches it, so the poll runs while the window has
 * the focus). It shows the count in a status bar item, raises one notification per new activity waiting for a
 * vote (remembered across reloads), and reports the activities submitted here that ended by others' votes.
 */
import * as vscode from 'vscode';
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import type * as InboxLook from './inboxLook';

/** The inbox's look, behind the client's door (extension.ts gives clientDoor.ts's openClient). */
export type InboxLooks = () => Promise<Pick<typeof InboxLook, 'endedSince' | 'lookAtInbox' | 'notify' | 'reportEnded'>>;
import type { OpenSnapshot, OrganizationStore, StoreChange } from '../store/organizationStore';
import { awaitingCountFigure, awaitingCountText } from '../wording/awaitingWords';
import type { InboxNotice, InboxState } from './inboxRules';

export type { InboxNotice, InboxState } from './inboxRules';

export class Inbox implements vscode.Disposable {
  readonly #services: Services;
  readonly #changed = new vscode.EventEmitter<void>();
  readonly #notified = new vscode.EventEmitter<InboxNotice>();
  /** Fires when the count or an open activity's votes changed. */
  readonly onDidChange = this.#changed.event;
  /** Fires for each notification raised (tests listen to it instead of reading notifications). */
  readonly onDidNotify = this.#notified.event;
  /** Made when something first waits for a vote. */
  #statusBar: vscode.StatusBarItem | undefined;
  readonly #disposables: vscode.Disposable[] = [];
  #state: InboxState | undefined;
  #signature = '';
  /** The store's snapshot the state was worked out from, and the work in progress (one at a time, in order). */
  #applied: OpenSnapshot | undefined;
  #working: Promise<InboxState | undefined> = Promise.resolve(undefined);
  /** Left the open list: reported once the store has read how they ended. */
  readonly #ending = new Set<string>();
  #disposed = false;
  #connected = false;

  readonly #looks: InboxLooks;

  constructor(services: Services, looks: InboxLooks) {
    this.#services = services;
    this.#looks = looks;
    this.#disposables.push(
      { dispose: () => this.#statusBar?.dispose() },
      this.#changed,
      this.#notified,
      services.profiles.onDidChange(() => this.#connect()),
    );
    this.#connect();
  }

  /**
   * Follows the store (and so has it poll) once there is a profile to look at: a window without one loads no
   * store at activation.
   */
  #connect(): void {
    if (this.#connected || this.#disposed || !this.#services.profiles.active()) return;
    this.#connected = true;
    void this.#services.store().then((store) => {
      if (this.#disposed) return;
      this.#disposables.push(
        store.watch({ kind: 'inbox' }),
        store.onDidChange((change) => this.#follow(store, change)),
        // A descriptor changed: the same open activities are summarised again, their amounts scaled anew.
        this.#services.onDidChangeDescriptors(() => {
          if (!store.open?.open.some((a) => a.type.startsWith('ACTIVITY_TYPE_SIGN_TRANSACTION'))) return;
          void this.#apply(store.open, true);
        }),
      );
      if (store.open) void this.#apply(store.open);
    });
  }

  dispose(): void {
    this.#disposed = true;
    for (const disposable of this.#disposables.splice(0)) disposable.dispose();
  }

  /** What the last look found; undefined before the first one, or without a session. */
  get state(): InboxState | undefined {
    return this.#state;
  }

  /** How many activities wait for the current user's vote. */
  get count(): number {
    return this.#state?.awaiting.length ?? 0;
  }

  /** Whether more may wait than `count`: the look stopped reading at its bound. */
  get countIsFloor(): boolean {
    return this.#state !== undefined && !this.#state.listedAll;
  }

  /** The status bar item as the user sees it, for the tests. */
  get statusBar(): { readonly shown: boolean; readonly text: string; readonly label: string } {
    return {
      shown: this.count > 0,
      text: this.#statusBar?.text ?? '',
      label: this.#statusBar?.accessibilityInformation?.label ?? '',
    };
  }

  /** Has the store read the open activities now (sharing a read in flight). Errors go to the caller. */
  async check(): Promise<InboxState | undefined> {
    const store = await this.#services.store();
    const snapshot = await store.refreshOpen();
    if (!snapshot) {
      this.#applied = undefined;
      this.#setState(undefined);
      return undefined;
    }
    return this.#apply(snapshot);
  }

  #follow(store: OrganizationStore, change: StoreChange): void {
    if (change.profile && !change.reset) {
      // Another key, or the sandbox stopped or started again: what was worked out is forgotten with its snapshot,
      // so it is worked out anew even when the open activities read the same (a read the switch cancelled is no
      // failure: the next look works it out).
      this.#applied = undefined;
      this.#setState(undefined);
      if (store.open) this.#apply(store.open).catch(() => undefined);
      return;
    }
    if (change.reset) {
      this.#ending.clear();
      this.#applied = undefined;
      this.#setState(undefined);
    }
    if (change.open && store.open && store.open !== this.#applied) void this.#apply(store.open);
    for (const id of change.activityIds) {
      const after = store.activity(id);
      if (!this.#ending.has(id) || !after) continue;
      this.#ending.delete(id);
      void this.#looks().then(({ reportEnded }) => reportEnded(this.#services, after, this.#state?.facts));
    }
  }

  /**
   * Works the state out of the store's snapshot, after the work already queued; the same snapshot only once, unless
   * `again` (what it is summarised with changed).
   */
  #apply(snapshot: OpenSnapshot, again = false): Promise<InboxState | undefined> {
    this.#working = this.#working
      .catch(() => undefined)
      .then(async () => {
        if (this.#applied === snapshot && !again) return this.#state;
        const { endedSince, lookAtInbox, notify } = await this.#looks();
        const store = await this.#services.store();
        const previous = this.#state;
        const state = await lookAtInbox(this.#services, snapshot);
        // The profile changed during the look: what it found belongs to no one.
        if (state === 'stale' || this.#disposed) return undefined;
        // Who you are could not be read (the service out of reach): nothing was counted, so the same snapshot is
        // worked out again on the next look rather than kept as counted.
        this.#applied = state.facts !== undefined || snapshot.open.length === 0 ? snapshot : undefined;
        for (const id of endedSince(previous, state)) this.#ending.add(id);
        this.#setState(state);
        const notice = notify(this.#services, state, (id) => store.isSubmittedHere(id));
        if (notice) this.#notified.fire(notice);
        return state;
      });
    return this.#working;
  }

  #setState(state: InboxState | undefined): void {
    this.#state = state;
    const signature = JSON.stringify([
      state?.organizationId,
      state?.awaiting.map((a) => a.id),
      state?.listedAll,
      state?.open.map((a) => [a.id, a.status, a.votes.length, state.summaries?.get(a.id)?.line]),
    ]);
    const count = state?.awaiting.length ?? 0;
    if (count > 0 && !this.#disposed) {
      const more = state?.listedAll === false;
      const words = awaitingCountText(count, more);
      const item = (this.#statusBar ??= this.#createStatusBar());
      item.text = `$(bell-dot) ${awaitingCountFigure(count, more)}`;
      item.tooltip = words;
      item.accessibilityInformation = { label: words, role: 'button' };
      item.show();
    } else {
      this.#statusBar?.hide();
    }
    if (signature !== this.#signature) {
      this.#signature = signature;
      this.#changed.fire();
    }
  }

  #createStatusBar(): vscode.StatusBarItem {
    const item = vscode.window.createStatusBarItem('countersign.inbox', vscode.StatusBarAlignment.Left, 99);
    item.name = vscode.l10n.t('Countersign: awaiting your vote');
    item.command = { command: CommandIds.revealActivity, title: vscode.l10n.t('Show Activities Awaiting Your Vote') };
    return item;
  }
}
