/**
 * ABI files in the editor: lenses above the ABI, its problems in the Problems panel and quick fixes. Started (by
 * abiEditor.ts) when the first JSON document opens; the reading of ABIs (zod, jsonc-parser) loads with it.
 */
import * as vscode from 'vscode';
import { DocumentDebounce } from '../ui/documentDebounce';
import { abiPathKind } from '../../api/remote';
import type { Services } from '../services';
import type { AbiLens } from './abiLensModel';
import { createAbiEditorModel } from './abiEditorModel';
import { offerDeletionOfReplaced } from './abiFileActions';

export interface AbiEditorFeatures extends vscode.Disposable {
  readonly diagnostics: vscode.DiagnosticCollection;
  /** The lenses of a document as data (for the tests); [] when it is not an ABI file. */
  lenses(document: vscode.TextDocument): Promise<AbiLens[]>;
  /** Resolves once the diagnostics of the open documents are up to date. */
  settled(): Promise<void>;
}

const DEBOUNCE_MS = 300;

function mayBeAbi(document: vscode.TextDocument): boolean {
  if (document.uri.scheme !== 'file' && document.uri.scheme !== 'untitled') return false;
  if (document.languageId !== 'json' && document.languageId !== 'jsonc' && !/\.json$/i.test(document.uri.path))
    return false;
  return abiPathKind(document.uri.path) !== 'excluded';
}

export async function startAbiEditor(services: Services): Promise<AbiEditorFeatures> {
  const [model, store] = await Promise.all([createAbiEditorModel(services), services.store()]);
  const diagnostics = vscode.languages.createDiagnosticCollection('countersign-abi');
  const lensesChanged = new vscode.EventEmitter<void>();

  const check = (document: vscode.TextDocument) => {
    // The analysis bounds its own work (api/abi/abiBounds.ts): a file too large is a problem it reports.
    if (!mayBeAbi(document)) {
      diagnostics.delete(document.uri);
      return;
    }
    try {
      diagnostics.set(document.uri, model.diagnostics(document));
    } catch (error) {
      services.log.failure('Could not read an ABI file', error);
    }
  };

  const checkLater = new DocumentDebounce((document) => check(document), DEBOUNCE_MS);

  const lenses = async (document: vscode.TextDocument): Promise<AbiLens[]> =>
    mayBeAbi(document) ? model.lensModel(document) : [];

  const selector: vscode.DocumentSelector = [
    { scheme: 'file', language: 'json' },
    { scheme: 'file', language: 'jsonc' },
    { scheme: 'file', pattern: '**/*.json' },
    { scheme: 'untitled', language: 'json' },
  ];

  const subscriptions = [
    diagnostics,
    lensesChanged,
    vscode.languages.registerCodeLensProvider(selector, {
      onDidChangeCodeLenses: lensesChanged.event,
      provideCodeLenses: async (document) => (mayBeAbi(document) ? model.codeLenses(document) : []),
    }),
    vscode.languages.registerCodeActionsProvider(
      selector,
      {
        provideCodeActions: (document, _range, context) => {
          const ours = context.diagnostics.filter((d) => d.source === 'Countersign');
          return ours.length > 0 && mayBeAbi(document) ? model.codeActions(document, ours) : [];
        },
      },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
    vscode.workspace.onDidOpenTextDocument(check),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (mayBeAbi(event.document)) checkLater.schedule(event.document);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      diagnostics.delete(document.uri);
      model.forget(document.uri);
    }),
    // The interfaces changed, or a registration opened or closed anywhere in the organization: the lens says so,
    // or offers Register again. A registration submitted here that completed offers to delete what it replaces.
    store.onDidChange((change) => {
      if (change.open || change.interfaces || change.registrations || change.profile || change.reset)
        lensesChanged.fire();
      for (const registration of change.completedRegistrations) {
        void offerDeletionOfReplaced(services, registration);
      }
    }),
    checkLater,
  ];
  for (const document of vscode.workspace.textDocuments) check(document);

  return {
    diagnostics,
    lenses,
    settled: () => checkLater.settled(),
    dispose: () => {
      for (const subscription of subscriptions) subscription.dispose();
    },
  };
}
