/**
 * Read-only text documents for words the extension wrote (an evaluation's details): the text travels in the
 * document's address, `countersign-text:/<title>.txt?<text>`, so the provider (jsonDocuments.ts) keeps nothing, and closing the tab
 * asks nothing (an Untitled document would ask to save).
 */
import * as vscode from 'vscode';
import { TEXT_SCHEME } from './jsonSchemes';

/** The address of a read-only document showing `text` under `title`. */
export function readOnlyTextUri(title: string, text: string): vscode.Uri {
  return vscode.Uri.from({ scheme: TEXT_SCHEME, path: `/${title.replace(/[\\/:*?"<>|#%]/g, '_')}.txt`, query: text });
}

/** Opens `text` as a read-only document titled `title`, in a preview tab. */
export async function showReadOnlyText(title: string, text: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(readOnlyTextUri(title, text));
  return vscode.window.showTextDocument(document, { preview: true });
}
