/**
 * Argument names that cannot tell values apart, in words: for the review page's warning on a decoded call and for
 * the approval dialog of an interface whose ABI has them. Pure (no `vscode`); user strings go through `t`.
 */
import type { ArgumentNameProblem } from '../../api';
import { englishText, type Translate } from '../ui/translate';

/** How many problems a sentence lists before "and N more". */
const LISTED = 3;

function positions(list: readonly number[]): string {
  const marked = list.map((p) => `#${p}`);
  return marked.length <= 1 ? (marked[0] ?? '') : `${marked.slice(0, -1).join(', ')} and ${marked.at(-1) ?? ''}`;
}

/** `"to" names arguments #1 and #2 of transferBoth`; `argument #2 of settle.order has no name`. */
export function argumentNameProblemText(problem: ArgumentNameProblem, t: Translate = englishText): string {
  if (problem.kind === 'duplicate')
    return t('"{0}" names arguments {1} of {2}', problem.name, positions(problem.positions), problem.within);
  return problem.positions.length === 1
    ? t('argument {0} of {1} has no name', positions(problem.positions), problem.within)
    : t('arguments {0} of {1} have no name', positions(problem.positions), problem.within);
}

function listed(problems: readonly ArgumentNameProblem[], t: Translate): string {
  const shown = problems.slice(0, LISTED).map((p) => argumentNameProblemText(p, t));
  const more = problems.length - shown.length;
  return more > 0 ? t('{0}; and {1} more', shown.join('; '), more) : shown.join('; ');
}

/** The review page's warning on a decoded call; undefined when every argument has a name of its own. */
export function decodedCallNameWarning(problems: readonly ArgumentNameProblem[], t: Translate = englishText) {
  if (problems.length === 0) return undefined;
  return t(
    'Argument names cannot be trusted here: {0}. Each value is shown at its position (#1 is the first); read it by position, not by name.',
    listed(problems, t),
  );
}

/** The approval dialog's line on an interface whose ABI has such names; undefined when it has none. */
export function interfaceNameWarning(problems: readonly ArgumentNameProblem[], t: Translate = englishText) {
  if (problems.length === 0) return undefined;
  return t(
    'Warning: its argument names cannot tell every value apart: {0}. Calls to it are shown by position.',
    listed(problems, t),
  );
}
