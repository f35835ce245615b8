/**
 * What an Ethereum transaction does, for the moment of deciding: the function and its arguments (decoded with the
 * organization's interface, or else with the table of well-known signatures, and then marked so), the recipient,
 * token amounts exact and scaled where the decimals are known (from an ERC-7730 descriptor or the built-in list,
 * the source named), and the risks a reviewer should not miss. Plain data from the transaction decoder's result;
 * the words are the extension's. Pure, never throws.
 */
import * as Value from 'ox/Value';
import type { ArgumentNameProblem } from '../abi/argumentNames';
import type {
  CallDecoding,
  DecodedArgument,
  DecodedEthereumTransaction,
  RegisteredInterface,
} from '../transactionDecoder';
import { descriptorFor, type ClearSigningDescriptor, type ClearSigningFormat } from './clearSigning';
import { knownToken } from './knownTokens';
import { decodeWellKnownCall } from './wellKnownCalls';

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

export type RiskFlag =
  | { readonly kind: 'unlimitedApproval'; readonly spender: string | undefined }
  | { readonly kind: 'largeApproval'; readonly spender: string | undefined; readonly amount: TokenAmount }
  | { readonly kind: 'approvalForAll'; readonly operator: string | undefined }
  | { readonly kind: 'noInterface'; readonly address: string }
  | { readonly kind: 'valueWithoutData'; readonly address: string; readonly valueEth: string }
  | { readonly kind: 'argumentNames'; readonly problems: readonly ArgumentNameProblem[] };

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
  /** Who receives or may spend: the `to`, `spender` or `operator` argument, or the transaction's recipient. */
  readonly recipient: { readonly address: string; readonly name: string | undefined } | undefined;
  readonly flags: readonly RiskFlag[];
}

export interface SummaryContext {
  /** The organization's interfaces; undefined when they could not be read (then no call is "unregistered"). */
  readonly interfaces: readonly RegisteredInterface[] | undefined;
  readonly descriptors: readonly ClearSigningDescriptor[];
  /** Names the organization gives addresses (its keys). */
  readonly nameOf?: ((address: string) => string | undefined) | undefined;
}

const MAX_UINT256 = 2n ** 256n - 1n;
const MAX_UINT160 = 2n ** 160n - 1n;
/** Without decimals, an allowance from here up is more than any real balance. */
const LARGE_RAW = 2n ** 128n;
/** With decimals, a billion whole tokens. */
const LARGE_WHOLE = 10n ** 9n;

const AMOUNT_NAMES = new Set(['amount', 'value', 'addedValue', 'wad', 'amounts']);
const RECIPIENT_NAMES = ['to', 'recipient', 'dst', 'spender', 'operator', 'receiver'];
const APPROVALS = new Set(['approve', 'increaseAllowance', 'permit']);

function addressNamer(context: SummaryContext, chainId: string | undefined) {
  return (address: string): string | undefined => {
    const lower = address.toLowerCase();
    const registered = context.interfaces?.find((i) => i.smartContractAddress.toLowerCase() === lower);
    if (registered) return registered.label;
    const token = knownToken(chainId, address);
    if (token) return token.symbol;
    const described = descriptorFor(context.descriptors, chainId, address);
    if (described) return described.token?.ticker ?? described.owner;
    return context.nameOf?.(address);
  };
}

/** The decimals of the token at `address`: a descriptor that deploys it first, else the built-in list. */
function decimalsOf(
  context: SummaryContext,
  chainId: string | undefined,
  address: string,
): { decimals: number; symbol: string | undefined; source: DecimalsSource } | undefined {
  const described = descriptorFor(context.descriptors, chainId, address);
  if (described?.token)
    return {
      decimals: described.token.decimals,
      symbol: described.token.ticker,
      source: { kind: 'descriptor', file: described.source },
    };
  const known = knownToken(chainId, address);
  if (known)
    return { decimals: known.decimals, symbol: known.symbol, source: { kind: 'builtIn', symbol: known.symbol } };
  return undefined;
}

function tokenAmount(
  raw: bigint,
  known: ReturnType<typeof decimalsOf>,
  threshold: { value: bigint; message: string | undefined } | undefined,
  max: bigint,
): TokenAmount {
  const past = threshold !== undefined && raw >= threshold.value;
  return {
    raw: raw.toString(),
    scaled: known ? Value.format(raw, known.decimals) : undefined,
    symbol: known?.symbol,
    decimals: known?.decimals,
    source: known?.source,
    message: past ? threshold.message : undefined,
    unlimited: raw === max || (past && threshold.message !== undefined),
  };
}

function isLarge(amount: TokenAmount): boolean {
  const raw = BigInt(amount.raw);
  return amount.decimals === undefined ? raw >= LARGE_RAW : raw >= LARGE_WHOLE * 10n ** BigInt(amount.decimals);
}

interface CallFacts {
  readonly call: SummaryCall;
  readonly recipient: CallSummary['recipient'];
  readonly flags: RiskFlag[];
}

