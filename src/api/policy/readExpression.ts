/**
 * One expression read as the service reads it when a policy is created: its tree when accepted, else the refusal
 * checkPolicy() reports. Both come from the engine's cache of compiled expressions, so an editor that needs the
 * tree after the check reads the text once.
 */
import { compile, refusal } from './compile';
import type { PolicyField } from './schema';
import type { Expr } from './syntax';
import type { PolicyProblem } from './types';

export type ReadExpression =
  | { readonly problem: PolicyProblem; readonly expr?: undefined }
  | { readonly problem?: undefined; readonly expr: Expr | undefined };

export function readExpression(field: PolicyField, source: string): ReadExpression {
  const compiled = compile(field, source);
  const { problem } = compiled;
  if (!problem) return { expr: compiled.expr };
  return { problem: { field, message: refusal(field, problem), ...problem.span, choices: compiled.choices } };
}
