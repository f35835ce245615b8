/**
 * The problems of a policy file at the exact characters of the file: what the service would refuse at creation
 * (the engine's parser and checker, in the service's wording; a number written as a quoted string said as such,
 * with a fix that unquotes it), then the lints of policyLints.ts, policySignatureLints.ts and policyWalletLints.ts,
 * and those of the file's
 * policies read together (policySetLints.ts). An empty
 * consensus is refused; its fix removes the property. The work is bounded (policyFileLimits.ts): where the
 * file is too large, too deep, or its expressions past the check's budget, a Problem says what was not done.
 * Pure.
 */
import * as l10n from '@vscode/l10n';
import { parsePolicyExpression, readPolicyExpression, type PolicyExpr } from '../../api/remote';
import { parseErrorWords } from '../wording/parseErrorWords';
import { EXPRESSION_FIELDS, fileRange, readPolicyFile, type FileString, type PolicyFile } from './policyDocument';
import { CHECK_BUDGET, MAX_FILE_DEPTH, MAX_READ_LENGTH } from './policyFileLimits';
import type { Lint, LintCode } from './policyLints';
import { lintExpression } from './policyLints';
import { lintPolicySet, type ReadCondition } from './policySetLints';
import { lintDomainName, quotedNumbers } from './policySignatureLints';
import { lintWallets, type WalletLint, type WalletLintCode } from './policyWalletLints';
import type { PolicyKnowledge } from './policyKnowledge';

export interface PolicyFix {
  readonly title: string;
  /** File offsets. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface PolicyDiagnostic {
  readonly severity: 'error' | 'warning';
  readonly code: 'refused' | 'emptyConsensus' | LintCode | WalletLintCode | LimitCode;
  readonly message: string;
  /** File offsets. */
  readonly start: number;
  readonly end: number;
  readonly fix?: PolicyFix;
  /** Rows of docs/policies.md the refusal rests on: the service may differ. */
  readonly choices?: readonly string[];
}

/** What the editor did not do: read past MAX_READ_LENGTH, read deeper than MAX_FILE_DEPTH, check past CHECK_BUDGET. */
export type LimitCode = 'tooLarge' | 'tooDeep' | 'notChecked';

/** The Problems that say where the file's bounds stopped the editor. */
function limitProblems(text: string, file: PolicyFile): PolicyDiagnostic[] {
  const problems: PolicyDiagnostic[] = [];
  if (text.length > MAX_READ_LENGTH)
    problems.push({
      severity: 'warning',
      code: 'tooLarge',
      message: l10n.t(
        'This file holds {0} characters, more than the {1} the editor reads: it offers no completion, hover or lens in it, and reads only its first {2} characters.',
        text.length,
        MAX_READ_LENGTH,
        file.readTo,
      ),
      start: 0,
      end: Math.min(1, text.length),
    });
  if (file.deepAt !== undefined)
    problems.push({
      severity: 'warning',
      code: 'tooDeep',
      message: l10n.t(
        'Brackets nest more than {0} levels deep from here: a policy file is an array of policy objects, so nothing this deep is read as a policy.',
        MAX_FILE_DEPTH,
      ),
      start: file.deepAt,
      end: file.deepAt + 1,
    });
  return problems;
}

/** The property with the comma that separates it from its neighbour, so that the object stays valid JSON. */
function propertyRemoval(text: string, expression: FileString): { start: number; end: number } | undefined {
  const property = expression.property;
  if (!property) return undefined;
  let start = property.offset;
  let end = property.offset + property.length;
  let after = end;
  while (after < text.length && /\s/.test(text[after]!)) after++;
  if (text[after] === ',') {
    end = after + 1;
    while (end < text.length && /[ \t]/.test(text[end]!)) end++;
    return { start, end };
  }
  let before = start;
  while (before > 0 && /\s/.test(text[before - 1]!)) before--;
  if (text[before - 1] === ',') start = before - 1;
  return { start, end };
}

