/**
 * How one call is read, by its selector first: a well-known selector (transfers, approvals, permits, multicalls) is
 * read by its well-known signature whatever the interface registered for the contract says or lacks, and an
 * interface that lacks the function or gives the selector another one is itself a risk, naming both. An interface
 * with the very same signature lends its argument names, but what each argument is comes from the well-known
 * signature's positions. Any other selector is read with the interface, if one is registered. The same reading for
 * the transaction's call and for each call inside a multicall. Pure, never throws.
 */
import type { CallDecoding } from '../abi/callDecoder';
import { callFacts, type CallFacts, type CallPlace } from './callFacts';
import type { RiskFlag, SummaryContext } from './summaryTypes';
import { decodeWellKnownCall, wellKnownFunction } from './wellKnownCalls';

/**
 * The call's facts from its data and its decoding with the interface registered at `place.to`. A call read by
 * neither comes back as `unknown` (no interface) or `mismatch`, with no recipient; `inner` says whether it is a
 * call inside a multicall, where an unknown selector is flagged as unreadable (the transaction's own is flagged
 * by its unregistered address).
 */
export function readCall(
  place: CallPlace,
  data: string,
  registered: CallDecoding,
  context: SummaryContext,
  inner: boolean,
): CallFacts {
  const selector = data.slice(0, 10).toLowerCase();
  const known = wellKnownFunction(selector);
  const wellKnown = known && decodeWellKnownCall(data);
  const unregistered: RiskFlag[] =
    registered.kind !== 'noInterface'
      ? []
      : [{ kind: context.interfaces !== undefined ? 'noInterface' : 'interfacesUnknown', address: place.to }];
  const interfaceSignature =
    registered.kind === 'decoded' ? registered.signature : registered.kind === 'mismatch' ? registered.signature : '';
  // The interface has this selector as another function, or has no function with it.
  const disagrees: RiskFlag[] =
    known && (registered.kind === 'decoded' || registered.kind === 'mismatch') && interfaceSignature !== known.signature
      ? [
          {
            kind: 'interfaceMismatch',
            interfaceLabel: registered.interfaceLabel,
            selector,
            registered: interfaceSignature,
            wellKnown: known.signature,
            standard: known.standard,
          },
        ]
      : [];
  const withFlags = (facts: CallFacts, before: readonly RiskFlag[], after: readonly RiskFlag[]): CallFacts => ({
    ...facts,
    flags: [...before, ...facts.flags, ...after],
  });
  if (registered.kind === 'decoded' && disagrees.length === 0)
    return callFacts(place, registered, 'interface', context, known?.roles);
  if (wellKnown && known)
    return withFlags(callFacts(place, wellKnown, 'wellKnown', context, known.roles), disagrees, unregistered);
  // Not well-known, or its data does not decode as the well-known signature: the interface's reading, if any.
  if (registered.kind === 'decoded')
    return withFlags(callFacts(place, registered, 'interface', context, undefined), disagrees, []);
  const unreadable: RiskFlag = { kind: 'unreadableCall', selector };
  if (registered.kind === 'mismatch')
    return {
      call: { kind: 'mismatch', interfaceLabel: registered.interfaceLabel, selector, reason: registered.reason },
      recipient: undefined,
      flags: [...disagrees, unreadable],
    };
  const selectorText = registered.kind === 'noInterface' ? registered.selector : selector;
  return {
    call: { kind: 'unknown', selector: selectorText },
    recipient: undefined,
    flags: inner ? [...unregistered, unreadable] : unregistered,
  };
}
