/**
 * The ERC-7730 clear-signing descriptors of the workspace, of contract calls and of EIP-712 messages: JSON files
 * named as the public registry names them (`calldata-*.json`, `eip712-*.json`) or that say `erc7730` in their name. They are searched for and read on first need, then kept:
 * a file watcher on the same names, and a change of workspace folders, say what to read again, so the next reader
 * reads only the files that changed (a search again only when the folders changed, or when the search hit its
 * bound). The watcher reports files written by any program, so a descriptor created, changed or deleted on disk is
 * followed without being opened. A file that is not a descriptor is skipped, its reason logged at debug level.
 *
 * A descriptor is a file anyone with the repository can write: it is read only in a trusted workspace, and the
 * workspace is read when trust is granted.
 */
import * as vscode from 'vscode';
import type { ClearSigningDescriptor } from '../../api/remote';
import * as remote from '../../api/remote';
import { errorText } from '../../api/core';

const PATTERN = '**/{calldata-*,eip712-*,*erc7730*,*erc-7730*}.json';
const EXCLUDE = '{**/node_modules/**,**/.git/**}';
const MAX_FILES = 50;
const MAX_BYTES = 512 * 1024;

/** What the watcher reports in folders the search leaves out is left out too. */
const excluded = (uri: vscode.Uri) => /\/(node_modules|\.git)\//.test(uri.path);

/** Whether the workspace is trusted, and news of trust granted: VS Code's `workspace`, which has both. */
export interface WorkspaceTrust {
  readonly isTrusted: boolean;
  readonly onDidGrantWorkspaceTrust: vscode.Event<void>;
}

interface KnownFile {
  readonly uri: vscode.Uri;
  /** Undefined until read, or when the file is not a descriptor. */
  descriptor: ClearSigningDescriptor | undefined;
}

export class WorkspaceDescriptors implements vscode.Disposable {
  readonly #log: { debug(message: string): void };
  readonly #changed: () => void;
  readonly #trust: WorkspaceTrust;
  readonly #disposables: vscode.Disposable[] = [];
  /** The files the last search and the watcher found, by URI; undefined before the first search. */
  #known: Map<string, KnownFile> | undefined;
  /** Known files to read again. */
  readonly #dirty = new Set<string>();
  #searchNeeded = true;
  #searching = false;
  /** The last search stopped at its bound: a file created or deleted may change which ones it finds. */
  #capped = false;
  /** Counts what may have changed: a read that saw it change reads again before it answers. */
  #generation = 0;
  #reading: Promise<readonly ClearSigningDescriptor[]> | undefined;
  #list: readonly ClearSigningDescriptor[] | undefined;
  #searches = 0;
  #fileReads = 0;
  #untrustedSaid = false;

