/**
 * What a command family gives the registry: one descriptor per command, holding its id, its failure sentence (whole
 * and localized), the schema of its arguments and what it runs with the input that schema reads. The registry
 * builds everything else from these.
 */
import type { CommandId } from '../commandIds';
import type { ArgumentsSchema } from './commandArguments';

export interface CommandDescriptor<T = unknown> {
  readonly id: CommandId;
  /** The sentence shown when the command fails with an error that has no words of its own. */
  readonly failure: () => string;
  /** The call forms it takes, each read into its handler's input; any other call is refused before it runs. */
  readonly args: ArgumentsSchema<T>;
  /** Whether a view's title shows it: the button receives the selected row, which it does not act on. */
  readonly fromViewTitle?: boolean;
  readonly run: (input: T) => unknown;
}

/** Declares one command, typing its handler by its schema; the registry holds them all as one type. */
export function command<T>(descriptor: CommandDescriptor<T>): CommandDescriptor {
  return descriptor as unknown as CommandDescriptor;
}

/** A command that failed, as the user was told. Tests listen to this instead of reading notifications. */
export interface CommandFailure {
  readonly command: CommandId;
  readonly error: unknown;
  readonly message: string;
}

/** Runs the command `id` with the arguments it was given (commandTable.ts). */
export type CommandRunner = (id: CommandId, given: unknown[]) => Promise<unknown>;
