/**
 * Mistakes the service accepts but that make a policy never do what it says, found in an expression's tree:
 * a tag's name where its id is needed, a lowercase address compared exactly with an EIP-55 one,
 * `activity.type == '…_V2'` where `activity.kind` is meant, and `||` between keywords no activity has together
 * (one side always errors, and the policy with it). Each at the expression's characters, with a fix when there is
 * one. And a `time` field, which the service accepts only from organizations with its early-access flag for
 * time-based policies (the local sandbox accepts it from every organization). Pure.
 */
import * as l10n from '@vscode/l10n';
import { toChecksumAddress, type PolicyExpr } from '../../api/remote';
import type { ExpressionField } from './policyDocument';
import type { NamedId, PolicyKnowledge } from './policyKnowledge';
import { resolve, type Binding, type Resolved } from './policyPaths';

export type LintCode =
  | 'tagName'
  | 'lowercaseAddress'
  | 'typeForKind'
  | 'exclusiveKeywords'
  | 'timeNeedsFlag'
  | 'domainNameOnly'
  | 'quotedNumber'
  | 'rawPayloadBypass'
  | 'noOpDenyTooBroad';

export interface Lint {
  readonly code: LintCode;
  readonly message: string;
  /** Characters of the expression. */
  readonly start: number;
  readonly end: number;
  readonly fix?: { readonly title: string; readonly start: number; readonly end: number; readonly text: string };
}

export function children(node: PolicyExpr): PolicyExpr[] {
  switch (node.kind) {
    case 'list':
      return node.items;
    case 'struct':
      return node.fields.map((f) => f.value);
    case 'member':
      return [node.target];
    case 'index':
      return [node.target, node.index];
    case 'slice':
      return [node.target, node.start, node.end];
    case 'method':
      return [node.target, ...node.args];
    case 'call':
      return node.args;
    case 'not':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'bool':
    case 'int':
    case 'string':
    case 'ident':
      return [];
  }
}

/** The groups of keywords an activity has at most one of. */
export const end = (node: PolicyExpr) => node.span.offset + node.span.length;

type Visitor = (node: PolicyExpr, at: (of: PolicyExpr) => Resolved | undefined) => void;

/** Every node of the tree, with the type and path of any node (`.any`/`.all`/`.filter` variables bound). */
export function walk(field: ExpressionField, root: PolicyExpr, visitor: Visitor): void {
  const visit = (node: PolicyExpr, bindings: ReadonlyMap<string, Binding>): void => {
    visitor(node, (of) => resolve(field, of, bindings));
    let inner = bindings;
    if (node.kind === 'method' && ['any', 'all', 'filter'].includes(node.name) && node.args[0]?.kind === 'ident') {
      const target = resolve(field, node.target, bindings);
      if (target?.type.t === 'list')
        inner = new Map(bindings).set(node.args[0].name, { type: target.type.of, path: `${target.path ?? ''}[]` });
    }
    for (const child of children(node)) visit(child, inner);
  };
  visit(root, new Map());
}

function targetsOf(node: PolicyExpr): Set<string> {
  const found = new Set<string>();
  const visit = (n: PolicyExpr): void => {
    if (n.kind === 'member' && n.target.kind === 'ident' && n.target.name === 'eth') {
      found.add(`eth.${n.name}`);
      return;
    }
    if (n.kind === 'ident') {
      if (['wallet', 'wallets', 'wallet_account'].includes(n.name)) found.add('wallet');
      else if (['private_key', 'solana', 'tron', 'bitcoin', 'tempo', 'secret'].includes(n.name)) found.add(n.name);
    }
    children(n).forEach(visit);
  };
  visit(node);
  return found;
}

