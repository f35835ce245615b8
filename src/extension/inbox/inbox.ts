/**
 * The inbox: what waits for the current user's vote in the active organization. One request per look (the
 * organization's open activities), while the window has the focus, at the pace of the Activities view's rules
 * (pollSchedule.ts: the configured interval, backing off when nothing changes, slower after a 429). It shows the
 * count in a status bar item, raises one notification per new activity waiting for a vote (remembered across
 * reloads), and follows the activities submitted here until they end.
 */
import * as vscode from 'vscode';
import { ServiceError } from '../../api/core';
import { CommandIds } from '../commandIds';
import type { Services } from '../services';
import { t } from '../ui/l10n';
import { freshPollState, nextPollState, pollDelayMs, type PollOutcome, type PollState } from '../store/pollSchedule';
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
  /** The look in flight, and the profile it looks for. */
  #checking: { readonly profileId: string | undefined; readonly promise: Promise<InboxState | undefined> } | undefined;
  #timer: NodeJS.Timeout | undefined;
  #pollState: PollState = freshPollState;
  #disposed = false;

  constructor(services: Services) {
    this.#services = services;
    this.#disposables.push(
      { dispose: () => this.#statusBar?.dispose() },
      this.#changed,
      this.#notified,
      services.onDidChange((scope) => {
        if (scope === 'profile') this.#setState(undefined);
        // A submission or a vote: look again soon, at the first interval.
        this.#restart();
      }),
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused) this.#restart();
        else this.#stop();
      }),
    );
    this.#restart();
  }

  dispose(): void {
    this.#disposed = true;
    this.#stop();
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

  /** Looks now (one look at a time: callers share the one in flight). Errors go to the caller. */
  check(): Promise<InboxState | undefined> {
    const profileId = this.#services.profiles.active()?.id;
    if (this.#checking && this.#checking.profileId === profileId) return this.#checking.promise;
    // A look for another profile is still running: this one starts after it, for the profile active now.
    const before = this.#checking?.promise.catch(() => undefined);
    const promise = (before ? before.then(() => this.#look()) : this.#look()).finally(() => {
      if (this.#checking?.promise === promise) this.#checking = undefined;
    });
    this.#checking = { profileId, promise };
    return promise;
  }

  async #look(): Promise<InboxState | undefined> {
    const { afterLook, lookAtInbox } = await import('./inboxLook.js');
    const previous = this.#state;
    const state = await lookAtInbox(this.#services);
    // The profile changed during the look: what it found belongs to no one.
    if (state === 'stale') return undefined;
    this.#setState(state);
    if (!state) return undefined;
    const notice = await afterLook(this.#services, previous, state);
    if (notice) this.#notified.fire(notice);
    return state;
  }

  #setState(state: InboxState | undefined): void {
    this.#state = state;
    const signature = JSON.stringify([
      state?.organizationId,
      state?.awaiting.map((a) => a.id),
      state?.listedAll,
      state?.open.map((a) => [a.id, a.status, a.votes.length]),
    ]);
    const count = state?.awaiting.length ?? 0;
    if (count > 0 && !this.#disposed) {
      const more = state?.listedAll === false;
      const words = awaitingCountText(count, t, more);
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
    item.name = t('Countersign: awaiting your vote');
    item.command = { command: CommandIds.revealActivity, title: t('Show Activities Awaiting Your Vote') };
    return item;
  }

  // ---- the poll ----

  #restart(): void {
    this.#stop();
    // After a 429 the slower pace holds until an answer comes back: a focus change does not undo it.
    if (this.#pollState.rateLimitedPolls === 0) this.#pollState = freshPollState;
    this.#schedule();
  }

  #stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    if (this.#disposed || this.#timer || !vscode.window.state.focused) return;
    if (!this.#services.profiles.active()) return;
    const delay = pollDelayMs(this.#services.settings().pollIntervalMs, this.#pollState);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#tick();
    }, delay);
  }

  async #tick(): Promise<void> {
    if (this.#disposed || !vscode.window.state.focused) return;
    const before = this.#signature;
    let outcome: PollOutcome;
    try {
      const state = await this.check();
      if (!state) return;
      outcome = this.#signature !== before ? 'changed' : 'unchanged';
    } catch (error) {
      if (error instanceof ServiceError && error.status === 429) {
        outcome = 'rateLimited';
        this.#services.log.warn('Rate limited while looking for activities awaiting your vote; slowing down');
      } else {
        outcome = 'failed';
        this.#services.log.debug('Could not look for activities awaiting your vote', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    this.#pollState = nextPollState(this.#pollState, outcome);
    this.#schedule();
  }
}
