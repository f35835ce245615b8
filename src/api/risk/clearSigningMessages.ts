/**
 * The ERC-7730 format of a typed-data message, found as the format says a wallet must find it: a descriptor with an
 * `eip712` context whose domain values all hold in the message's domain, whose deployments (when it lists any)
 * include the domain's `chainId` and `verifyingContract`, whose `domainSeparator` (when it gives one) is the hash of
 * the domain, and which has a format for the message's type: keyed by `encodeType` of its primary type, or (the
 * format's first version) by the bare type name, checked against the descriptor's schema of it when there is one.
 * Then, for a value at a path of the message, the field that formats it and the token its amount is of. Pure, never
 * throws.
 */
import * as TypedData from 'ox/TypedData';
import { integerOf, isObject, type TypeTable } from '../policy/signatureFields';
import type { ClearSigningDescriptor, ClearSigningField, ClearSigningMessage } from './clearSigning';

export interface MessageFormat {
  readonly descriptor: ClearSigningDescriptor;
  readonly format: ClearSigningMessage;
}

/** The typed data a format is looked for: its domain as sent, its types and its primary type. */
export interface TypedDocument {
  readonly domain: unknown;
  readonly types: TypeTable;
  readonly primaryType: string;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A domain value as the descriptor wants it: a chain id by its number, hex (addresses, salts) without case. */
function holds(key: string, wanted: string, sent: unknown): boolean {
  if (key === 'chainId') return integerOf(sent)?.toString() === integerOf(wanted)?.toString();
  if (typeof sent !== 'string') return false;
  return /^0x/i.test(wanted) ? sent.toLowerCase() === wanted.toLowerCase() : sent === wanted;
}

function domainHash(domain: Readonly<Record<string, unknown>>, types: TypeTable): string | undefined {
  try {
    const chainId = integerOf(domain['chainId']);
    const value = { ...domain, ...(chainId === undefined ? {} : { chainId }) } as TypedData.Domain;
    return TypedData.hashDomain({ domain: value, types }).toLowerCase();
  } catch {
    return undefined;
  }
}

function binds(descriptor: ClearSigningDescriptor, domain: Readonly<Record<string, unknown>>, types: TypeTable) {
  const binding = descriptor.binding;
  if (descriptor.kind !== 'eip712' || !binding) return false;
  for (const [key, wanted] of Object.entries(binding.domain))
    if (!Object.hasOwn(domain, key) || !holds(key, wanted, domain[key])) return false;
  if (descriptor.deployments.length > 0) {
    const chainId = integerOf(domain['chainId'])?.toString();
    const contract = domain['verifyingContract'];
    if (chainId === undefined || typeof contract !== 'string') return false;
    const wanted = contract.toLowerCase();
    if (!descriptor.deployments.some((d) => d.chainId === chainId && d.address.toLowerCase() === wanted)) return false;
  }
  return binding.domainSeparator === undefined || domainHash(domain, types) === binding.domainSeparator;
}

/** The format of this typed data in the first descriptor bound to its domain that has one for its type. */
export function messageFormatFor(
  descriptors: readonly ClearSigningDescriptor[],
  document: TypedDocument,
): MessageFormat | undefined {
  const { primaryType, types } = document;
  let encoded: string;
  try {
    encoded = TypedData.encodeType({ primaryType, types: types as TypedData.TypedData });
  } catch {
    return undefined;
  }
  const domain = isObject(document.domain) ? document.domain : {};
  for (const descriptor of descriptors) {
    if (!binds(descriptor, domain, types)) continue;
    const format = descriptor.messages?.find(
      (m) =>
        m.key === encoded ||
        (m.key === primaryType && (descriptor.binding?.schemas.get(primaryType) ?? encoded) === encoded),
    );
    if (format) return { descriptor, format };
  }
  return undefined;
}

/** The field that formats the value at `path` (`take[1].amount`): by that very path, else as `take[].amount`. */
export function describedField(
  format: ClearSigningMessage,
  path: string,
): { readonly field: ClearSigningField; readonly indices: readonly string[] } | undefined {
  const general = path.replace(/\[\d+\]/g, '[]');
  const field = format.fields.find((f) => f.path === path) ?? format.fields.find((f) => f.path === general);
  return field && { field, indices: [...path.matchAll(/\[(\d+)\]/g)].map((m) => m[1] ?? '') };
}

/**
 * The token a `tokenAmount` field's value is of: its constant `token`, the verifying contract for `@.to`, or the
 * address at its `tokenPath`, whose `[]` are the indices of the value's own path (`take[1].amount` reads
 * `take[1].token`). Undefined when it names no address.
 */
export function describedToken(
  field: ClearSigningField,
  indices: readonly string[],
  valueAt: (path: string) => unknown,
  verifyingContract: string | undefined,
): string | undefined {
  if (field.token !== undefined) return ADDRESS.test(field.token) ? field.token : undefined;
  const path = field.tokenPath;
  if (path === undefined) return undefined;
  if (path === '@.to') return verifyingContract;
  let next = 0;
  const filled = path.replace(/\[\]/g, () => `[${indices[next++] ?? ''}]`);
  const value = valueAt(filled);
  return typeof value === 'string' && ADDRESS.test(value) ? value : undefined;
}
