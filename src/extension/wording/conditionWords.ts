/**
 * A policy's condition, one sentence per clause of its top-level `&&`: what the clause compares, with the value
 * the activity gave it when the engine can read it ("amount is 1,500 EXAMPLE, at least 1,000 EXAMPLE") and
 * whether it held. A call argument compared with a number is scaled by its token's decimals only when the token
 * is a well-known one (the transaction's `to`, or the `eth.tx.to` the condition names); otherwise the raw number
 * is said. Ids are named (policyIdNames.ts's names). Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import {
  knownToken,
  parsePolicyExpression,
  PolicyEvaluator,
  printPolicyExpression,
  type KnownToken,
  type PolicyContext,
  type PolicyExpression,
} from '../../api/remote';
import type { PolicyNames } from './policyWords';

/** Whether a clause holds: `met` (it applies), `unmet` (it does not), `unknown` (nothing says). */
export type ClauseState = 'met' | 'unmet' | 'unknown';

export interface ClauseSentence {
  readonly text: string;
  readonly state: ClauseState;
}

type Binary = Extract<PolicyExpression, { kind: 'binary' }>;
type Comparison = '>=' | '>' | '<=' | '<' | '==' | '!=';
const COMPARISONS: ReadonlySet<string> = new Set(['>=', '>', '<=', '<', '==', '!=']);
/** The comparison seen from the other side (`1000 <= amount` is `amount >= 1000`). */
const MIRRORED: Readonly<Record<Comparison, Comparison>> = {
  '>=': '<=',
  '>': '<',
  '<=': '>=',
  '<': '>',
  '==': '==',
  '!=': '!=',
};

function conjuncts(expr: PolicyExpression): PolicyExpression[] {
  return expr.kind === 'binary' && expr.op === '&&' ? [...conjuncts(expr.left), ...conjuncts(expr.right)] : [expr];
}

const isLiteral = (expr: PolicyExpression) => expr.kind === 'int' || expr.kind === 'string' || expr.kind === 'list';

/** The call argument a path reads (`eth.tx.contract_call_args['amount']` → `amount`), if it is one. */
function callArgument(expr: PolicyExpression): string | undefined {
  if (expr.kind !== 'index' || expr.index.kind !== 'string') return undefined;
  return printPolicyExpression(expr.target) === 'eth.tx.contract_call_args' ? expr.index.value : undefined;
}

/** What a path reads, in words; the printed path when it is none of the common ones. */
function subjectWords(expr: PolicyExpression): string {
  const argument = callArgument(expr);
  if (argument !== undefined) return argument;
  switch (printPolicyExpression(expr)) {
    case 'eth.tx.value':
      return l10n.t('the value sent');
    case 'eth.tx.to':
      return l10n.t('the address it is sent to');
    case 'eth.tx.from':
      return l10n.t('the address it is sent from');
    case 'eth.tx.function_name':
      return l10n.t('the function called');
    case 'eth.tx.chain_id':
      return l10n.t('the chain');
    case 'activity.type':
      return l10n.t('the kind of activity');
    case 'activity.resource':
      return l10n.t('the resource');
    case 'activity.action':
      return l10n.t('the action');
    case 'private_key.id':
      return l10n.t('the signing key');
    default:
      return printPolicyExpression(expr);
  }
}

