/**
 * What starts, shares and stops the local sandbox (localSandbox.ts is what activation makes of it, and loads this
 * with the first start). The sandbox runs as a process of its own (see sandboxProcess.ts) that ends with the
 * window that started it, its data kept in the extension's global storage so that what a user made survives a
 * restart of VS Code. Each start creates or refreshes the "Local sandbox · <organization>" profiles from its
 * credentials (keys straight into the key vault); the Demo one becomes active unless a local sandbox profile
 * already is.
 *
 * A "Local sandbox" profile brings its sandbox up by itself when the views or a command need it (after VS Code
 * restarts, say), on the port it had before when that port is free, unless the user stopped it in this window.
 * The global storage is shared by every window: when another window's sandbox holds the data, this window uses
 * that sandbox instead of starting a second one. A sandbox that stops unexpectedly leaves one state in the views
 * (it stopped, and Start Local Sandbox) and is not restarted behind the user's back.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CountersignError, TransportError } from '../api';
import { ContextKeys } from './commandIds';
import { ApiKeyStamper, CountersignClient } from '../api/remote';
import {
  describeExit,
  lockHolder,
  readCredentials,
  SandboxStartError,
  spawnSandbox,
  type SandboxCredentials,
  type SandboxExit,
  type SandboxProcess,
} from './sandboxProcess';
import { LOCAL_SANDBOX_PROFILE_ID, type Profile, type ProfileStore } from './profiles/profileStore';
import type { KeyVault } from './profiles/keyVault';
import type { RedactingLog } from './output/log';
import { errorText } from '../api/core';
import { refreshSandboxProfiles } from './sandboxProfiles';

/** A sandbox that another process (another VS Code window, most likely) runs on the shared data. */
export interface SharedSandbox {
  readonly credentials: SandboxCredentials;
  readonly ownerPid: number;
}

/** What Start Local Sandbox did. */
export interface SandboxStart {
  readonly baseUrl: string;
  readonly profile: Profile;
  /** True when the sandbox is another window's, used from here. */
  readonly shared: boolean;
}

/** The local sandbox could not start or be reached here; the message says why and what to do. */
export class LocalSandboxError extends CountersignError {
  constructor(message: string, hint?: string, options?: { cause?: unknown }) {
    super(message, 'LOCAL_SANDBOX', hint, options);
  }
}

/** How long the check of another window's sandbox may take before it counts as not answering. */
const SHARED_CHECK_TIMEOUT_MS = 5_000;

