/**
 * The shapes of a transaction's summary: the call with its arguments, token amounts and the names of addresses,
 * the calls inside a multicall, and the risk flags. Types only; `callSummary.ts` builds them.
 */
import type { ArgumentNameProblem } from '../abi/argumentNames';
import type { DecodedArgument, RegisteredInterface } from '../abi/callDecoder';
import type { ClearSigningDescriptor } from './clearSigning';

/** Where a token's decimals come from. */
export type DecimalsSource =
  { readonly kind: 'descriptor'; readonly file: string } | { readonly kind: 'builtIn'; readonly symbol: string };

export interface TokenAmount {
  /** The exact integer of the call. */
  readonly raw: string;
  /** Scaled by the decimals, exact (`250`, `0.000001`); undefined when the decimals are not known. */
  readonly scaled: string | undefined;
  readonly symbol: string | undefined;
  readonly decimals: number | undefined;
  readonly source: DecimalsSource | undefined;
  /** The descriptor's word for a value past its threshold ("Unlimited"). */
  readonly message: string | undefined;
  readonly unlimited: boolean;
}

export interface SummaryArgument extends DecodedArgument {
  /** The descriptor's label for it ("Amount"). */
  readonly label?: string;
  /** A name for an address: an interface's label, a known token, a key of the organization. */
  readonly addressName?: string;
  readonly amount?: TokenAmount;
}

export type RiskFlag = (
  | { readonly kind: 'unlimitedApproval'; readonly spender: string | undefined }
  | { readonly kind: 'largeApproval'; readonly spender: string | undefined; readonly amount: TokenAmount }
  | { readonly kind: 'approvalForAll'; readonly operator: string | undefined }
  | { readonly kind: 'noInterface'; readonly address: string }
  /**
   * The organization's interfaces could not be read: whether the contract has one is not known, so the risk of a
   * call to an unregistered contract is not checked. Said rather than left out, so no ⚠ goes missing in silence.
   */
  | { readonly kind: 'interfacesUnknown'; readonly address: string }
  | { readonly kind: 'valueWithoutData'; readonly address: string; readonly valueEth: string }
  | { readonly kind: 'argumentNames'; readonly problems: readonly ArgumentNameProblem[] }
  /**
   * A call that neither the interfaces nor the well-known signatures read: the transaction's own call when the
   * data does not match the interface registered for it, or a call inside a multicall.
   */
  | { readonly kind: 'unreadableCall'; readonly selector: string }
  /**
   * The registered interface gives a well-known selector another function (`registered`, canonical), or has no
   * function with it (`registered` undefined): the call is read by the well-known signature.
   */
  | {
      readonly kind: 'interfaceMismatch';
      readonly interfaceLabel: string;
      readonly selector: string;
      readonly registered: string | undefined;
      readonly wellKnown: string;
      readonly standard: string;
    }
  /**
   * Bytes of the call data its function does not read: past the arguments, or data not laid out as they encode
   * (`canonical` false; `bytes` is then how many more bytes it has than they need, maybe 0).
   */
  | { readonly kind: 'unreadData'; readonly bytes: number; readonly canonical: boolean }
  /** A descriptor gives a token of the built-in list another ticker or decimals: the built-in ones are used. */
  | {
      readonly kind: 'descriptorDisagrees';
      readonly file: string;
      readonly address: string;
      readonly builtIn: { readonly symbol: string; readonly decimals: number };
      readonly described: { readonly ticker: string | undefined; readonly decimals: number };
    }
  /** Calls inside a multicall that were not read: past the bound, or nested too deep. */
  | { readonly kind: 'uninspectedCalls'; readonly count: number }
) & {
  /**
   * The call inside a multicall the flag comes from: its position from 0, then its position in a nested
   * multicall. Absent for the transaction's own call.
   */
  readonly inner?: readonly number[];
};

/** One call a multicall makes, read and summarised like the transaction's own call. */
export interface InnerCall {
  /** Its position in the multicall from 0, after its parent's position for a call of a nested multicall. */
  readonly path: readonly number[];
  /** The contract it calls: the multicall's own for a self-multicall, else the target it names. */
  readonly to: string;
  readonly toName: string | undefined;
  /** Multicall3's `allowFailure`, where the call has one. */
  readonly allowFailure: boolean | undefined;
  /** The value it sends (aggregate3Value), exact in wei and in ETH. */
  readonly valueWei: string | undefined;
  readonly valueEth: string | undefined;
  readonly call: SummaryCall;
  /** Its flags and those of the calls inside it, each marked with the call it came from. */
  readonly flags: readonly RiskFlag[];
}

/** The calls of a multicall, the first ones read; those past the bound or nested too deep are counted. */
export interface MulticallCalls {
  /** The position of the argument that holds the calls. */
  readonly argument: number;
  /** Each call names a target of its own (Multicall3), rather than calling the multicall's own contract. */
  readonly targeted: boolean;
  readonly calls: readonly InnerCall[];
  /** How many calls the data holds, and how many of them were not read. */
  readonly count: number;
  readonly omitted: number;
}

export type SummaryCall =
  | { readonly kind: 'transfer' }
  | { readonly kind: 'contractCreation'; readonly bytes: number }
  | {
      readonly kind: 'call';
      /** `interface`: the organization registered it; `wellKnown`: only the built-in table knows the selector. */
      readonly source: 'interface' | 'wellKnown';
      /** The registered interface's id ('' for a well-known signature) and label (or the standard's name). */
      readonly interfaceId: string;
      readonly interfaceLabel: string;
      readonly functionName: string;
      readonly signature: string;
      readonly selector: string;
      /** The descriptor's intent ("Send"), and the descriptor's file. */
      readonly intent: string | undefined;
      readonly descriptor: string | undefined;
      readonly arguments: readonly SummaryArgument[];
      /** The calls inside it, when it is a multicall. */
      readonly multicall?: MulticallCalls;
    }
  | { readonly kind: 'unknown'; readonly selector: string }
  | { readonly kind: 'mismatch'; readonly interfaceLabel: string; readonly selector: string; readonly reason: string };

export interface CallSummary {
  readonly chainId: string | undefined;
  readonly to: string | undefined;
  /** The recipient's name: its registered interface's label, a known token, a key of the organization. */
  readonly toName: string | undefined;
  readonly valueWei: string;
  readonly valueEth: string;
  readonly call: SummaryCall;
  /**
   * Who receives or may spend: the `to`, `spender` or `operator` argument, or the transaction's recipient; `role`
   * says which (a recipient when it is not said).
   */
  readonly recipient:
    | {
        readonly address: string;
        readonly name: string | undefined;
        readonly role?: 'recipient' | 'spender' | 'operator';
      }
    | undefined;
  readonly flags: readonly RiskFlag[];
}

export interface SummaryContext {
  /** The organization's interfaces; undefined when they could not be read (then no call is "unregistered"). */
  readonly interfaces: readonly RegisteredInterface[] | undefined;
  readonly descriptors: readonly ClearSigningDescriptor[];
  /** Names the organization gives addresses (its keys). */
  readonly nameOf?: ((address: string) => string | undefined) | undefined;
}
