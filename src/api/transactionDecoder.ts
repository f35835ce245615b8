/**
 * What a signing activity asks to sign, in plain data for a reviewer: an unsigned Ethereum transaction's chain,
 * recipient, value in ETH, nonce, gas and fees, and its call decoded with the smart contract interface the
 * organization registered for the recipient; a raw payload's bytes, encoding, hash function and text. Everything
 * is decoded by `ox`; nothing here throws on bad input: what cannot be read comes back as a problem in words.
 */
import * as AbiFunction from 'ox/AbiFunction';
import * as AbiItem from 'ox/AbiItem';
import * as AbiParameters from 'ox/AbiParameters';
import * as Address from 'ox/Address';
import * as Hex from 'ox/Hex';
import * as Value from 'ox/Value';
import { MAX_JSON_DEPTH, tooDeepAt } from './abi/abiBounds';
import { unreadOf } from './abi/unreadCallData';
import { argumentNameProblems, positionalLabel, type ArgumentNameProblem } from './abi/argumentNames';
import { decodeUnsignedTransaction, payloadDigest } from './ethereum';
import type { SignRawPayloadParameters } from './schemas/signing';

/** The fields of a registered interface the decoder reads. */
export interface RegisteredInterface {
  readonly smartContractInterfaceId: string;
  readonly smartContractAddress: string;
  /** The ABI as registered: a JSON array (or an artifact with an `abi` array). */
  readonly smartContractInterface: string;
  readonly label: string;
}

/**
 * One decoded argument: a scalar as text (addresses EIP-55, integers exact), or the parts of a tuple or array.
 * Arguments and parts come in the order of the data; a name is a label, never a key.
 */
export interface DecodedArgument {
  /** The ABI's name; `#2` (its 1-based position) when it has none, `to (#2)` when a sibling has the same name. */
  readonly name: string;
  readonly type: string;
  readonly text?: string;
  readonly parts?: readonly DecodedArgument[];
}

/** What the transaction's data does, as far as the organization's interfaces tell. */
export type CallDecoding =
  /** No data: a plain transfer of ETH. */
  | { readonly kind: 'transfer' }
  /** No recipient: the data deploys a contract. */
  | { readonly kind: 'contractCreation' }
  /** No interface is registered for the recipient. */
  | { readonly kind: 'noInterface'; readonly selector: string }
  | {
      readonly kind: 'decoded';
      readonly interfaceId: string;
      readonly interfaceLabel: string;
      readonly functionName: string;
      /** `transfer(to, amount)`: the function with its arguments' names. */
      readonly title: string;
      /** The canonical signature, `transfer(address,uint256)`. */
      readonly signature: string;
      readonly selector: string;
      readonly arguments: readonly DecodedArgument[];
      /** Arguments named alike or not named, at any depth: their labels alone cannot be trusted. */
      readonly nameProblems: readonly ArgumentNameProblem[];
      /**
       * Bytes of the data the arguments do not account for: past their end, or, when the data is not laid out as
       * the arguments encode (`canonical` false), how many more bytes it has than they need (0 or more).
       */
      readonly unread: { readonly bytes: number; readonly canonical: boolean } | undefined;
    }
  /** An interface is registered, but the data does not match it (unknown selector, or arguments that do not decode). */
  | {
      readonly kind: 'mismatch';
      readonly interfaceId: string;
      readonly interfaceLabel: string;
      readonly selector: string;
      readonly reason: string;
      /** The interface's function of that selector (canonical) when it has one whose arguments do not decode. */
      readonly signature?: string;
    };

export interface DecodedEthereumTransaction {
  readonly kind: 'ethereum';
  readonly transactionType: 'legacy' | 'eip2930' | 'eip1559';
  readonly chainId: string | undefined;
  /** EIP-55; undefined for a contract creation. */
  readonly to: string | undefined;
  readonly valueWei: string;
  /** Exact, e.g. "0.000000000000000001". */
  readonly valueEth: string;
  readonly nonce: string;
  readonly gasLimit: string;
  /** gasPrice (legacy, EIP-2930) or maxFeePerGas and maxPriorityFeePerGas (EIP-1559), in wei and gwei. */
  readonly fees: readonly { readonly name: string; readonly wei: string; readonly gwei: string }[];
  readonly accessListEntries: number;
  /** The calldata, 0x-prefixed. */
  readonly data: string;
  readonly dataBytes: number;
  readonly call: CallDecoding;
}

export type TransactionDecoding =
  | { readonly ok: true; readonly transaction: DecodedEthereumTransaction }
  | { readonly ok: false; readonly problem: string };

const firstLine = (error: unknown): string =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '').trim() : String(error);

