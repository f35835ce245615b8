/**
 * The part of the ABI editor features that activation loads, kept tiny: it waits for the first JSON document and
 * then starts the features (abiEditorFeatures.ts, behind the pages' door), which bring the reading of ABIs. It also serves the
 * read-only ABI documents, whose text is made on first use.
 */
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { AbiEditorFeatures } from './abiEditorFeatures';
import { openPages } from '../pagesDoor';

/** The scheme of the read-only ABI documents (see registeredAbiUri.ts). */
const ABI_SCHEME = 'countersign-abi';

export interface AbiEditor extends vscode.Disposable {
  /** The features, started now if no JSON document has started them yet. */
  start(): Promise<AbiEditorFeatures>;
}

export function registerAbiEditor(services: Services): AbiEditor {
  let started: Promise<AbiEditorFeatures> | undefined;
  const start = () => (started ??= openPages().then(({ startAbiEditor }) => startAbiEditor(services)));
  const consider = (document: vscode.TextDocument) => {
    if (document.languageId === 'json' || document.languageId === 'jsonc' || /\.json$/i.test(document.uri.path))
      start().catch((error: unknown) => services.log.failure('Could not start the ABI file features', error));
  };
  const subscriptions = [
    vscode.workspace.onDidOpenTextDocument(consider),
    vscode.workspace.registerTextDocumentContentProvider(ABI_SCHEME, {
      provideTextDocumentContent: async (uri, token) => (await openPages()).registeredAbiText(services, uri, token),
    }),
  ];
  vscode.workspace.textDocuments.forEach(consider);
  return {
    start,
    dispose: () => {
      for (const subscription of subscriptions) subscription.dispose();
      void started?.then((features) => {
        features.dispose();
      });
    },
  };
}