export function lintExpression(field: ExpressionField, root: PolicyExpr, knowledge: PolicyKnowledge): Lint[] {
  const lints: Lint[] = [];
  if (field === 'time') {
    lints.push({
      code: 'timeNeedsFlag',
      message: l10n.t(
        'The service accepts a time field only in organizations with its early-access flag for time-based policies; elsewhere it refuses the policy. The local sandbox accepts it in every organization.',
      ),
      start: root.span.offset,
      end: end(root),
    });
  }
  const tagLint = (literal: PolicyExpr, tags: readonly NamedId[], what: string) => {
    if (literal.kind !== 'string' || tags.some((tag) => tag.id === literal.value)) return;
    const tag = tags.find((candidate) => candidate.name === literal.value);
    if (!tag) return;
    lints.push({
      code: 'tagName',
      message: l10n.t(
        "'{0}' is the name of a {1}: policies compare tag ids, so this matches nothing. Its id is {2}.",
        literal.value,
        what,
        tag.id,
      ),
      start: literal.span.offset,
      end: end(literal),
      fix: {
        title: l10n.t("Use the id of '{0}'", literal.value),
        start: literal.span.offset + 1,
        end: end(literal) - 1,
        text: tag.id,
      },
    });
  };
  const tagsOf = (path: string | undefined) =>
    path === 'approvers[].tags'
      ? { tags: knowledge.userTags, what: l10n.t('user tag') }
      : path === 'private_key.tags'
        ? { tags: knowledge.privateKeyTags, what: l10n.t('private key tag') }
        : undefined;

  walk(field, root, (node, at) => {
    if (node.kind === 'method' && node.name === 'contains' && node.args[0]) {
      const list = tagsOf(at(node.target)?.path);
      if (list) tagLint(node.args[0], list.tags, list.what);
    }
    if (node.kind === 'binary' && node.op === 'in' && node.left.kind === 'string') {
      const list = tagsOf(at(node.right)?.path);
      if (list) tagLint(node.left, list.tags, list.what);
    }
    if (node.kind === 'binary' && (node.op === '==' || node.op === '!=' || node.op === 'in')) {
      const sides = [
        [node.left, node.right],
        [node.right, node.left],
      ] as const;
      for (const [path, other] of sides) {
        const name = at(path)?.path;
        const literals = other.kind === 'list' ? other.items : [other];
        if (name === 'wallet_account.address') {
          for (const literal of literals) {
            if (literal.kind !== 'string' || !/^0x[0-9a-f]{40}$/.test(literal.value) || !/[a-f]/.test(literal.value))
              continue;
            const checksummed = toChecksumAddress(literal.value);
            lints.push({
              code: 'lowercaseAddress',
              message: l10n.t(
                'wallet_account.address is compared exactly and Ethereum accounts are stored in EIP-55 form: this lowercase address never matches. Write {0}.',
                checksummed,
              ),
              start: literal.span.offset,
              end: end(literal),
              fix: {
                title: l10n.t('Write the address in EIP-55 form'),
                start: literal.span.offset + 1,
                end: end(literal) - 1,
                text: checksummed,
              },
            });
          }
        }
        if (name === 'activity.type' && node.op !== 'in' && other.kind === 'string') {
          const version = /^ACTIVITY_TYPE_(.+)_V\d+$/.exec(other.value);
          if (version?.[1]) {
            const kind = version[1];
            const replacement =
              path.span.offset < other.span.offset
                ? `activity.kind ${node.op} '${kind}'`
                : `'${kind}' ${node.op} activity.kind`;
            lints.push({
              code: 'typeForKind',
              message: l10n.t(
                "activity.type matches {0} only, not the type's other versions; activity.kind {1} '{2}' matches every version.",
                other.value,
                node.op,
                kind,
              ),
              start: node.span.offset,
              end: end(node),
              fix: {
                title: l10n.t('Compare activity.kind instead'),
                start: node.span.offset,
                end: end(node),
                text: replacement,
              },
            });
          }
        }
      }
    }
    if (node.kind === 'binary' && node.op === '||') {
      const left = targetsOf(node.left);
      const right = targetsOf(node.right);
      const shared = [...left].some((target) => right.has(target));
      if (left.size > 0 && right.size > 0 && !shared) {
        lints.push({
          code: 'exclusiveKeywords',
          message: l10n.t(
            'No activity has both {0} and {1}, and a policy is evaluated whole: whichever side reads the one missing errors, so this policy always errors. Compare activity.kind with in [...], or write two policies.',
            [...left].join(', '),
            [...right].join(', '),
          ),
          start: node.span.offset,
          end: end(node),
        });
      }
    }
  });
  return lints;
}
