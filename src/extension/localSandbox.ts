/**
 * The local sandbox as activation makes it. What starts, shares and stops it (localSandboxRunner.ts, with the
 * process code of sandboxProcess.ts) loads on Start Local Sandbox, or when a "Local sandbox" profile first needs
 * its sandbox: a window whose profiles are all on other services never loads it.
 */
import * as vscode from 'vscode';
import type { LocalSandboxNeeds, LocalSandboxRunner, SandboxStart, SharedSandbox } from './localSandboxRunner';
import type { SandboxProcess } from './sandboxProcess';
import type { Profile } from './profiles/profileStore';

type StopOutcome = Awaited<ReturnType<LocalSandboxRunner['stop']>>;

export class LocalSandbox implements vscode.Disposable {
  readonly #needs: LocalSandboxNeeds;
  readonly #changed = new vscode.EventEmitter<void>();
  /** The sandbox came up, stopped or crashed: what the views show of the active profile may have changed. */
  readonly onDidChange = this.#changed.event;
  #runner: Promise<LocalSandboxRunner> | undefined;
  #loaded: LocalSandboxRunner | undefined;
  /** Stopped by the user before the runner loaded: the profiles leave the sandbox down until Start. */
  #stoppedHere = false;

  constructor(needs: LocalSandboxNeeds) {
    this.#needs = needs;
  }

  /** The sandbox process this window runs. */
  get running(): SandboxProcess | undefined {
    return this.#loaded?.running;
  }

  /** The sandbox of another window that this window uses. */
  get shared(): SharedSandbox | undefined {
    return this.#loaded?.shared;
  }

  /**
   * Start Local Sandbox: brings the sandbox up (or finds it running). A local sandbox profile that was active
   * stays active (a restart does not send the user back to Demo); otherwise the Demo profile becomes active.
   */
  async start(): Promise<SandboxStart> {
    return (await this.#load()).start();
  }

  /** Before a session on `profile`: a local sandbox profile needs its sandbox up, unless it was stopped here. */
  async prepare(profile: Profile): Promise<void> {
    if (!profile.localSandbox || (!this.#runner && this.#stoppedHere)) return;
    await (await this.#load()).prepare(profile);
  }

  /**
   * Stop Local Sandbox. 'stopped': this window's sandbox is closed; 'shared': it is another window's (the one
   * returned), which this window stops using; 'notRunning': there was none. Either way the profiles leave it
   * down until Start.
   */
  async stop(): Promise<StopOutcome> {
    if (!this.#runner) {
      this.#stoppedHere = true;
      return { kind: 'notRunning' };
    }
    return (await this.#runner).stop();
  }

  dispose(): void {
    const runner = this.#runner;
    this.#runner = undefined;
    void (runner ? runner.then((loaded) => loaded.dispose()) : Promise.resolve()).finally(() =>
      this.#changed.dispose(),
    );
  }

  /** The runner, loaded once; a failed import is tried again on the next call. */
  #load(): Promise<LocalSandboxRunner> {
    if (this.#runner) return this.#runner;
    const runner = import('./localSandboxRunner.js').then(({ LocalSandboxRunner }) => {
      const loaded = new LocalSandboxRunner(this.#needs, { stoppedHere: this.#stoppedHere });
      loaded.onDidChange(() => this.#changed.fire());
      this.#loaded = loaded;
      return loaded;
    });
    runner.catch(() => {
      if (this.#runner === runner) this.#runner = undefined;
    });
    this.#runner = runner;
    return runner;
  }
}
