/**
 * The review page's HTML, drawn from its model. Every value is escaped; the page loads only its own style sheet
 * and script from media/review/ under a Content Security Policy that allows nothing else (no remote content, no
 * inline style, the one script by its nonce). Colours and fonts are the theme's `--vscode-*` variables. Pure.
 */
import type { DecodedArgument } from '../../api/remote';
import type { ReviewAction, ReviewModel, ReviewNote, ReviewRow, ReviewSection } from './reviewModel';
import { escapeHtml } from '../ui/htmlText';
import { visible } from '../ui/shownText';
import { englishText, type Translate } from '../ui/translate';

/**
 * A teammate's text in a cell: hidden characters shown (`\u202E`, `\n`), and isolated with `<bdi>` so that
 * right-to-left text keeps to its cell.
 */
function cellText(text: string): string {
  return `<bdi>${escapeHtml(visible(text))}</bdi>`;
}

/** What the page needs from the webview: where its files are, and the CSP source of this webview. */
export interface ReviewPageResources {
  readonly cspSource: string;
  readonly styleUri: string;
  readonly scriptUri: string;
  readonly nonce: string;
  /** What the page keeps with setState, to be reopened after a reload: ids only, never a secret. */
  readonly state: { readonly activityId: string; readonly organizationId: string; readonly profileId: string };
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

function rowsTable(rows: readonly ReviewRow[]): string {
  if (rows.length === 0) return '';
  const body = rows
    .map(
      (row) =>
        `<tr><th scope="row">${escapeHtml(row.label)}</th><td${row.code ? ' class="code"' : ''}>${cellText(row.value)}</td></tr>`,
    )
    .join('');
  return `<table class="facts"><tbody>${body}</tbody></table>`;
}

function notes(list: readonly ReviewNote[]): string {
  return list
    .map(
      (note) =>
        `<p class="note ${note.tone}" role="${note.tone === 'error' ? 'alert' : 'note'}">${cellText(note.text)}</p>`,
    )
    .join('');
}

function buttons(actions: readonly ReviewAction[]): string {
  if (actions.length === 0) return '';
  return `<div class="actions">${actions
    .map(
      (action) =>
        `<button type="button" data-action="${escapeHtml(action.id)}" class="${action.primary ? 'primary' : 'secondary'}">${escapeHtml(action.label)}</button>`,
    )
    .join('')}</div>`;
}

function argumentRows(args: readonly DecodedArgument[], depth: number): string {
  return args
    .map((arg) => {
      const name = `<th scope="row" class="depth-${Math.min(depth, 6)}">${cellText(arg.name)}</th>`;
      const type = `<td class="type">${escapeHtml(arg.type)}</td>`;
      if (arg.parts) {
        const summary = arg.parts.length === 0 ? '—' : '';
        return `<tr>${name}${type}<td class="code">${summary}</td></tr>${argumentRows(arg.parts, depth + 1)}`;
      }
      return `<tr>${name}${type}<td class="code">${cellText(arg.text ?? '')}</td></tr>`;
    })
    .join('');
}

function section(s: ReviewSection, t: Translate): string {
  const call = s.call
    ? `<h3 class="call-title code">${cellText(s.call.title)}</h3>` +
      (s.call.arguments.length > 0
        ? `<table class="arguments"><thead><tr><th>${escapeHtml(t('Argument'))}</th><th>${escapeHtml(t('Type'))}</th><th>${escapeHtml(t('Value'))}</th></tr></thead><tbody>${argumentRows(s.call.arguments, 0)}</tbody></table>`
        : `<p>${escapeHtml(t('It takes no arguments.'))}</p>`)
    : '';
  return `<section id="${s.id}"><h2>${escapeHtml(s.heading)}</h2>${call}${rowsTable(s.rows)}${notes(s.notes)}${buttons(s.actions)}</section>`;
}

/** What a reviewer reads first: what the activity does (the call, the transaction, the payload), then the rest. */
const FIRST: readonly ReviewSection['id'][] = ['call', 'transaction', 'payload'];

export function reviewHtml(model: ReviewModel, resources: ReviewPageResources, t: Translate = englishText): string {
  const whatItDoes = FIRST.flatMap((id) => model.sections.filter((s) => s.id === id));
  const rest = model.sections.filter((s) => !FIRST.includes(s.id));
  const votes =
    model.votes.length === 0
      ? `<p>${escapeHtml(t('No votes yet.'))}</p>`
      : `<ul class="votes">${model.votes
          .map(
            (v) =>
              `<li class="${v.approved ? 'approved' : 'rejected'}">${cellText(v.who)}: ${escapeHtml(v.selection)}</li>`,
          )
          .join('')}</ul>`;
  return page(
    resources,
    t('Review: {0}', model.title),
    `<header>
<h1>${cellText(model.title)} <span class="status">${escapeHtml(model.statusLabel)}</span></h1>
<p class="progress">${escapeHtml(model.progress)}</p>
${buttons(model.actions)}
</header>
<main>
${whatItDoes.map((s) => section(s, t)).join('\n')}
<section id="summary"><h2>${escapeHtml(t('Activity'))}</h2>${rowsTable(model.summary)}<h3>${escapeHtml(t('Votes'))}</h3>${votes}</section>
${rest.map((s) => section(s, t)).join('\n')}
</main>`,
  );
}

/** The page shown while the activity is read, or when it cannot be: a sentence, and Retry where it helps. */
export function messageHtml(
  heading: string,
  text: string,
  resources: ReviewPageResources,
  retry: boolean,
  t: Translate = englishText,
): string {
  return page(
    resources,
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p class="note info">${escapeHtml(text)}</p>
${retry ? buttons([{ id: 'retry', label: t('Retry'), primary: false }]) : ''}`,
  );
}

/** A page of the panel: its policy, style sheet, title and state, `body` (already escaped), and its one script. */
function page(resources: ReviewPageResources, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(resources.cspSource, resources.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(resources.styleUri)}">
<title>${escapeHtml(title)}</title>
</head>
<body data-state="${escapeHtml(JSON.stringify(resources.state))}">
${body}
<script nonce="${escapeHtml(resources.nonce)}" src="${escapeHtml(resources.scriptUri)}"></script>
</body>
</html>`;
}
