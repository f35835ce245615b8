/**
 * The review page's "Why it waits" section as plain nodes (reviewView.ts draws the rest): a legend of the marks'
 * colours, each policy's outcome, a sentence per clause of its condition and consensus with whether it holds, its
 * expressions as written behind "Show expression" (a `<details>`, closed until opened) with the clauses that
 * decided in `<mark>` and the names of the ids they hold beside them, and a button that opens the policy. A policy's text and the names are a teammate's: only ever text
 * nodes, hidden characters shown. Pure (no `vscode`, no DOM).
 */
import { visible } from '../ui/shownText';
import type { ReviewClauses, ReviewExpression, ReviewIdName, ReviewPolicy, ReviewWhy } from './reviewMessages';

/** The shape of reviewView.ts's nodes (named here, not imported: reviewView.ts imports this module). */
interface ViewElement {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly ViewNode[];
  readonly key?: string;
}
type ViewNode = ViewElement | string;

function el(
  tag: string,
  attrs: Readonly<Record<string, string>> = {},
  children: readonly ViewNode[] = [],
  key?: string,
): ViewElement {
  return key === undefined ? { tag, attrs, children } : { tag, attrs, children, key };
}

/** A name after its id's literal, muted: the literal stays as written, the name is text beside it. */
function idName(named: ReviewIdName): ViewElement {
  return el('bdi', { class: 'id-name', title: visible(named.title) }, [visible(named.name)]);
}

/**
 * The expression's text cut at its marks: plain runs as text, marked runs in `<mark>`, and each named id's name
 * right after its literal, inside the run that literal ends in.
 */
export function markedText(expression: ReviewExpression): ViewNode[] {
  const { text } = expression;
  const fits = (part: { readonly offset: number; readonly length: number }) =>
    part.length > 0 && part.offset >= 0 && part.offset + part.length <= text.length;
  const marks = [...expression.marks].filter(fits).sort((a, b) => a.offset - b.offset);
  const names = expression.names.filter(fits).map((named) => ({ at: named.offset + named.length, named }));
  /** The text from `from` to `to`, with the names of the literals that end in it. */
  const run = (from: number, to: number): ViewNode[] => {
    const nodes: ViewNode[] = [];
    let at = from;
    for (const { at: end, named } of names.filter((n) => n.at > from && n.at <= to).sort((a, b) => a.at - b.at)) {
      if (end > at) nodes.push(visible(text.slice(at, end)));
      nodes.push(idName(named));
      at = end;
    }
    if (at < to) nodes.push(visible(text.slice(at, to)));
    return nodes;
  };
  const nodes: ViewNode[] = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.offset < at) continue; // overlapping marks: the first one wins
    if (mark.offset > at) nodes.push(...run(at, mark.offset));
    nodes.push(el('mark', { class: mark.tone }, run(mark.offset, mark.offset + mark.length)));
    at = mark.offset + mark.length;
  }
  if (at < text.length) nodes.push(...run(at, text.length));
  return nodes;
}

/** "Condition: ✓ applies — amount is 1,500 EXAMPLE, at least 1,000 EXAMPLE", a clause per item. */
function clauseList(group: ReviewClauses): ViewElement {
  return el('div', { class: 'clauses' }, [
    el('span', { class: 'label' }, [group.label]),
    el(
      'ul',
      {},
      group.clauses.map((clause) =>
        el('li', { class: `clause ${clause.tone}` }, [
          el('mark', { class: clause.tone }, [clause.state]),
          ' ',
          el('bdi', {}, [visible(clause.text)]),
        ]),
      ),
    ),
  ]);
}

function policyItem(policy: ReviewPolicy, why: ReviewWhy): ViewElement {
  const expressions =
    policy.expressions.length === 0
      ? []
      : [
          el(
            'details',
            { class: 'expressions' },
            [
              el('summary', {}, [why.showExpression]),
              ...policy.expressions.map((expression) =>
                el('div', { class: 'expression' }, [
                  el('span', { class: 'label' }, [expression.label]),
                  el('code', { dir: 'ltr' }, markedText(expression)),
                ]),
              ),
            ],
            `expressions:${policy.policyId}`,
          ),
        ];
  return el(
    'li',
    { class: `policy ${policy.tone}` },
    [
      el('p', { class: 'outcome' }, [el('bdi', {}, [visible(policy.outcome)])]),
      ...policy.clauses.map(clauseList),
      ...expressions,
      el(
        'button',
        { type: 'button', 'data-action': 'openPolicy', 'data-policy-id': policy.policyId, class: 'secondary' },
        [why.openPolicy],
        `openPolicy:${policy.policyId}`,
      ),
    ],
    policy.policyId,
  );
}

/** What the marks' colours mean, drawn in the same marks. */
function legend(why: ReviewWhy): ViewElement {
  return el('p', { class: 'legend' }, [
    el('mark', { class: 'met' }, [why.legend.met]),
    ' ',
    el('mark', { class: 'unmet' }, [why.legend.unmet]),
  ]);
}

export function whySection(why: ReviewWhy): ViewElement {
  const marked = why.policies.some((p) => p.clauses.length > 0 || p.expressions.length > 0);
  return el(
    'section',
    { id: 'why' },
    [
      el('h2', {}, [why.heading]),
      ...why.lead.map((line) => el('p', { class: 'lead' }, [el('bdi', {}, [visible(line)])])),
      ...(marked ? [legend(why)] : []),
      ...(why.policies.length > 0
        ? [
            el(
              'ul',
              { class: 'policies' },
              why.policies.map((policy) => policyItem(policy, why)),
            ),
          ]
        : []),
      ...why.lines.map((line) => el('p', { class: 'quorum' }, [el('bdi', {}, [visible(line)])])),
      ...why.notes.map((note) =>
        el('p', { class: `note ${note.tone}`, role: 'note' }, [el('bdi', {}, [visible(note.text)])]),
      ),
    ],
    'why',
  );
}
