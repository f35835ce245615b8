/**
 * What an Ethereum transaction does, for the moment of deciding: the function and its arguments (decoded with the
 * organization's interface, or else with the table of well-known signatures, and then marked so), the recipient,
 * token amounts exact and scaled where the decimals are known (from an ERC-7730 descriptor or the built-in list,
 * the source named), the calls inside a multicall read the same way, and the risks a reviewer should not miss,
 * an inner call's raised on the whole transaction. Plain data from the transaction decoder's result;
 * the words are the extension's. Pure, never throws.
 */
import type { DecodedEthereumTransaction } from '../transactionDecoder';
import { addressNamer, callFacts, isKnownContract, type CallFacts, type CallPlace } from './callFacts';
import { withInnerCalls } from './innerCalls';
import type { CallSummary, RiskFlag, SummaryContext } from './summaryTypes';
import { decodeWellKnownCall } from './wellKnownCalls';

export type {
  CallSummary,
  DecimalsSource,
  InnerCall,
  MulticallCalls,
  RiskFlag,
  SummaryArgument,
  SummaryCall,
  SummaryContext,
  TokenAmount,
} from './summaryTypes';

/**
 * A decoded call's facts with the calls inside it when it is a multicall: its own flags, then the recipient's,
 * then those of the inner calls. An address without an interface is flagged once, however many calls it takes.
 */
function withCallsInside(
  facts: CallFacts,
  unregistered: readonly RiskFlag[],
  place: CallPlace,
  context: SummaryContext,
): Pick<CallSummary, 'call' | 'recipient' | 'flags'> {
  const inside = withInnerCalls(facts.call, place, context);
  const flagged = new Set<string>();
  const flags = [...facts.flags, ...unregistered, ...inside.flags].filter((flag) => {
    if (flag.kind !== 'noInterface') return true;
    const address = flag.address.toLowerCase();
    if (flagged.has(address)) return false;
    flagged.add(address);
    return true;
  });
  return { call: inside.call, recipient: facts.recipient, flags };
}

/** The transaction summarised with the organization's interfaces, descriptors and names. */
export function summarizeTransaction(tx: DecodedEthereumTransaction, context: SummaryContext): CallSummary {
  const nameOf = addressNamer(context, tx.chainId);
  const toName = tx.to ? nameOf(tx.to) : undefined;
  const base = { chainId: tx.chainId, to: tx.to, toName, valueWei: tx.valueWei, valueEth: tx.valueEth };
  const toRecipient = tx.to ? { address: tx.to, name: toName } : undefined;
  const decoding = tx.call;
  const place: CallPlace = { chainId: tx.chainId, to: tx.to ?? '' };
  switch (decoding.kind) {
    case 'transfer': {
      const flags: RiskFlag[] = [];
      if (tx.to !== undefined && isKnownContract(context, tx.chainId, tx.to) && tx.valueWei !== '0')
        flags.push({ kind: 'valueWithoutData', address: tx.to, valueEth: tx.valueEth });
      return { ...base, call: { kind: 'transfer' }, recipient: toRecipient, flags };
    }
    case 'contractCreation':
      return { ...base, call: { kind: 'contractCreation', bytes: tx.dataBytes }, recipient: undefined, flags: [] };
    case 'decoded':
      return { ...base, ...withCallsInside(callFacts(place, decoding, 'interface', context), [], place, context) };
    case 'mismatch':
      return {
        ...base,
        call: {
          kind: 'mismatch',
          interfaceLabel: decoding.interfaceLabel,
          selector: decoding.selector,
          reason: decoding.reason,
        },
        recipient: toRecipient,
        flags: [],
      };
    case 'noInterface': {
      const unregistered: RiskFlag[] =
        context.interfaces !== undefined && tx.to !== undefined ? [{ kind: 'noInterface', address: tx.to }] : [];
      const known = decodeWellKnownCall(tx.data);
      if (!known)
        return {
          ...base,
          call: { kind: 'unknown', selector: decoding.selector },
          recipient: toRecipient,
          flags: unregistered,
        };
      return {
        ...base,
        ...withCallsInside(callFacts(place, known, 'wellKnown', context), unregistered, place, context),
      };
    }
  }
}
