/**
 * Where a multicall keeps its calls. A self-multicall (`multicall(bytes[] data)`, Uniswap's and OpenZeppelin's)
 * calls its own contract with each item of a `bytes[]`; Multicall3's `aggregate3` and its siblings call a target of
 * their own with each item of a list of tuples. Known by the canonical signature, whatever the interface names its
 * arguments; read by position from arguments that ox decoded. Pure.
 */
import type { DecodedArgument } from '../abi/callDecoder';

/** One call a multicall makes: its target (undefined: the multicall's own contract) and calldata. */
export interface MulticallEntry {
  readonly target: string | undefined;
  readonly data: string;
  readonly allowFailure: boolean | undefined;
  /** The wei it sends (aggregate3Value), exact. */
  readonly valueWei: string | undefined;
}

interface Shape {
  /** The argument that holds the calls. */
  readonly argument: number;
  /** For a list of tuples, the position of each field; undefined for a self-multicall's `bytes[]`. */
  readonly fields?: {
    readonly target: number;
    readonly data: number;
    readonly allowFailure?: number;
    readonly value?: number;
  };
}

const TARGET_AND_DATA = { target: 0, data: 1 };

/** The shapes by canonical signature. */
const SHAPES: ReadonlyMap<string, Shape> = new Map<string, Shape>([
  ['multicall(bytes[])', { argument: 0 }],
  ['multicall(uint256,bytes[])', { argument: 1 }],
  ['multicall(bytes32,bytes[])', { argument: 1 }],
  ['aggregate((address,bytes)[])', { argument: 0, fields: TARGET_AND_DATA }],
  ['tryAggregate(bool,(address,bytes)[])', { argument: 1, fields: TARGET_AND_DATA }],
  ['blockAndAggregate((address,bytes)[])', { argument: 0, fields: TARGET_AND_DATA }],
  ['tryBlockAndAggregate(bool,(address,bytes)[])', { argument: 1, fields: TARGET_AND_DATA }],
  ['aggregate3((address,bool,bytes)[])', { argument: 0, fields: { target: 0, allowFailure: 1, data: 2 } }],
  [
    'aggregate3Value((address,bool,uint256,bytes)[])',
    { argument: 0, fields: { target: 0, allowFailure: 1, value: 2, data: 3 } },
  ],
]);

export interface MulticallReading {
  /** The position of the argument that holds the calls. */
  readonly argument: number;
  /** Each call has a target of its own (Multicall3), rather than the multicall's own contract. */
  readonly targeted: boolean;
  readonly entries: readonly MulticallEntry[];
}

const isHex = (text: string | undefined): text is string => text !== undefined && /^0x(?:[0-9a-fA-F]{2})*$/.test(text);

/** The calls of a decoded multicall, in order; undefined when the signature is not a multicall's. */
export function readMulticall(call: {
  readonly signature: string;
  readonly arguments: readonly DecodedArgument[];
}): MulticallReading | undefined {
  const shape = SHAPES.get(call.signature);
  if (!shape) return undefined;
  const items = call.arguments[shape.argument]?.parts ?? [];
  const fields = shape.fields;
  const entries = items.map((item): MulticallEntry => {
    if (!fields)
      return {
        target: undefined,
        data: isHex(item.text) ? item.text : '0x',
        allowFailure: undefined,
        valueWei: undefined,
      };
    const field = (index: number | undefined) => (index === undefined ? undefined : item.parts?.[index]?.text);
    const data = field(fields.data);
    const allowFailure = field(fields.allowFailure);
    return {
      target: field(fields.target) ?? '',
      data: isHex(data) ? data : '0x',
      allowFailure: allowFailure === undefined ? undefined : allowFailure === 'true',
      valueWei: field(fields.value),
    };
  });
  return { argument: shape.argument, targeted: fields !== undefined, entries };
}
