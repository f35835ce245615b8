/**
 * Parses and checks an expression once: policies are evaluated on every submission and vote, and their text
 * rarely changes, so the result is kept per (field, text), a bounded number of them.
 */
import { checkExpression } from './checker';
import type { ChoiceId } from './choices';
import { ownText } from './lexer';
import { parseNoted } from './parser';
import { printExpression } from './printer';
import type { PolicyField } from './schema';
import { ExpressionProblem, forEachChild, type Expr } from './syntax';

export type Compiled =
  | { expr: Expr | undefined; problem?: undefined; choices: readonly ChoiceId[]; firstRead?: FirstRead }
  | { expr?: undefined; problem: ExpressionProblem; choices: readonly ChoiceId[]; firstRead?: undefined };

/**
 * The keyword an expression reads before anything else can fail (`eth` of `eth.tx.to == …`), and the member of it
 * read next when there is one. Evaluation goes left to right, so when that keyword is absent from an activity the
 * expression's error is known before it is evaluated: MissingKeyword, without the cost of throwing it (an activity
 * with no transaction makes every policy reading `eth.tx` fail this way). One is made per keyword and member, shared
 * by every expression that reads them first, and keeps the answer of the last evaluator that asked (evaluator.ts).
 */
export interface FirstRead {
  readonly name: string;
  readonly member?: Extract<Expr, { kind: 'member' }>;
  /** The errors, written once: `MissingKeyword: eth`, and with the member `MissingKeyword: eth.tx`. */
  readonly missingName: string;
  readonly missingMember?: string;
  /** The serial of the last evaluator that asked, its answer, and the rows that answer rests on. */
  askedBy: number;
  missing: string | undefined;
  bits: number;
}

const MAX_FIRST_READS = 1024;
const firstReads = new Map<string, FirstRead>();

/** The one FirstRead of a keyword and member. */
function firstRead(name: string, member?: Extract<Expr, { kind: 'member' }>): FirstRead {
  const key = member ? `${name}.${member.name}` : name;
  let read = firstReads.get(key);
  if (!read) {
    const missingName = `MissingKeyword: ${name}`;
    read = member
      ? {
          name,
          member,
          missingName,
          missingMember: `MissingKeyword: ${printExpression(member)}`,
          askedBy: 0,
          missing: undefined,
          bits: 0,
        }
      : { name, missingName, askedBy: 0, missing: undefined, bits: 0 };
    if (firstReads.size >= MAX_FIRST_READS) firstReads.clear();
    firstReads.set(key, read);
  }
  return read;
}

function firstReadOf(expr: Expr): FirstRead | undefined {
  let node = expr;
  let parent: Expr | undefined;
  for (;;) {
    switch (node.kind) {
      case 'binary':
        parent = node;
        node = node.left;
        break;
      case 'member':
      case 'index':
      case 'slice':
      case 'method':
        parent = node;
        node = node.target;
        break;
      case 'not':
        parent = node;
        node = node.operand;
        break;
      case 'ident':
        return firstRead(node.name, parent?.kind === 'member' ? parent : undefined);
      case 'bool':
      case 'int':
      case 'string':
      case 'list':
      case 'struct':
      case 'call':
        return undefined;
    }
  }
}

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
    ownStrings(expr);
    const firstRead = firstReadOf(expr);
    return { expr, choices: leansOnPrecedence ? ['precedence'] : [], ...(firstRead ? { firstRead } : {}) };
  } catch (error) {
    if (!(error instanceof ExpressionProblem)) throw error;
    const empty = source.trim() === '';
    // An empty consensus's refusal is the one the service's wording is known for.
    const choices: ChoiceId[] = empty && field === 'consensus' ? [] : [error.choice];
    if (empty && field === 'condition') choices.push('empty-expression');
    return { problem: error, choices };
  }
}

/**
 * Every string written in `expr` made a string of its own: the parser cuts them out of the source as views of it
 * (which costs nothing while reading), and a compiled tree compares them on every evaluation.
 */
function ownStrings(expr: Expr): void {
  if (expr.kind === 'string') expr.value = ownText(expr.value);
  else forEachChild(expr, ownStrings);
}

/** The service's wording of a refusal of `field`. */
export function refusal(field: PolicyField, problem: ExpressionProblem): string {
  return `invalid policy ${field}: Expression cannot be evaluated: ${problem.message}`;
}
