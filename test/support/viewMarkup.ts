/**
 * The review page's node tree (src/extension/review/reviewView.ts) written out as the HTML the page's document
 * then holds, text escaped as the browser escapes it: what tests search for order, escaping and isolation.
 */
import type { ReviewModel, ReviewPageWords } from '../../src/extension/review/reviewMessages';
import { reviewView, type ViewNode } from '../../src/extension/review/reviewView';
import { escapeHtml } from '../../src/extension/ui/htmlText';

export function viewMarkup(nodes: readonly ViewNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeHtml(node);
      const attrs = Object.entries(node.attrs)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      return `<${node.tag}${attrs}>${viewMarkup(node.children)}</${node.tag}>`;
    })
    .join('');
}

/** The page's own words, as the extension sends them in English. */
export const PAGE_WORDS: ReviewPageWords = {
  activity: 'Activity',
  risks: 'Risks',
  votes: 'Votes',
  noVotes: 'No votes yet.',
  argument: 'Argument',
  type: 'Type',
  value: 'Value',
  noArguments: 'It takes no arguments.',
  retry: 'Retry',
};

/** What the page's document holds once it has drawn `model`, at `nowMs`. */
export function reviewPageMarkup(model: ReviewModel, nowMs = Date.now()): string {
  return viewMarkup(
    reviewView({ type: 'view', view: { kind: 'review', model }, words: PAGE_WORDS, locale: 'en' }, nowMs).nodes,
  );
}
