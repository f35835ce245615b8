/**
 * Completion inside a policy expression, as plain data: keywords and bound variables where a value starts,
 * fields and list methods after a dot, and inside a string the values its comparison takes (argument names
 * after `contract_call_args['`, ids with the organization's names as labels). Offsets are the expression's;
 * policyEditorFeatures.ts maps them to the file. Pure.
 */
import * as l10n from '@vscode/l10n';
import { EXPOSED_PARAMS, POLICY_KEYWORDS, activityKindOf, policyTypeName, type PolicyType } from '../../api/remote';
import type { ExpressionField } from './policyDocument';
import { fieldMeaning } from './policyFieldWords';
import type { PolicyKnowledge } from './policyKnowledge';
import { bindingsBefore, isWordCode, pathEndingAt, resolvePathText, type Bindings } from './policyPaths';
import { argumentChoices, valueChoices, type ValueChoice } from './policyValues';

export type CompletionKind = 'keyword' | 'field' | 'method' | 'value' | 'function' | 'variable' | 'constant';

export interface PolicyCompletion {
  readonly label: string;
  readonly kind: CompletionKind;
  /** The text inserted; `$1`-style placeholders when `snippet`. */
  readonly insertText: string;
  readonly snippet?: boolean;
  readonly detail?: string;
  readonly documentation?: string;
  /** What the list sorts and filters by, when not the label (an id's name is shown, its id inserted). */
  readonly filterText?: string;
  /** The characters of the expression the completion replaces. */
  readonly start: number;
  readonly end: number;
}

const methods = (): ReadonlyArray<readonly [string, string, string]> => [
  ['any', 'any(${1:v}, $2)', l10n.t('True when the predicate holds for some item.')],
  ['all', 'all(${1:v}, $2)', l10n.t('True when the predicate holds for every item (and for an empty list).')],
  ['filter', 'filter(${1:v}, $2)', l10n.t('The items for which the predicate holds.')],
  ['contains', 'contains($1)', l10n.t('True when the list holds the value.')],
  ['count', 'count()', l10n.t('How many items the list holds.')],
];

const FUNCTIONS: Record<ExpressionField, readonly string[]> = {
  condition: ['CaseInsensitiveString'],
  consensus: [],
  time: ['Timestamp', 'CronSpan'],
};

/** The kinds the expression names (`activity.kind == 'X'`, `activity.type == '…'`, `activity.kind in [...]`). */
export function namedKinds(source: string): Set<string> {
  const kinds = new Set<string>();
  for (const match of source.matchAll(/activity\.(kind|type)\s*(?:==\s*'([^']*)'|in\s*\[([^\]]*)\])/g)) {
    const values = match[2] !== undefined ? [match[2]] : [...(match[3] ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1]!);
    for (const value of values) kinds.add(match[1] === 'type' ? activityKindOf(value) : value);
  }
  return kinds;
}

export function completePolicy(
  field: ExpressionField,
  source: string,
  offset: number,
  knowledge: PolicyKnowledge,
): PolicyCompletion[] {
  const before = source.slice(0, offset);
  const quotes = before.split("'").length - 1;
  const bindings = bindingsBefore(field, before);
  if (quotes % 2 === 1) return inString(field, source, offset, bindings, knowledge);
  let start = offset;
  while (start > 0 && isWordCode(source.charCodeAt(start - 1))) start--;
  let end = offset;
  while (end < source.length && isWordCode(source.charCodeAt(end))) end++;
  let dot = start;
  while (dot > 0 && /\s/.test(source[dot - 1]!)) dot--;
  if (source[dot - 1] === '.') {
    const target = pathEndingAt(source, dot - 1);
    const resolved = target === '' ? undefined : resolvePathText(field, target, bindings);
    if (!resolved) return [];
    return members(resolved.type, resolved.path, source, start, end);
  }
  const items: PolicyCompletion[] = [];
  for (const [name, type] of Object.entries(POLICY_KEYWORDS[field])) {
    const meaning = fieldMeaning(name);
    items.push({
      label: name,
      kind: 'keyword',
      insertText: name,
      detail: policyTypeName(type),
      ...(meaning !== undefined ? { documentation: meaning } : {}),
      start,
      end,
    });
  }
  for (const [name, binding] of bindings)
    items.push({ label: name, kind: 'variable', insertText: name, detail: policyTypeName(binding.type), start, end });
  for (const name of FUNCTIONS[field])
    items.push({ label: name, kind: 'function', insertText: `${name}($1)`, snippet: true, start, end });
  for (const name of ['true', 'false', 'in'])
    items.push({ label: name, kind: name === 'in' ? 'keyword' : 'constant', insertText: name, start, end });
  return items;
}

