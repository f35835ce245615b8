/**
 * A tree whose rows come from one load against the active session, written once for every view: the model
 * states (no session, loading, error, loaded), the generation counter that throws away a load overtaken by a
 * change, the one load in flight that every caller shares, the debounced refresh and the disposal. A view adds
 * only its fetch and its rows.
 */
import * as vscode from 'vscode';
import { CancelledError } from '../../api';
import type { Services, Session } from '../services';
import type { StoreChange } from '../store/organizationStore';
import { adviceFor, calmStateFor } from '../ui/advice';
import type { MessageElement } from './treeElements';
import { calmElements, errorElements } from './treeItems';
import type { TreeHost, TreeRows } from './treeShell';

/** What a view shows, as data: the views draw each state their own way. */
export type TreeModel<T> =
  | { readonly kind: 'noSession' }
  | { readonly kind: 'loading' }
  /** `phase`: whether opening the session failed (a profile or sandbox problem) or the view's own load. */
  | { readonly kind: 'error'; readonly error: unknown; readonly phase: 'session' | 'fetch' }
  | { readonly kind: 'loaded'; readonly value: T };

/** A model that a load ended in. */
export type SettledModel<T> = Exclude<TreeModel<T>, { readonly kind: 'loading' }>;

/** Changes the store tells of are gathered for this long before the view redraws. */
export const REFRESH_DEBOUNCE_MS = 250;

export abstract class LoadedTree<T, E> implements TreeRows<E> {
  readonly treeView: vscode.TreeView<E>;
  protected readonly services: Services;
  readonly #host: TreeHost<E>;
  protected readonly disposables: vscode.Disposable[] = [];
  #model: SettledModel<T> | undefined;
  /** The active profile when the generation began: a model is only ever that profile's. */
  #profileId: string | undefined;
  /** Bumped on every invalidation; a load started under an older generation is thrown away. */
  #generation = 0;
  #loading: { generation: number; promise: Promise<SettledModel<T>> } | undefined;
  #debounce: NodeJS.Timeout | undefined;
  #disposed = false;

  /** `reloadOn`: the changes of the store after which the view loads again. */
  constructor(services: Services, host: TreeHost<E>, reloadOn: (change: StoreChange) => boolean) {
    this.services = services;
    this.#host = host;
    this.treeView = host.treeView;
    void services.store().then((store) => {
      if (this.#disposed) return;
      this.disposables.push(
        store.onDidChange((change) => {
          if (!reloadOn(change)) return;
          if (change.profile) this.onProfileChange();
          this.invalidate(true);
        }),
      );
    });
  }

  /** The view's own load: throws to show the error state. Runs only with a session. */
  protected abstract fetch(session: Session): Promise<T>;
  /** What the failed load was, in the words of "Could not load <what>" for the log. */
  protected abstract readonly what: string;

  abstract getTreeItem(element: E): vscode.TreeItem;
  abstract getChildren(element?: E): vscode.ProviderResult<E[]>;
  abstract getParent(element: E): vscode.ProviderResult<E>;

  /** Before the reload that a profile change causes: a view may forget what it kept for the old profile. */
  protected onProfileChange(): void {}
  /** The model when the session could not be opened (a sandbox that crashed, a keyring that fails). */
  protected sessionFailed(error: unknown): SettledModel<T> {
    return { kind: 'error', error, phase: 'session' };
  }
  /** After a load that is still current is kept. */
  protected onLoaded(_model: SettledModel<T>): void {}

  get disposed(): boolean {
    return this.#disposed;
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#debounce) clearTimeout(this.#debounce);
    this.#debounce = undefined;
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }

  /** Reloads and redraws now. */
  refresh(): void {
    this.invalidate(false);
  }

  /** The model now: loading while no load has ended since the last change. */
  protected get model(): TreeModel<T> {
    return this.#model ?? { kind: 'loading' };
  }

  protected get generation(): number {
    return this.#generation;
  }

  /**
   * The rows of a failed load: a state no Retry changes (the sandbox stopped, the organization gone) as one calm row
   * and its command; any other error in red, with its hint, a fix when there is one, and Retry. `calm: false` for a
   * failure to open the session (a crashed sandbox is an error to show as such, with its own message).
   */
  protected failureRows(
    idPrefix: string,
    what: string,
    error: unknown,
    retryCommand: string,
    options: { readonly parent?: MessageElement['parent']; readonly calm?: boolean } = {},
  ): MessageElement[] {
    const { parent } = options;
    const calm = options.calm === false ? undefined : calmStateFor(this.services, error);
    if (calm) return calmElements(idPrefix, calm);
    return errorElements(idPrefix, what, error, retryCommand, {
      ...(parent ? { parent } : {}),
      ...adviceFor(this.services, error),
    });
  }

  /** Redraws `element` (or the whole view) without loading again. */
  protected redraw(element?: E): void {
    if (!this.#disposed) this.#host.redraw(element);
  }

  protected invalidate(debounced: boolean): void {
    this.#generation++;
    this.#model = undefined;
    if (!debounced) {
      if (this.#debounce) clearTimeout(this.#debounce);
      this.#debounce = undefined;
      this.redraw();
      return;
    }
    if (this.#debounce) return;
    this.#debounce = setTimeout(() => {
      this.#debounce = undefined;
      this.redraw();
    }, REFRESH_DEBOUNCE_MS);
  }

  /** The current model, loading it once however many callers ask at the same time. */
  protected ensureLoaded(): Promise<SettledModel<T>> {
    // The profile changed and the change has not reached this view yet (it comes once the new profile's state is
    // read): what is kept, or loading, belongs to the other profile.
    const profileId = this.services.profiles.active()?.id;
    if (profileId !== this.#profileId) {
      this.#profileId = profileId;
      this.#generation++;
      this.#model = undefined;
      this.onProfileChange();
    }
    if (this.#model) return Promise.resolve(this.#model);
    const generation = this.#generation;
    if (this.#loading?.generation === generation) return this.#loading.promise;
    const promise = this.#load().then((model) => {
      if (generation === this.#generation) {
        this.#model = model;
        this.onLoaded(model);
      }
      return model;
    });
    this.#loading = { generation, promise };
    void promise.finally(() => {
      if (this.#loading?.promise === promise) this.#loading = undefined;
    });
    return promise;
  }

  async #load(): Promise<SettledModel<T>> {
    let session: Session | undefined;
    try {
      session = await this.services.session();
    } catch (error) {
      this.services.log.failure('Could not open the active profile', error);
      return this.sessionFailed(error);
    }
    if (!session) return { kind: 'noSession' };
    try {
      return { kind: 'loaded', value: await this.fetch(session) };
    } catch (error) {
      if (!(error instanceof CancelledError)) this.services.log.failure(`Could not load ${this.what}`, error);
      return { kind: 'error', error, phase: 'fetch' };
    }
  }
}
