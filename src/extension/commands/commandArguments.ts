/**
 * How VS Code calls a command, read by one zod schema per command. The calls are: no argument (palette,
 * keybinding), `(node, node[])` from a tree's inline or context menu (multi-select included), `(Uri, Uri[])` from
 * the explorer and editor menus, a plain id string or an options object from other commands and tests, and the
 * selected row that a view's title button receives. A first argument of a kind the command does not take (a row of
 * another view, anything else) is refused: the command then runs without arguments and asks for what it needs.
 */
import * as vscode from 'vscode';
import * as z from 'zod';
import type { ArgumentKind, OptionFields } from './commandDescriptor';
import { optionsSchema } from './commandOptions';

/** The arguments to run the command with; `refused` says what was dropped. */
export interface CommandCall {
  readonly args: readonly unknown[];
  readonly refused?: string;
}

const treeRow = z.looseObject({ kind: z.string() });
const node = <K extends string>(kind: K) => z.looseObject({ kind: z.literal(kind), organizationId: z.string() });
/** An activity record itself (commands pass the one they hold), not a tree node. */
const activityRecord = z.looseObject({ id: z.string(), organizationId: z.string(), status: z.string() });
const uri = z.custom<vscode.Uri>((value) => value instanceof vscode.Uri);
/** An options object: plain, and not a tree row (rows carry `kind`). */
const options = z.custom<Record<string, unknown>>((value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'kind' in value) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
});

const firstArgument: ReadonlyArray<readonly [ArgumentKind, z.ZodType]> = [
  ['activity', z.union([node('activity'), activityRecord])],
  ['smartContractInterface', node('smartContractInterface')],
  ['privateKey', node('privateKey')],
  ['authenticator', node('authenticator')],
  ['uri', uri],
  ['id', z.string()],
  ['options', options],
];

/** `(node, node[])` and `(Uri, Uri[])`: the clicked item and the selection; the command acts on the clicked one. */
const selection = z.union([z.tuple([treeRow, z.array(treeRow)]), z.tuple([uri, z.array(uri)])]);

function describe(value: unknown): string {
  const row = treeRow.safeParse(value);
  if (row.success) return `a row of kind "${row.data.kind}"`;
  if (Array.isArray(value)) return 'a list';
  return value === null ? 'null' : `a value of type ${typeof value}`;
}

/**
 * Reads each options object among the arguments through the schema; the first malformed one is refused. The first
 * argument is one only when it is of no other kind (an activity record is plain too).
 */
function readOptions(args: readonly unknown[], first: ArgumentKind, schema: z.ZodType | undefined): CommandCall {
  if (!schema) return { args };
  const read: unknown[] = [];
  for (const [index, arg] of args.entries()) {
    if ((index === 0 && first !== 'options') || !options.safeParse(arg).success) {
      read.push(arg);
      continue;
    }
    const parsed = schema.safeParse(arg);
    if (!parsed.success) {
      const problem = parsed.error.issues[0];
      const field = problem?.path.join('.') ?? '';
      return { args: [], refused: `an options object whose "${field}" is malformed (${problem?.message ?? ''})` };
    }
    read.push(parsed.data);
  }
  return { args: read };
}

/**
 * The schema of one command's arguments, from the kinds of first argument it takes and the fields of its options
 * object.
 */
export function commandArguments(
  accepts: readonly ArgumentKind[],
  fields?: OptionFields,
): z.ZodType<CommandCall, unknown[]> {
  const optionsFields = fields ? optionsSchema(fields) : undefined;
  return z.array(z.unknown()).transform((args): CommandCall => {
    if (args.length === 0) return { args: [] };
    const given = selection.safeParse(args).success ? args.slice(0, 1) : args;
    const kind = firstArgument.find(([, schema]) => schema.safeParse(given[0]).success)?.[0];
    if (kind !== undefined && accepts.includes(kind)) return readOptions(given, kind, optionsFields);
    return { args: [], refused: describe(given[0]) };
  });
}
