/**
 * Parses and checks an expression once: policies are evaluated on every submission and vote, and their text
 * rarely changes, so the result is kept per (field, text), a bounded number of them.
 */
import { checkExpression } from './checker';
import type { ChoiceId } from './choices';
import { parseNoted } from './parser';
import type { PolicyField } from './schema';
import { ExpressionProblem, type Expr } from './syntax';

export type Compiled =
  | { expr: Expr | undefined; problem?: undefined; choices: readonly ChoiceId[] }
  | { expr?: undefined; problem: ExpressionProblem; choices: readonly ChoiceId[] };

const MAX_CACHED = 4096;
const cache: Record<PolicyField, Map<string, Compiled>> = {
  condition: new Map(),
  consensus: new Map(),
  time: new Map(),
};

/** An empty `time` is "always active" (documented); an empty condition or consensus does not parse. */
export function compile(field: PolicyField, source: string): Compiled {
  // Keyed by the text itself: a policy's stored string keeps its hash, so a look-up costs no rehashing.
  const known = cache[field];
  let compiled = known.get(source);
  if (!compiled) {
    compiled = compileUncached(field, source);
    if (known.size >= MAX_CACHED) known.clear();
    known.set(source, compiled);
  }
  return compiled;
}

function compileUncached(field: PolicyField, source: string): Compiled {
  if (field === 'time' && source.trim() === '') return { expr: undefined, choices: [] };
  try {
    const { expr, leansOnPrecedence } = parseNoted(source);
    checkExpression(field, expr);
    return { expr, choices: leansOnPrecedence ? ['precedence'] : [] };
  } catch (error) {
    if (!(error instanceof ExpressionProblem)) throw error;
    const empty = source.trim() === '';
    // An empty consensus's refusal is the one the service's wording is known for.
    const choices: ChoiceId[] = empty && field === 'consensus' ? [] : [error.choice];
    if (empty && field === 'condition') choices.push('empty-expression');
    return { problem: error, choices };
  }
}

/** The service's wording of a refusal of `field`. */
export function refusal(field: PolicyField, problem: ExpressionProblem): string {
  return `invalid policy ${field}: Expression cannot be evaluated: ${problem.message}`;
}
