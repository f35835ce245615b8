/**
 * Text from the service (a tag or key name, an interface label, a user name, a `signWith`, a failure reason) is
 * a teammate's text: it is shown as text, never as markdown, a link, an icon or a hidden character. Every surface
 * that draws such text goes through one of these functions. Pure (no `vscode`).
 *
 * - `shown`: a name in plain text (dialogs, tree rows, plain tooltips): hidden characters made visible, and
 *   right-to-left text isolated so that it cannot reorder the words around it.
 * - `pickText`: the same, for surfaces that draw `$(icon)` syntax (quick picks, the status bar).
 * - `markdownText` and `markdownCode`: the same, inside markdown (hovers, tooltips), as text or as a code span.
 * - `notificationText`: a whole notification, which VS Code scans for `[text](target)` links that run commands.
 */

/** First strong isolate and pop directional isolate: what `isolated` wraps right-to-left text in. */
const FSI = '\u2068';
const PDI = '\u2069';

/** Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms, and the SMP ones). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * What no one sees but a renderer obeys: controls (C0, DEL, C1), format characters (bidi overrides, embeddings,
 * isolates and marks, zero-width characters, the byte order mark, tag characters), line and paragraph
 * separators, lone surrogates, and the fillers that draw as nothing. A zero-width joiner or non-joiner between
 * two letters or pictographs is part of the word or emoji (Persian, Indic scripts, family emoji) and stays.
 */
const HIDDEN =
  /(?<=[\p{L}\p{M}\p{Extended_Pictographic}])[\u200c\u200d](?=[\p{L}\p{M}\p{Extended_Pictographic}])|([\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u115f\u1160\u3164\uffa0\u180e]|\u034f)/gu;

function escapeOf(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.codePointAt(0) ?? 0;
  return code > 0xffff
    ? `\\u{${code.toString(16).toUpperCase()}}`
    : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The positions of the first strong isolates that a later pop closes, and of those pops: an isolate in pairs. */
function balancedIsolates(text: string): Set<number> {
  const kept = new Set<number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === FSI) open.push(i);
    else if (text[i] === PDI && open.length > 0) {
      kept.add(open.pop() ?? i);
      kept.add(i);
    }
  }
  return kept;
}

/**
 * Hidden characters written out: U+202E as `\u202E`, a newline as `\n`. Everything else as it is, and an isolate
 * that is closed (`isolated` makes those) is kept: it holds right-to-left text to itself and reorders nothing
 * outside. So `visible` and `shown` may be applied to what they made already.
 */
export function visible(text: string): string {
  const kept = text.includes(FSI) ? balancedIsolates(text) : new Set<number>();
  return text.replace(HIDDEN, (whole: string, hidden: string | undefined, offset: number) =>
    hidden === undefined || kept.has(offset) ? whole : escapeOf(hidden),
  );
}

/** Text with right-to-left letters wrapped in an isolate, so that it keeps to itself in a left-to-right line. */
export function isolated(text: string): string {
  const done = text.startsWith(FSI) && text.endsWith(PDI) && balancedIsolates(text).has(text.length - 1);
  return RIGHT_TO_LEFT.test(text) && !done ? `${FSI}${text}${PDI}` : text;
}

/** A teammate's text for a plain-text surface: hidden characters visible, right-to-left text isolated. */
export function shown(text: string): string {
  return isolated(visible(text));
}

/** `$(name)` drawn as those characters, not as an icon: VS Code's own escape is a backslash before the `$`. */
export function escapeIcons(text: string): string {
  return text.replace(/\$\(/g, '\\$(');
}

/** A teammate's text where `$(icon)` syntax is drawn: quick pick labels, descriptions and details, status bar. */
export function pickText(text: string): string {
  return escapeIcons(shown(text));
}

/**
 * Text made literal in markdown: a backslash before every ASCII punctuation character (CommonMark lets any be
 * escaped), except the parentheses. With `[`, `]`, `<` and `!` escaped no link or image can start, and `$(`
 * becomes `\$(`, which a MarkdownString that draws icons shows as the text `$(…)`; `\(` would not stop it.
 */
function escapeMarkdown(text: string): string {
  return text.replace(/[!-'*-/:-@[-`{-~]/g, '\\$&');
}

/** A teammate's text inside markdown, shown as text: no emphasis, link, image, html, icon or line break. */
export function markdownText(text: string): string {
  return escapeMarkdown(shown(text));
}

/**
 * A teammate's text as a markdown code span: the fence is one backtick longer than the longest run inside, so
 * that no run of backticks in the text can close it, and a space pads a text that starts or ends with one.
 */
export function markdownCode(text: string): string {
  const inner = shown(text);
  const longest = Math.max(0, ...(inner.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = inner.startsWith('`') || inner.endsWith('`') || inner === '' ? ' ' : '';
  return `${fence}${pad}${inner}${pad}${fence}`;
}

/**
 * A whole notification (information, warning or error message), made safe as the last step before it is shown:
 * hidden characters visible, and every `](` broken as `]\(` so that VS Code finds no
 * `[text](target)` link in it. Notifications draw no markdown or icon other than those links.
 */
export function notificationText(message: string): string {
  return visible(message).replace(/\]\(/g, ']\\(');
}
