/**
 * The local sandbox as activation makes it. What starts, shares and stops it (localSandboxRunner.ts, with the
 * process code of sandboxProcess.ts) loads on Start Local Sandbox, or when a "Local sandbox" profile first needs
 * its sandbox: a window whose profiles are all on other services never loads it.
 */
import * as vscode from 'vscode';
import { LoadOnce } from './loadOnce';
import type { LocalSandboxNeeds, LocalSandboxRunner, SandboxStart, SharedSandbox } from './localSandboxRunner';
import type { SandboxProcess } from './sandboxProcess';
import type { Profile } from './profiles/profileStore';

type StopOutcome = Awaited<ReturnType<LocalSandboxRunner['stop']>>;

export class LocalSandbox implements vscode.Disposable {
  readonly #needs: LocalSandboxNeeds;
  readonly #changed = new vscode.EventEmitter<void>();
  /** The sandbox came up, stopped or crashed: what the views show of the active profile may have changed. */
  readonly onDidChange = this.#changed.event;
  /**
   * The runner, loaded once: the local sandbox runner's door, one of the extension's three (with the client's,
   * clientDoor.ts, and the pages', pagesDoor.ts); a failed import is tried again on the next call.
   */
  readonly #runner = new LoadOnce(() =>
    import('./localSandboxRunner.js').then(({ LocalSandboxRunner }) => {
      const loaded = new LocalSandboxRunner(this.#needs, { stoppedHere: this.#stoppedHere });
      loaded.onDidChange(() => this.#changed.fire());
      this.#loaded = loaded;
      return loaded;
    }),
  );
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
    return (await this.#runner.get()).start();
  }

  /** Before a session on `profile`: a local sandbox profile needs its sandbox up, unless it was stopped here. */
  async prepare(profile: Profile): Promise<void> {
    if (!profile.localSandbox || (!this.#runner.started && this.#stoppedHere)) return;
    await (await this.#runner.get()).prepare(profile);
  }

  /**
   * Stop Local Sandbox. 'stopped': this window's sandbox is closed; 'shared': it is another window's (the one
   * returned), which this window stops using; 'notRunning': there was none. Either way the profiles leave it
   * down until Start.
   */
  async stop(): Promise<StopOutcome> {
    const runner = this.#runner.started;
    if (!runner) {
      this.#stoppedHere = true;
      return { kind: 'notRunning' };
    }
    return (await runner).stop();
  }

  dispose(): void {
    void Promise.resolve(this.#runner.started)
      .then(
        (loaded) => loaded?.dispose(),
        () => undefined,
      )
      .finally(() => this.#changed.dispose());
  }
}