function portOf(baseUrl: string | undefined): number | undefined {
  if (!baseUrl) return undefined;
  try {
    const port = Number(new URL(baseUrl).port);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/** What the local sandbox needs: the extension's storage and script, the log, and the profiles and keys it fills. */
export interface LocalSandboxNeeds {
  readonly context: vscode.ExtensionContext;
  readonly log: RedactingLog;
  readonly profiles: ProfileStore;
  readonly keys: KeyVault;
}

export class LocalSandboxRunner implements vscode.Disposable {
  readonly #services: LocalSandboxNeeds;
  readonly #changed = new vscode.EventEmitter<void>();
  /** The sandbox came up, stopped or crashed: what the views show of the active profile may have changed. */
  readonly onDidChange = this.#changed.event;
  #own: SandboxProcess | undefined;
  #shared: SharedSandbox | undefined;
  #bringingUp: Promise<SandboxCredentials> | undefined;
  /** Stopped by the user in this window: the profiles do not bring it up again until the next Start. */
  #stoppedHere = false;
  /** How this window's sandbox ended when nobody stopped it: what the views show until the next Start. */
  #crash: TransportError | undefined;

  /** `stoppedHere`: the user stopped the sandbox in this window before anything loaded this. */
  constructor(services: LocalSandboxNeeds, options: { readonly stoppedHere?: boolean } = {}) {
    this.#services = services;
    this.#stoppedHere = options.stoppedHere ?? false;
  }

  /** The sandbox process this window runs. */
  get running(): SandboxProcess | undefined {
    return this.#own;
  }

  /** The sandbox of another window that this window uses. */
  get shared(): SharedSandbox | undefined {
    return this.#shared;
  }

  get #dataDir(): string {
    return path.join(this.#services.context.globalStorageUri.fsPath, 'sandbox');
  }

  /**
   * Start Local Sandbox: brings the sandbox up (or finds it running). A local sandbox profile that was active
   * stays active (a restart does not send the user back to Demo); otherwise the Demo profile becomes active.
   */
  async start(): Promise<SandboxStart> {
    this.#stoppedHere = false;
    this.#crash = undefined;
    // Another window's sandbox may have gone with its window since this one last looked.
    if (this.#shared && !(await this.#answers(this.#shared.credentials))) this.#shared = undefined;
    const credentials = await this.#ensure();
    const active = this.#services.profiles.active();
    const profile = await this.#services.profiles.activate(active?.localSandbox ? active.id : LOCAL_SANDBOX_PROFILE_ID);
    return { baseUrl: credentials.baseUrl, profile, shared: this.#own === undefined };
  }

  /** Before a session on `profile`: a local sandbox profile needs its sandbox up, unless it was stopped here. */
  async prepare(profile: Profile): Promise<void> {
    if (!profile.localSandbox || this.#own || this.#shared) return;
    if (this.#crash) throw this.#crash;
    if (this.#stoppedHere) return;
    this.#services.log.info('Starting the local sandbox for the active profile', { profile: profile.label });
    await this.#ensure();
  }

  #ensure(): Promise<SandboxCredentials> {
    if (this.#own) return Promise.resolve(this.#own.credentials);
    if (this.#shared) return Promise.resolve(this.#shared.credentials);
    this.#bringingUp ??= this.#bringUp().finally(() => {
      this.#bringingUp = undefined;
    });
    return this.#bringingUp;
  }

  async #bringUp(): Promise<SandboxCredentials> {
    const dataDir = this.#dataDir;
    await vscode.workspace.fs.createDirectory(vscode.Uri.file(dataDir));
    const credentials = await this.#startOrShare(dataDir);
    await refreshSandboxProfiles(credentials, this.#services.profiles, this.#services.keys);
    return credentials;
  }

  /** Runs the sandbox here, or uses the one another process (window) runs on the same data. */
  async #startOrShare(dataDir: string): Promise<SandboxCredentials> {
    const holder = lockHolder(dataDir);
    if (holder !== undefined) {
      const shared = await this.#answeringShared(dataDir);
      if (shared) return this.#share(shared, holder);
      // A holder that serves nothing may not be a sandbox at all: its PID can belong to another program since a
      // restart. The sandbox's own lock check tells (it compares when that process started): it takes such a lock
      // over, and refuses one that a live sandbox holds.
    }
    try {
      const sandbox = await this.#startOwn(dataDir);
      this.#own = sandbox;
      void sandbox.exited.then((exit) => this.#ended(sandbox, exit));
      await vscode.commands.executeCommand('setContext', ContextKeys.sandboxRunning, true);
      this.#services.log.info('Local sandbox started', { baseUrl: sandbox.baseUrl, pid: sandbox.pid });
      return sandbox.credentials;
    } catch (error) {
      // Another window took the data between the look and the start, or holds it and serves nothing.
      const owner = lockHolder(dataDir);
      if (owner === undefined) {
        // The sandbox's own messages say what is wrong with its data directory and what to do.
        const reason = errorText(error);
        throw new LocalSandboxError(vscode.l10n.t('The local sandbox could not start: {0}', reason), undefined, {
          cause: error,
        });
      }
      return this.#share(await this.#useShared(dataDir, owner), owner);
    }
  }

  #share(credentials: SandboxCredentials, ownerPid: number): SandboxCredentials {
    this.#shared = { credentials, ownerPid };
    this.#services.log.info('Using the local sandbox of another window', {
      baseUrl: credentials.baseUrl,
      pid: ownerPid,
    });
    return credentials;
  }

  /** The credentials of the sandbox another process runs on this data, when it answers. */
  async #answeringShared(dataDir: string): Promise<SandboxCredentials | undefined> {
    let credentials: SandboxCredentials | undefined;
    try {
      credentials = readCredentials(dataDir);
    } catch {
      return undefined;
    }
    return credentials && credentials.baseUrl !== '' && (await this.#answers(credentials)) ? credentials : undefined;
  }

  /** This window's sandbox ended. Unless it was stopped, that is a crash: one state in the views, no restart. */
  async #ended(sandbox: SandboxProcess, exit: SandboxExit): Promise<void> {
    if (this.#own !== sandbox) return;
    this.#own = undefined;
    this.#crash = new TransportError(
      'connection',
      vscode.l10n.t(
        'The local sandbox stopped unexpectedly ({0}); its last output is in the Countersign log.',
        describeExit(exit),
      ),
    );
    this.#services.log.error('The local sandbox stopped unexpectedly', {
      code: exit.code ?? undefined,
      signal: exit.signal ?? undefined,
      lastOutput: exit.lastLines.join(' | '),
    });
    await vscode.commands.executeCommand('setContext', ContextKeys.sandboxRunning, false);
    this.#changed.fire();
  }

  /** Starts the sandbox here, on its previous port when that is free, so profiles elsewhere stay right. */
  async #startOwn(dataDir: string): Promise<SandboxProcess> {
    const script = path.join(this.#services.context.extensionPath, 'dist', 'sandbox.js');
    if (!existsSync(script)) throw new Error(vscode.l10n.t('{0} is missing; build the extension first.', script));
    let previousPort: number | undefined;
    try {
      previousPort = portOf(readCredentials(dataDir)?.baseUrl);
    } catch {
      // Unreadable credentials: the sandbox says what is wrong.
    }
    const options = { script, dataDir, log: this.#services.log };
    if (previousPort !== undefined) {
      try {
        return await spawnSandbox({ ...options, port: previousPort });
      } catch (error) {
        if (!(error instanceof SandboxStartError) || !error.portInUse) throw error;
        this.#services.log.info("The local sandbox's previous port is taken; using another", { port: previousPort });
      }
    }
    return spawnSandbox({ ...options, port: 0 });
  }

  /** Another process holds the data: use its sandbox if it answers where its credentials say. */
  async #useShared(dataDir: string, ownerPid: number): Promise<SandboxCredentials> {
    const answering = await this.#answeringShared(dataDir);
    if (answering) return answering;
    let baseUrl: string | undefined;
    try {
      baseUrl = readCredentials(dataDir)?.baseUrl;
    } catch {
      // Being written by that process, or damaged: it does not answer here either way.
    }
    throw new LocalSandboxError(
      baseUrl
        ? vscode.l10n.t(
            "Another process (PID {0}), most likely another VS Code window, holds the local sandbox's data, but its sandbox does not answer at {1}.",
            ownerPid,
            baseUrl,
          )
        : vscode.l10n.t(
            "Another process (PID {0}), most likely another VS Code window, holds the local sandbox's data, but its sandbox does not answer.",
            ownerPid,
          ),
      vscode.l10n.t(
        'Run "Countersign: Stop Local Sandbox" in that window or close it, then start the local sandbox here again.',
      ),
    );
  }

  /** Whether a sandbox answers at the credentials' URL and knows the Demo key: a signed whoami. */
  async #answers(credentials: SandboxCredentials): Promise<boolean> {
    const demo = credentials.organizations.find((o) => o.name === 'Demo');
    const key = demo?.users[0]?.apiKeys[0];
    if (!demo || !key) return false;
    const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
    const client = new CountersignClient({ baseUrl: credentials.baseUrl }, stamper, {
      maxAttempts: 1,
      timeoutMs: SHARED_CHECK_TIMEOUT_MS,
    });
    try {
      await client.whoami({ organizationId: demo.organizationId });
      return true;
    } catch (error) {
      this.#services.log.debug('The local sandbox does not answer', {
        baseUrl: credentials.baseUrl,
        error: errorText(error),
      });
      return false;
    } finally {
      await client.close();
    }
  }

  /**
   * Stop Local Sandbox. 'stopped': this window's sandbox is closed; 'shared': it is another window's (the one
   * returned), which this window stops using; 'notRunning': there was none. Either way the profiles leave it
   * down until Start.
   */
  async stop(): Promise<
    { readonly kind: 'stopped' | 'notRunning' } | { readonly kind: 'shared'; readonly shared: SharedSandbox }
  > {
    this.#stoppedHere = true;
    await this.#bringingUp?.catch(() => undefined);
    const own = this.#own;
    const shared = this.#shared;
    this.#own = undefined;
    this.#shared = undefined;
    if (own) {
      await own.stop();
      await vscode.commands.executeCommand('setContext', ContextKeys.sandboxRunning, false);
      this.#services.log.info('Local sandbox stopped');
    }
    if (own || shared) this.#changed.fire();
    if (own) return { kind: 'stopped' };
    return shared ? { kind: 'shared', shared } : { kind: 'notRunning' };
  }

  dispose(): void {
    void this.stop().finally(() => this.#changed.dispose());
  }
}
