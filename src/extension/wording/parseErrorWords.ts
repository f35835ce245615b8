/**
 * A policy expression that does not parse, in words: what is missing where ("Missing `)` to close
 * `approvers.any(` at line 1, column 29"), read from the expression and the place the engine's refusal names. The
 * refusal itself imitates the service ("parse error: Unrecognized EOF found at 28") and is kept beside these words,
 * never replaced. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';

/** Where a refusal points, as the engine gives it: 0-based offset, 1-based line and column. */
export interface ParseProblem {
  readonly message: string;
  readonly offset: number;
}

const CLOSERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

interface Opener {
  readonly char: string;
  readonly offset: number;
}

/** 1-based line and column of an offset of the text. */
function placeOf(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

/** The brackets still open at `end`, outside strings; and whether a string is still open there. */
function openAt(source: string, end: number): { openers: Opener[]; openString: number | undefined } {
  const openers: Opener[] = [];
  let openString: number | undefined;
  for (let i = 0; i < end; i++) {
    const char = source[i] ?? '';
    if (openString !== undefined) {
      if (char === '\\') i++;
      else if (char === "'") openString = undefined;
      continue;
    }
    if (char === "'") openString = i;
    else if (Object.hasOwn(CLOSERS, char)) openers.push({ char, offset: i });
    else if (Object.values(CLOSERS).includes(char)) openers.pop();
  }
  return { openers, openString };
}

/** What a bracket opens, as written: `approvers.any(`, `[`: the name before it included. */
function openerText(source: string, opener: Opener): string {
  const name = /[A-Za-z0-9_.]*$/.exec(source.slice(0, opener.offset))?.[0] ?? '';
  return `${name}${opener.char}`;
}

/** The refusal in words, or undefined for a refusal that is not a parse error these words know. */
export function parseErrorWords(source: string, problem: ParseProblem): string | undefined {
  const at = placeOf(source, problem.offset);
  if (/parse error: Unrecognized EOF/.test(problem.message)) {
    const { openers, openString } = openAt(source, problem.offset);
    if (openString !== undefined) {
      const opened = placeOf(source, openString);
      return l10n.t("Missing `'` to close the text opened at line {0}, column {1}.", opened.line, opened.column);
    }
    const last = openers[openers.length - 1];
    if (last) {
      return l10n.t(
        'Missing `{0}` to close `{1}` at line {2}, column {3}.',
        CLOSERS[last.char] ?? '',
        openerText(source, last),
        at.line,
        at.column,
      );
    }
    if (source.trim() === '') return l10n.t('The expression is empty.');
    return l10n.t(
      'The expression ends too soon, at line {0}, column {1}: something is missing at its end.',
      at.line,
      at.column,
    );
  }
  const token = /parse error: Unrecognized token `(.*)` found at/.exec(problem.message)?.[1];
  if (token !== undefined) {
    if (Object.values(CLOSERS).includes(token) && openAt(source, problem.offset).openers.length === 0)
      return l10n.t('`{0}` at line {1}, column {2} closes nothing that was opened.', token, at.line, at.column);
    return l10n.t('`{0}` is not expected at line {1}, column {2}.', token, at.line, at.column);
  }
  if (/parse error: Invalid token at/.test(problem.message)) {
    const char = source[problem.offset] ?? '';
    if (char === "'") {
      return l10n.t("The text opened at line {0}, column {1} is never closed with `'`.", at.line, at.column);
    }
    if (char === '"')
      return l10n.t('Text is written in single quotes: `"` at line {0}, column {1}.', at.line, at.column);
    return l10n.t('`{0}` at line {1}, column {2} cannot start anything in an expression.', char, at.line, at.column);
  }
  return undefined;
}
