/**
 * A view whose rows load with their first reader. Activation makes the view and this shell as its data
 * provider; the module that loads and draws the rows is imported the first time VS Code (or a command) asks for a
 * row, which it does only once the view is visible. A window that never shows the view never loads it.
 */
import * as vscode from 'vscode';
import { LoadOnce } from '../loadOnce';

/** What the rows get from their shell: the view, and the way to redraw it. */
export interface TreeHost<E> {
  readonly treeView: vscode.TreeView<E>;
  /** Redraws `element`, or the whole view. */
  redraw(element?: E): void;
}

/** The rows of a view, as the shell asks for them. */
export interface TreeRows<E> extends vscode.Disposable {
  getTreeItem(element: E): vscode.TreeItem | Thenable<vscode.TreeItem>;
  getChildren(element?: E): vscode.ProviderResult<E[]>;
  getParent(element: E): vscode.ProviderResult<E>;
  resolveTreeItem?(
    item: vscode.TreeItem,
    element: E,
    token: vscode.CancellationToken,
  ): vscode.ProviderResult<vscode.TreeItem>;
  /** Loads again and redraws. */
  refresh(): void;
}

export class TreeShell<E, R extends TreeRows<E>> implements vscode.TreeDataProvider<E>, TreeHost<E>, vscode.Disposable {
  readonly treeView: vscode.TreeView<E>;
  readonly #changed = new vscode.EventEmitter<E | undefined>();
  readonly onDidChangeTreeData = this.#changed.event;
  readonly #rows: LoadOnce<R>;
  #disposed = false;

  /** `load` imports the rows' module and makes them; a failed import is tried again on the next read. */
  constructor(viewId: string, load: (host: TreeHost<E>) => Promise<R>) {
    this.#rows = new LoadOnce(() => load(this));
    this.treeView = vscode.window.createTreeView(viewId, { treeDataProvider: this, showCollapseAll: true });
  }

  /** The rows, loaded on the first call. */
  rows(): Promise<R> {
    return this.#rows.get();
  }

  redraw(element?: E): void {
    if (!this.#disposed) this.#changed.fire(element);
  }

  /** Loads again and redraws, if anything was loaded. */
  refresh(): void {
    void this.#rows.started?.then(
      (rows) => rows.refresh(),
      () => this.redraw(),
    );
  }

  async getTreeItem(element: E): Promise<vscode.TreeItem> {
    return (await this.rows()).getTreeItem(element);
  }

  async getChildren(element?: E): Promise<E[] | undefined> {
    return (await (await this.rows()).getChildren(element)) ?? undefined;
  }

  async getParent(element: E): Promise<E | undefined> {
    return (await (await this.rows()).getParent(element)) ?? undefined;
  }

  async resolveTreeItem(
    item: vscode.TreeItem,
    element: E,
    token: vscode.CancellationToken,
  ): Promise<vscode.TreeItem | undefined> {
    const rows = await this.rows();
    if (!rows.resolveTreeItem) return item;
    const resolved: vscode.TreeItem | null | undefined = await rows.resolveTreeItem(item, element, token);
    return resolved ?? undefined;
  }

  dispose(): void {
    this.#disposed = true;
    void this.#rows.started?.then(
      (rows) => {
        rows.dispose();
      },
      () => undefined,
    );
    this.treeView.dispose();
    this.#changed.dispose();
  }
}
