/**
 * The ERC-7730 clear-signing descriptors of the workspace: JSON files named as the public registry names them
 * (`calldata-*.json`) or that say `erc7730` in their name, read and checked each time a transaction is summarised
 * (a handful of small files). A file that is not a descriptor is skipped, its reason logged at debug level.
 */
import * as vscode from 'vscode';
import type { ClearSigningDescriptor } from '../../api/remote';
import { loadRemoteApi } from '../remoteApi';

const PATTERN = '**/{calldata-*,*erc7730*,*erc-7730*}.json';
const EXCLUDE = '{**/node_modules/**,**/.git/**}';
const MAX_FILES = 50;
const MAX_BYTES = 512 * 1024;

export async function workspaceDescriptors(log: { debug(message: string): void }): Promise<ClearSigningDescriptor[]> {
  if (!vscode.workspace.workspaceFolders?.length) return [];
  const [files, remote] = await Promise.all([vscode.workspace.findFiles(PATTERN, EXCLUDE, MAX_FILES), loadRemoteApi()]);
  const descriptors: ClearSigningDescriptor[] = [];
  for (const uri of files) {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > MAX_BYTES) continue;
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      if (!remote.mayBeClearSigningDescriptor(text)) continue;
      const read = remote.parseClearSigningDescriptor(text, vscode.workspace.asRelativePath(uri));
      if (read.ok) descriptors.push(read.descriptor);
      else log.debug(`Skipped a clear-signing file: ${read.problem}`);
    } catch (error) {
      log.debug(`Could not read ${uri.toString()}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return descriptors;
}
