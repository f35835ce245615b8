/**
 * The facts of one decoded call, for the summary: its arguments with the names of addresses and token amounts exact
 * and scaled, who receives or may spend, and the risks of the call itself (approvals, names that cannot be trusted,
 * bytes the function does not read). Amounts, spenders and operators are found by the positions of the call's
 * well-known signature, never by the names an interface gives its arguments. An ERC-7730 descriptor adds labels,
 * an intent and amounts of its own, but never changes the decimals or symbol of a token of the built-in list (a
 * disagreement is a risk) and never removes a risk. The same reading for the transaction's call and for each call
 * inside a multicall. Pure, never throws.
 */
import * as Value from 'ox/Value';
import type { CallDecoding } from '../abi/callDecoder';
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
import type { CallRoles } from './wellKnownCalls';

/** Where a call goes: its chain and contract. */
export interface CallPlace {
  readonly chainId: string | undefined;
  readonly to: string;
}

export const MAX_UINT256 = 2n ** 256n - 1n;
export const MAX_UINT160 = 2n ** 160n - 1n;
/** Whatever the decimals, an allowance from here up is more than any real balance. */
const LARGE_RAW = 2n ** 128n;
/** With decimals, a billion whole tokens. */
const LARGE_WHOLE = 10n ** 9n;

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

/** The decimals of the token at `address`: the built-in list first, else a descriptor that deploys it. */
export function decimalsOf(
  context: SummaryContext,
  chainId: string | undefined,
  address: string,
): { decimals: number; symbol: string | undefined; source: DecimalsSource } | undefined {
  const known = knownToken(chainId, address);
  if (known)
    return { decimals: known.decimals, symbol: known.symbol, source: { kind: 'builtIn', symbol: known.symbol } };
  const described = descriptorFor(context.descriptors, chainId, address);
  if (described?.token)
    return {
      decimals: described.token.decimals,
      symbol: described.token.ticker,
      source: { kind: 'descriptor', file: described.source },
    };
  return undefined;
}

/** A descriptor that gives a token of the built-in list another ticker or decimals, as a flag. */
function disagreement(context: SummaryContext, chainId: string | undefined, address: string): RiskFlag | undefined {
  const known = knownToken(chainId, address);
  const token = known && descriptorFor(context.descriptors, chainId, address);
  if (!known || !token?.token) return undefined;
  const { ticker, decimals } = token.token;
  if (decimals === known.decimals && (ticker === undefined || ticker === known.symbol)) return undefined;
  return {
    kind: 'descriptorDisagrees',
    file: token.source,
    address,
    builtIn: { symbol: known.symbol, decimals: known.decimals },
    described: { ticker, decimals },
  };
}

export function tokenAmount(
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

/** Large from 2^128 up whatever the decimals, or from a billion whole tokens where the decimals are known. */
export function isLarge(amount: TokenAmount): boolean {
  const raw = BigInt(amount.raw);
  return raw >= LARGE_RAW || (amount.decimals !== undefined && raw >= LARGE_WHOLE * 10n ** BigInt(amount.decimals));
}

export interface CallFacts {
  readonly call: SummaryCall;
  readonly recipient: CallSummary['recipient'];
  readonly flags: RiskFlag[];
}

/**
 * The facts of a decoded call. `roles` are those of its well-known signature, given only when the call was read
 * by it (or by an interface with the very same signature); without them no argument is an approval.
 */
export function callFacts(
  place: CallPlace,
  decoded: Extract<CallDecoding, { kind: 'decoded' }>,
  source: 'interface' | 'wellKnown',
  context: SummaryContext,
  roles: CallRoles | undefined,
): CallFacts {
  const { chainId, to } = place;
  const nameOf = addressNamer(context, chainId);
  const descriptor = descriptorFor(context.descriptors, chainId, to);
  const format: ClearSigningFormat | undefined = descriptor?.formats.get(decoded.selector.toLowerCase());
  const flags: RiskFlag[] = [];
  const textAt = (position: number | undefined) =>
    position === undefined ? undefined : decoded.arguments[position]?.text;
  const argumentText = (name: string) => decoded.arguments.find((a) => a.name === name)?.text;
  // The token a well-known amount is of: the one the call names (Permit2), else the contract called.
  const roleToken = textAt(roles?.token) ?? to;
  const args: SummaryArgument[] = decoded.arguments.map((argument, position) => {
    const field = format?.fields.find((f) => f.path === argument.name);
    let result: SummaryArgument = field?.label ? { ...argument, label: field.label } : argument;
    if (argument.type === 'address' && argument.text) {
      const name = nameOf(argument.text);
      if (name) result = { ...result, addressName: name };
    }
    // A token amount: the well-known signature's, whatever a descriptor says of it; else one the descriptor formats.
    const byRole = roles?.amount === position;
    const isAmount =
      /^uint\d*$/.test(argument.type) && argument.text !== undefined && (byRole || field?.format === 'tokenAmount');
    if (isAmount && argument.text !== undefined) {
      const tokenAddress = byRole
        ? roleToken
        : (field?.token ??
          (field?.tokenPath !== undefined && field.tokenPath !== '@.to'
            ? argumentText(field.tokenPath.replace(/^#\./, ''))
            : to));
      const known = tokenAddress ? decimalsOf(context, chainId, tokenAddress) : undefined;
      const max = argument.type === 'uint160' ? MAX_UINT160 : MAX_UINT256;
      const threshold = field?.threshold !== undefined ? { value: field.threshold, message: field.message } : undefined;
      result = { ...result, amount: tokenAmount(BigInt(argument.text), known, threshold, max) };
    }
    return result;
  });
  const addressAt = (position: number | undefined) => {
    const argument = position === undefined ? undefined : args[position];
    return argument?.type === 'address' && argument.text !== undefined ? argument : undefined;
  };
  const recipientArgument = addressAt(roles?.recipient);
  const role = roles?.approval
    ? ('spender' as const)
    : roles?.approvalForAll
      ? ('operator' as const)
      : ('recipient' as const);
  const recipient = recipientArgument?.text
    ? { address: recipientArgument.text, name: recipientArgument.addressName, role }
    : undefined;
  if (roles?.approval) {
    const spender = addressAt(roles.approval.spender)?.text;
    const amount = roles.amount === undefined ? undefined : args[roles.amount]?.amount;
    if (amount?.unlimited) flags.push({ kind: 'unlimitedApproval', spender });
    else if (amount && isLarge(amount)) flags.push({ kind: 'largeApproval', spender, amount });
  }
  if (roles?.approvalForAll) {
    const { operator, approved } = roles.approvalForAll;
    if (args[approved]?.type === 'bool' && textAt(approved) === 'true')
      flags.push({ kind: 'approvalForAll', operator: addressAt(operator)?.text });
  }
  if (decoded.nameProblems.length > 0 && source === 'interface')
    flags.push({ kind: 'argumentNames', problems: decoded.nameProblems });
  if (decoded.unread) flags.push({ kind: 'unreadData', ...decoded.unread });
  for (const address of new Map([to, roleToken].map((a) => [a.toLowerCase(), a])).values()) {
    const flag = disagreement(context, chainId, address);
    if (flag) flags.push(flag);
  }
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
