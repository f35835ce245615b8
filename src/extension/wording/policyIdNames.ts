/**
 * The names of the ids inside a policy's expressions: each string literal that is an id the organization knows,
 * where it sits in the expression's text, and what it names. The literal's kind comes from what it is compared
 * with, read from the parsed tree: `u.tags.contains('…')` or `'…' in u.tags` inside `approvers.any(u, …)` is a user
 * tag, `private_key.tags` a private key tag, `u.id == '…'` or `credentials[].user_id` a user, `private_key.id` a
 * private key, `wallet.id` a wallet (whose names are not read). A literal of a known kind is named only from that
 * kind; one whose kind cannot be told is named only when exactly one known id of any kind is equal to it. No
 * match, no name. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { Policy } from '../../api';
import { parsePolicyExpression, type PolicyExpression } from '../../api/remote';
import type { PolicyNames } from './policyWords';

/** A kind of id a policy's expression names. */
export type NamedIdKind = 'user' | 'userTag' | 'privateKeyTag' | 'privateKey';

/** What a literal is compared with: a kind of id, or a wallet (named by nothing the extension reads). */
type IdKind = NamedIdKind | 'wallet';

export interface NamedId {
  readonly id: string;
  readonly name: string;
  readonly kind: NamedIdKind;
}

/** A named literal in an expression: its quotes included, in UTF-16 units of the expression's text. */
export interface IdLabel extends NamedId {
  readonly offset: number;
  readonly length: number;
}

/** The kind of id at a path (`approvers[].id`), for a value compared with it. */
const SCALAR_KINDS: Readonly<Record<string, IdKind>> = {
  'approvers[].id': 'user',
  'credentials[].user_id': 'user',
  'private_key.id': 'privateKey',
  'wallet.id': 'wallet',
  'wallets[].id': 'wallet',
};

/** The kind of the ids a list at a path holds (`approvers[].tags`), for a value looked for in it. */
const LIST_KINDS: Readonly<Record<string, IdKind>> = {
  'approvers[].tags': 'userTag',
  'private_key.tags': 'privateKeyTag',
};

/** The methods that bind their first argument to each item of the list they run over. */
const BINDERS: ReadonlySet<string> = new Set(['any', 'all', 'filter']);

type Bindings = ReadonlyMap<string, string>;

/** The path an expression reads (`approvers[].tags` for `u.tags` inside `approvers.any(u, …)`), if it is one. */
function pathOf(expr: PolicyExpression, bindings: Bindings): string | undefined {
  switch (expr.kind) {
    case 'ident':
      return bindings.get(expr.name) ?? expr.name;
    case 'member': {
      const target = pathOf(expr.target, bindings);
      return target === undefined ? undefined : `${target}.${expr.name}`;
    }
    case 'index': {
      const target = pathOf(expr.target, bindings);
      return target === undefined ? undefined : `${target}[]`;
    }
    case 'method':
      // filter keeps the list it filters; what the others return is not a path.
      return expr.name === 'filter' ? pathOf(expr.target, bindings) : undefined;
    case 'bool':
    case 'int':
    case 'string':
    case 'list':
    case 'struct':
    case 'slice':
    case 'call':
    case 'not':
    case 'binary':
      return undefined;
  }
}

/** The string literals of `side`: itself, or the items of a list written out. */
function literalsOf(side: PolicyExpression): PolicyExpression[] {
  if (side.kind === 'string') return [side];
  return side.kind === 'list' ? side.items.filter((item) => item.kind === 'string') : [];
}

/** The literals whose kind their place tells, each by its node. */
function kindsOf(root: PolicyExpression): Map<PolicyExpression, IdKind> {
  const kinds = new Map<PolicyExpression, IdKind>();
  const mark = (literals: readonly PolicyExpression[], kind: IdKind | undefined) => {
    if (kind !== undefined) for (const literal of literals) kinds.set(literal, kind);
  };
  const kindAt = (table: Readonly<Record<string, IdKind>>, path: string | undefined) =>
    path !== undefined && Object.hasOwn(table, path) ? table[path] : undefined;
  const visit = (node: PolicyExpression, bindings: Bindings): void => {
    switch (node.kind) {
      case 'method': {
        visit(node.target, bindings);
        const [first, ...rest] = node.args;
        const target = pathOf(node.target, bindings);
        if (node.name === 'contains' && first?.kind === 'string') mark([first], kindAt(LIST_KINDS, target));
        // any/all/filter: the variable stands for each item of the list, in the arguments after it.
        if (BINDERS.has(node.name) && first?.kind === 'ident' && rest.length > 0 && target !== undefined) {
          const inner = new Map(bindings).set(first.name, `${target}[]`);
          rest.forEach((arg) => visit(arg, inner));
          return;
        }
        node.args.forEach((arg) => visit(arg, bindings));
        return;
      }
      case 'binary': {
        visit(node.left, bindings);
        visit(node.right, bindings);
        const left = pathOf(node.left, bindings);
        const right = pathOf(node.right, bindings);
        if (node.op === '==' || node.op === '!=') {
          if (node.right.kind === 'string') mark([node.right], kindAt(SCALAR_KINDS, left));
          if (node.left.kind === 'string') mark([node.left], kindAt(SCALAR_KINDS, right));
        } else if (node.op === 'in') {
          // 'id' in u.tags, or u.id in ['a', 'b'].
          if (node.left.kind === 'string') mark([node.left], kindAt(LIST_KINDS, right));
          if (node.right.kind === 'list') mark(literalsOf(node.right), kindAt(SCALAR_KINDS, left));
        }
        return;
      }
      case 'list':
        node.items.forEach((item) => visit(item, bindings));
        return;
      case 'struct':
        node.fields.forEach((field) => visit(field.value, bindings));
        return;
      case 'member':
        visit(node.target, bindings);
        return;
      case 'index':
        visit(node.target, bindings);
        visit(node.index, bindings);
        return;
      case 'slice':
        visit(node.target, bindings);
        visit(node.start, bindings);
        visit(node.end, bindings);
        return;
      case 'call':
        node.args.forEach((arg) => visit(arg, bindings));
        return;
      case 'not':
        visit(node.operand, bindings);
        return;
      case 'bool':
      case 'int':
      case 'string':
      case 'ident':
        return;
    }
  };
  visit(root, new Map());
  return kinds;
}