function members(
  type: PolicyType,
  path: string | undefined,
  source: string,
  start: number,
  end: number,
): PolicyCompletion[] {
  if (type.t === 'list')
    return methods().map(([name, insertText, documentation]): PolicyCompletion => ({
      label: name,
      kind: 'method',
      insertText,
      snippet: true,
      detail: `${policyTypeName(type)}.${name}`,
      documentation,
      start,
      end,
    }));
  if (type.t !== 'struct' && type.t !== 'namespace') return [];
  let names = Object.keys(type.fields);
  if (path === 'activity.params') {
    // Only the parameters the kinds the condition names expose, when it names some.
    const kinds = namedKinds(source);
    if (kinds.size > 0) names = names.filter((name) => EXPOSED_PARAMS[name]?.some((kind) => kinds.has(kind)));
  }
  return names.map((name): PolicyCompletion => {
    const fieldPath = path === undefined ? name : `${path}.${name}`;
    const meaning = fieldMeaning(fieldPath);
    return {
      label: name,
      kind: 'field',
      insertText: name,
      detail: policyTypeName(type.fields[name]!),
      ...(meaning !== undefined ? { documentation: meaning } : {}),
      start,
      end,
    };
  });
}

/** Where the text before `end` ends once its trailing whitespace is left out. */
function trimmedEnd(text: string, end: number): number {
  let i = end;
  while (i > 0 && /\s/.test(text[i - 1]!)) i--;
  return i;
}

/** Where `word` ends `text` before `end` (whitespace before `end` left out); -1 when it does not. */
function endsWith(text: string, end: number, word: string): number {
  const at = trimmedEnd(text, end) - word.length;
  return at >= 0 && text.startsWith(word, at) ? at : -1;
}

/**
 * The path a string after `head` is compared with, as policyPaths.ts names it; `arguments` for the argument map.
 * Read back from the end of `head`, so that its cost is the length of what it reads, not of the expression.
 */
function comparedPath(field: ExpressionField, head: string, bindings: Bindings): string | undefined {
  const bracket = endsWith(head, head.length, '[');
  if (bracket >= 0 && endsWith(head, bracket, 'contract_call_args') >= 0) return 'arguments';
  let target: string | undefined;
  let element = false;
  const operator = Math.max(endsWith(head, head.length, '=='), endsWith(head, head.length, '!='));
  if (operator >= 0) target = pathEndingAt(head, operator);
  const open = endsWith(head, head.length, '(');
  const contains = open >= 0 ? endsWith(head, open, 'contains') : -1;
  const dot = contains >= 0 ? endsWith(head, contains, '.') : -1;
  if (dot >= 0) {
    target = pathEndingAt(head, dot);
    element = true;
  }
  // `x in [..., '`: the first ` in [` after the last `]`.
  const listed = /\s+in\s*\[/g;
  listed.lastIndex = head.lastIndexOf(']') + 1;
  const inList = listed.exec(head);
  if (!target && inList) {
    target = pathEndingAt(head, inList.index);
    element = false;
  }
  if (!target) return undefined;
  const resolved = resolvePathText(field, target, bindings);
  if (!resolved?.path) return undefined;
  return element ? `${resolved.path}[]` : resolved.path;
}

function inString(
  field: ExpressionField,
  source: string,
  offset: number,
  bindings: Bindings,
  knowledge: PolicyKnowledge,
): PolicyCompletion[] {
  const quote = source.lastIndexOf("'", offset - 1);
  const path = comparedPath(field, source.slice(0, quote), bindings);
  if (path === undefined) return [];
  const choices: ValueChoice[] =
    path === 'arguments' ? argumentChoices(source, knowledge) : valueChoices(path, source, knowledge);
  const closing = source.indexOf("'", offset);
  // Without a closing quote yet, the completion closes the string (and the argument's bracket).
  const end = closing < 0 ? source.length : closing;
  const close = closing >= 0 ? '' : path === 'arguments' ? "']" : "'";
  return choices.map((choice): PolicyCompletion => ({
    label: choice.label,
    kind: 'value',
    insertText: `${choice.value}${close}`,
    detail: choice.detail,
    filterText: `${choice.label} ${choice.value}`,
    start: quote + 1,
    end: closing < 0 ? Math.min(end, offset) : end,
  }));
}