export function policyDiagnostics(
  text: string,
  knowledge: PolicyKnowledge,
  file: PolicyFile = readPolicyFile(text),
): PolicyDiagnostic[] {
  const diagnostics: PolicyDiagnostic[] = limitProblems(text, file);
  // Counted as the reader counts (policyFileReader.ts), so that where it stops, this stops.
  let characters = 0;
  let count = 0;
  const conditions: Array<ReadCondition & { expression: FileString }> = [];
  for (const entry of file.entries) {
    for (const field of EXPRESSION_FIELDS) {
      const expression = entry[field];
      if (!expression) continue;
      characters += expression.length;
      count++;
      if (characters > CHECK_BUDGET.characters || count > CHECK_BUDGET.count) {
        diagnostics.push({
          severity: 'warning',
          code: 'notChecked',
          message: l10n.t(
            'Not checked: the editor checks {0} expressions or {1} characters of them in a file, and the expressions from here on are past them.',
            CHECK_BUDGET.count,
            CHECK_BUDGET.characters,
          ),
          start: expression.offset,
          end: expression.offset + expression.length,
        });
        return diagnostics;
      }
      const read = readPolicyExpression(field, expression.value);
      diagnostics.push(...expressionDiagnostics(text, field, expression, read, knowledge));
      if (read.expr && !read.problem)
        for (const lint of lintWallets(field, expression.value, read.expr, entry.effect?.value, knowledge))
          diagnostics.push(lintDiagnostic(expression, lint));
      if (field === 'condition' && read.expr && !read.problem)
        conditions.push({
          at: conditions.length,
          effect: entry.effect?.value,
          policyName: entry.policyName?.value,
          root: read.expr,
          expression,
        });
    }
  }
  for (const { at, lint } of lintPolicySet(conditions)) {
    const expression = conditions[at]?.expression;
    if (expression) diagnostics.push(lintDiagnostic(expression, lint));
  }
  return diagnostics;
}

/** A lint at the file's characters, its fix's text written as JSON string content. */
function lintDiagnostic(
  expression: FileString,
  lint: Lint | WalletLint,
  severity: 'error' | 'warning' = 'warning',
): PolicyDiagnostic {
  const fix = lint.fix ? fileRange(expression, lint.fix.start, lint.fix.end) : undefined;
  return {
    severity,
    code: lint.code,
    message: lint.message,
    ...fileRange(expression, lint.start, lint.end),
    ...(lint.fix && fix
      ? { fix: { title: lint.fix.title, ...fix, text: JSON.stringify(lint.fix.text).slice(1, -1) } }
      : {}),
  };
}

/** The engine's tree of an expression the checker refused, when it parses. */
function parsed(value: string): PolicyExpr | undefined {
  try {
    return parsePolicyExpression(value);
  } catch {
    return undefined;
  }
}

/** The refusal of one expression, or its lints when the service would accept it. */
function expressionDiagnostics(
  text: string,
  field: (typeof EXPRESSION_FIELDS)[number],
  expression: FileString,
  read: ReturnType<typeof readPolicyExpression>,
  knowledge: PolicyKnowledge,
): PolicyDiagnostic[] {
  const { problem } = read;
  if (problem) {
    // A number written as a quoted string: said as such, with a fix that unquotes it.
    const tree = problem.message.includes('type mismatch') ? parsed(expression.value) : undefined;
    const quoted = tree ? quotedNumbers(field, tree, problem.message) : [];
    if (quoted.length > 0) return quoted.map((lint) => lintDiagnostic(expression, lint, 'error'));
    const empty = field === 'consensus' && expression.value.trim() === '';
    const range = empty
      ? { start: expression.offset, end: expression.offset + expression.length }
      : fileRange(expression, problem.offset, problem.offset + Math.max(problem.length, 1));
    const removal = empty ? propertyRemoval(text, expression) : undefined;
    // What is missing where, in words; the refusal as the service words it kept after them.
    const words = parseErrorWords(expression.value, problem);
    const refusal =
      words === undefined ? problem.message : l10n.t('{0} (The service says: {1})', words, problem.message);
    return [
      {
        severity: 'error',
        code: empty ? 'emptyConsensus' : 'refused',
        message: empty
          ? l10n.t(
              '{0} An empty consensus is refused: leave the consensus out for a policy that needs no approval.',
              problem.message,
            )
          : refusal,
        ...range,
        ...(removal ? { fix: { title: l10n.t('Remove the empty consensus'), ...removal, text: '' } } : {}),
        ...(problem.choices.length > 0 ? { choices: problem.choices } : {}),
      },
    ];
  }
  if (!read.expr) return [];
  return [...lintExpression(field, read.expr, knowledge), ...lintDomainName(field, read.expr)].map((lint) =>
    lintDiagnostic(expression, lint),
  );
}
