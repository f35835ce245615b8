/**
 * Mistakes about wallets that the service accepts but that make a policy never do what it says, found in the
 * engine's tree of an expression: a `private_key` keyword in a deny whose condition also meets wallet signing (a
 * wallet account that signs has no private key, so the condition errors there and the deny does not apply); a wallet id
 * compared with an account's address, or an address with a wallet's id; an Ethereum address that is not the
 * account's EIP-55 form (compared exactly, it never matches). Each at the expression's characters, with a fix
 * where one exists. Pure.
 */
import * as l10n from '@vscode/l10n';
import { activityKindOf, knownActivityKinds, toChecksumAddress, type PolicyExpr } from '../../api/remote';
import type { ExpressionField } from './policyDocument';
import { accountAt, type PolicyKnowledge } from './policyKnowledge';
import { end, walk, type Lint } from './policyLints';
import { comparedWith } from './policySignatureLints';

export type WalletLintCode =
  'privateKeyOnWalletSigning' | 'walletIdForAddress' | 'addressForWalletId' | 'notChecksummed';

export interface WalletLint extends Omit<Lint, 'code'> {
  readonly code: WalletLintCode;
}

const WALLET_KEYWORDS = ['wallet', 'wallets', 'wallet_account'];
const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const EQUALITY = ['==', '!=', 'in'];

/** The kinds a wallet account signs with: every kind placed under SIGN (read once). */
let signing: ReadonlySet<string> | undefined;
const signingKinds = (): ReadonlySet<string> =>
  (signing ??= new Set(
    knownActivityKinds()
      .filter((k) => k.action === 'SIGN')
      .map((k) => k.kind),
  ));

const isPrivateKey = (path: string) => path === 'private_key' || path.startsWith('private_key.');
const isWallet = (path: string) =>
  WALLET_KEYWORDS.some((k) => path === k || path.startsWith(`${k}.`) || path.startsWith(`${k}[]`));

/**
 * (a) `private_key.…` read by a DENY whose condition may meet a signing (it names no kind, or a signing kind, and
 * no other action or resource, as `activity.kind`, `activity.type`, `activity.action` and `activity.resource` are
 * compared): a wallet account that signs has no private key, so the condition errors there and the deny does not
 * apply. An ALLOW that errors allows nothing, which is what it says.
 */
function privateKeyOnWalletSigning(field: ExpressionField, root: PolicyExpr): WalletLint[] {
  let first: { node: PolicyExpr; path: string } | undefined;
  let readsWallet = false;
  const kinds = new Set<string>();
  const actions = new Set<string>();
  const resources = new Set<string>();
  walk(field, root, (node, at) => {
    if (node.kind === 'member' || node.kind === 'ident') {
      const path = at(node)?.path;
      if (path !== undefined && isPrivateKey(path)) first ??= { node, path };
      if (path !== undefined && isWallet(path)) readsWallet = true;
      return;
    }
    if (node.kind !== 'binary') return;
    const add = (to: Set<string>, path: string, map: (value: string) => string = (v) => v) => {
      for (const value of comparedWith(node, at, (name) => name === path)) to.add(map(value));
    };
    add(kinds, 'activity.kind');
    add(kinds, 'activity.type', activityKindOf);
    add(actions, 'activity.action');
    add(resources, 'activity.resource');
  });
  // Where the condition also reads a wallet keyword, the exclusive-keywords lint (policyLints.ts) speaks.
  if (!first || readsWallet) return [];
  const meetsSigning =
    (kinds.size === 0 || [...kinds].some((kind) => signingKinds().has(kind))) &&
    (actions.size === 0 || actions.has('SIGN')) &&
    (resources.size === 0 || resources.has('PRIVATE_KEY'));
  if (!meetsSigning) return [];
  return [
    {
      code: 'privateKeyOnWalletSigning',
      message: l10n.t(
        'When a wallet account signs there is no private key: this condition reads {0}, so it errors there, and a deny that errors does not apply. Signing with a wallet account is not denied by this policy; deny it with another policy on wallet.id or wallet_account.address.',
        first.path,
      ),
      start: first.node.span.offset,
      end: end(first.node),
    },
  ];
}

/** The side of a comparison that is the keyword path itself (`wallet.id`, not a bound variable's field). */
const isKeywordPath = (node: PolicyExpr, keyword: string, name: string) =>
  node.kind === 'member' && node.name === name && node.target.kind === 'ident' && node.target.name === keyword;

