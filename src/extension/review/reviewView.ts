/**
 * The review page's content as a tree of plain nodes, built from what the extension posts: the page
 * (page/reviewPage.ts) brings its document in line with this tree in place, and tests read it. A teammate's text
 * is only ever a text node (never markup), shown with its hidden characters visible and isolated in a `<bdi>` so
 * that right-to-left text keeps to its cell. How long ago something was is worded here, from the time the page
 * passes, so that the page keeps it current without a new model. Pure (no `vscode`, no DOM).
 */
import { visible } from '../ui/shownText';
import { whySection } from './whyView';
import type {
  ReviewAction,
  ReviewArgument,
  ReviewModel,
  ReviewNote,
  ReviewPageWords,
  ReviewRow,
  ReviewSection,
  ReviewViewMessage,
} from './reviewMessages';

/** An element: its tag, its attributes (ours, never a teammate's text), and its children. */
export interface ViewElement {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly ViewNode[];
  /** Tells this element apart from its siblings when they come and go (a section, a button). */
  readonly key?: string;
}

/** An element, or text (always drawn as a text node). */
export type ViewNode = ViewElement | string;

function el(
  tag: string,
  attrs: Readonly<Record<string, string>> = {},
  children: readonly ViewNode[] = [],
  key?: string,
): ViewElement {
  return key === undefined ? { tag, attrs, children } : { tag, attrs, children, key };
}

/** A teammate's text in a cell: hidden characters shown (`\u202E`, `\n`), isolated with `<bdi>`. */
function cellText(text: string): ViewElement {
  return el('bdi', {}, [visible(text)]);
}

/** How often the page words its times again: often enough that "now" turns into "1 minute ago" on time. */
export const RELATIVE_TIME_REFRESH_MS = 10_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "now", "5 minutes ago", "yesterday", "3 months ago", in the given language. */
export function relativeTime(timeMs: number, nowMs: number, locale: string): string {
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  } catch {
    // A language tag the runtime does not know: English rather than nothing.
    format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  }
  const age = Math.max(0, nowMs - timeMs);
  if (age < 45 * SECOND) return format.format(0, 'second');
  if (age < HOUR) return format.format(-Math.max(1, Math.round(age / MINUTE)), 'minute');
  if (age < DAY) return format.format(-Math.round(age / HOUR), 'hour');
  if (age < 31 * DAY) return format.format(-Math.round(age / DAY), 'day');
  if (age < 365 * DAY) return format.format(-Math.round(age / (30 * DAY)), 'month');
  return format.format(-Math.round(age / (365 * DAY)), 'year');
}

interface Context {
  readonly words: ReviewPageWords;
  readonly nowMs: number;
  readonly locale: string;
}

function rowValue(row: ReviewRow, context: Context): ViewNode[] {
  if (row.timeMs === undefined) return [cellText(row.value)];
  const ago = relativeTime(row.timeMs, context.nowMs, context.locale);
  return [el('time', { datetime: new Date(row.timeMs).toISOString() }, [ago]), ' · ', cellText(row.value)];
}

function rowsTable(rows: readonly ReviewRow[], context: Context): ViewNode[] {
  if (rows.length === 0) return [];
  return [
    el('table', { class: 'facts' }, [
      el(
        'tbody',
        {},
        rows.map((row) =>
          el('tr', {}, [
            el('th', { scope: 'row' }, [row.label]),
            el(
              'td',
              { ...(row.code ? { class: 'code' } : {}), ...(row.title !== undefined ? { title: row.title } : {}) },
              rowValue(row, context),
            ),
          ]),
        ),
      ),
    ]),
  ];
}

function notes(list: readonly ReviewNote[]): ViewNode[] {
  return list.map((note) =>
    el('p', { class: `note ${note.tone}`, role: note.tone === 'error' ? 'alert' : 'note' }, [cellText(note.text)]),
  );
}

/** The risks, above everything the page says of the activity: each one a warning that starts with ⚠. */
function risksSection(risks: readonly string[], context: Context): ViewNode[] {
  if (risks.length === 0) return [];
  return [
    el(
      'section',
      { id: 'risks', class: 'risks' },
      [
        el('h2', {}, [`⚠ ${context.words.risks}`]),
        ...risks.map((risk) => el('p', { class: 'note warning', role: 'note' }, [`⚠ `, cellText(risk)])),
      ],
      'risks',
    ),
  ];
}