  /**
   * `changed` is called when a descriptor that was read may have changed, or trust was granted: summaries made
   * before are out of date.
   */
  constructor(log: { debug(message: string): void }, changed: () => void, trust: WorkspaceTrust = vscode.workspace) {
    this.#log = log;
    this.#changed = changed;
    this.#trust = trust;
    const watcher = vscode.workspace.createFileSystemWatcher(PATTERN);
    this.#disposables.push(
      watcher,
      watcher.onDidCreate((uri) => this.#created(uri)),
      watcher.onDidChange((uri) => this.#edited(uri)),
      watcher.onDidDelete((uri) => this.#deleted(uri)),
      // The watcher names the files it matched: a folder deleted or renamed in the editor takes its files unnamed.
      vscode.workspace.onDidDeleteFiles((event) => this.#movedAway(event.files)),
      vscode.workspace.onDidRenameFiles((event) => this.#movedAway(event.files.map((f) => f.oldUri))),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.#searchAgain()),
      trust.onDidGrantWorkspaceTrust(() => this.#searchAgain()),
    );
  }

  /** How many times the workspace was searched (tests read it: once, however many summaries were made). */
  get searches(): number {
    return this.#searches;
  }

  /** How many files were read (tests read it: a change reads the one file again). */
  get fileReads(): number {
    return this.#fileReads;
  }

  /** The workspace's descriptors, none while it is not trusted; readers at the same time share one read. */
  read(): Promise<readonly ClearSigningDescriptor[]> {
    if (!this.#trust.isTrusted) {
      if (!this.#untrustedSaid)
        this.#log.debug('The workspace is not trusted: its clear-signing descriptors are not read');
      this.#untrustedSaid = true;
      return Promise.resolve([]);
    }
    if (this.#list) return Promise.resolve(this.#list);
    this.#reading ??= this.#bringUpToDate().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  dispose(): void {
    for (const disposable of this.#disposables.splice(0)) disposable.dispose();
  }

  async #bringUpToDate(): Promise<readonly ClearSigningDescriptor[]> {
    for (;;) {
      const generation = this.#generation;
      if (this.#searchNeeded) await this.#search();
      const known = this.#known ?? new Map<string, KnownFile>();
      const todo = [...this.#dirty];
      this.#dirty.clear();
      for (const key of todo) {
        const file = known.get(key);
        // A file deleted meanwhile is no longer known: what was read of it is dropped with it.
        if (file) file.descriptor = await this.#readOne(file.uri);
      }
      if (generation !== this.#generation) continue;
      const list = [...known.values()].flatMap((file) => (file.descriptor ? [file.descriptor] : []));
      this.#list = list;
      return list;
    }
  }

  async #search(): Promise<void> {
    this.#searchNeeded = false;
    this.#searching = true;
    try {
      let files: readonly vscode.Uri[] = [];
      if (vscode.workspace.workspaceFolders?.length) {
        this.#searches++;
        files = await vscode.workspace.findFiles(PATTERN, EXCLUDE, MAX_FILES);
      }
      this.#capped = files.length >= MAX_FILES;
      this.#known = new Map(files.map((uri) => [uri.toString(), { uri, descriptor: undefined }]));
      this.#dirty.clear();
      for (const key of this.#known.keys()) this.#dirty.add(key);
      this.#log.debug(`Found ${files.length} clear-signing file(s) in the workspace`);
    } catch (error) {
      // Searched again by the next reader.
      this.#searchNeeded = true;
      this.#known = undefined;
      throw error;
    } finally {
      this.#searching = false;
    }
  }

  async #readOne(uri: vscode.Uri): Promise<ClearSigningDescriptor | undefined> {
    try {
      this.#fileReads++;
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > MAX_BYTES) {
        this.#log.debug(
          `Skipped a clear-signing file over ${MAX_BYTES} bytes: ${vscode.workspace.asRelativePath(uri)}`,
        );
        return undefined;
      }
      const bytes = await vscode.workspace.fs.readFile(uri);
      const text = new TextDecoder().decode(bytes);
      if (!remote.mayBeClearSigningDescriptor(text)) return undefined;
      const read = remote.parseClearSigningDescriptor(text, vscode.workspace.asRelativePath(uri));
      if (read.ok) return read.descriptor;
      this.#log.debug(`Skipped a clear-signing file: ${read.problem}`);
    } catch (error) {
      this.#log.debug(`Could not read ${uri.toString()}: ${errorText(error)}`);
    }
    return undefined;
  }

  /** Something changed: the next reader reads again, and those who made summaries with it are told. */
  #stale(): void {
    this.#generation++;
    this.#list = undefined;
    this.#changed();
  }

  #searchAgain(): void {
    this.#searchNeeded = true;
    this.#stale();
  }

  #created(uri: vscode.Uri): void {
    if (excluded(uri)) return;
    if (this.#searching) return this.#searchAgain();
    if (!this.#known) return;
    if (this.#capped) return this.#searchAgain();
    this.#readAgain(uri);
  }

  #edited(uri: vscode.Uri): void {
    if (excluded(uri)) return;
    if (this.#searching) return this.#searchAgain();
    // A file the watcher did not report created (it was made as the watcher started) is taken as new.
    if (!this.#known || (this.#capped && !this.#known.has(uri.toString()))) return;
    this.#readAgain(uri);
  }

  /** A file to read again, or to read as new while under the bound (a file past it stays out, as a search leaves it). */
  #readAgain(uri: vscode.Uri): void {
    const key = uri.toString();
    if (!this.#known?.has(key)) {
      if (!this.#known || this.#known.size >= MAX_FILES) return;
      this.#known.set(key, { uri, descriptor: undefined });
    }
    this.#dirty.add(key);
    this.#stale();
  }

  #deleted(uri: vscode.Uri): void {
    if (excluded(uri)) return;
    if (this.#searching) return this.#searchAgain();
    if (!this.#known) return;
    if (this.#capped) return this.#searchAgain();
    if (!this.#known.delete(uri.toString())) return;
    this.#dirty.delete(uri.toString());
    this.#stale();
  }

  /** Files and folders deleted or renamed in the editor: those holding a known file take it away. */
  #movedAway(uris: readonly vscode.Uri[]): void {
    if (this.#searching) return this.#searchAgain();
    if (!this.#known) return;
    const gone = [...this.#known.keys()].filter((key) =>
      uris.some((uri) => key === uri.toString() || key.startsWith(`${uri.toString()}/`)),
    );
    for (const key of gone) {
      this.#known.delete(key);
      this.#dirty.delete(key);
    }
    if (gone.length > 0) this.#stale();
  }
}
