/**
 * The organization store's one timer: who watches, when the next look comes (pollPlan.ts decides), and the
 * back-off state the looks leave behind. One look at a time; the next is planned when it ends.
 */
import * as vscode from 'vscode';
import { Disposable } from './lifecycle';
import { nextLookDelayMs, type Watchers } from './pollPlan';
import { freshPollState, nextPollState, type PollOutcome, type PollState } from './pollSchedule';
import type { Interest, LookReport } from './storeTypes';

export interface LookResult {
  readonly outcome: PollOutcome;
  readonly requests: number;
  /** What a 429 asked for, when the service said. */
  readonly retryAfterMs?: number | undefined;
}

export interface PollerDeps {
  intervalMs(): number;
  focused(): boolean;
  /** Activities followed that can still change. */
  pending(): number;
  look(): Promise<LookResult>;
  /** The timers looks are planned with (the global ones unless a test holds them). */
  readonly timers?: LookTimers;
}

export interface LookTimers {
  set(run: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

const globalTimers: LookTimers = {
  set: (run, delayMs) => setTimeout(run, delayMs),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class Poller extends Disposable {
  readonly #deps: PollerDeps;
  readonly #looked = this.register(new vscode.EventEmitter<LookReport>());
  readonly onDidLook = this.#looked.event;
  readonly #interests = new Map<number, Interest>();
  #nextInterest = 0;
  readonly #timers: LookTimers;
  #timer: unknown;
  #deadline = 0;
  #poll: PollState = freshPollState;
  #retryAfterMs: number | undefined;
  #looking = false;

  constructor(deps: PollerDeps) {
    super();
    this.#deps = deps;
    this.#timers = deps.timers ?? globalTimers;
    this.register({ dispose: () => this.#stop() });
    this.register(
      vscode.window.onDidChangeWindowState((state) => {
        // Back in front: look at the first interval again, unless the service asked to slow down.
        if (state.focused && this.#poll.rateLimitedPolls === 0) this.#poll = freshPollState;
        this.replan(state.focused);
      }),
    );
  }

  get interests(): Iterable<Interest> {
    return this.#interests.values();
  }

  get watchers(): Watchers {
    let views = 0;
    let pages = 0;
    let inbox = false;
    for (const interest of this.#interests.values()) {
      if (interest.kind === 'view') views++;
      else if (interest.kind === 'page') pages++;
      else inbox = true;
    }
    return { views, pages, inbox };
  }

  /** Whether a look is planned. */
  get planned(): boolean {
    return this.#timer !== undefined;
  }

  watch(interest: Interest): vscode.Disposable {
    const id = this.#nextInterest++;
    this.#interests.set(id, interest);
    this.replan();
    return {
      dispose: () => {
        if (this.#interests.delete(id)) this.replan();
      },
    };
  }

  /** Something happened here (a submission, a vote, another profile): the next looks come at the first interval. */
  freshen(): void {
    if (this.#poll.rateLimitedPolls === 0) this.#poll = freshPollState;
    this.replan();
  }

  /** Another profile: no back-off carries over. */
  reset(): void {
    this.#poll = freshPollState;
    this.#retryAfterMs = undefined;
    this.#stop();
    this.replan();
  }

  delayMs(focused = this.#deps.focused()): number | undefined {
    return nextLookDelayMs({
      intervalMs: this.#deps.intervalMs(),
      focused,
      watchers: this.watchers,
      pending: this.#deps.pending(),
      poll: this.#poll,
      retryAfterMs: this.#retryAfterMs,
    });
  }

  /** Plans the next look: sooner than planned when the plan says so, never later than a look already due. */
  replan(focused?: boolean): void {
    if (this.disposed) return;
    const delay = this.delayMs(focused);
    if (delay === undefined) {
      this.#stop();
      return;
    }
    if (this.#looking) return;
    const due = Date.now() + delay;
    if (this.#timer !== undefined && this.#deadline <= due) return;
    this.#stop();
    this.#deadline = due;
    this.#timer = this.#timers.set(() => {
      this.#timer = undefined;
      void this.#look();
    }, delay);
  }

  async #look(): Promise<void> {
    this.#looking = true;
    try {
      const result = await this.#deps.look().catch((): LookResult => ({ outcome: 'failed', requests: 0 }));
      this.#poll = nextPollState(this.#poll, result.outcome);
      this.#retryAfterMs = result.outcome === 'rateLimited' ? result.retryAfterMs : undefined;
      if (!this.disposed) this.#looked.fire({ ...result, nextDelayMs: this.delayMs() });
    } finally {
      this.#looking = false;
      this.replan();
    }
  }

  #stop(): void {
    if (this.#timer !== undefined) this.#timers.clear(this.#timer);
    this.#timer = undefined;
  }
}
