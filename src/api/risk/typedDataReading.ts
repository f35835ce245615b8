/**
 * Typed data (EIP-712) for the moment of deciding: its primary type, its domain with the contract named, and its
 * message's values by their paths, read by their declared types (the first MAX_SHOWN_FIELDS shown, the rest
 * counted), deadlines as dates, addresses named. A permit or a transfer by signature (EIP-2612, DAI, Permit2 single
 * and batch, allowance and transfer, EIP-3009) is recognised by its primary type and fields, so that its amounts
 * are scaled with the token's decimals and its risks found wherever they sit in the message. An ERC-7730 descriptor
 * bound to the domain (clearSigningMessages.ts) adds an intent, labels, and amounts and dates where it formats
 * them; it never hides a field, changes a permit's reading or removes a risk. Pure, never throws.
 */
import {
  integerOf,
  isObject,
  MAX_TYPED_DEPTH,
  MAX_TYPED_VALUES,
  parseJson,
  typeTableOf,
  type TypeTable,
} from '../policy/signatureFields';
import { addressNamer, decimalsOf, MAX_UINT160, MAX_UINT256, tokenAmount } from './callFacts';
import { describedField, describedToken, messageFormatFor } from './clearSigningMessages';
import { typedDataFlags, type PermitPlan } from './typedDataFlags';
import type { ClearSigningField } from './clearSigning';
import type { TokenAmount } from './summaryTypes';
import type {
  PermitStandard,
  SignatureContext,
  SignatureFlag,
  SignatureReading,
  TypedDomain,
  TypedField,
} from './signatureTypes';

/** How many of a message's values are shown, and how many characters of one. */
export const MAX_SHOWN_FIELDS = 40;
export const MAX_VALUE_CHARS = 200;
/** The contract of Permit2, at the same address on every chain. */
export const PERMIT2_ADDRESS = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
/** The last second of the year 9999: a deadline past it never comes. */
const LAST_DATE_SECONDS = 253_402_300_799n;
const DEADLINE = /deadline|expir|valid(before|after|until|to)\b|^validbefore$|^validafter$/i;

/** Names an address: Permit2 by its name, else as a transaction's addresses are named. */
export function signatureNamer(context: SignatureContext, chainId: string | undefined) {
  const named = addressNamer(context, chainId);
  return (address: string): string | undefined =>
    address.toLowerCase() === PERMIT2_ADDRESS.toLowerCase() ? 'Permit2' : named(address);
}

interface Leaf {
  readonly path: string;
  readonly type: string;
  readonly value: unknown;
}

class TooLarge extends Error {}

/** Every value of the message by its path, in the order of the types; throws TooLarge past the bounds. */
function leavesOf(types: TypeTable, type: string, value: unknown, path: string, depth: number, out: Leaf[]): void {
  if (out.length >= MAX_TYPED_VALUES || depth > MAX_TYPED_DEPTH) throw new TooLarge();
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array && Array.isArray(value)) {
    value.forEach((item, index) => leavesOf(types, array[1] ?? '', item, `${path}[${index}]`, depth + 1, out));
    return;
  }
  const fields = Object.hasOwn(types, type) ? types[type] : undefined;
  if (fields && isObject(value)) {
    for (const field of fields) {
      if (!Object.hasOwn(value, field.name)) continue;
      const inner = path === '' ? field.name : `${path}.${field.name}`;
      leavesOf(types, field.type, value[field.name], inner, depth + 1, out);
    }
    return;
  }
  out.push({ path, type, value });
}

function textOf(leaf: Leaf): string {
  if (/^u?int\d*$/.test(leaf.type)) {
    const integer = integerOf(leaf.value);
    if (integer !== undefined) return integer.toString();
  }
  if (typeof leaf.value === 'string') return leaf.value;
  return JSON.stringify(leaf.value) ?? String(leaf.value);
}

/** A deadline's date: ISO, or `never` past the year 9999. */
function dateOf(seconds: bigint): string {
  return seconds > LAST_DATE_SECONDS ? 'never' : new Date(Number(seconds) * 1000).toISOString();
}

