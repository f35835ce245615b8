/**
 * Where the review page's files are in the extension: its style sheet (media/review/review.css) and its script,
 * bundled by esbuild.mjs from page/ into dist/webview/review.js. A page may load from these folders only.
 */
import * as vscode from 'vscode';

export function reviewStyleUri(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'media', 'review', 'review.css');
}

export function reviewScriptUri(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'review.js');
}

export function reviewResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'media', 'review'), vscode.Uri.joinPath(extensionUri, 'dist', 'webview')];
}
