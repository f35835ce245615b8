/**
 * The calls inside a multicall, each read like the transaction's own call: by its well-known signature first, else
 * with the interface registered at its target (a self-multicall's target is its own contract), and summarised by
 * the same facts, so that an unlimited approve hidden in a multicall is flagged as if it stood
 * alone. Every risk of an inner call is raised on the whole transaction, marked with the call it came from. The
 * work is bounded: at most 32 inner calls in all, and one multicall nested in another; the rest are counted, not
 * read. Pure, never throws: a call that cannot be read is reported as such.
 */
import type * as Hex from 'ox/Hex';
import * as Value from 'ox/Value';
import { decodeContractCall } from '../abi/callDecoder';
import { addressNamer, isKnownContract, type CallPlace } from './callFacts';
import { readCall } from './callReading';
import type { InnerCall, RiskFlag, SummaryCall, SummaryContext } from './summaryTypes';
import { readMulticall, type MulticallEntry } from './multicallShapes';

/** The most inner calls read for one transaction, nested ones included. */
export const MAX_INNER_CALLS = 32;
/** How deep multicalls are read: the transaction's multicall, and one multicall inside it. */
const MAX_NESTING = 1;

interface Budget {
  left: number;
  omitted: number;
}

interface Reading {
  readonly call: SummaryCall;
  /** The flags of the call and of the calls inside it, each marked with the call it came from. */
  readonly flags: readonly RiskFlag[];
}

/** The inner call's own reading: decoded and summarised, or why it cannot be read. */
function readInner(entry: MulticallEntry, place: CallPlace, context: SummaryContext): Reading {
  const valueWei = BigInt(entry.valueWei ?? '0');
  if (entry.data === '0x') {
    const flags: RiskFlag[] =
      valueWei > 0n && isKnownContract(context, place.chainId, place.to)
        ? [{ kind: 'valueWithoutData', address: place.to, valueEth: Value.formatEther(valueWei) }]
        : [];
    return { call: { kind: 'transfer' }, flags };
  }
  const facts = readCall(
    place,
    entry.data,
    decodeContractCall(place.to, entry.data as Hex.Hex, context.interfaces ?? []),
    context,
    true,
  );
  return { call: facts.call, flags: facts.flags };
}

function innerCall(
  entry: MulticallEntry,
  outer: CallPlace,
  context: SummaryContext,
  path: readonly number[],
  budget: Budget,
): InnerCall {
  const place: CallPlace = { chainId: outer.chainId, to: entry.target ?? outer.to };
  const own = readInner(entry, place, context);
  const nested = expand(own.call, place, context, path, budget);
  return {
    path,
    to: place.to,
    toName: addressNamer(context, place.chainId)(place.to),
    allowFailure: entry.allowFailure,
    valueWei: entry.valueWei,
    valueEth: entry.valueWei === undefined ? undefined : Value.formatEther(BigInt(entry.valueWei)),
    call: nested.call,
    flags: [...own.flags.map((flag) => ({ ...flag, inner: path })), ...nested.flags],
  };
}

/** The call with the calls inside it, when it is a multicall read within the bounds. */
function expand(
  call: SummaryCall,
  place: CallPlace,
  context: SummaryContext,
  path: readonly number[],
  budget: Budget,
): Reading {
  if (call.kind !== 'call') return { call, flags: [] };
  const reading = readMulticall(call);
  if (!reading) return { call, flags: [] };
  const calls: InnerCall[] = [];
  if (path.length <= MAX_NESTING)
    reading.entries.forEach((entry, index) => {
      if (budget.left === 0) return;
      budget.left -= 1;
      calls.push(innerCall(entry, place, context, [...path, index], budget));
    });
  const omitted = reading.entries.length - calls.length;
  budget.omitted += omitted;
  const multicall = {
    argument: reading.argument,
    targeted: reading.targeted,
    calls,
    count: reading.entries.length,
    omitted,
  };
  return { call: { ...call, multicall }, flags: calls.flatMap((inner) => inner.flags) };
}

/**
 * The transaction's call with the calls inside it read when it is a multicall, and their flags, then a flag for
 * the calls that were not read.
 */
export function withInnerCalls(call: SummaryCall, place: CallPlace, context: SummaryContext): Reading {
  const budget: Budget = { left: MAX_INNER_CALLS, omitted: 0 };
  const read = expand(call, place, context, [], budget);
  if (budget.omitted === 0) return read;
  return { call: read.call, flags: [...read.flags, { kind: 'uninspectedCalls', count: budget.omitted }] };
}
