/**
 * The review page's "Why it waits" section as plain nodes (reviewView.ts draws the rest): each policy's outcome,
 * its condition and consensus as written, the clauses that decided in `<mark>`, and a button that opens the
 * policy. A policy's text is a teammate's: only ever text nodes, hidden characters shown. Pure (no `vscode`, no DOM).
 */
import { visible } from '../ui/shownText';
import type { ReviewExpression, ReviewPolicy, ReviewWhy } from './reviewMessages';

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

/** The expression's text cut at its marks: plain runs as text, marked runs in `<mark>`. */
export function markedText(expression: ReviewExpression): ViewNode[] {
  const { text } = expression;
  const marks = [...expression.marks]
    .filter((m) => m.length > 0 && m.offset >= 0 && m.offset + m.length <= text.length)
    .sort((a, b) => a.offset - b.offset);
  const nodes: ViewNode[] = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.offset < at) continue; // overlapping marks: the first one wins
    if (mark.offset > at) nodes.push(visible(text.slice(at, mark.offset)));
    nodes.push(el('mark', { class: mark.tone }, [visible(text.slice(mark.offset, mark.offset + mark.length))]));
    at = mark.offset + mark.length;
  }
  if (at < text.length) nodes.push(visible(text.slice(at)));
  return nodes;
}

function policyItem(policy: ReviewPolicy, openLabel: string): ViewElement {
  return el(
    'li',
    { class: `policy ${policy.tone}` },
    [
      el('p', { class: 'outcome' }, [el('bdi', {}, [visible(policy.outcome)])]),
      ...policy.expressions.map((expression) =>
        el('div', { class: 'expression' }, [
          el('span', { class: 'label' }, [expression.label]),
          el('code', { dir: 'ltr' }, markedText(expression)),
        ]),
      ),
      el(
        'button',
        { type: 'button', 'data-action': 'openPolicy', 'data-policy-id': policy.policyId, class: 'secondary' },
        [openLabel],
        `openPolicy:${policy.policyId}`,
      ),
    ],
    policy.policyId,
  );
}

export function whySection(why: ReviewWhy): ViewElement {
  return el(
    'section',
    { id: 'why' },
    [
      el('h2', {}, [why.heading]),
      el(
        'ul',
        { class: 'policies' },
        why.policies.map((policy) => policyItem(policy, why.openPolicy)),
      ),
      ...why.lines.map((line) => el('p', { class: 'quorum' }, [el('bdi', {}, [visible(line)])])),
      ...why.notes.map((note) =>
        el('p', { class: `note ${note.tone}`, role: 'note' }, [el('bdi', {}, [visible(note.text)])]),
      ),
    ],
    'why',
  );
}
