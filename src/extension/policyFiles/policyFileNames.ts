/**
 * Which documents are policy files, and the scheme of the read-only policy documents: all that activation needs
 * of this folder (policyEditor.ts), kept apart so that it loads nothing else.
 */
import type * as vscode from 'vscode';

export const POLICY_SCHEME = 'countersign-policy-text';

/** A `*.policy.json` document on disk or not yet saved: the documents the policy file features serve. */
export function isPolicyFile(document: vscode.TextDocument): boolean {
  return (
    (document.uri.scheme === 'file' || document.uri.scheme === 'untitled') && /\.policy\.json$/i.test(document.uri.path)
  );
}
