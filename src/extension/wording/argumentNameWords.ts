/**
 * Argument names that cannot tell values apart, in words: for the review page's warning on a decoded call and for
 * the approval dialog of an interface whose ABI has them. Pure (no `vscode`); user strings go through @vscode/l10n.
 */
import * as l10n from '@vscode/l10n';
import type { ArgumentNameProblem } from '../../api';

/** How many problems a sentence lists before "and N more". */
const LISTED = 3;

function positions(list: readonly number[]): string {
  const marked = list.map((p) => `#${p}`);
  return marked.length <= 1 ? (marked[0] ?? '') : `${marked.slice(0, -1).join(', ')} and ${marked.at(-1) ?? ''}`;
}

/** `"to" names arguments #1 and #2 of transferBoth`; `argument #2 of settle.order has no name`. */
export function argumentNameProblemText(problem: ArgumentNameProblem): string {
  if (problem.kind === 'duplicate')
    return l10n.t('"{0}" names arguments {1} of {2}', problem.name, positions(problem.positions), problem.within);
  return problem.positions.length === 1
    ? l10n.t('argument {0} of {1} has no name', positions(problem.positions), problem.within)
    : l10n.t('arguments {0} of {1} have no name', positions(problem.positions), problem.within);
}

function listed(problems: readonly ArgumentNameProblem[]): string {
  const shown = problems.slice(0, LISTED).map((p) => argumentNameProblemText(p));
  const more = problems.length - shown.length;
  return more > 0 ? l10n.t('{0}; and {1} more', shown.join('; '), more) : shown.join('; ');
}

/** The review page's warning on a decoded call; undefined when every argument has a name of its own. */
export function decodedCallNameWarning(problems: readonly ArgumentNameProblem[]) {
  if (problems.length === 0) return undefined;
  return l10n.t(
    'Argument names cannot be trusted here: {0}. Each value is shown at its position (#1 is the first); read it by position, not by name.',
    listed(problems),
  );
}

/** The approval dialog's line on an interface whose ABI has such names; undefined when it has none. */
export function interfaceNameWarning(problems: readonly ArgumentNameProblem[]) {
  if (problems.length === 0) return undefined;
  return l10n.t(
    'Warning: its argument names cannot tell every value apart: {0}. Calls to it are shown by position.',
    listed(problems),
  );
}
