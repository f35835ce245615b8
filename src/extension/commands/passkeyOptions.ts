/** The arguments of the passkey commands: which passkey and its (new) name. Nothing skips a confirmation. */
import * as z from 'zod';
import {
  authenticatorNode,
  idText,
  noArguments,
  optionalString,
  optionalText,
  options,
  type ArgumentsSchema,
} from './commandArguments';

export interface PasskeyInput {
  /** The passkey's id: its row's, the id given as text, or `authenticatorId`. */
  readonly authenticatorId?: string | undefined;
  /** The (new) name; a blank one is asked for. */
  readonly name?: string | undefined;
}

const named = options({ authenticatorId: optionalString, name: optionalText });

/** Add Passkey: nothing, or `{ name? }`. */
export const addPasskeyArguments: ArgumentsSchema<PasskeyInput> = z.union([
  noArguments.transform((): PasskeyInput => ({})),
  z.tuple([named]).transform(([given]): PasskeyInput => ({ name: given.name })),
]);

/** Remove and Rename: nothing, a passkey row or id (optionally with `{ name? }`), or the named arguments. */
export const passkeyArguments: ArgumentsSchema<PasskeyInput> = z.union([
  noArguments.transform((): PasskeyInput => ({})),
  z
    .tuple([authenticatorNode])
    .transform(([node]): PasskeyInput => ({ authenticatorId: node.authenticator.authenticatorId })),
  z
    .tuple([authenticatorNode, named])
    .transform(([node, given]): PasskeyInput => ({ ...given, authenticatorId: node.authenticator.authenticatorId })),
  z.tuple([idText]).transform(([authenticatorId]): PasskeyInput => ({ authenticatorId })),
  z.tuple([idText, named]).transform(([authenticatorId, given]): PasskeyInput => ({ ...given, authenticatorId })),
  z.tuple([named]).transform(([given]): PasskeyInput => given),
]);
