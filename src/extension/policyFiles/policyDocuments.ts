/**
 * The text of the read-only policy documents (policyUri.ts): a registered policy read from the store, or one
 * policy of a file (its current text, unsaved edits included), both printed by policyText() so that a
 * comparison shows only what differs.
 */
import * as vscode from 'vscode';
import { InvalidInputError, type Policy } from '../../api';
import type { Services } from '../services';
import { filePolicy, readPolicyFile, type FilePolicy } from './policyDocument';
import { parsePolicyUri } from './policyUri';

/** A policy as a file holds it: its fields in one order, the absent ones left out. */
export function policyText(policy: FilePolicy): string {
  const printed = {
    policyName: policy.policyName,
    effect: policy.effect,
    ...(policy.condition ? { condition: policy.condition } : {}),
    ...(policy.consensus ? { consensus: policy.consensus } : {}),
    ...(policy.time ? { time: policy.time } : {}),
    notes: policy.notes,
  };
  return `${JSON.stringify(printed, null, 2)}\n`;
}

export function asFilePolicy(policy: Policy): FilePolicy {
  return {
    policyName: policy.policyName,
    effect: policy.effect,
    notes: policy.notes,
    ...(policy.condition ? { condition: policy.condition } : {}),
    ...(policy.consensus ? { consensus: policy.consensus } : {}),
    ...(policy.time ? { time: policy.time } : {}),
  };
}

export async function registeredPolicy(services: Services, policyId: string): Promise<Policy> {
  const store = await services.store();
  const governance = await store.governance();
  const policy = governance?.policies.find((p) => p.policyId === policyId);
  if (!policy)
    throw new InvalidInputError(
      'policy',
      vscode.l10n.t('The active organization has no policy {0}: refresh the Organization view.', policyId),
    );
  return policy;
}

export async function policyDocumentText(services: Services, uri: vscode.Uri): Promise<string> {
  const target = parsePolicyUri(uri);
  if (!target) throw new Error(vscode.l10n.t('This is not the address of a policy: {0}', uri.toString()));
  if (target.kind === 'registered') return policyText(asFilePolicy(await registeredPolicy(services, target.policyId)));
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(target.fileUri, true));
  const entry = readPolicyFile(document.getText()).entries.find((e) => e.index === target.index);
  const policy = entry && filePolicy(entry);
  if (!policy) throw new InvalidInputError('policy file', vscode.l10n.t('The file no longer holds that policy.'));
  return policyText(policy);
}
