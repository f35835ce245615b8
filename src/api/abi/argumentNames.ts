/**
 * Argument names that cannot tell values apart: two arguments of one function (or two components of one tuple)
 * named alike, or an argument with no name. A decoded call is read by position and its names are labels only;
 * where the labels repeat or are missing, the review page and the approval dialog of the interface say so. Pure:
 * it works on parsed JSON, valid or not, and never throws.
 */

export interface ArgumentNameProblem {
  readonly kind: 'duplicate' | 'empty';
  /** Whose arguments: the function's name, or the tuple's label path (`order`, `orders[].payee`). */
  readonly within: string;
  /** The repeated name; '' for arguments without a name. */
  readonly name: string;
  /** 1-based positions among their siblings. */
  readonly positions: readonly number[];
}

/** Tuples nest a handful of levels in real ABIs; past this a hostile ABI is not walked further. */
const MAX_TUPLE_DEPTH = 32;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nameOf(parameter: unknown): string {
  return isRecord(parameter) && typeof parameter['name'] === 'string' ? parameter['name'] : '';
}

/** The label of an argument: its name, or `#n` (1-based) when it has none. */
export function positionalLabel(name: string, index: number): string {
  return name === '' ? `#${index + 1}` : name;
}

/** The problems of one list of parameters (a function's inputs), and of every tuple inside it. */
export function argumentNameProblems(parameters: unknown, within: string, depth = 0): ArgumentNameProblem[] {
  if (!Array.isArray(parameters) || depth > MAX_TUPLE_DEPTH) return [];
  const problems: ArgumentNameProblem[] = [];
  // A Map, never an object keyed by a name: `__proto__` or `constructor` is a name like any other.
  const byName = new Map<string, number[]>();
  parameters.forEach((parameter: unknown, index) => {
    const name = nameOf(parameter);
    byName.set(name, [...(byName.get(name) ?? []), index + 1]);
  });
  const empty = byName.get('');
  if (empty) problems.push({ kind: 'empty', within, name: '', positions: empty });
  for (const [name, positions] of byName)
    if (name !== '' && positions.length > 1) problems.push({ kind: 'duplicate', within, name, positions });
  parameters.forEach((parameter: unknown, index) => {
    if (!isRecord(parameter) || typeof parameter['type'] !== 'string' || !parameter['type'].startsWith('tuple')) return;
    const label = `${within === '' ? '' : `${within}.`}${positionalLabel(nameOf(parameter), index)}`;
    const path = `${label}${parameter['type'].slice('tuple'.length).replace(/\[\d*\]/g, '[]')}`;
    problems.push(...argumentNameProblems(parameter['components'], path, depth + 1));
  });
  return problems;
}

/** Each function of an ABI (parsed JSON) whose inputs have name problems, by its name. */
export function abiArgumentNameProblems(abi: unknown): ArgumentNameProblem[] {
  if (!Array.isArray(abi)) return [];
  return abi.flatMap((entry: unknown) => {
    if (!isRecord(entry) || (entry['type'] !== undefined && entry['type'] !== 'function')) return [];
    const name = typeof entry['name'] === 'string' ? entry['name'] : '';
    return argumentNameProblems(entry['inputs'], name);
  });
}
