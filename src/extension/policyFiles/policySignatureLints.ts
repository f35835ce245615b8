/**
 * What a policy cannot see, said where it is written. Signatures that are not transactions slip past policies
 * written for transactions: a transaction signed as a raw payload is never read as `eth.tx`, the SDKs send typed
 * data and EIP-7702 authorizations with `HASH_FUNCTION_NO_OP` (so a deny of NO_OP hashes denies them too), a typed
 * data domain's name is whatever the signing site writes, and a number compared with a quoted string is refused.
 * Each found in the engine's tree of the expression, at its characters, with a fix where one exists. Pure.
 */
import * as l10n from '@vscode/l10n';
import type { PolicyExpr } from '../../api/remote';
import type { ExpressionField } from './policyDocument';
import { end, walk, type Lint } from './policyLints';
import type { Resolved } from './policyPaths';

/** The string literals a comparison `path == 'x'`, `path != 'x'` or `path in ['x', …]` compares `path` with. */
export function comparedWith(
  node: PolicyExpr,
  at: (of: PolicyExpr) => Resolved | undefined,
  wanted: (name: string) => boolean,
  ops: readonly string[] = ['==', 'in'],
): string[] {
  if (node.kind !== 'binary' || !ops.includes(node.op)) return [];
  const found: string[] = [];
  for (const [side, other] of [
    [node.left, node.right],
    [node.right, node.left],
  ] as const) {
    const name = at(side)?.path;
    if (name === undefined || !wanted(name)) continue;
    for (const literal of other.kind === 'list' ? other.items : [other])
      if (literal.kind === 'string') found.push(literal.value);
  }
  return found;
}

/** Every canonical path the expression reads. */
export function pathsRead(field: ExpressionField, root: PolicyExpr): Set<string> {
  const read = new Set<string>();
  walk(field, root, (node, at) => {
    if (node.kind === 'member' || node.kind === 'ident') {
      const name = at(node)?.path;
      if (name !== undefined) read.add(name);
    }
  });
  return read;
}

const NAME = 'eth.eip_712.domain.name';
const DOMAIN_CHECKS = ['eth.eip_712.domain.verifying_contract', 'eth.eip_712.domain.chain_id'];

/** A typed-data condition that trusts the domain's name without its contract and chain. */
export function lintDomainName(field: ExpressionField, root: PolicyExpr): Lint[] {
  if (field !== 'condition') return [];
  const read = pathsRead(field, root);
  const missing = DOMAIN_CHECKS.filter((check) => !read.has(check));
  if (!read.has(NAME) || missing.length === 0) return [];
  let at: PolicyExpr | undefined;
  walk(field, root, (node, resolved) => {
    if (!at && comparedWith(node, resolved, (name) => name === NAME, ['==', '!=', 'in']).length > 0) at = node;
  });
  if (!at) return [];
  return [
    {
      code: 'domainNameOnly',
      message: l10n.t(
        "A typed-data domain's name is whatever the signing site writes: this condition checks {0} but not {1}, so typed data for any contract or chain that claims the name passes. Compare {1} too.",
        NAME,
        missing.join(', '),
      ),
      start: at.span.offset,
      end: end(at),
    },
  ];
}

/**
 * A number field compared with a quoted string of digits (`chain_id == '1'`), which the service refuses as a type
 * mismatch: each such literal, with a fix that unquotes it. Used only on an expression the checker refused.
 */
export function quotedNumbers(
  field: ExpressionField,
  root: PolicyExpr,
  serviceSays: string,
): Array<Lint & { readonly code: 'quotedNumber' }> {
  const lints: Array<Lint & { code: 'quotedNumber' }> = [];
  walk(field, root, (node, at) => {
    if (node.kind !== 'binary' || node.op === '&&' || node.op === '||') return;
    for (const [side, other] of [
      [node.left, node.right],
      [node.right, node.left],
    ] as const) {
      const resolved = at(side);
      if (resolved?.type.t !== 'int') continue;
      for (const literal of other.kind === 'list' ? other.items : [other]) {
        if (literal.kind !== 'string' || !/^\d{1,78}$/.test(literal.value)) continue;
        lints.push({
          code: 'quotedNumber',
          message: l10n.t(
            "{0} is a number and '{1}' is text: the service refuses to compare them (it says: {2}). Write {1} without quotes.",
            resolved.path ?? l10n.t('This value'),
            literal.value,
            serviceSays,
          ),
          start: literal.span.offset,
          end: end(literal),
          fix: {
            title: l10n.t('Write {0} as a number', literal.value),
            start: literal.span.offset,
            end: end(literal),
            text: literal.value,
          },
        });
      }
    }
  });
  return lints;
}