/** What a permit's plan reads, by the paths of its message: see PermitPlan. */
function planOf(
  primaryType: string,
  leaves: ReadonlyMap<string, Leaf>,
  token: string | undefined,
): PermitPlan | undefined {
  const has = (path: string) => leaves.has(path);
  const indexed = (prefix: string, suffix: string) =>
    [...leaves.keys()]
      .filter((p) => p.startsWith(`${prefix}[`) && p.endsWith(`].${suffix}`))
      .map((p) => p.slice(0, -suffix.length - 1));
  const plan = (
    standard: PermitStandard,
    amounts: readonly { at: string; token: string | undefined; max: bigint }[],
    deadlines: readonly string[],
    spender = 'spender',
  ): PermitPlan => ({ standard, amounts, deadlines, spender });
  const tokenAt = (at: string) => {
    const leaf = leaves.get(`${at}.token`);
    return typeof leaf?.value === 'string' ? leaf.value : undefined;
  };
  switch (primaryType) {
    case 'Permit':
      if (has('allowed') || has('expiry')) return { ...plan('DAI', [], ['expiry']), allowedPath: 'allowed' };
      // Another protocol's Permit, without a spender and a value, is not read as one.
      if (!has('spender') || !has('value')) return undefined;
      return plan('EIP-2612', [{ at: 'value', token, max: MAX_UINT256 }], ['deadline']);
    case 'PermitSingle':
      return plan(
        'Permit2',
        [{ at: 'details.amount', token: tokenAt('details'), max: MAX_UINT160 }],
        ['details.expiration', 'sigDeadline'],
      );
    case 'PermitBatch': {
      const details = indexed('details', 'amount');
      return plan(
        'Permit2 batch',
        details.map((at) => ({ at: `${at}.amount`, token: tokenAt(at), max: MAX_UINT160 })),
        [...details.map((at) => `${at}.expiration`), 'sigDeadline'],
      );
    }
    case 'PermitTransferFrom':
    case 'PermitWitnessTransferFrom':
      return plan(
        'Permit2 transfer',
        [{ at: 'permitted.amount', token: tokenAt('permitted'), max: MAX_UINT256 }],
        ['deadline'],
      );
    case 'PermitBatchTransferFrom':
    case 'PermitWitnessBatchTransferFrom':
      return plan(
        'Permit2 batch transfer',
        indexed('permitted', 'amount').map((at) => ({ at: `${at}.amount`, token: tokenAt(at), max: MAX_UINT256 })),
        ['deadline'],
      );
    case 'TransferWithAuthorization':
    case 'ReceiveWithAuthorization':
      return { ...plan('EIP-3009', [{ at: 'value', token, max: MAX_UINT256 }], ['validBefore']), spender: undefined };
    default:
      return undefined;
  }
}

function domainOf(sent: unknown, nameOf: (address: string) => string | undefined): TypedDomain {
  const domain = isObject(sent) ? sent : {};
  const text = (key: string) => (typeof domain[key] === 'string' ? domain[key] : undefined);
  const chainId = integerOf(domain['chainId']);
  const contract = text('verifyingContract');
  return {
    name: text('name'),
    version: text('version'),
    chainId: chainId?.toString(),
    verifyingContract: contract === undefined ? undefined : { address: contract, name: nameOf(contract) },
    salt: text('salt'),
    empty: Object.keys(domain).length === 0,
  };
}

