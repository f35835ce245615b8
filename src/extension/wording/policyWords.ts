/**
 * A policy in words: its effect and whose approvals it waits for ("Allows when 2 approvers tagged finance
 * approve"), read from the consensus as the policy engine parses it. A consensus of a shape not recognised here is
 * shown as it is written, never guessed at. The ids inside its expressions are named by policyIdNames.ts. Pure (no
 * `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { Policy, PrivateKey, Tag, User } from '../../api';
import { parsePolicyExpression, type PolicyExpression } from '../../api/remote';

/** Names for the ids a policy's expressions hold. */
export interface PolicyNames {
  readonly user: (id: string) => string | undefined;
  readonly userTag: (id: string) => string | undefined;
  readonly privateKeyTag: (id: string) => string | undefined;
  readonly privateKey: (id: string) => string | undefined;
}

/** What names the ids a policy holds: the organization's users, tags and (when they were read) private keys. */
export interface NamingReads {
  readonly users: readonly Pick<User, 'userId' | 'userName'>[];
  readonly userTags: readonly Pick<Tag, 'tagId' | 'tagName'>[];
  readonly privateKeyTags: readonly Pick<Tag, 'tagId' | 'tagName'>[];
  readonly privateKeys?: readonly Pick<PrivateKey, 'privateKeyId' | 'privateKeyName'>[];
}

/** The names of an organization's users, tags and private keys, by id. */
export function policyNamesOf(organization: NamingReads): PolicyNames {
  const users = new Map(organization.users.map((u) => [u.userId, u.userName]));
  const userTags = new Map(organization.userTags.map((tag) => [tag.tagId, tag.tagName]));
  const keyTags = new Map(organization.privateKeyTags.map((tag) => [tag.tagId, tag.tagName]));
  const keys = new Map((organization.privateKeys ?? []).map((key) => [key.privateKeyId, key.privateKeyName]));
  return {
    user: (id) => users.get(id),
    userTag: (id) => userTags.get(id),
    privateKeyTag: (id) => keyTags.get(id),
    privateKey: (id) => keys.get(id),
  };
}

/** The effect as one word: "Allow", "Deny", or the service's value when it is neither. */
export function effectWord(effect: string): string {
  if (effect === 'EFFECT_ALLOW') return l10n.t('Allow');
  if (effect === 'EFFECT_DENY') return l10n.t('Deny');
  return effect;
}

type Summarized = Pick<Policy, 'effect' | 'consensus'>;

/**
 * One line: "Allows when 2 approvers tagged finance approve", "Allows when Treasury developer approves",
 * "Denies whenever its condition holds"; for a consensus read no other way, "Allows when: <consensus>".
 */
export function policySummary(policy: Summarized, names: PolicyNames): string {
  const allow = policy.effect !== 'EFFECT_DENY';
  const source = policy.consensus.trim();
  if (source === '' || source === 'true') {
    return allow ? l10n.t('Allows whenever its condition holds') : l10n.t('Denies whenever its condition holds');
  }
  const who = consensusWords(source, names);
  if (who === undefined)
    return allow ? l10n.t('Allows when: {0}', oneLine(source)) : l10n.t('Denies when: {0}', oneLine(source));
  return allow ? l10n.t('Allows when {0}', who) : l10n.t('Denies when {0}', who);
}

/** The consensus as "who approves", or undefined when its shape is not one said in words here. */
export function consensusWords(source: string, names: PolicyNames): string | undefined {
  let expr: PolicyExpression;
  try {
    expr = parsePolicyExpression(source);
  } catch {
    return undefined;
  }
  return clause(expr, names);
}

function clause(expr: PolicyExpression, names: PolicyNames): string | undefined {
  if (expr.kind === 'binary' && (expr.op === '&&' || expr.op === '||')) {
    const left = clause(expr.left, names);
    const right = clause(expr.right, names);
    if (left === undefined || right === undefined) return undefined;
    return expr.op === '&&' ? l10n.t('{0} and {1}', left, right) : l10n.t('{0} or {1}', left, right);
  }
  // approvers.any(u, <who>): one of them approves.
  if (expr.kind === 'method' && expr.name === 'any' && isApprovers(expr.target)) {
    const who = predicate(expr.args, names);
    if (!who) return undefined;
    return approvalsOf(who, 1);
  }
  // approvers.count() >= n, approvers.filter(u, <who>).count() >= n.
  if (expr.kind === 'binary' && (expr.op === '>=' || expr.op === '>') && expr.right.kind === 'int') {
    const counted = expr.left;
    if (counted.kind !== 'method' || counted.name !== 'count' || counted.args.length !== 0) return undefined;
    const count = Number(expr.right.value) + (expr.op === '>' ? 1 : 0);
    if (!Number.isSafeInteger(count) || count < 1) return undefined;
    if (isApprovers(counted.target))
      return count === 1 ? l10n.t('any approver approves') : l10n.t('{0} approvers approve', count);
    const filter = counted.target;
    if (filter.kind !== 'method' || filter.name !== 'filter' || !isApprovers(filter.target)) return undefined;
    const who = predicate(filter.args, names);
    return who && approvalsOf(who, count);
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

function approvalsOf(who: Who, count: number): string {
  if (who.kind === 'tag') {
    return count === 1
      ? l10n.t('an approver tagged {0} approves', who.name)
      : l10n.t('{0} approvers tagged {1} approve', count, who.name);
  }
  const [only] = who.names;
  if (who.names.length === 1 && only !== undefined) return l10n.t('{0} approves', only);
  const list = who.names.join(', ');
  return count === 1 ? l10n.t('one of {0} approves', list) : l10n.t('{0} of {1} approve', count, list);
}

/** 'Denied by policy "Hot keys sign only for registered contracts"', or by several, each in quotes. */
export function deniedByText(policyNames: readonly string[]): string {
  const [only] = policyNames;
  if (policyNames.length === 1 && only !== undefined) return l10n.t('Denied by policy "{0}"', only);
  if (policyNames.length === 0) return l10n.t('Denied: no policy allows it');
  return l10n.t('Denied by policies {0}', policyNames.map((name) => `"${name}"`).join(', '));
}

/** An expression on one line: its runs of white space made single spaces. */
function oneLine(source: string): string {
  return source.replace(/\s+/g, ' ').trim();
}
