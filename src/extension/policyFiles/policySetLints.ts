/**
 * Holes a policy leaves that only its effect or its neighbours show: a condition on `eth.tx` in an ALLOW while
 * another ALLOW lets the same keys (or any key) sign raw payloads, by name or as part of a broad allow of every
 * signing, and raw payloads are never read as `eth.tx`; and a DENY of `HASH_FUNCTION_NO_OP` that also denies typed
 * data and EIP-7702 authorizations, which the SDKs send with that hash function (the service hashes them). Read
 * from the conditions of a file's policies. Pure.
 */
import * as l10n from '@vscode/l10n';
import type { PolicyExpr } from '../../api/remote';
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

/** Namespaces a raw payload signing never has: a condition that reads one errors on it, and an error never allows. */
const OTHER_NAMESPACES = /^(eth|solana|tron|bitcoin|tempo|secret)\./;
/** The only `activity.params` of a raw payload signing: reading any other errors on it. */
const RAW_PARAMS = new Set(['activity.params.hash_function', ENCODING]);
const SIGNING_RESOURCES = new Set(['PRIVATE_KEY', 'WALLET']);

/**
 * Whether an ALLOW lets raw payloads be signed, of any encoding: `named` when it names raw payload signing
 * (activity.type or kind), `broad` when it allows every signing (or every activity) with raw payloads among them
 * (`true`, `private_key.id == …`, `activity.action == 'SIGN'`); undefined when it names the encodings it means, or
 * reads something a raw payload signing has not, or restricts the activity, its resource or action to others.
 */
function allowsRawPayloads(policy: ReadCondition): 'named' | 'broad' | undefined {
  if (policy.effect !== 'EFFECT_ALLOW') return undefined;
  const read = pathsRead('condition', policy.root);
  if ([...read].some((path) => OTHER_NAMESPACES.test(path))) return undefined;
  if ([...read].some((path) => path.startsWith('activity.params.') && !RAW_PARAMS.has(path))) return undefined;
  const kinds: string[] = [];
  const actions: string[] = [];
  const resources: string[] = [];
  let kindExcluded = false;
  let encodingNamed = false;
  walk('condition', policy.root, (node, at) => {
    kinds.push(...comparedWith(node, at, (name) => name === 'activity.kind' || name === 'activity.type'));
    actions.push(...comparedWith(node, at, (name) => name === 'activity.action'));
    resources.push(...comparedWith(node, at, (name) => name === 'activity.resource'));
    const notKinds = comparedWith(node, at, (name) => name === 'activity.kind' || name === 'activity.type', ['!=']);
    if (notKinds.some((kind) => RAW_KINDS.has(kind))) kindExcluded = true;
    if (comparedWith(node, at, (name) => name === ENCODING).length > 0) encodingNamed = true;
  });
  if (encodingNamed || kindExcluded) return undefined;
  if (kinds.length > 0) return kinds.some((kind) => RAW_KINDS.has(kind)) ? 'named' : undefined;
  if (actions.length > 0 && !actions.includes('SIGN')) return undefined;
  if (resources.length > 0 && !resources.some((resource) => SIGNING_RESOURCES.has(resource))) return undefined;
  return 'broad';
}

function rawPayloadBypass(policies: readonly ReadCondition[]): Array<{ at: number; lint: Lint }> {
  const raw = policies.flatMap((policy) => {
    const allows = allowsRawPayloads(policy);
    return allows ? [{ policy, allows }] : [];
  });
  if (raw.length === 0) return [];
  const found: Array<{ at: number; lint: Lint }> = [];
  for (const policy of policies) {
    if (policy.effect !== 'EFFECT_ALLOW' || raw.some((r) => r.policy === policy)) continue;
    let tx: PolicyExpr | undefined;
    walk('condition', policy.root, (node, at) => {
      if (!tx && node.kind === 'member' && at(node)?.path === 'eth.tx') tx = node;
    });
    if (!tx) continue;
    const keys = keysOf(policy.root);
    const other = raw.find(({ policy: candidate }) => {
      const theirs = keysOf(candidate.root);
      return !keys || !theirs || [...theirs].some((key) => keys.has(key));
    });
    if (!other) continue;
    found.push({ at: policy.at, lint: bypassLint(other.policy, other.allows, tx) });
  }
  return found;
}

function bypassLint(other: ReadCondition, allows: 'named' | 'broad', tx: PolicyExpr): Lint {
  const name = other.policyName ?? '';
  const anyKey = keysOf(other.root) === undefined;
  const named = anyKey
    ? l10n.t(
        "A raw payload bypasses this condition on eth.tx: the policy '{0}' allows SIGN_RAW_PAYLOAD on any key, and a transaction signed as a raw payload is never read as eth.tx. Limit that policy to the encodings it means (activity.params.encoding), or to other keys.",
        name,
      )
    : l10n.t(
        "A raw payload bypasses this condition on eth.tx: the policy '{0}' allows SIGN_RAW_PAYLOAD on the same keys, and a transaction signed as a raw payload is never read as eth.tx. Limit that policy to the encodings it means (activity.params.encoding), or to other keys.",
        name,
      );
  const broad = anyKey
    ? l10n.t(
        "A raw payload bypasses this condition on eth.tx: the policy '{0}' allows any signing on any key, SIGN_RAW_PAYLOAD included, and a transaction signed as a raw payload is never read as eth.tx. Limit that policy to the activities it means (activity.type), or to other keys.",
        name,
      )
    : l10n.t(
        "A raw payload bypasses this condition on eth.tx: the policy '{0}' allows any signing on the same keys, SIGN_RAW_PAYLOAD included, and a transaction signed as a raw payload is never read as eth.tx. Limit that policy to the activities it means (activity.type), or to other keys.",
        name,
      );
  return { code: 'rawPayloadBypass', message: allows === 'named' ? named : broad, start: tx.span.offset, end: end(tx) };
}

/** The terms of a chain of `&&`. */
function conjuncts(node: PolicyExpr): PolicyExpr[] {
  return node.kind === 'binary' && node.op === '&&' ? [...conjuncts(node.left), ...conjuncts(node.right)] : [node];
}

/** Reads a term of the condition's top level, where no `.any`/`.all`/`.filter` variable is bound. */
const top = (node: PolicyExpr) => resolve('condition', node, new Map());

function noOpDeny(policy: ReadCondition): Lint[] {
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
      message: l10n.t(
        'This deny of HASH_FUNCTION_NO_OP also denies signatures with {0}: the SDKs send typed data and EIP-7702 authorizations with HASH_FUNCTION_NO_OP, and the service hashes them. Exclude them unless this policy means to deny them.',
        missing.join(', '),
      ),
      start: noOp.span.offset,
      end: end(noOp),
      fix: {
        title: l10n.t('Exclude {0} from this deny', missing.join(', ')),
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
export function lintPolicySet(policies: readonly ReadCondition[]): Array<{ at: number; lint: Lint }> {
  return [
    ...rawPayloadBypass(policies),
    ...policies.flatMap((policy) => noOpDeny(policy).map((lint) => ({ at: policy.at, lint }))),
  ];
}
