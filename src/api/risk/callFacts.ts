/**
 * The facts of one decoded call, for the summary: its arguments with the names of addresses and token amounts exact
 * and scaled (the decimals from an ERC-7730 descriptor or the built-in list, the source named), who receives or
 * may spend, and the risks of the call itself (approvals, names that cannot be trusted). The same reading for the
 * transaction's call and for each call inside a multicall. Pure, never throws.
 */
import * as Value from 'ox/Value';
import type { CallDecoding } from '../transactionDecoder';
import type {
  CallSummary,
  DecimalsSource,
  RiskFlag,
  SummaryArgument,
  SummaryCall,
  SummaryContext,
  TokenAmount,
} from './summaryTypes';
import { descriptorFor, type ClearSigningFormat } from './clearSigning';
import { knownToken } from './knownTokens';

/** Where a call goes: its chain and contract. */
export interface CallPlace {
  readonly chainId: string | undefined;
  readonly to: string;
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

export function addressNamer(context: SummaryContext, chainId: string | undefined) {
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

export interface CallFacts {
  readonly call: SummaryCall;
  readonly recipient: CallSummary['recipient'];
  readonly flags: RiskFlag[];
}

export function callFacts(
  place: CallPlace,
  decoded: Extract<CallDecoding, { kind: 'decoded' }>,
  source: 'interface' | 'wellKnown',
  context: SummaryContext,
): CallFacts {
  const { chainId, to } = place;
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

/** Whether the address is known to be a contract: an interface is registered for it, or a token or descriptor. */
export function isKnownContract(context: SummaryContext, chainId: string | undefined, address: string): boolean {
  const lower = address.toLowerCase();
  return (
    context.interfaces?.some((i) => i.smartContractAddress.toLowerCase() === lower) === true ||
    knownToken(chainId, address) !== undefined ||
    descriptorFor(context.descriptors, chainId, address) !== undefined
  );
}
