/**
 * A call's arguments in words, shared by the summary of a transaction and the calls inside a multicall: an address
 * with its name, a token amount scaled with its symbol beside its exact raw value and the source of its decimals,
 * a tuple or an array by its parts. Service text is shown as text. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { SummaryArgument, TokenAmount } from '../../api/remote';
import { shown } from '../ui/shownText';
import { namedAddress } from './addressNames';

/** An address with its name, as every named address reads: `Example token (ERC-20) (0xfB6916…c5d359)`. */
export function addressWords(address: string, name: string | undefined, short = true): string {
  return namedAddress(address, name, short);
}

const UNLIMITED_RAW = (2n ** 256n - 1n).toString();

/** A token amount: scaled with its symbol when known, else the raw integer; "unlimited" past its bound. */
export function amountWords(amount: TokenAmount): string {
  if (amount.unlimited) return amount.message ? shown(amount.message) : l10n.t('unlimited');
  if (amount.scaled === undefined) return amount.raw;
  return amount.symbol ? `${amount.scaled} ${shown(amount.symbol)}` : amount.scaled;
}

/** The amount in full: the exact raw value always, the scaled one with where its decimals came from. */
export function amountDetail(amount: TokenAmount): string {
  const raw = amount.raw === UNLIMITED_RAW ? `${amount.raw} = 2^256−1` : amount.raw;
  const source = amount.source
    ? amount.source.kind === 'descriptor'
      ? l10n.t('{0} decimals from the ERC-7730 descriptor {1}', amount.decimals ?? 0, shown(amount.source.file))
      : l10n.t('{0} decimals from the built-in list of well-known tokens', amount.decimals ?? 0)
    : undefined;
  const scaled =
    amount.scaled !== undefined
      ? `${amount.scaled}${amount.symbol ? ` ${shown(amount.symbol)}` : ''}`
      : l10n.t('decimals not known');
  if (amount.unlimited) return l10n.t('{0} (raw {1})', amountWords(amount), raw);
  return source ? l10n.t('{0} (raw {1}; {2})', scaled, raw, source) : l10n.t('raw {0} ({1})', raw, scaled);
}

export function argumentValue(argument: SummaryArgument, short: boolean): string {
  if (argument.amount) return short ? amountWords(argument.amount) : amountDetail(argument.amount);
  if (argument.type === 'address' && argument.text) return addressWords(argument.text, argument.addressName, short);
  if (argument.parts)
    return short ? `[${argument.parts.length}]` : `[${argument.parts.map((p) => argumentValue(p, true)).join(', ')}]`;
  const text = argument.text ?? '';
  return shown(short && text.length > 24 ? `${text.slice(0, 12)}…${text.slice(-6)}` : text);
}
