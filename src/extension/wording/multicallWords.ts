/**
 * The calls inside a multicall in words: on one line, "Multicall of 3 calls: approve(…), transfer(…), and 1 more";
 * in the details, each call in turn with its arguments, its target when it names one, and the calls that were not
 * read. Whole messages, each translated once. Pure (no `vscode`).
 */
import * as l10n from '@vscode/l10n';
import type { InnerCall, MulticallCalls } from '../../api/remote';
import { shown } from '../ui/shownText';
import { addressWords, argumentValue } from './callArgumentWords';

/** How many inner calls the one line names. */
const NAMED_ON_THE_LINE = 3;

/** A call's place for a reader, counted from 1: "2", or "2.1" for the first call of a multicall in call 2. */
export function callNumber(path: readonly number[]): string {
  return path.map((index) => String(index + 1)).join('.');
}

const sendsValue = (inner: InnerCall): inner is InnerCall & { valueEth: string } =>
  inner.valueWei !== undefined && inner.valueWei !== '0' && inner.valueEth !== undefined;

/** The call by its function alone: `approve(…)`. */
function callName(inner: InnerCall): string {
  const call = inner.call;
  switch (call.kind) {
    case 'call':
      return `${shown(call.functionName)}(${call.arguments.length > 0 ? '…' : ''})`;
    case 'unknown':
    case 'mismatch':
      return l10n.t('unreadable call {0}', call.selector);
    case 'transfer':
    case 'contractCreation':
      return sendsValue(inner) ? l10n.t('{0} ETH without a call', inner.valueEth) : l10n.t('no call data');
  }
}

/** The multicall on one line, naming its first calls. */
export function multicallLine(multicall: MulticallCalls): string {
  if (multicall.count === 0) return l10n.t('Multicall of no calls');
  const named = multicall.calls.slice(0, NAMED_ON_THE_LINE);
  const names = named.map((inner) => callName(inner)).join(', ');
  const more = multicall.count - named.length;
  const list =
    more > 0 ? (named.length > 0 ? l10n.t('{0}, and {1} more', names, more) : l10n.t('{0} not read', more)) : names;
  return multicall.count === 1
    ? l10n.t('Multicall of 1 call: {0}', list)
    : l10n.t('Multicall of {0} calls: {1}', multicall.count, list);
}

/** One inner call with its arguments, and its target when the multicall names one. */
export function innerCallWords(inner: InnerCall, targeted: boolean): string {
  const call = inner.call;
  let what: string;
  switch (call.kind) {
    case 'call': {
      const args = call.arguments.map((a) => `${shown(a.name)} ${argumentValue(a, true)}`).join(', ');
      const head = `${shown(call.functionName)}(${args})`;
      what = call.source === 'wellKnown' ? l10n.t("{0} (not from your organization's interfaces)", head) : head;
      if (sendsValue(inner)) what = l10n.t('{0}, with {1} ETH', what, inner.valueEth);
      break;
    }
    case 'unknown':
      what = l10n.t('unknown function {0}', call.selector);
      break;
    case 'mismatch':
      what = l10n.t(
        'data that does not match "{0}" ({1}): {2}',
        shown(call.interfaceLabel),
        call.selector,
        call.reason,
      );
      break;
    case 'transfer':
    case 'contractCreation':
      what = callName(inner);
      break;
  }
  return targeted ? l10n.t('{0} on {1}', what, addressWords(inner.to, inner.toName)) : what;
}

/** The inner calls in turn, those of a nested multicall after their parent, then what was not read. */
export function multicallDetails(
  multicall: MulticallCalls,
  parent: readonly number[] = [],
): { readonly label: string; readonly value: string }[] {
  const details = multicall.calls.flatMap((inner) => [
    { label: l10n.t('Call {0}', callNumber(inner.path)), value: innerCallWords(inner, multicall.targeted) },
    ...(inner.call.kind === 'call' && inner.call.multicall ? multicallDetails(inner.call.multicall, inner.path) : []),
  ]);
  const n = multicall.omitted;
  if (n === 0) return details;
  const value =
    parent.length === 0
      ? n === 1
        ? l10n.t('1 more call, not read')
        : l10n.t('{0} more calls, not read', n)
      : n === 1
        ? l10n.t('1 more call inside call {0}, not read', callNumber(parent))
        : l10n.t('{0} more calls inside call {1}, not read', n, callNumber(parent));
  return [...details, { label: l10n.t('Not read'), value }];
}
