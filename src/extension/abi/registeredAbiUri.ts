/**
 * The addresses of the read-only ABI documents: a registered interface's ABI
 * (`countersign-abi:/registered/<organizationId>/<interfaceId>/<label>.abi.json`) and a file's ABI
 * (`countersign-abi:/file/<contract>.abi.json?<file URI and contract>`), both canonical and pretty-printed, so
 * that the diff editor shows only real differences.
 */
import * as vscode from 'vscode';

export const REGISTERED_ABI_SCHEME = 'countersign-abi';

export type AbiDocumentTarget =
  | { readonly kind: 'registered'; readonly organizationId: string; readonly smartContractInterfaceId: string }
  | { readonly kind: 'file'; readonly fileUri: string; readonly contractName: string | undefined };

function safeName(name: string): string {
  return name.replace(/[\\/:*?"<>|#%]/g, '_') || 'abi';
}

export function registeredAbiUri(organizationId: string, smartContractInterfaceId: string, label: string): vscode.Uri {
  return vscode.Uri.from({
    scheme: REGISTERED_ABI_SCHEME,
    path: `/registered/${encodeURIComponent(organizationId)}/${encodeURIComponent(smartContractInterfaceId)}/${safeName(label)}.abi.json`,
  });
}

export function fileAbiUri(fileUri: vscode.Uri, contractName: string | undefined): vscode.Uri {
  return vscode.Uri.from({
    scheme: REGISTERED_ABI_SCHEME,
    path: `/file/${safeName(contractName ?? fileUri.path.split('/').pop() ?? 'abi')}.abi.json`,
    query: JSON.stringify({ uri: fileUri.toString(), contractName }),
  });
}

export function parseAbiDocumentUri(uri: vscode.Uri): AbiDocumentTarget | undefined {
  if (uri.scheme !== REGISTERED_ABI_SCHEME) return undefined;
  const registered = /^\/registered\/([^/]+)\/([^/]+)\//.exec(uri.path);
  if (registered?.[1] && registered[2]) {
    return {
      kind: 'registered',
      organizationId: decodeURIComponent(registered[1]),
      smartContractInterfaceId: decodeURIComponent(registered[2]),
    };
  }
  if (!uri.path.startsWith('/file/')) return undefined;
  try {
    const query = JSON.parse(uri.query) as { uri?: unknown; contractName?: unknown };
    if (typeof query.uri !== 'string') return undefined;
    return {
      kind: 'file',
      fileUri: query.uri,
      contractName: typeof query.contractName === 'string' ? query.contractName : undefined,
    };
  } catch {
    return undefined;
  }
}
