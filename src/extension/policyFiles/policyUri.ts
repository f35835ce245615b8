/**
 * The addresses of the read-only policy documents, both printed the same way so that the diff editor shows only
 * real differences: a registered policy (`countersign-policy:/registered/<organizationId>/<policyId>/<name>.policy.json`)
 * and one policy of a file (`countersign-policy:/file/<name>.policy.json?<file URI and index>`).
 */
import * as vscode from 'vscode';
import { POLICY_SCHEME } from './policyFileNames';

export { POLICY_SCHEME };

export type PolicyDocumentTarget =
  | { readonly kind: 'registered'; readonly organizationId: string; readonly policyId: string }
  | { readonly kind: 'file'; readonly fileUri: string; readonly index: number };

function safeName(name: string): string {
  return name.replace(/[\\/:*?"<>|#%]/g, '_') || 'policy';
}

export function registeredPolicyUri(organizationId: string, policyId: string, name: string): vscode.Uri {
  return vscode.Uri.from({
    scheme: POLICY_SCHEME,
    path: `/registered/${encodeURIComponent(organizationId)}/${encodeURIComponent(policyId)}/${safeName(name)}.policy.json`,
  });
}

export function filePolicyUri(fileUri: vscode.Uri, index: number, name: string): vscode.Uri {
  return vscode.Uri.from({
    scheme: POLICY_SCHEME,
    path: `/file/${safeName(name)}.policy.json`,
    query: JSON.stringify({ uri: fileUri.toString(), index }),
  });
}

export function parsePolicyUri(uri: vscode.Uri): PolicyDocumentTarget | undefined {
  if (uri.scheme !== POLICY_SCHEME) return undefined;
  const registered = /^\/registered\/([^/]+)\/([^/]+)\//.exec(uri.path);
  if (registered?.[1] && registered[2])
    return {
      kind: 'registered',
      organizationId: decodeURIComponent(registered[1]),
      policyId: decodeURIComponent(registered[2]),
    };
  if (!uri.path.startsWith('/file/')) return undefined;
  try {
    const query = JSON.parse(uri.query) as { uri?: unknown; index?: unknown };
    if (typeof query.uri !== 'string' || typeof query.index !== 'number') return undefined;
    return { kind: 'file', fileUri: query.uri, index: query.index };
  } catch {
    return undefined;
  }
}
