/**
 * What one policy may cost (row `limits` of docs/policies.md, where the numbers and their reasons are written):
 * how deep its expression nests and how long a list written in it may be, both refused when the policy is
 * created, and how many steps one evaluation may take before the policy's outcome is OUTCOME_ERROR.
 */

/** Levels of the expression's tree, and of brackets and `!` while it is read. */
export const MAX_DEPTH = 256;
/** Items of one list literal (`[1, 2, 3]`). */
export const MAX_LIST_ITEMS = 1000;
/** Steps of one policy's evaluation: a node evaluated, an item visited or compared, 64 characters handled. */
export const MAX_STEPS = 100_000;

/** The reason of a policy stopped by the step budget. */
export const BUDGET_EXCEEDED = `evaluation budget exceeded: more than ${MAX_STEPS} steps`;