function callFacts(
  tx: DecodedEthereumTransaction,
  decoded: Extract<CallDecoding, { kind: 'decoded' }>,
  source: 'interface' | 'wellKnown',
  context: SummaryContext,
): CallFacts {
  const chainId = tx.chainId;
  const to = tx.to ?? '';
  const nameOf = addressNamer(context, chainId);
  const descriptor = descriptorFor(context.descriptors, chainId, to);
  const format: ClearSigningFormat | undefined = descriptor?.formats.get(decoded.selector.toLowerCase());
  const flags: RiskFlag[] = [];
  const argumentText = (name: string) => decoded.arguments.find((a) => a.name === name)?.text;
  const args: SummaryArgument[] = decoded.arguments.map((argument) => {
    const field = format?.fields.find((f) => f.path === argument.name);
    let result: SummaryArgument = field?.label ? { ...argument, label: field.label } : argument;
    if (argument.type === 'address' && argument.text) {
      const name = nameOf(argument.text);
      if (name) result = { ...result, addressName: name };
    }
    // A token amount: by the descriptor's format, or else by its name (`amount`, `value`…).
    const isAmount =
      /^uint\d*$/.test(argument.type) &&
      argument.text !== undefined &&
      (field?.format === 'tokenAmount' || (field === undefined && AMOUNT_NAMES.has(argument.name)));
    if (isAmount && argument.text !== undefined) {
      // Of which token: the descriptor says; else a `token` argument (Permit2), else the contract called.
      const tokenAddress =
        field?.token ??
        (field?.tokenPath !== undefined && field.tokenPath !== '@.to'
          ? argumentText(field.tokenPath.replace(/^#\./, ''))
          : field === undefined
            ? (argumentText('token') ?? to)
            : to);
      const known = tokenAddress ? decimalsOf(context, chainId, tokenAddress) : undefined;
      const max = argument.type === 'uint160' ? MAX_UINT160 : MAX_UINT256;
      const threshold = field?.threshold !== undefined ? { value: field.threshold, message: field.message } : undefined;
      result = { ...result, amount: tokenAmount(BigInt(argument.text), known, threshold, max) };
    }
    return result;
  });
  const address = (names: readonly string[]) =>
    args.find((a) => a.type === 'address' && names.includes(a.name) && a.text !== undefined);
  const recipientArgument = address(RECIPIENT_NAMES);
  const recipient = recipientArgument?.text
    ? { address: recipientArgument.text, name: recipientArgument.addressName }
    : undefined;
  if (APPROVALS.has(decoded.functionName)) {
    const amountArgument = args.find((a) => a.amount !== undefined);
    const spender = address(['spender', 'to'])?.text;
    const amount = amountArgument?.amount;
    if (amount?.unlimited) flags.push({ kind: 'unlimitedApproval', spender });
    else if (amount && isLarge(amount)) flags.push({ kind: 'largeApproval', spender, amount });
  }
  if (decoded.functionName === 'setApprovalForAll') {
    const approved = args.find((a) => a.type === 'bool');
    if (approved?.text === 'true') flags.push({ kind: 'approvalForAll', operator: address(['operator'])?.text });
  }
  if (decoded.nameProblems.length > 0 && source === 'interface')
    flags.push({ kind: 'argumentNames', problems: decoded.nameProblems });
  return {
    call: {
      kind: 'call',
      source,
      interfaceId: decoded.interfaceId,
      interfaceLabel: decoded.interfaceLabel,
      functionName: decoded.functionName,
      signature: decoded.signature,
      selector: decoded.selector,
      intent: format?.intent,
      descriptor: format ? descriptor?.source : undefined,
      arguments: args,
    },
    recipient,
    flags,
  };
}

/** The transaction summarised with the organization's interfaces, descriptors and names. */
export function summarizeTransaction(tx: DecodedEthereumTransaction, context: SummaryContext): CallSummary {
  const nameOf = addressNamer(context, tx.chainId);
  const toName = tx.to ? nameOf(tx.to) : undefined;
  const base = { chainId: tx.chainId, to: tx.to, toName, valueWei: tx.valueWei, valueEth: tx.valueEth };
  const toRecipient = tx.to ? { address: tx.to, name: toName } : undefined;
  const decoding = tx.call;
  switch (decoding.kind) {
    case 'transfer': {
      const flags: RiskFlag[] = [];
      const isContract =
        tx.to !== undefined &&
        (context.interfaces?.some((i) => i.smartContractAddress.toLowerCase() === tx.to?.toLowerCase()) === true ||
          knownToken(tx.chainId, tx.to) !== undefined ||
          descriptorFor(context.descriptors, tx.chainId, tx.to) !== undefined);
      if (isContract && tx.valueWei !== '0' && tx.to !== undefined)
        flags.push({ kind: 'valueWithoutData', address: tx.to, valueEth: tx.valueEth });
      return { ...base, call: { kind: 'transfer' }, recipient: toRecipient, flags };
    }
    case 'contractCreation':
      return { ...base, call: { kind: 'contractCreation', bytes: tx.dataBytes }, recipient: undefined, flags: [] };
    case 'decoded': {
      const facts = callFacts(tx, decoding, 'interface', context);
      return { ...base, ...facts };
    }
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
      const facts = callFacts(tx, known, 'wellKnown', context);
      return { ...base, ...facts, flags: [...facts.flags, ...unregistered] };
    }
  }
}
