/**
 * `eth.eip_712` and `eth.eip_7702_authorization` as a policy reads them, from a sign_raw_payload(s) intent: the
 * typed data's primary type, its domain as sent (an empty domain has no fields) and its message with each value
 * read by the type the document declares for it (integers as ints, addresses and bytes without regard to case,
 * only the fields the types list); an authorization's address, chain id and nonce. The same values for the
 * sandbox that judges an activity and for the editor that tries a policy before it is sent. Rows
 * `typed-data-values`, `empty-domain` and `unread-signature` of docs/policies.md. Pure, never throws; a document
 * past its bounds is not read.
 */
import { Caseless } from './values';

export interface Eip712Values {
  primary_type: string;
  domain: {
    name?: string;
    version?: string;
    chain_id?: bigint;
    verifying_contract?: Caseless;
    salt?: Caseless;
  };
  message: Record<string, unknown>;
}

export interface Eip7702Values {
  address: Caseless;
  chain_id: bigint;
  nonce: bigint;
}

export interface SignatureFields {
  eip_712?: Eip712Values;
  eip_7702_authorization?: Eip7702Values;
}

/** How deep a message may nest, and how many values it may hold, before the document is not read at all. */
export const MAX_TYPED_DEPTH = 32;
export const MAX_TYPED_VALUES = 10_000;

export type TypeTable = Readonly<Record<string, readonly { name: string; type: string }[]>>;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON integer, a decimal string or a 0x hex string as a bigint; undefined for anything else. */
export function integerOf(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined;
  if (typeof value !== 'string' || value.length > 80) return undefined;
  if (/^-?\d+$/.test(value) || /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
  return undefined;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The table of struct types, when every entry is a list of `{name, type}` strings; undefined otherwise. */
export function typeTableOf(types: unknown): TypeTable | undefined {
  if (!isObject(types)) return undefined;
  const table: Record<string, { name: string; type: string }[]> = {};
  for (const [name, fields] of Object.entries(types)) {
    if (!Array.isArray(fields)) return undefined;
    const read: { name: string; type: string }[] = [];
    for (const field of fields) {
      if (!isObject(field) || typeof field['name'] !== 'string' || typeof field['type'] !== 'string') return undefined;
      read.push({ name: field['name'], type: field['type'] });
    }
    table[name] = read;
  }
  return table;
}

class TooLarge extends Error {}

/** A message value read by its declared type; a value that does not fit its type is kept as sent. */
function typedValue(types: TypeTable, type: string, value: unknown, depth: number, budget: { left: number }): unknown {
  if (--budget.left < 0 || depth > MAX_TYPED_DEPTH) throw new TooLarge();
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    if (!Array.isArray(value)) return value;
    return value.map((item) => typedValue(types, array[1] ?? '', item, depth + 1, budget));
  }
  const fields = Object.hasOwn(types, type) ? types[type] : undefined;
  if (fields) {
    if (!isObject(value)) return value;
    const struct: Record<string, unknown> = {};
    for (const field of fields) {
      if (!Object.hasOwn(value, field.name)) continue;
      struct[field.name] = typedValue(types, field.type, value[field.name], depth + 1, budget);
    }
    return struct;
  }
  if (/^u?int\d*$/.test(type)) return integerOf(value) ?? value;
  if ((type === 'address' || /^bytes\d*$/.test(type)) && typeof value === 'string') return new Caseless(value);
  return value;
}

function eip712ValuesOf(payload: string): Eip712Values | undefined {
  const document = parseJson(payload);
  if (!isObject(document) || typeof document['primaryType'] !== 'string') return undefined;
  const types = typeTableOf(document['types']);
  const message = document['message'];
  if (!types || !isObject(message)) return undefined;
  const sent = isObject(document['domain']) ? document['domain'] : {};
  const domain: Eip712Values['domain'] = {};
  if (typeof sent['name'] === 'string') domain.name = sent['name'];
  if (typeof sent['version'] === 'string') domain.version = sent['version'];
  const chainId = integerOf(sent['chainId']);
  if (chainId !== undefined) domain.chain_id = chainId;
  if (typeof sent['verifyingContract'] === 'string')
    domain.verifying_contract = new Caseless(sent['verifyingContract']);
  if (typeof sent['salt'] === 'string') domain.salt = new Caseless(sent['salt']);
  try {
    const read = typedValue(types, document['primaryType'], message, 0, { left: MAX_TYPED_VALUES });
    // A primary type the types do not list: the message is read as sent, its numbers as ints.
    return { primary_type: document['primaryType'], domain, message: isObject(read) ? read : message };
  } catch {
    return undefined;
  }
}

function eip7702ValuesOf(payload: string): Eip7702Values | undefined {
  const document = parseJson(payload);
  if (!isObject(document) || typeof document['address'] !== 'string') return undefined;
  const chainId = integerOf(document['chainId'] ?? document['chain_id']);
  const nonce = integerOf(document['nonce']);
  if (chainId === undefined || nonce === undefined) return undefined;
  return { address: new Caseless(document['address']), chain_id: chainId, nonce };
}

/**
 * The signature fields of a sign_raw_payload(s) intent (`{payload | payloads, encoding}`); undefined for any other
 * intent, for an encoding that has none, and for a payload that cannot be read. Of several payloads only a lone
 * one is read: a policy reading these fields errs on a batch (row `unread-signature`).
 */
export function signatureFieldsOf(intent: unknown): SignatureFields | undefined {
  if (!isObject(intent)) return undefined;
  const payloads: unknown = intent['payloads'];
  const payload: unknown = Array.isArray(payloads)
    ? payloads.length === 1
      ? (payloads[0] as unknown)
      : undefined
    : intent['payload'];
  if (typeof payload !== 'string') return undefined;
  if (intent['encoding'] === 'PAYLOAD_ENCODING_EIP712') {
    const values = eip712ValuesOf(payload);
    return values && { eip_712: values };
  }
  if (intent['encoding'] === 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION') {
    const values = eip7702ValuesOf(payload);
    return values && { eip_7702_authorization: values };
  }
  return undefined;
}
