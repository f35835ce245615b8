/**
 * A policy in words: its effect and whose approvals it waits for ("Allows when 2 approvers tagged finance
 * approve"), read from the consensus as the policy engine parses it. A consensus of a shape not recognised here is
 * shown as it is written, never guessed at. Ids in a policy's expressions are named from the organization's users
 * and tags. Pure (no `vscode`).
 */
import type { Policy, Tag, User } from '../../api';
import { parsePolicyExpression, type PolicyExpression } from '../../api/remote';
import { englishText, type Translate } from '../ui/translate';

/** Names for the ids a policy's expressions hold. */
export interface PolicyNames {
  readonly user: (id: string) => string | undefined;
  readonly userTag: (id: string) => string | undefined;
  readonly privateKeyTag: (id: string) => string | undefined;
}

/** The names of an organization's users and tags, by id. */
export function policyNamesOf(organization: {
  readonly users: readonly Pick<User, 'userId' | 'userName'>[];
  readonly userTags: readonly Pick<Tag, 'tagId' | 'tagName'>[];
  readonly privateKeyTags: readonly Pick<Tag, 'tagId' | 'tagName'>[];
}): PolicyNames {
  const users = new Map(organization.users.map((u) => [u.userId, u.userName]));
  const userTags = new Map(organization.userTags.map((tag) => [tag.tagId, tag.tagName]));
  const keyTags = new Map(organization.privateKeyTags.map((tag) => [tag.tagId, tag.tagName]));
  return {
    user: (id) => users.get(id),
    userTag: (id) => userTags.get(id),
    privateKeyTag: (id) => keyTags.get(id),
  };
}

/** The effect as one word: "Allow", "Deny", or the service's value when it is neither. */
export function effectWord(effect: string, t: Translate = englishText): string {
  if (effect === 'EFFECT_ALLOW') return t('Allow');
  if (effect === 'EFFECT_DENY') return t('Deny');
  return effect;
}

type Summarized = Pick<Policy, 'effect' | 'consensus'>;

/**
 * One line: "Allows when 2 approvers tagged finance approve", "Allows when Treasury developer approves",
 * "Denies whenever its condition holds"; for a consensus read no other way, "Allows when: <consensus>".
 */
export function policySummary(policy: Summarized, names: PolicyNames, t: Translate = englishText): string {
  const allow = policy.effect !== 'EFFECT_DENY';
  const source = policy.consensus.trim();
  if (source === '' || source === 'true') {
    return allow ? t('Allows whenever its condition holds') : t('Denies whenever its condition holds');
  }
  const who = consensusWords(source, names, t);
  if (who === undefined) return allow ? t('Allows when: {0}', oneLine(source)) : t('Denies when: {0}', oneLine(source));
  return allow ? t('Allows when {0}', who) : t('Denies when {0}', who);
}

/** The consensus as "who approves", or undefined when its shape is not one said in words here. */
export function consensusWords(source: string, names: PolicyNames, t: Translate = englishText): string | undefined {
  let expr: PolicyExpression;
  try {
    expr = parsePolicyExpression(source);
  } catch {
    return undefined;
  }
  return clause(expr, names, t);
}

function clause(expr: PolicyExpression, names: PolicyNames, t: Translate): string | undefined {
  if (expr.kind === 'binary' && (expr.op === '&&' || expr.op === '||')) {
    const left = clause(expr.left, names, t);
    const right = clause(expr.right, names, t);
    if (left === undefined || right === undefined) return undefined;
    return expr.op === '&&' ? t('{0} and {1}', left, right) : t('{0} or {1}', left, right);
  }
  // approvers.any(u, <who>): one of them approves.
  if (expr.kind === 'method' && expr.name === 'any' && isApprovers(expr.target)) {
    const who = predicate(expr.args, names);
    if (!who) return undefined;
    return approvalsOf(who, 1, t);
  }
  // approvers.count() >= n, approvers.filter(u, <who>).count() >= n.
  if (expr.kind === 'binary' && (expr.op === '>=' || expr.op === '>') && expr.right.kind === 'int') {
    const counted = expr.left;
    if (counted.kind !== 'method' || counted.name !== 'count' || counted.args.length !== 0) return undefined;
    const count = Number(expr.right.value) + (expr.op === '>' ? 1 : 0);
    if (!Number.isSafeInteger(count) || count < 1) return undefined;
    if (isApprovers(counted.target))
      return count === 1 ? t('any approver approves') : t('{0} approvers approve', count);
    const filter = counted.target;
    if (filter.kind !== 'method' || filter.name !== 'filter' || !isApprovers(filter.target)) return undefined;
    const who = predicate(filter.args, names);
    return who && approvalsOf(who, count, t);
  }
  return undefined;
}

function isApprovers(expr: PolicyExpression): boolean {
  return expr.kind === 'ident' && expr.name === 'approvers';
}

/** Whom a predicate over one approver names: users by id, or the users of a tag. */
type Who =
  { readonly kind: 'users'; readonly names: readonly string[] } | { readonly kind: 'tag'; readonly name: string };

