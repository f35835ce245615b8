/**
 * What a hover inside a policy expression says, as plain data: over a field, its type and meaning; over a string
 * that is an id of the organization (a user, a tag, a key, a wallet) or an address it owns (a wallet account, an
 * interface), what it names. Offsets are the expression's. Pure.
 */
import * as l10n from '@vscode/l10n';
import { policyTypeName } from '../../api/remote';
import type { ExpressionField } from './policyDocument';
import { fieldMeaning } from './policyFieldWords';
import { nameOfId, type PolicyKnowledge } from './policyKnowledge';
import { bindingsBefore, isWordCode, pathEndingAt, resolvePathText } from './policyPaths';

export interface PolicyHover {
  readonly start: number;
  readonly end: number;
  /** A code line (the path and its type), when over a field. */
  readonly signature?: string;
  /** Plain text: service text in it is shown as text by the caller. */
  readonly text: string;
}

function idWords(kind: string, name: string): string {
  switch (kind) {
    case 'user':
      return l10n.t('User "{0}"', name);
    case 'userTag':
      return l10n.t('User tag "{0}"', name);
    case 'privateKeyTag':
      return l10n.t('Private key tag "{0}"', name);
    case 'privateKey':
      return l10n.t('Private key "{0}"', name);
    case 'wallet':
      return l10n.t('Wallet "{0}"', name);
    case 'walletAccount':
      return l10n.t('Wallet account "{0}"', name);
    default:
      return l10n.t('Smart contract interface "{0}"', name);
  }
}

export function hoverPolicy(
  field: ExpressionField,
  source: string,
  offset: number,
  knowledge: PolicyKnowledge,
): PolicyHover | undefined {
  const before = source.slice(0, offset);
  if ((before.split("'").length - 1) % 2 === 1) {
    const open = source.lastIndexOf("'", offset - 1);
    const close = source.indexOf("'", offset);
    if (close < 0) return undefined;
    const named = nameOfId(knowledge, source.slice(open + 1, close));
    return named ? { start: open, end: close + 1, text: idWords(named.kind, named.name) } : undefined;
  }
  let start = offset;
  while (start > 0 && isWordCode(source.charCodeAt(start - 1))) start--;
  let end = offset;
  while (end < source.length && isWordCode(source.charCodeAt(end))) end++;
  if (start === end) return undefined;
  const path = pathEndingAt(source, end);
  const resolved = resolvePathText(field, path, bindingsBefore(field, before));
  if (!resolved) return undefined;
  const meaning = resolved.path === undefined ? undefined : fieldMeaning(resolved.path);
  return {
    start,
    end,
    signature: `${path}: ${policyTypeName(resolved.type)}`,
    text: meaning ?? '',
  };
}
