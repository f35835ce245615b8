/**
 * The review page's HTML, set once per page: an empty root the page's script draws into, its style sheet and its
 * script, under a Content Security Policy that allows nothing else (no remote content, no inline style, the one
 * script by its nonce). What the page shows arrives later by message (reviewMessages.ts). Colours and fonts are the
 * theme's `--vscode-*` variables. Pure.
 */
import { escapeHtml } from '../ui/htmlText';
import type { ReviewPageState } from './reviewMessages';

/** What the page needs from the webview: where its files are, and the CSP source of this webview. */
export interface ReviewPageResources {
  readonly cspSource: string;
  readonly styleUri: string;
  readonly scriptUri: string;
  readonly nonce: string;
  /** What the page keeps with setState, to be reopened after a reload: ids only, never a secret. */
  readonly state: ReviewPageState;
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${cspSource}`,
    `font-src ${cspSource}`,
  ].join('; ');
}

/** The page's one HTML: its policy, style sheet, title, state, the root its script draws into, and the script. */
export function reviewShellHtml(resources: ReviewPageResources, title: string, language: string): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(resources.cspSource, resources.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(resources.styleUri)}">
<title>${escapeHtml(title)}</title>
</head>
<body data-state="${escapeHtml(JSON.stringify(resources.state))}">
<div id="root"></div>
<script nonce="${escapeHtml(resources.nonce)}" src="${escapeHtml(resources.scriptUri)}"></script>
</body>
</html>`;
}
