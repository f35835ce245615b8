/**
 * The risks of typed data: a domain that is empty, on another chain than the signature is meant for (when the
 * caller knows it) or than a token it names is on, or naming a token (or Permit2) whose contract it is not; a
 * permit's unlimited or very large amount (DAI's `allowed: true` included); a deadline or expiry missing, never
 * coming, more than 30 days away or already past; a spender that is not a contract of the organization's
 * interfaces. Of each kind, the first MAX_FLAGS_PER_KIND are kept (a batch of a thousand permits raises a few flags,
 * not a thousand). Pure, never throws.
 */
import { integerOf } from '../policy/signatureFields';
import { isLarge } from './callFacts';
import { KNOWN_TOKENS } from './knownTokens';
import type { NamedAddress, PermitStandard, SignatureContext, SignatureFlag, TypedDomain } from './signatureTypes';
import type { TokenAmount } from './summaryTypes';

/** What a permit's message holds where: the paths of its amounts (with their token and maximum), deadlines and spender. */
export interface PermitPlan {
  readonly standard: PermitStandard;
  readonly amounts: readonly { readonly at: string; readonly token: string | undefined; readonly max: bigint }[];
  readonly deadlines: readonly string[];
  readonly spender: string | undefined;
  /** DAI: the path of `allowed`, whose true is an unlimited allowance. */
  readonly allowedPath?: string;
}

export const MAX_FLAGS_PER_KIND = 3;
/** A deadline further than this is far away. */
export const FAR_DAYS = 30;
const DAY_MS = 86_400_000;
const PERMIT2 = '0x000000000022d473030f116ddee9f6b43ac78ba3';
/** Domain names of tokens of the built-in list, by the symbol they stand for. */
const TOKEN_DOMAIN_NAMES: Readonly<Record<string, string>> = {
  'usd coin': 'USDC',
  usdc: 'USDC',
  'dai stablecoin': 'DAI',
  'tether usd': 'USDT',
  'wrapped ether': 'WETH',
};

interface FlagInputs {
  readonly plan: PermitPlan | undefined;
  readonly byPath: ReadonlyMap<string, { readonly value: unknown }>;
  readonly amounts: ReadonlyMap<string, TokenAmount>;
  readonly domain: TypedDomain;
  readonly context: SignatureContext;
  readonly now: number;
  readonly nameOf: (address: string) => string | undefined;
  /** A deadline's date: ISO, or `never`. */
  readonly expiry: (seconds: bigint) => string;
}

function domainFlags(inputs: FlagInputs): SignatureFlag[] {
  const { domain, context } = inputs;
  const flags: SignatureFlag[] = [];
  if (domain.empty) flags.push({ kind: 'emptyDomain' });
  if (context.chainId !== undefined && domain.chainId !== context.chainId)
    flags.push({ kind: 'domainChain', domainChainId: domain.chainId, expected: context.chainId });
  else if (domain.chainId !== undefined) flags.push(...contractChainFlags(inputs, domain.chainId));
  const name = domain.name;
  const contract = domain.verifyingContract?.address.toLowerCase();
  if (name !== undefined) {
    const symbol = TOKEN_DOMAIN_NAMES[name.toLowerCase()];
    const tokens = KNOWN_TOKENS.filter(
      (t) =>
        t.symbol === symbol &&
        (t.chainId === undefined || domain.chainId === undefined || t.chainId === domain.chainId),
    );
    const isPermit2 = name === 'Permit2';
    const expected = isPermit2 ? [PERMIT2] : tokens.map((t) => t.address.toLowerCase());
    if (expected.length > 0 && (contract === undefined || !expected.includes(contract)))
      flags.push({ kind: 'notTheToken', name, verifyingContract: domain.verifyingContract?.address });
  }
  return flags;
}