/** `(u, u.id == 'x')`, `(u, u.id in ['x', 'y'])`, `(u, u.tags.contains('t'))`, `(u, 't' in u.tags)`. */
function predicate(args: readonly PolicyExpression[], names: PolicyNames): Who | undefined {
  const [variable, body] = args;
  if (args.length !== 2 || variable?.kind !== 'ident' || !body) return undefined;
  const field = (expr: PolicyExpression, name: string) =>
    expr.kind === 'member' && expr.name === name && expr.target.kind === 'ident' && expr.target.name === variable.name;
  const userName = (id: string) => names.user(id) ?? id;
  const tagName = (id: string) => names.userTag(id) ?? id;
  if (body.kind === 'binary' && body.op === '==') {
    const [fieldSide, value]: readonly [PolicyExpression, PolicyExpression] = field(body.left, 'id')
      ? [body.left, body.right]
      : [body.right, body.left];
    if (field(fieldSide, 'id') && value.kind === 'string') return { kind: 'users', names: [userName(value.value)] };
  }
  if (body.kind === 'binary' && body.op === 'in') {
    if (field(body.left, 'id') && body.right.kind === 'list' && body.right.items.length > 0) {
      const ids = body.right.items.map((item) => (item.kind === 'string' ? item.value : undefined));
      if (ids.every((id): id is string => id !== undefined)) return { kind: 'users', names: ids.map(userName) };
    }
    if (field(body.right, 'tags') && body.left.kind === 'string')
      return { kind: 'tag', name: tagName(body.left.value) };
  }
  if (body.kind === 'method' && body.name === 'contains' && field(body.target, 'tags')) {
    const [tag] = body.args;
    if (body.args.length === 1 && tag?.kind === 'string') return { kind: 'tag', name: tagName(tag.value) };
  }
  return undefined;
}

function approvalsOf(who: Who, count: number, t: Translate): string {
  if (who.kind === 'tag') {
    return count === 1
      ? t('an approver tagged {0} approves', who.name)
      : t('{0} approvers tagged {1} approve', count, who.name);
  }
  const [only] = who.names;
  if (who.names.length === 1 && only !== undefined) return t('{0} approves', only);
  const list = who.names.join(', ');
  return count === 1 ? t('one of {0} approves', list) : t('{0} of {1} approve', count, list);
}

/** 'Denied by policy "Hot keys sign only for registered contracts"', or by several, each in quotes. */
export function deniedByText(policyNames: readonly string[], t: Translate = englishText): string {
  const [only] = policyNames;
  if (policyNames.length === 1 && only !== undefined) return t('Denied by policy "{0}"', only);
  if (policyNames.length === 0) return t('Denied: no policy allows it');
  return t('Denied by policies {0}', policyNames.map((name) => `"${name}"`).join(', '));
}

/** A kind of id a policy's expression names. */
export type NamedIdKind = 'user' | 'userTag' | 'privateKeyTag';

export interface NamedId {
  readonly id: string;
  readonly name: string;
  readonly kind: NamedIdKind;
}

/** The ids among a policy's string literals that name a user or a tag, each once, in the order they appear. */
export function namedIds(policy: Pick<Policy, 'condition' | 'consensus'>, names: PolicyNames): NamedId[] {
  const found = new Map<string, NamedId>();
  for (const source of [policy.condition, policy.consensus]) {
    for (const literal of stringLiterals(source)) {
      if (found.has(literal)) continue;
      const user = names.user(literal);
      const userTag = names.userTag(literal);
      const keyTag = names.privateKeyTag(literal);
      if (user !== undefined) found.set(literal, { id: literal, name: user, kind: 'user' });
      else if (userTag !== undefined) found.set(literal, { id: literal, name: userTag, kind: 'userTag' });
      else if (keyTag !== undefined) found.set(literal, { id: literal, name: keyTag, kind: 'privateKeyTag' });
    }
  }
  return [...found.values()];
}

/** "finance (user tag)", "Treasury developer (user)", "hot (private key tag)". */
export function namedIdText(named: NamedId, t: Translate = englishText): string {
  switch (named.kind) {
    case 'user':
      return t('{0} (user)', named.name);
    case 'userTag':
      return t('{0} (user tag)', named.name);
    case 'privateKeyTag':
      return t('{0} (private key tag)', named.name);
  }
}

function stringLiterals(source: string): string[] {
  let expr: PolicyExpression;
  try {
    expr = parsePolicyExpression(source);
  } catch {
    return [];
  }
  const found: string[] = [];
  const visit = (node: PolicyExpression): void => {
    switch (node.kind) {
      case 'string':
        found.push(node.value);
        return;
      case 'bool':
      case 'int':
      case 'ident':
        return;
      case 'list':
        node.items.forEach(visit);
        return;
      case 'struct':
        node.fields.forEach((f) => visit(f.value));
        return;
      case 'member':
        visit(node.target);
        return;
      case 'index':
        visit(node.target);
        visit(node.index);
        return;
      case 'slice':
        visit(node.target);
        visit(node.start);
        visit(node.end);
        return;
      case 'method':
        visit(node.target);
        node.args.forEach(visit);
        return;
      case 'call':
        node.args.forEach(visit);
        return;
      case 'not':
        visit(node.operand);
        return;
      case 'binary':
        visit(node.left);
        visit(node.right);
        return;
    }
  };
  visit(expr);
  return found;
}

/** An expression on one line: its runs of white space made single spaces. */
function oneLine(source: string): string {
  return source.replace(/\s+/g, ' ').trim();
}