/** The ABI array of a registered interface's text, or why there is none. */
function abiOf(text: string): { abi: readonly unknown[] } | { problem: string } {
  if (tooDeepAt(text) !== undefined)
    return { problem: `the registered ABI nests deeper than ${MAX_JSON_DEPTH} levels, which no ABI does` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: `the registered ABI is not valid JSON (${firstLine(error)})` };
  }
  if (Array.isArray(parsed)) return { abi: parsed };
  const inner = typeof parsed === 'object' && parsed !== null ? (parsed as { abi?: unknown }).abi : undefined;
  return Array.isArray(inner) ? { abi: inner } : { problem: 'the registered ABI is not an array of ABI entries' };
}

interface Parameter {
  readonly name?: string;
  readonly type: string;
  readonly components?: readonly Parameter[];
}

/** The labels of sibling arguments: the name, `#n` without one, and the position too when a name repeats. */
function labelsOf(parameters: readonly Parameter[]): string[] {
  const names = parameters.map((parameter) => parameter.name ?? '');
  return names.map((name, index) => {
    if (name === '') return positionalLabel(name, index);
    return names.indexOf(name) === names.lastIndexOf(name) ? name : `${name} (#${index + 1})`;
  });
}

/** The parameters without their names, so that ox decodes every tuple as a list by position, never an object. */
function nameless(parameter: Parameter): Parameter {
  return parameter.components
    ? { type: parameter.type, components: parameter.components.map(nameless) }
    : { type: parameter.type };
}

/** A decoded value in words, by its ABI type; tuples and arrays as their parts, by position. */
function argumentOf(label: string, parameter: Parameter, value: unknown): DecodedArgument {
  const { type } = parameter;
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  const items = Array.isArray(value) ? (value as readonly unknown[]) : [];
  if (array) {
    const element: Parameter = { ...parameter, type: array[1] ?? '' };
    return { name: label, type, parts: items.map((item, index) => argumentOf(`[${index}]`, element, item)) };
  }
  if (type === 'tuple') {
    const components = parameter.components ?? [];
    const labels = labelsOf(components);
    return {
      name: label,
      type,
      parts: components.map((component, index) => argumentOf(labels[index] ?? '', component, items[index])),
    };
  }
  return { name: label, type, text: scalarText(type, value) };
}

