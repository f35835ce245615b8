/**
 * What an Ethereum transaction does, for the moment of deciding: the function and its arguments (a well-known
 * selector by its well-known signature whatever the interface says, else decoded with the organization's
 * interface; a reading not from the organization's interfaces is marked so), the recipient,
 * token amounts exact and scaled where the decimals are known (from an ERC-7730 descriptor or the built-in list,
 * the source named), the calls inside a multicall read the same way, and the risks a reviewer should not miss,
 * an inner call's raised on the whole transaction. Plain data from the transaction decoder's result;
 * the words are the extension's. Pure, never throws.
 */
import type { DecodedEthereumTransaction } from '../transactionDecoder';
import { addressNamer, isKnownContract, type CallFacts, type CallPlace } from './callFacts';
import { readCall } from './callReading';
import { withInnerCalls } from './innerCalls';
import type { CallSummary, RiskFlag, SummaryContext } from './summaryTypes';

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
 * A call's facts with the calls inside it when it is a multicall: its own flags (its unregistered address among
 * them), then those of the inner calls. An address without an interface is flagged once, however many calls it takes.
 */
function withCallsInside(
  facts: CallFacts,
  place: CallPlace,
  context: SummaryContext,
): Pick<CallSummary, 'call' | 'recipient' | 'flags'> {
  const inside = withInnerCalls(facts.call, place, context);
  const flagged = new Set<string>();
  const flags = [...facts.flags, ...inside.flags].filter((flag) => {
    if (flag.kind !== 'noInterface' && flag.kind !== 'interfacesUnknown') return true;
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
    case 'mismatch':
    case 'noInterface': {
      const facts = readCall(place, tx.data, decoding, context, false);
      const read = withCallsInside(facts, place, context);
      return { ...base, ...read, recipient: facts.call.kind === 'call' ? facts.recipient : toRecipient };
    }
  }
}