function amountFlags(inputs: FlagInputs, spender: NamedAddress | undefined): SignatureFlag[] {
  const { plan, amounts, byPath, domain, nameOf } = inputs;
  if (!plan) return [];
  const flags: SignatureFlag[] = [];
  const named = (address: string | undefined) =>
    address === undefined ? undefined : { address, name: nameOf(address) };
  for (const { at, token } of plan.amounts) {
    const amount = amounts.get(at);
    if (!amount) continue;
    if (amount.unlimited)
      flags.push({ kind: 'unlimitedPermit', standard: plan.standard, spender, token: named(token) });
    else if (isLarge(amount)) flags.push({ kind: 'largePermit', standard: plan.standard, spender, amount });
  }
  const allowed = plan.allowedPath === undefined ? undefined : byPath.get(plan.allowedPath)?.value;
  if (allowed === true || allowed === 'true')
    flags.push({
      kind: 'unlimitedPermit',
      standard: plan.standard,
      spender,
      token: named(domain.verifyingContract?.address),
    });
  return flags;
}

function expiryFlags({ plan, byPath, now, expiry }: FlagInputs): SignatureFlag[] {
  if (!plan) return [];
  const flags: SignatureFlag[] = [];
  for (const field of plan.deadlines) {
    const seconds = integerOf(byPath.get(field)?.value);
    const never = seconds === undefined || expiry(seconds) === 'never' || (plan.standard === 'DAI' && seconds === 0n);
    if (never) {
      flags.push({ kind: 'noExpiry', field });
      continue;
    }
    // Permit2's expiration 0 is the block's own time: the allowance ends as it is granted.
    if (seconds === 0n && field.endsWith('expiration')) continue;
    const at = Number(seconds) * 1000;
    const date = expiry(seconds);
    if (at < now) flags.push({ kind: 'pastExpiry', field, date });
    else if (at - now > FAR_DAYS * DAY_MS)
      flags.push({ kind: 'farExpiry', field, date, days: Math.floor((at - now) / DAY_MS) });
  }
  return flags;
}

function spenderOf({ plan, byPath, nameOf }: FlagInputs): NamedAddress | undefined {
  const value = plan?.spender === undefined ? undefined : byPath.get(plan.spender)?.value;
  return typeof value === 'string' ? { address: value, name: nameOf(value) } : undefined;
}

function spenderFlags({ context }: FlagInputs, spender: NamedAddress | undefined): SignatureFlag[] {
  if (!spender) return [];
  if (context.interfaces === undefined) return [{ kind: 'spenderNotOurs', spender, checked: false }];
  const wanted = spender.address.toLowerCase();
  return context.interfaces.some((i) => i.smartContractAddress.toLowerCase() === wanted)
    ? []
    : [{ kind: 'spenderNotOurs', spender, checked: true }];
}

/**
 * A domain on another chain than a contract it names (its verifying contract, a permit's tokens): only the built-in
 * token list is trusted to say on which chains a contract is, since each of its tokens has an address of its own on
 * each chain; a descriptor's deployments may leave chains out, and Permit2 is everywhere at one address.
 */
function contractChainFlags({ plan, domain }: FlagInputs, domainChainId: string): SignatureFlag[] {
  const named = [domain.verifyingContract?.address, ...(plan?.amounts ?? []).map((a) => a.token)];
  const addresses = new Map(named.flatMap((a) => (a === undefined ? [] : [[a.toLowerCase(), a] as const])));
  const flags: SignatureFlag[] = [];
  for (const [lower, address] of addresses) {
    const known = KNOWN_TOKENS.filter((t) => t.chainId !== undefined && t.address.toLowerCase() === lower);
    const [first] = known;
    if (!first?.chainId || known.some((t) => t.chainId === domainChainId)) continue;
    flags.push({
      kind: 'domainChain',
      domainChainId,
      expected: first.chainId,
      contract: { address, name: first.symbol },
    });
  }
  return flags;
}

/** The flags of typed data, the domain's first, then the amounts', the deadlines' and the spender's. */
export function typedDataFlags(inputs: FlagInputs): SignatureFlag[] {
  const spender = spenderOf(inputs);
  const all = [
    ...domainFlags(inputs),
    ...amountFlags(inputs, spender),
    ...expiryFlags(inputs),
    ...spenderFlags(inputs, spender),
  ];
  const perKind = new Map<string, number>();
  return all.filter((flag) => {
    const count = (perKind.get(flag.kind) ?? 0) + 1;
    perKind.set(flag.kind, count);
    return count <= MAX_FLAGS_PER_KIND;
  });
}
