/** The shape every command family gives the registry. */
import type { CommandId } from '../commandIds';

export type Handler = (...args: unknown[]) => unknown;
export type HandlerMap = Partial<Record<CommandId, Handler>>;
