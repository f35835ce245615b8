/**
 * Holes a policy leaves that only its effect or its neighbours show: a condition on `eth.tx` in an ALLOW while
 * another ALLOW lets the same keys (or any key) sign raw payloads, which are never read as `eth.tx`; and a DENY of
 * `HASH_FUNCTION_NO_OP` that also denies typed data and EIP-7702 authorizations, which the SDKs send with that hash
 * function (the service hashes them). Read from the conditions of a file's policies. Pure.
 */
import type { PolicyExpr } from '../../api/remote';
import type { Translate } from '../ui/translate';
import type { Lint } from './policyLints';
import { resolve } from './policyPaths';
import { end, walk } from './policyLints';
import { comparedWith, pathsRead } from './policySignatureLints';

/** A policy's condition as the engine read it. */
export interface ReadCondition {
  /** Which of the file's conditions (the caller's index). */
  readonly at: number;
  readonly effect: string | undefined;
  readonly policyName: string | undefined;
  readonly root: PolicyExpr;
}

const RAW_KINDS = new Set([
  'SIGN_RAW_PAYLOAD',
  'SIGN_RAW_PAYLOADS',
  'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD',
  'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
  'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
]);
const KEY_PATHS = new Set(['private_key.id', 'wallet.id', 'wallet_account.address', 'wallets[].id']);
const ENCODING = 'activity.params.encoding';
const TYPED = ['PAYLOAD_ENCODING_EIP712', 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION'];

/** The key ids and addresses a condition names (lowercased), or undefined when it names none: any key. */
function keysOf(root: PolicyExpr): Set<string> | undefined {
  const keys = new Set<string>();
  walk('condition', root, (node, at) => {
    for (const key of comparedWith(node, at, (name) => KEY_PATHS.has(name))) keys.add(key.toLowerCase());
  });
  return keys.size > 0 ? keys : undefined;
}

/** An ALLOW that names raw payload signing and reads nothing that only typed data or transactions have. */
function allowsRawPayloads(policy: ReadCondition): boolean {
  if (policy.effect !== 'EFFECT_ALLOW') return false;
  const read = pathsRead('condition', policy.root);
  if ([...read].some((path) => path.startsWith('eth.'))) return false;
  let raw = false;
  let encodingNamed = false;
  walk('condition', policy.root, (node, at) => {
    const kinds = comparedWith(node, at, (name) => name === 'activity.kind' || name === 'activity.type');
    if (kinds.some((kind) => RAW_KINDS.has(kind))) raw = true;
    if (comparedWith(node, at, (name) => name === ENCODING).length > 0) encodingNamed = true;
  });
  return raw && !encodingNamed;
}

function rawPayloadBypass(policies: readonly ReadCondition[], t: Translate): Array<{ at: number; lint: Lint }> {
  const raw = policies.filter(allowsRawPayloads);
  if (raw.length === 0) return [];
  const found: Array<{ at: number; lint: Lint }> = [];
  for (const policy of policies) {
    if (policy.effect !== 'EFFECT_ALLOW' || raw.includes(policy)) continue;
    let tx: PolicyExpr | undefined;
    walk('condition', policy.root, (node, at) => {
      if (!tx && node.kind === 'member' && at(node)?.path === 'eth.tx') tx = node;
    });
    if (!tx) continue;
    const keys = keysOf(policy.root);
    const other = raw.find((candidate) => {
      const theirs = keysOf(candidate.root);
      return !keys || !theirs || [...theirs].some((key) => keys.has(key));
    });
    if (!other) continue;
    const name = other.policyName ?? '';
    const anyKey = keysOf(other.root) === undefined;
    found.push({
      at: policy.at,
      lint: {
        code: 'rawPayloadBypass',
        message: anyKey
          ? t(
              "A raw payload bypasses this condition on eth.tx: the policy '{0}' allows SIGN_RAW_PAYLOAD on any key, and a transaction signed as a raw payload is never read as eth.tx. Limit that policy to the encodings it means (activity.params.encoding), or to other keys.",
              name,
            )
          : t(
              "A raw payload bypasses this condition on eth.tx: the policy '{0}' allows SIGN_RAW_PAYLOAD on the same keys, and a transaction signed as a raw payload is never read as eth.tx. Limit that policy to the encodings it means (activity.params.encoding), or to other keys.",
              name,
            ),
        start: tx.span.offset,
        end: end(tx),
      },
    });
  }
  return found;
}

/** The terms of a chain of `&&`. */
function conjuncts(node: PolicyExpr): PolicyExpr[] {
  return node.kind === 'binary' && node.op === '&&' ? [...conjuncts(node.left), ...conjuncts(node.right)] : [node];
}

/** Reads a term of the condition's top level, where no `.any`/`.all`/`.filter` variable is bound. */
const top = (node: PolicyExpr) => resolve('condition', node, new Map());

function noOpDeny(policy: ReadCondition, t: Translate): Lint[] {
  if (policy.effect !== 'EFFECT_DENY') return [];
  const lints: Lint[] = [];
  // Each branch of `||` denies on its own: a NO_OP term is narrowed by the terms it is `&&`-ed with, here or above.
  const branch = (node: PolicyExpr, outerExcluded: ReadonlySet<string>, outerOnly: ReadonlySet<string> | undefined) => {
    if (node.kind === 'binary' && node.op === '||') {
      branch(node.left, outerExcluded, outerOnly);
      branch(node.right, outerExcluded, outerOnly);
      return;
    }
    const terms = conjuncts(node);
    let noOp: PolicyExpr | undefined;
    const excluded = new Set(outerExcluded);
    let only = outerOnly;
    for (const term of terms) {
      const hashes = comparedWith(term, top, (name) => name === 'activity.params.hash_function');
      if (!noOp && hashes.includes('HASH_FUNCTION_NO_OP')) noOp = term;
      for (const value of comparedWith(term, top, (name) => name === ENCODING, ['!='])) excluded.add(value);
      const allowed = comparedWith(term, top, (name) => name === ENCODING);
      if (allowed.length > 0) only = new Set(allowed);
    }
    for (const term of terms) if (term.kind === 'binary' && term.op === '||') branch(term, excluded, only);
    if (!noOp) return;
    const missing = TYPED.filter((encoding) => !excluded.has(encoding) && (!only || only.has(encoding)));
    if (missing.length === 0) return;
    lints.push({
      code: 'noOpDenyTooBroad',
      message: t(
        'This deny of HASH_FUNCTION_NO_OP also denies signatures with {0}: the SDKs send typed data and EIP-7702 authorizations with HASH_FUNCTION_NO_OP, and the service hashes them. Exclude them unless this policy means to deny them.',
        missing.join(', '),
      ),
      start: noOp.span.offset,
      end: end(noOp),
      fix: {
        title: t('Exclude {0} from this deny', missing.join(', ')),
        start: end(noOp),
        end: end(noOp),
        text: missing.map((encoding) => ` && ${ENCODING} != '${encoding}'`).join(''),
      },
    });
  };
  branch(policy.root, new Set(), undefined);
  return lints;
}

/** The lints of a file's conditions read together, each with the index of the condition it falls in. */
export function lintPolicySet(policies: readonly ReadCondition[], t: Translate): Array<{ at: number; lint: Lint }> {
  return [
    ...rawPayloadBypass(policies, t),
    ...policies.flatMap((policy) => noOpDeny(policy, t).map((lint) => ({ at: policy.at, lint }))),
  ];
}