/** 1500000 → "1,500,000"; with decimals, 1500000000000000000000 and 18 → "1,500". */
export function groupedAmount(raw: bigint, decimals = 0): string {
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

interface Reading {
  readonly names: PolicyNames;
  /** The token a call argument's amount is counted in, when well known. */
  readonly token: KnownToken | undefined;
  /** The transaction's chain, when known (a token's address is known per chain). */
  readonly chainId: string | undefined;
}

/** A value as a reader knows it: amounts grouped (and scaled for a known token), ids named, text in quotes. */
function valueWords(value: unknown, subject: PolicyExpression, reading: Reading): string {
  const { token, names } = reading;
  if (typeof value === 'bigint') {
    if (callArgument(subject) !== undefined && token) return `${groupedAmount(value, token.decimals)} ${token.symbol}`;
    if (printPolicyExpression(subject) === 'eth.tx.value') return l10n.t('{0} wei', groupedAmount(value));
    return groupedAmount(value);
  }
  if (typeof value === 'string') {
    if (/^0x[0-9a-fA-F]{40}$/.test(value)) return addressWords(value, reading);
    const name = names.user(value) ?? names.privateKey(value) ?? names.userTag(value) ?? names.privateKeyTag(value);
    return name === undefined ? `'${value}'` : l10n.t('{0} ({1})', name, `'${value}'`);
  }
  if (Array.isArray(value)) return `[${value.map((item) => valueWords(item, subject, reading)).join(', ')}]`;
  // An address the engine compares without regard to case.
  const held = value as { text?: unknown } | null | undefined;
  if (held && typeof held.text === 'string') return addressWords(held.text, reading);
  return String(value);
}

/** An address, with the symbol of the well-known token at it: "0x7a25…488D (EXAMPLE)". */
function addressWords(address: string, reading: Reading): string {
  const token = knownToken(reading.chainId, address);
  return token ? l10n.t('{0} ({1})', address, token.symbol) : address;
}

/** The literal side of a comparison, in the same words as the value it is compared with. */
function literalWords(literal: PolicyExpression, subject: PolicyExpression, reading: Reading): string {
  if (literal.kind === 'int' || literal.kind === 'string') return valueWords(literal.value, subject, reading);
  if (literal.kind === 'list')
    return literal.items.map((item) => literalWords(item, subject, reading)).join(l10n.t(', or '));
  return printPolicyExpression(literal);
}

/** "amount is 1,500 EXAMPLE, at least 1,000 EXAMPLE": the value and how it stands against the literal. */
function valueSentence(op: Comparison, held: boolean, subject: string, value: string, limit: string) {
  switch (held ? op : negated(op)) {
    case '>=':
      return l10n.t('{0} is {1}, at least {2}', subject, value, limit);
    case '>':
      return l10n.t('{0} is {1}, more than {2}', subject, value, limit);
    case '<=':
      return l10n.t('{0} is {1}, at most {2}', subject, value, limit);
    case '<':
      return l10n.t('{0} is {1}, less than {2}', subject, value, limit);
    case '==':
      return l10n.t('{0} is {1}', subject, value);
    case '!=':
      return l10n.t('{0} is {1}, not {2}', subject, value, limit);
  }
}

function negated(op: Comparison): Comparison {
  return ({ '>=': '<', '>': '<=', '<=': '>', '<': '>=', '==': '!=', '!=': '==' } as const)[op];
}

/** "applies when amount is at least 1,000 EXAMPLE": what the clause asks, when the value is not known. */
function ruleSentence(op: Comparison, subject: string, limit: string): string {
  switch (op) {
    case '>=':
      return l10n.t('applies when {0} is at least {1}', subject, limit);
    case '>':
      return l10n.t('applies when {0} is more than {1}', subject, limit);
    case '<=':
      return l10n.t('applies when {0} is at most {1}', subject, limit);
    case '<':
      return l10n.t('applies when {0} is less than {1}', subject, limit);
    case '==':
      return l10n.t('applies when {0} is {1}', subject, limit);
    case '!=':
      return l10n.t('applies when {0} is not {1}', subject, limit);
  }
}

/** The comparison with its path on the left, or undefined when neither side is a literal. */
function comparisonOf(
  clause: Binary,
): { op: Comparison; subject: PolicyExpression; literal: PolicyExpression } | undefined {
  if (!COMPARISONS.has(clause.op)) return undefined;
  const op = clause.op as Comparison;
  if (isLiteral(clause.right) && !isLiteral(clause.left)) return { op, subject: clause.left, literal: clause.right };
  if (isLiteral(clause.left) && !isLiteral(clause.right))
    return { op: MIRRORED[op], subject: clause.right, literal: clause.left };
  return undefined;
}

/** The token the condition's amounts are counted in: the transaction's `to`, else an `eth.tx.to` it names. */
function tokenOf(root: PolicyExpression, context: PolicyContext | undefined): KnownToken | undefined {
  const tx = context?.eth?.tx;
  if (tx) return knownToken(tx.chain_id.toString(), tx.to);
  for (const clause of conjuncts(root)) {
    if (clause.kind !== 'binary' || clause.op !== '==') continue;
    const found = comparisonOf(clause);
    if (found && printPolicyExpression(found.subject) === 'eth.tx.to' && found.literal.kind === 'string')
      return knownToken(undefined, found.literal.value) ?? undefined;
  }
  return undefined;
}

function clauseSentence(
  clause: PolicyExpression,
  held: boolean | undefined,
  evaluator: PolicyEvaluator | undefined,
  reading: Reading,
): string {
  const comparison = clause.kind === 'binary' ? comparisonOf(clause) : undefined;
  if (comparison) {
    const { op, subject, literal } = comparison;
    const words = subjectWords(subject);
    const limit = literalWords(literal, subject, reading);
    const value = read(evaluator, subject);
    if (value.ok && held !== undefined)
      return valueSentence(op, held, words, valueWords(value.value, subject, reading), limit);
    return ruleSentence(op, words, limit);
  }
  // 'x' in private_key.tags, private_key.tags.contains('x'): the signing key's tags.
  const tag = keyTagOf(clause);
  if (tag !== undefined) {
    const name = reading.names.privateKeyTag(tag) ?? `'${tag}'`;
    if (held === undefined) return l10n.t('applies when the signing key is tagged {0}', name);
    return held ? l10n.t('the signing key is tagged {0}', name) : l10n.t('the signing key is not tagged {0}', name);
  }
  return l10n.t('applies when {0}', printPolicyExpression(clause));
}

function keyTagOf(clause: PolicyExpression): string | undefined {
  if (clause.kind === 'binary' && clause.op === 'in' && clause.left.kind === 'string')
    return printPolicyExpression(clause.right) === 'private_key.tags' ? clause.left.value : undefined;
  if (clause.kind === 'method' && clause.name === 'contains' && clause.args[0]?.kind === 'string')
    return printPolicyExpression(clause.target) === 'private_key.tags' ? clause.args[0].value : undefined;
  return undefined;
}

function read(
  evaluator: PolicyEvaluator | undefined,
  expr: PolicyExpression,
): { ok: true; value: unknown } | { ok: false } {
  if (!evaluator) return { ok: false };
  try {
    return { ok: true, value: evaluator.eval(expr, new Map()) };
  } catch {
    return { ok: false };
  }
}

function truth(evaluator: PolicyEvaluator | undefined, expr: PolicyExpression): boolean | undefined {
  if (!evaluator) return undefined;
  try {
    return evaluator.truth(expr);
  } catch {
    return undefined;
  }
}

/**
 * One sentence per clause of the condition. `held` is what the service's outcome says of the whole condition;
 * `context`, the activity as a policy reads it, gives each clause its value. Where the service says the condition
 * held, every clause did; where it did not, each clause is as the engine reads it here (unknown without a context).
 */
export function conditionSentences(
  condition: string,
  held: boolean | undefined,
  names: PolicyNames,
  context: PolicyContext | undefined,
): ClauseSentence[] {
  let root: PolicyExpression;
  try {
    root = parsePolicyExpression(condition);
  } catch {
    return [];
  }
  const evaluator = context ? new PolicyEvaluator(context) : undefined;
  const reading: Reading = { names, token: tokenOf(root, context), chainId: context?.eth?.tx?.chain_id.toString() };
  const clauses = conjuncts(root);
  return clauses.map((clause) => {
    const local = truth(evaluator, clause);
    const state: ClauseState =
      held === true
        ? 'met'
        : local !== undefined
          ? local
            ? 'met'
            : 'unmet'
          : held === false && clauses.length === 1
            ? 'unmet'
            : 'unknown';
    const known = state === 'unknown' ? undefined : state === 'met';
    return { text: clauseSentence(clause, known, evaluator, reading), state };
  });
}