/** (b) and (c): what a wallet id or an account address is compared with. */
function comparisons(field: ExpressionField, root: PolicyExpr, knowledge: PolicyKnowledge): WalletLint[] {
  const lints: WalletLint[] = [];
  const wallets = knowledge.wallets ?? [];
  walk(field, root, (node, at) => {
    if (node.kind !== 'binary' || !EQUALITY.includes(node.op)) return;
    for (const [side, other] of [
      [node.left, node.right],
      [node.right, node.left],
    ] as const) {
      const path = at(side)?.path;
      const literals = (other.kind === 'list' ? other.items : [other]).filter((l) => l.kind === 'string');
      const rewrite = (keyword: string, value: string) =>
        other.kind !== 'string' || node.op === 'in'
          ? undefined
          : side.span.offset < other.span.offset
            ? `${keyword} ${node.op} '${value}'`
            : `'${value}' ${node.op} ${keyword}`;
      for (const literal of literals) {
        if (literal.kind !== 'string') continue;
        const value = literal.value;
        if (path === 'wallet_account.address' || path === 'wallets[].id' || path === 'wallet.id') {
          const wallet = wallets.find((w) => w.id === value);
          const owned = wallet ? undefined : accountAt(knowledge, value);
          if (wallet && path === 'wallet_account.address') {
            const text = isKeywordPath(side, 'wallet_account', 'address') ? rewrite('wallet.id', value) : undefined;
            lints.push({
              code: 'walletIdForAddress',
              message: l10n.t(
                "'{0}' is the id of the wallet \"{1}\", not an account's address: wallet_account.address never equals it, so this comparison never holds. Compare wallet.id with it.",
                value,
                wallet.name,
              ),
              start: node.span.offset,
              end: end(node),
              ...(text !== undefined
                ? { fix: { title: l10n.t('Compare wallet.id instead'), start: node.span.offset, end: end(node), text } }
                : {}),
            });
          }
          if (owned && path !== 'wallet_account.address') {
            const text = isKeywordPath(side, 'wallet', 'id')
              ? rewrite('wallet_account.address', owned.account.address)
              : undefined;
            lints.push({
              code: 'addressForWalletId',
              message: l10n.t(
                "'{0}' is the address of the wallet account \"{1}\", not a wallet's id: {2} never equals it, so this comparison never holds. Compare wallet_account.address with it, or {2} with '{3}' (the wallet \"{4}\").",
                value,
                owned.account.name,
                path,
                owned.wallet.id,
                owned.wallet.name,
              ),
              start: node.span.offset,
              end: end(node),
              ...(text !== undefined
                ? {
                    fix: {
                      title: l10n.t('Compare wallet_account.address instead'),
                      start: node.span.offset,
                      end: end(node),
                      text,
                    },
                  }
                : {}),
            });
          }
        }
        // All lowercase is the lowercase-address lint's (policyLints.ts); any other case that is not EIP-55 is ours.
        if (path === 'wallet_account.address' && ETHEREUM_ADDRESS.test(value) && /[A-F]/.test(value)) {
          const known = accountAt(knowledge, value)?.account;
          const wanted = known && ETHEREUM_ADDRESS.test(known.address) ? known.address : toChecksumAddress(value);
          if (value === wanted) continue;
          lints.push({
            code: 'notChecksummed',
            message: known
              ? l10n.t(
                  'wallet_account.address is compared exactly, and the account "{0}" is stored as {1}: written in another letter case, this address never matches.',
                  known.name,
                  wanted,
                )
              : l10n.t(
                  'wallet_account.address is compared exactly and Ethereum accounts are stored in EIP-55 form ({0}): written in another letter case, this address never matches.',
                  wanted,
                ),
            start: literal.span.offset,
            end: end(literal),
            fix: {
              title: l10n.t('Write the address in EIP-55 form'),
              start: literal.span.offset + 1,
              end: end(literal) - 1,
              text: wanted,
            },
          });
        }
      }
    }
  });
  return lints;
}

/**
 * The wallet lints of one expression (`source`, read as `root`) of a policy whose effect is `effect`. An expression
 * that names no wallet keyword (nor `private_key`) is not walked.
 */
export function lintWallets(
  field: ExpressionField,
  source: string,
  root: PolicyExpr,
  effect: string | undefined,
  knowledge: PolicyKnowledge,
): WalletLint[] {
  const deny = field === 'condition' && effect === 'EFFECT_DENY' && source.includes('private_key');
  return [
    ...(deny ? privateKeyOnWalletSigning(field, root) : []),
    ...(source.includes('wallet') ? comparisons(field, root, knowledge) : []),
  ];
}