/** Every string literal of the tree, in the order of the text. */
function stringLiterals(root: PolicyExpression): Extract<PolicyExpression, { kind: 'string' }>[] {
  const found: Extract<PolicyExpression, { kind: 'string' }>[] = [];
  const visit = (node: PolicyExpression): void => {
    switch (node.kind) {
      case 'string':
        found.push(node);
        return;
      case 'list':
        node.items.forEach(visit);
        return;
      case 'struct':
        node.fields.forEach((field) => visit(field.value));
        return;
      case 'member':
        visit(node.target);
        return;
      case 'index':
        [node.target, node.index].forEach(visit);
        return;
      case 'slice':
        [node.target, node.start, node.end].forEach(visit);
        return;
      case 'method':
        [node.target, ...node.args].forEach(visit);
        return;
      case 'call':
        node.args.forEach(visit);
        return;
      case 'not':
        visit(node.operand);
        return;
      case 'binary':
        [node.left, node.right].forEach(visit);
        return;
      case 'bool':
      case 'int':
      case 'ident':
        return;
    }
  };
  visit(root);
  return found.sort((a, b) => a.span.offset - b.span.offset);
}

const NAMED_KINDS: readonly NamedIdKind[] = ['user', 'userTag', 'privateKeyTag', 'privateKey'];

function nameOf(names: PolicyNames, kind: NamedIdKind, id: string): string | undefined {
  switch (kind) {
    case 'user':
      return names.user(id);
    case 'userTag':
      return names.userTag(id);
    case 'privateKeyTag':
      return names.privateKeyTag(id);
    case 'privateKey':
      return names.privateKey(id);
  }
}

/** What a literal names: from its kind when its place tells it, else only when exactly one known id matches. */
function named(id: string, kind: IdKind | undefined, names: PolicyNames): NamedId | undefined {
  if (kind === 'wallet') return undefined;
  if (kind !== undefined) {
    const name = nameOf(names, kind, id);
    return name === undefined ? undefined : { id, name, kind };
  }
  const matches = NAMED_KINDS.flatMap((k): NamedId[] => {
    const name = nameOf(names, k, id);
    return name === undefined ? [] : [{ id, name, kind: k }];
  });
  const [only] = matches;
  return matches.length === 1 ? only : undefined;
}

/**
 * The named literals of one expression, in the order of its text (every occurrence, each with its place). None
 * when it does not parse: a name beside a literal the engine would not read is not shown.
 */
export function idLabels(source: string, names: PolicyNames): IdLabel[] {
  let root: PolicyExpression;
  try {
    root = parsePolicyExpression(source);
  } catch {
    return [];
  }
  const kinds = kindsOf(root);
  return stringLiterals(root).flatMap((literal): IdLabel[] => {
    const found = named(literal.value, kinds.get(literal), names);
    return found ? [{ ...found, offset: literal.span.offset, length: literal.span.length }] : [];
  });
}

/** The named ids of a policy's condition and consensus, each id and kind once, in the order they appear. */
export function namedIds(policy: Pick<Policy, 'condition' | 'consensus'>, names: PolicyNames): NamedId[] {
  const found = new Map<string, NamedId>();
  for (const source of [policy.condition, policy.consensus]) {
    for (const label of idLabels(source, names)) {
      const key = `${label.kind}|${label.id}`;
      if (!found.has(key)) found.set(key, { id: label.id, name: label.name, kind: label.kind });
    }
  }
  return [...found.values()];
}

/** "finance (user tag)", "Treasury developer (user)", "hot (private key tag)", "Hot wallet key (private key)". */
export function namedIdText(named: Pick<NamedId, 'name' | 'kind'>): string {
  switch (named.kind) {
    case 'user':
      return l10n.t('{0} (user)', named.name);
    case 'userTag':
      return l10n.t('{0} (user tag)', named.name);
    case 'privateKeyTag':
      return l10n.t('{0} (private key tag)', named.name);
    case 'privateKey':
      return l10n.t('{0} (private key)', named.name);
  }
}
