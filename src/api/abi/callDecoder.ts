/**
 * A contract call's data decoded with an ABI: the interface the organization registered for the recipient, or a
 * table of well-known signatures. Arguments come by position, labelled by their names, with the names that
 * cannot be trusted found; what does not decode comes back as a mismatch in words, never a throw. Decoded by `ox`.
 */
import * as AbiFunction from 'ox/AbiFunction';
import * as AbiItem from 'ox/AbiItem';
import * as AbiParameters from 'ox/AbiParameters';
import * as Address from 'ox/Address';
import * as Hex from 'ox/Hex';
import { firstLine } from '../errorLine';
import { MAX_JSON_DEPTH, tooDeepAt } from './abiBounds';
import { argumentNameProblems, positionalLabel, type ArgumentNameProblem } from './argumentNames';
import { unreadOf } from './unreadCallData';

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
