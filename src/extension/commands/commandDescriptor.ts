/**
 * What a command family gives the registry: one descriptor per command, holding its id, the words of its failure
 * message, the arguments it takes and what it runs. The registry builds everything else from these.
 */
import type { CommandId } from '../commandIds';
import type { ArgumentKind } from './commandArguments';

export interface CommandDescriptor {
  readonly id: CommandId;
  /** What the command does, in the words of "Countersign: could not <action>.". */
  readonly action: string;
  /** The first arguments it understands; any other is refused and the command runs without it (and asks). */
  readonly accepts: readonly ArgumentKind[];
  readonly run: (...args: unknown[]) => unknown;
}
