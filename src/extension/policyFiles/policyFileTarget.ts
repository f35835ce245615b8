/**
 * Which policy of which file a command acts on: the file named (a Uri, or `{ uri, index }` from a lens) or the
 * active editor's, and in a file of several the one at the cursor (else one picked by name). A policy the service
 * would refuse is refused here, with its first problem, before anything is asked or sent.
 */
import * as vscode from 'vscode';
import { InvalidInputError } from '../../api';
import { pickOne } from '../ui/prompts';
import { policyDiagnostics } from './policyDiagnostics';
import { filePolicy, readPolicyFile, type FilePolicy, type PolicyEntry } from './policyDocument';
import { NO_KNOWLEDGE } from './policyKnowledge';

export interface PolicyFileInput {
  readonly file?: vscode.Uri | undefined;
  readonly uri?: string | undefined;
  readonly index?: number | undefined;
  readonly policyId?: string | undefined;
  readonly activityId?: string | undefined;
  readonly unsignedTransaction?: string | undefined;
  /** The key a pasted transaction is signed with (else asked for when the organization has several). */
  readonly privateKeyId?: string | undefined;
  readonly template?: string | undefined;
  readonly smartContractInterfaceId?: string | undefined;
  readonly functionName?: string | undefined;
  readonly argument?: string | undefined;
  readonly cap?: string | undefined;
  readonly userId?: string | undefined;
  readonly tagId?: string | undefined;
  readonly walletId?: string | undefined;
  /** A template's one address, or the wallet account a pasted transaction is signed with. */
  readonly address?: string | undefined;
  readonly policyName?: string | undefined;
}

export interface PolicyTarget {
  readonly document: vscode.TextDocument;
  readonly entry: PolicyEntry;
  readonly policy: FilePolicy;
}

/** A URI given as text: any scheme (file, untitled), or a path. */
export function uriOf(value: string | undefined): vscode.Uri | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return /^[a-z][a-z0-9+.-]+:/i.test(value) ? vscode.Uri.parse(value, true) : vscode.Uri.file(value);
}

export async function policyTarget(input: PolicyFileInput, refuseProblems = true): Promise<PolicyTarget | undefined> {
  const uri = input.file ?? uriOf(input.uri) ?? vscode.window.activeTextEditor?.document.uri;
  if (!uri || !/\.policy\.json$/i.test(uri.path))
    throw new InvalidInputError('policy file', vscode.l10n.t('Open a policy file (*.policy.json) first.'));
  const document = await vscode.workspace.openTextDocument(uri);
  const text = document.getText();
  const file = readPolicyFile(text);
  let entry: PolicyEntry | undefined;
  if (input.index !== undefined) entry = file.entries.find((e) => e.index === input.index);
  else if (file.entries.length === 1) entry = file.entries[0];
  else {
    const editor = vscode.window.activeTextEditor;
    const cursor = editor?.document === document ? document.offsetAt(editor.selection.active) : -1;
    entry = [...file.entries].reverse().find((e) => e.offset <= cursor);
    entry ??= (
      await pickOne(
        file.entries.map((e) => ({ label: e.policyName?.value ?? vscode.l10n.t('(no name)'), entry: e })),
        { title: vscode.l10n.t('Which policy of the file?') },
      )
    )?.entry;
  }
  if (!entry) return undefined;
  const policy = filePolicy(entry);
  if (!policy)
    throw new InvalidInputError(
      'policy file',
      vscode.l10n.t('The policy needs a policyName and an effect. Nothing was sent.'),
    );
  if (refuseProblems) {
    const refused = policyDiagnostics(text, NO_KNOWLEDGE, {
      entries: [entry],
      unreadable: false,
      readTo: text.length,
    }).find((problem) => problem.severity === 'error');
    if (refused) throw new InvalidInputError('policy file', vscode.l10n.t('{0} Nothing was sent.', refused.message));
  }
  return { document, entry, policy };
}