/** The typed data of a PAYLOAD_ENCODING_EIP712 payload read, with its flags; unreadable when it is not typed data. */
export function readTypedData(
  payload: string,
  context: SignatureContext,
  now: number,
): { reading: SignatureReading; flags: SignatureFlag[] } {
  const unreadable = (problem: string) => ({
    reading: { kind: 'unreadable', encoding: 'PAYLOAD_ENCODING_EIP712', problem } as const,
    flags: [{ kind: 'unreadablePayload', encoding: 'PAYLOAD_ENCODING_EIP712', problem } as const],
  });
  const document = parseJson(payload);
  if (!isObject(document)) return unreadable('not JSON');
  const types = typeTableOf(document['types']);
  const primaryType = document['primaryType'];
  if (!types || typeof primaryType !== 'string' || !isObject(document['message']))
    return unreadable('not typed data: it needs types, primaryType and message');
  const probe = isObject(document['domain']) ? document['domain'] : {};
  const chainId = integerOf(probe['chainId'])?.toString();
  const nameOf = signatureNamer(context, chainId);
  const domain = domainOf(document['domain'], nameOf);
  const all: Leaf[] = [];
  try {
    leavesOf(types, primaryType, document['message'], '', 0, all);
  } catch {
    return unreadable(`larger than ${MAX_TYPED_VALUES} values or nested deeper than ${MAX_TYPED_DEPTH} levels`);
  }
  const byPath = new Map(all.map((leaf) => [leaf.path, leaf]));
  const plan = planOf(primaryType, byPath, domain.verifyingContract?.address);
  const amounts = new Map(
    (plan?.amounts ?? []).flatMap(({ at, token, max }) => {
      const raw = integerOf(byPath.get(at)?.value);
      if (raw === undefined) return [];
      const known = token === undefined ? undefined : decimalsOf(context, chainId, token);
      return [[at, tokenAmount(raw, known, undefined, max)] as const];
    }),
  );
  const described = messageFormatFor(context.descriptors, { domain: document['domain'], types, primaryType });
  /** A value's amount as the descriptor formats it, where no permit reads one there. */
  const describedAmount = (leaf: Leaf, field: ClearSigningField, indices: readonly string[]) => {
    const bits = /^uint(\d*)$/.exec(leaf.type)?.[1];
    const raw = integerOf(leaf.value);
    if (field.format !== 'tokenAmount' || bits === undefined || raw === undefined) return undefined;
    const token = describedToken(field, indices, (p) => byPath.get(p)?.value, domain.verifyingContract?.address);
    const known = token === undefined ? undefined : decimalsOf(context, chainId, token);
    const threshold = field.threshold === undefined ? undefined : { value: field.threshold, message: field.message };
    return tokenAmount(raw, known, threshold, 2n ** BigInt(bits || '256') - 1n);
  };
  const fields: TypedField[] = all.slice(0, MAX_SHOWN_FIELDS).map((leaf) => {
    const full = textOf(leaf);
    const text = full.length > MAX_VALUE_CHARS ? full.slice(0, MAX_VALUE_CHARS) : full;
    const addressName = leaf.type === 'address' && typeof leaf.value === 'string' ? nameOf(leaf.value) : undefined;
    const match = described && describedField(described.format, leaf.path);
    const amount: TokenAmount | undefined =
      amounts.get(leaf.path) ?? (match ? describedAmount(leaf, match.field, match.indices) : undefined);
    const seconds = /^u?int\d*$/.test(leaf.type) ? integerOf(leaf.value) : undefined;
    const last = leaf.path.split('.').pop() ?? '';
    const dated = match?.field.format === 'date' && match.field.encoding !== 'blockheight';
    const date = seconds !== undefined && (dated || DEADLINE.test(last)) ? dateOf(seconds) : undefined;
    const label = match?.field.label;
    return {
      path: leaf.path,
      type: leaf.type,
      text,
      truncated: text.length < full.length,
      ...(label !== undefined ? { label } : {}),
      ...(addressName !== undefined ? { addressName } : {}),
      ...(amount ? { amount } : {}),
      ...(date !== undefined ? { date } : {}),
    };
  });
  const standard = plan?.standard;
  const spender = plan?.spender === undefined ? undefined : byPath.get(plan.spender)?.value;
  const reading: SignatureReading = {
    kind: 'typedData',
    primaryType,
    standard,
    domain,
    fields,
    omitted: all.length - fields.length,
    ...(typeof spender === 'string' ? { spender: { address: spender, name: nameOf(spender) } } : {}),
    ...(described ? { intent: described.format.intent, descriptor: described.descriptor.source } : {}),
  };
  const flags = typedDataFlags({ plan, byPath, amounts, domain, context, now, nameOf, expiry: dateOf });
  return { reading, flags };
}