function buttons(actions: readonly ReviewAction[]): ViewNode[] {
  if (actions.length === 0) return [];
  return [
    el(
      'div',
      { class: 'actions' },
      actions.map((action) =>
        el(
          'button',
          { type: 'button', 'data-action': action.id, class: action.primary ? 'primary' : 'secondary' },
          [action.label],
          action.id,
        ),
      ),
    ),
  ];
}

function argumentRows(args: readonly ReviewArgument[], depth: number): ViewElement[] {
  return args.flatMap((arg) => {
    const name = el('th', { scope: 'row', class: `depth-${Math.min(depth, 6)}` }, [cellText(arg.name)]);
    const type = el('td', { class: 'type' }, [arg.type]);
    if (arg.parts) {
      const summary = arg.parts.length === 0 ? ['—'] : [];
      return [el('tr', {}, [name, type, el('td', { class: 'code' }, summary)]), ...argumentRows(arg.parts, depth + 1)];
    }
    return [el('tr', {}, [name, type, el('td', { class: 'code' }, [cellText(arg.text ?? '')])])];
  });
}

function section(s: ReviewSection, context: Context): ViewElement {
  const { words } = context;
  const call: ViewNode[] = s.call
    ? [
        el('h3', { class: 'call-title code' }, [cellText(s.call.title)]),
        s.call.arguments.length > 0
          ? el('table', { class: 'arguments' }, [
              el('thead', {}, [
                el('tr', {}, [el('th', {}, [words.argument]), el('th', {}, [words.type]), el('th', {}, [words.value])]),
              ]),
              el('tbody', {}, argumentRows(s.call.arguments, 0)),
            ])
          : el('p', {}, [words.noArguments]),
      ]
    : [];
  return el(
    'section',
    { id: s.id },
    [el('h2', {}, [s.heading]), ...call, ...rowsTable(s.rows, context), ...notes(s.notes), ...buttons(s.actions)],
    s.id,
  );
}

/** What a reviewer reads first: what the activity does (the call, the transaction, the payload), then the rest. */
const FIRST: readonly ReviewSection['id'][] = ['call', 'transaction', 'payload'];

function reviewNodes(model: ReviewModel, context: Context): ViewNode[] {
  const { words } = context;
  const whatItDoes = FIRST.flatMap((id) => model.sections.filter((s) => s.id === id));
  const rest = model.sections.filter((s) => !FIRST.includes(s.id));
  const votes =
    model.votes.length === 0
      ? el('p', {}, [words.noVotes])
      : el(
          'ul',
          { class: 'votes' },
          model.votes.map((v) =>
            el('li', { class: v.approved ? 'approved' : 'rejected' }, [cellText(v.who), `: ${v.selection}`]),
          ),
        );
  const summary = el(
    'section',
    { id: 'summary' },
    [el('h2', {}, [words.activity]), ...rowsTable(model.summary, context), el('h3', {}, [words.votes]), votes],
    'summary',
  );
  return [
    el('header', {}, [
      el('h1', {}, [cellText(model.title), ' ', el('span', { class: 'status' }, [model.statusLabel])]),
      el('p', { class: 'progress' }, [model.progress]),
      ...buttons(model.actions),
    ]),
    el('main', {}, [
      ...risksSection(model.risks, context),
      ...whatItDoes.map((s) => section(s, context)),
      ...(model.why ? [whySection(model.why)] : []),
      summary,
      ...rest.map((s) => section(s, context)),
    ]),
  ];
}

/** The page's title and content for a message from the extension, worded at `nowMs`. */
export function reviewView(message: ReviewViewMessage, nowMs: number): { title: string; nodes: ViewNode[] } {
  const context: Context = { words: message.words, nowMs, locale: message.locale };
  const { view } = message;
  switch (view.kind) {
    case 'review': {
      const nodes = reviewNodes(view.model, context);
      return { title: view.model.title, nodes: view.note ? [...notes([view.note]), ...nodes] : nodes };
    }
    case 'notice':
      return {
        title: view.heading,
        nodes: [
          el('header', {}, [el('h1', {}, [view.heading])]),
          el('main', {}, [el('p', { class: 'note info' }, [cellText(view.text)]), ...buttons(view.actions)]),
        ],
      };
  }
}
