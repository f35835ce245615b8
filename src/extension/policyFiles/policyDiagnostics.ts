/**
 * The problems of a policy file at the exact characters of the file: what the service would refuse at creation
 * (the engine's parser and checker, in the service's wording), then the lints of policyLints.ts. An empty
 * consensus is refused; its fix removes the property. Pure.
 */
import { checkPolicy, parsePolicyExpression, type PolicyExpr } from '../../api/remote';
import type { Translate } from '../ui/translate';
import { parseErrorWords } from '../wording/parseErrorWords';
import { EXPRESSION_FIELDS, fileRange, readPolicyFile, type FileString, type PolicyFile } from './policyDocument';
import type { LintCode } from './policyLints';
import { lintExpression } from './policyLints';
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
  readonly code: 'refused' | 'emptyConsensus' | LintCode;
  readonly message: string;
  /** File offsets. */
  readonly start: number;
  readonly end: number;
  readonly fix?: PolicyFix;
  /** Rows of docs/policies.md the refusal rests on: the service may differ. */
  readonly choices?: readonly string[];
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
  t: Translate,
  file: PolicyFile = readPolicyFile(text),
): PolicyDiagnostic[] {
  const diagnostics: PolicyDiagnostic[] = [];
  for (const entry of file.entries) {
    for (const field of EXPRESSION_FIELDS) {
      const expression = entry[field];
      if (!expression) continue;
      const fields: { condition?: string; consensus?: string; time?: string } = {};
      fields[field] = expression.value;
      const [problem] = checkPolicy(fields);
      if (problem) {
        const empty = field === 'consensus' && expression.value.trim() === '';
        const range = empty
          ? { start: expression.offset, end: expression.offset + expression.length }
          : fileRange(expression, problem.offset, problem.offset + Math.max(problem.length, 1));
        const removal = empty ? propertyRemoval(text, expression) : undefined;
        // What is missing where, in words; the refusal as the service words it kept after them.
        const words = parseErrorWords(expression.value, problem, t);
        const refusal =
          words === undefined ? problem.message : t('{0} (The service says: {1})', words, problem.message);
        diagnostics.push({
          severity: 'error',
          code: empty ? 'emptyConsensus' : 'refused',
          message: empty
            ? t(
                '{0} An empty consensus is refused: leave the consensus out for a policy that needs no approval.',
                problem.message,
              )
            : refusal,
          ...range,
          ...(removal ? { fix: { title: t('Remove the empty consensus'), ...removal, text: '' } } : {}),
          ...(problem.choices.length > 0 ? { choices: problem.choices } : {}),
        });
        continue;
      }
      let tree: PolicyExpr | undefined;
      try {
        tree = parsePolicyExpression(expression.value);
      } catch {
        tree = undefined;
      }
      if (!tree) continue;
      for (const lint of lintExpression(field, tree, knowledge, t)) {
        const fix = lint.fix ? fileRange(expression, lint.fix.start, lint.fix.end) : undefined;
        diagnostics.push({
          severity: 'warning',
          code: lint.code,
          message: lint.message,
          ...fileRange(expression, lint.start, lint.end),
          ...(lint.fix && fix
            ? { fix: { title: lint.fix.title, ...fix, text: JSON.stringify(lint.fix.text).slice(1, -1) } }
            : {}),
        });
      }
    }
  }
  return diagnostics;
}
