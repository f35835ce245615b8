/**
 * What a command family gives the registry: one descriptor per command, holding its id, the words of its failure
 * message, the arguments it takes and what it runs. The registry builds everything else from these.
 */
import type { CommandId } from '../commandIds';

/** What a command may receive as its first argument. */
export type ArgumentKind =
  'activity' | 'smartContractInterface' | 'privateKey' | 'authenticator' | 'uri' | 'id' | 'options';

/**
 * How one field of a command's options object is read: `string` trimmed (blank counts as absent), `text` as given,
 * `boolean`, `strings` a list of strings (each trimmed, blank ones dropped). Absent and null fields are undefined.
 */
export type OptionKind = 'string' | 'text' | 'boolean' | 'strings';
export type OptionFields = Readonly<Record<string, OptionKind>>;
type OptionValue<K extends OptionKind> = K extends 'boolean'
  ? boolean
  : K extends 'strings'
    ? readonly string[]
    : string;
/** A command's options object as its handler receives it, read by the schema built from its fields. */
export type Options<F extends OptionFields> = { readonly [K in keyof F]?: OptionValue<F[K]> };

/**
 * The options object among a command's arguments. The registry has read it through the command's schema (a
 * malformed one is refused before the command runs), so what reaches here has the declared types.
 */
export function optionsOf<F extends OptionFields>(
  _fields: F,
  value: unknown,
): Options<F> & Readonly<Record<string, unknown>> {
  const plain = typeof value === 'object' && value !== null && !Array.isArray(value) && !('kind' in value);
  const prototype = plain ? (Object.getPrototypeOf(value) as unknown) : undefined;
  return plain && (prototype === Object.prototype || prototype === null) ? (value as Options<F>) : {};
}

export interface CommandDescriptor {
  readonly id: CommandId;
  /** What the command does, in the words of "Countersign: could not <action>.". */
  readonly action: string;
  /** The first arguments it understands; any other is refused and the command runs without it (and asks). */
  readonly accepts: readonly ArgumentKind[];
  /** The fields of its options object, when it takes one; the schema that reads them is built on first run. */
  readonly options?: OptionFields;
  readonly run: (...args: unknown[]) => unknown;
}

/** A command that failed, as the user was told. Tests listen to this instead of reading notifications. */
export interface CommandFailure {
  readonly command: CommandId;
  readonly error: unknown;
  readonly message: string;
}

/** Runs the command `id` with the arguments it was given (commandTable.ts). */
export type CommandRunner = (id: CommandId, given: unknown[]) => Promise<unknown>;
