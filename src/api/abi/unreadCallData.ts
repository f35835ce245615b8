/**
 * What a call's decoded arguments leave unread of its data: bytes past them, or data laid out otherwise than the
 * values encode (offsets with gaps, dirty padding, a word out of its type's range). The values are encoded again
 * by ox; only the sizes of heads are counted here, for data whose values do not encode again. Pure.
 */
import * as AbiParameters from 'ox/AbiParameters';
import * as Hex from 'ox/Hex';

/** An ABI parameter as the decoder reads it, without names. */
export interface Parameter {
  readonly type: string;
  readonly components?: readonly Parameter[];
}

const elementOf = (type: string) => /^(.*)\[(\d*)\]$/.exec(type);

/** Whether a parameter's encoding has a dynamic part (its head is then an offset). */
function isDynamic(parameter: Parameter): boolean {
  const array = elementOf(parameter.type);
  if (array) return array[2] === '' || isDynamic({ ...parameter, type: array[1] ?? '' });
  if (parameter.type === 'tuple') return (parameter.components ?? []).some(isDynamic);
  return parameter.type === 'bytes' || parameter.type === 'string';
}

/** The bytes of a parameter's head: a word for a scalar or an offset, its parts' heads for a static tuple or array. */
function headBytes(parameter: Parameter): number {
  if (isDynamic(parameter)) return 32;
  const array = elementOf(parameter.type);
  if (array) return Number(array[2]) * headBytes({ ...parameter, type: array[1] ?? '' });
  if (parameter.type === 'tuple') return (parameter.components ?? []).reduce((sum, c) => sum + headBytes(c), 0);
  return 32;
}

/**
 * What the decoded values leave unread of the data: the values encoded again by ox are what the function reads;
 * bytes past them, or data laid out otherwise (offsets with gaps, dirty padding), are not shown by the reading.
 */
export function unreadOf(
  parameters: readonly Parameter[],
  values: readonly unknown[],
  argumentData: Hex.Hex,
): { bytes: number; canonical: boolean } | undefined {
  const size = Hex.size(argumentData);
  let encoded: Hex.Hex;
  try {
    encoded = parameters.length === 0 ? '0x' : AbiParameters.encode(parameters, values);
  } catch {
    // A value out of its type's range (an int128 word with bits past 128): the data is not what the type holds.
    return { bytes: Math.max(0, size - parameters.reduce((sum, p) => sum + headBytes(p), 0)), canonical: false };
  }
  const needed = Hex.size(encoded);
  const canonical = argumentData.toLowerCase().startsWith(encoded.toLowerCase());
  if (canonical && size === needed) return undefined;
  return { bytes: Math.max(0, size - needed), canonical };
}