function scalarText(type: string, value: unknown): string {
  if (type === 'address' && typeof value === 'string') {
    try {
      return Address.checksum(value);
    } catch {
      return value;
    }
  }
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/** The call decoded with the interface registered for `to` (addresses compared without case), if any. */
export function decodeContractCall(
  to: string,
  data: Hex.Hex,
  interfaces: readonly RegisteredInterface[],
): CallDecoding {
  const selector = Hex.size(data) >= 4 ? Hex.slice(data, 0, 4) : data;
  const registered = interfaces.find((i) => i.smartContractAddress.toLowerCase() === to.toLowerCase());
  if (!registered) return { kind: 'noInterface', selector };
  const which = { interfaceId: registered.smartContractInterfaceId, interfaceLabel: registered.label };
  const abi = abiOf(registered.smartContractInterface);
  if ('problem' in abi) return { kind: 'mismatch', ...which, selector, reason: abi.problem };
  return decodeCallWithAbi(data, abi.abi, which);
}

/**
 * The call decoded with a given ABI (a registered interface's, or a table of well-known signatures), by the same
 * rules: arguments by position, labelled by name, name problems found.
 */
export function decodeCallWithAbi(
  data: Hex.Hex,
  abi: readonly unknown[],
  which: { readonly interfaceId: string; readonly interfaceLabel: string },
): CallDecoding {
  const selector = Hex.size(data) >= 4 ? Hex.slice(data, 0, 4) : data;
  const mismatch = (reason: string, signature?: string): CallDecoding => ({
    kind: 'mismatch',
    ...which,
    selector,
    reason,
    ...(signature === undefined ? {} : { signature }),
  });
  if (Hex.size(data) < 4) return mismatch(`the data is ${Hex.size(data)} bytes, shorter than a function selector`);
  let fn: AbiFunction.AbiFunction;
  try {
    fn = AbiFunction.fromAbi(abi, selector);
  } catch {
    return mismatch(`no function of the registered interface has the selector ${selector}`);
  }
  const inputs = fn.inputs as readonly Parameter[];
  let values: readonly unknown[];
  try {
    // Decoded without names: ox then gives each tuple as a list by position (an object keyed by name would keep
    // one of two components named alike, and turn one named `__proto__` into a prototype).
    values = inputs.length === 0 ? [] : AbiParameters.decode(inputs.map(nameless), Hex.slice(data, 4));
  } catch (error) {
    const signature = AbiItem.getSignature(fn);
    return mismatch(`the arguments do not decode as ${signature}: ${firstLine(error)}`, signature);
  }
  const labels = labelsOf(inputs);
  const args = inputs.map((input, index) => argumentOf(labels[index] ?? '', input, values[index]));
  const unread = unreadOf(inputs.map(nameless), values, Hex.size(data) > 4 ? Hex.slice(data, 4) : '0x');
  return {
    kind: 'decoded',
    ...which,
    functionName: fn.name,
    title: `${fn.name}(${args.map((a) => a.name).join(', ')})`,
    signature: AbiItem.getSignature(fn),
    selector,
    arguments: args,
    nameProblems: argumentNameProblems(inputs, fn.name),
    unread,
  };
}

const gwei = (wei: bigint): string => Value.formatGwei(wei);

/**
 * Decodes an unsigned Ethereum transaction (hex, 0x optional) of a sign_transaction intent, with the
 * organization's registered interfaces for its call.
 */
export function decodeEthereumTransaction(
  unsignedTransaction: string,
  interfaces: readonly RegisteredInterface[],
): TransactionDecoding {
  const read = decodeUnsignedTransaction(unsignedTransaction);
  if ('problem' in read) return { ok: false, problem: read.problem };
  const tx = read.transaction;
  if (tx.type !== 'legacy' && tx.type !== 'eip2930' && tx.type !== 'eip1559')
    return { ok: false, problem: `a ${String(tx.type)} transaction cannot be reviewed here` };
  try {
    const type = tx.type;
    const value = tx.value ?? 0n;
    const data: Hex.Hex = tx.data ?? tx.input ?? '0x';
    const to = tx.to ? Address.checksum(tx.to) : undefined;
    const fees: { name: string; wei: string; gwei: string }[] = [];
    const fee = (name: string, wei: bigint | undefined) => {
      if (wei !== undefined) fees.push({ name, wei: wei.toString(), gwei: gwei(wei) });
    };
    if (tx.type === 'eip1559') {
      fee('maxFeePerGas', tx.maxFeePerGas);
      fee('maxPriorityFeePerGas', tx.maxPriorityFeePerGas);
    } else fee('gasPrice', 'gasPrice' in tx ? tx.gasPrice : undefined);
    const accessList = 'accessList' in tx && Array.isArray(tx.accessList) ? tx.accessList.length : 0;
    const call: CallDecoding =
      to === undefined
        ? { kind: 'contractCreation' }
        : data === '0x'
          ? { kind: 'transfer' }
          : decodeContractCall(to, data, interfaces);
    return {
      ok: true,
      transaction: {
        kind: 'ethereum',
        transactionType: type,
        chainId: tx.chainId === undefined ? undefined : String(tx.chainId),
        to,
        valueWei: value.toString(),
        valueEth: Value.formatEther(value),
        nonce: String(tx.nonce ?? 0n),
        gasLimit: String(tx.gas ?? 0n),
        fees,
        accessListEntries: accessList,
        data,
        dataBytes: Hex.size(data),
        call,
      },
    };
  } catch (error) {
    return { ok: false, problem: `the transaction could not be read: ${firstLine(error)}` };
  }
}

export interface DecodedRawPayload {
  readonly payload: string;
  readonly encoding: string;
  readonly hashFunction: string;
  /** The payload's bytes, when the encoding says how to read them. */
  readonly bytes: number | undefined;
  /** The payload as text, when its bytes are printable UTF-8. */
  readonly text: string | undefined;
  /** The digest that will be signed (hex without 0x), or why it cannot be computed. */
  readonly digest: string | undefined;
  readonly problem: string | undefined;
}

/** Printable: valid UTF-8 with no control character other than tab, line feed and carriage return. */
function printableText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  return text.length > 0 && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? text : undefined;
}

/** A sign_raw_payload intent in words: what is signed, how it is read and hashed, and its text when printable. */
export function decodeRawPayload(intent: {
  readonly payload: string;
  readonly encoding: SignRawPayloadParameters['encoding'];
  readonly hashFunction: SignRawPayloadParameters['hashFunction'];
}): DecodedRawPayload {
  const base = { payload: intent.payload, encoding: intent.encoding, hashFunction: intent.hashFunction };
  let bytes: Uint8Array | undefined;
  if (intent.encoding === 'PAYLOAD_ENCODING_TEXT_UTF8') bytes = new TextEncoder().encode(intent.payload);
  else if (intent.encoding === 'PAYLOAD_ENCODING_HEXADECIMAL') {
    const hex = intent.payload.trim().replace(/^0x/, '');
    if (/^(?:[0-9a-fA-F]{2})*$/.test(hex)) bytes = Hex.toBytes(`0x${hex}`);
  }
  let digest: string | undefined;
  let problem: string | undefined;
  if (intent.encoding === 'PAYLOAD_ENCODING_TEXT_UTF8' || intent.encoding === 'PAYLOAD_ENCODING_HEXADECIMAL') {
    const computed = payloadDigest({ ...intent, encoding: intent.encoding });
    if ('problem' in computed) problem = computed.problem;
    else digest = computed.digest;
  }
  return {
    ...base,
    bytes: bytes?.length,
    text: bytes ? printableText(bytes) : undefined,
    digest,
    problem,
  };
}
