/**
 * The read-only JSON documents of activities and policies, registered at activation by their schemes alone: the
 * providers themselves (jsonDocumentProvider.ts) load when the first such document is opened.
 */
import * as vscode from 'vscode';
import type { Services } from '../services';
import { openClient } from '../clientDoor';

import { ACTIVITY_JSON_SCHEME, POLICY_JSON_SCHEME, TEXT_SCHEME } from './jsonSchemes';

type Providers = Readonly<Record<'activity' | 'policy', vscode.TextDocumentContentProvider>>;

/** A provider that loads the real one on its first document and passes on what it says changed. */
class LazyProvider implements vscode.TextDocumentContentProvider {
  readonly #changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.#changed.event;

  constructor(readonly load: () => Promise<vscode.TextDocumentContentProvider>) {}

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const provider = await this.load();
    return (await provider.provideTextDocumentContent(uri, token)) ?? '';
  }

  fire(uri: vscode.Uri): void {
    this.#changed.fire(uri);
  }

  dispose(): void {
    this.#changed.dispose();
  }
}

export function registerActivityJsonDocuments(services: Services): vscode.Disposable {
  const held: vscode.Disposable[] = [];
  let loading: Promise<Providers> | undefined;
  const load = (): Promise<Providers> =>
    (loading ??= openClient().then((module) => {
      const created = module.createJsonDocumentProviders(services);
      held.push(created.disposable);
      held.push(
        ...(['activity', 'policy'] as const).map((kind) => created[kind].onDidChange((uri) => lazy[kind].fire(uri))),
      );
      return created;
    }));
  const lazy = {
    activity: new LazyProvider(async () => (await load()).activity),
    policy: new LazyProvider(async () => (await load()).policy),
  };
  return vscode.Disposable.from(
    lazy.activity,
    lazy.policy,
    vscode.workspace.registerTextDocumentContentProvider(ACTIVITY_JSON_SCHEME, lazy.activity),
    vscode.workspace.registerTextDocumentContentProvider(POLICY_JSON_SCHEME, lazy.policy),
    // Read-only text (readOnlyText.ts): its text is its address's query. Written here so that activation does not
    // load the module that opens such documents.
    vscode.workspace.registerTextDocumentContentProvider(TEXT_SCHEME, {
      provideTextDocumentContent: (uri) => uri.query,
    }),
    {
      dispose: () => {
        vscode.Disposable.from(...held).dispose();
      },
    },
  );
}
