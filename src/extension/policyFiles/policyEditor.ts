/**
 * The part of the policy file features that activation loads, kept tiny: it waits for the first `*.policy.json`
 * document, then starts the features (policyEditorFeatures.ts, behind the pages' door), which bring the policy language. It
 * also serves the read-only documents of policies (a registered one, a file's), made on first use.
 */
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { PolicyEditorFeatures } from './policyEditorFeatures';
import { openPages } from '../pagesDoor';
import { isPolicyFile, POLICY_SCHEME } from './policyFileNames';

export interface PolicyEditor extends vscode.Disposable {
  /** The features, started now if no policy file has started them yet. */
  start(): Promise<PolicyEditorFeatures>;
}

export function registerPolicyEditor(services: Services): PolicyEditor {
  let started: Promise<PolicyEditorFeatures> | undefined;
  const start = () => (started ??= openPages().then(({ startPolicyEditor }) => startPolicyEditor(services)));
  const consider = (document: vscode.TextDocument) => {
    if (isPolicyFile(document))
      start().catch((error: unknown) => services.log.failure('Could not start the policy file features', error));
  };
  const subscriptions = [
    vscode.workspace.onDidOpenTextDocument(consider),
    vscode.workspace.registerTextDocumentContentProvider(POLICY_SCHEME, {
      provideTextDocumentContent: async (uri) => (await openPages()).policyDocumentText(services, uri),
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
