/**
 * The only place a MarkdownString is made. It is never trusted (no command link runs) and draws no html; it
 * draws `$(icon)` syntax only when asked, for an icon of ours. A teammate's text goes in through `markdownText`
 * or `markdownCode` (shownText.ts).
 */
import * as vscode from 'vscode';

export function safeMarkdown(value: string, options: { readonly themeIcons?: boolean } = {}): vscode.MarkdownString {
  const md = new vscode.MarkdownString(value, options.themeIcons === true);
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}
