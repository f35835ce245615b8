/**
 * The pieces every command's argument schema is made of, and the reading of a call (pure: no `vscode` at run time,
 * so that the schemas are tested in Node). VS Code calls a command with no argument (palette, keybinding without
 * arguments), `(node, node[])` from a tree's inline or context menu (the clicked row and the selection),
 * `(Uri, Uri[])` from the explorer and editor menus, the selected row from a view's title button, and whatever
 * another command, a link, the review page or another extension passes. Each command's schema lists the call forms
 * it takes, each turned into the one typed input its handler receives; a call of no listed form is refused with
 * what was wrong, before anything runs.
 */
import * as z from 'zod';
import type { Uri } from 'vscode';
import type { Activity } from '../../api';
import type {
  ActivityNode,
  AuthenticatorNode,
  PolicyNode,
  PrivateKeyNode,
  SmartContractInterfaceNode,
  SubOrganizationNode,
} from '../views/treeNodes';

/** A command's schema: from the arguments of a call (as `clickedArguments` leaves them) to its handler's input. */
export type ArgumentsSchema<T> = z.ZodType<T, unknown[]>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTreeRow(value: unknown): value is { readonly kind: string } {
  return isRecord(value) && typeof value['kind'] === 'string';
}

/** A `vscode.Uri`, told by its shape (the class is not loaded here). */
function isUri(value: unknown): value is Uri {
  return (
    isRecord(value) &&
    typeof value['scheme'] === 'string' &&
    typeof value['fsPath'] === 'string' &&
    typeof value['with'] === 'function'
  );
}

/** A plain object (not a tree row, not a class instance such as a Uri): what callers pass as named arguments. */
function isOptionsObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || 'kind' in value) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function isActivity(value: unknown): value is Activity {
  return (
    isRecord(value) &&
    typeof value['id'] === 'string' &&
    typeof value['organizationId'] === 'string' &&
    typeof value['status'] === 'string'
  );
}

function rowOf<N extends { readonly kind: string }>(kind: N['kind'], field: string) {
  return z.custom<N>(
    (value) =>
      isTreeRow(value) &&
      value.kind === kind &&
      typeof (value as Record<string, unknown>)['organizationId'] === 'string' &&
      isRecord((value as Record<string, unknown>)[field]),
  );
}

/**
 * The arguments as the command reads them: trailing `undefined`s dropped, and of `(row, rows)` or `(Uri, Uris)`
 * only the clicked one kept (a command acts on the row it was run from).
 */
export function clickedArguments(given: readonly unknown[]): unknown[] {
  const args = [...given];
  const dropTrailing = () => {
    while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
  };
  dropTrailing();
  if (args.length === 2 && Array.isArray(args[1]) && (args[0] === undefined || isTreeRow(args[0]) || isUri(args[0]))) {
    args.pop();
    dropTrailing();
  }
  return args;
}

// The arguments themselves.

export const activityNode = rowOf<ActivityNode>('activity', 'activity');
export const smartContractInterfaceNode = rowOf<SmartContractInterfaceNode>(
  'smartContractInterface',
  'smartContractInterface',
);
export const privateKeyNode = rowOf<PrivateKeyNode>('privateKey', 'privateKey');
export const authenticatorNode = rowOf<AuthenticatorNode>('authenticator', 'authenticator');
export const subOrganizationNode = z.custom<SubOrganizationNode>(
  (value) =>
    isTreeRow(value) &&
    value.kind === 'subOrganization' &&
    typeof (value as Record<string, unknown>)['subOrganizationId'] === 'string' &&
    typeof (value as Record<string, unknown>)['name'] === 'string',
);
/** Any row of a view: what a view's title button receives when a row is selected. */
export const anyTreeRow = z.custom<{ readonly kind: string }>(isTreeRow);
export const uri = z.custom<Uri>(isUri);
/** An activity: its row, or the record itself (commands pass the one they hold). */
export const activity = z.union([activityNode.transform((node) => node.activity), z.custom<Activity>(isActivity)]);
/** An id, a fingerprint or a path given as a string: trimmed, and never blank. */
export const idText = z.string().trim().min(1);

/** Named arguments: a plain object whose fields are read by `shape`; fields it does not name are dropped. */
export function options<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.custom<Record<string, unknown>>(isOptionsObject).pipe(z.object(shape));
}

/** A policy named by its row (which knows its organization) or by `{ policyId }` (the active profile's). */
export interface PolicyInput {
  readonly policyId: string;
  readonly organizationId?: string | undefined;
}

const policyNode = z.custom<PolicyNode>(
  (value) =>
    isTreeRow(value) &&
    value.kind === 'policy' &&
    typeof (value as Record<string, unknown>)['organizationId'] === 'string' &&
    typeof (value as Record<string, unknown>)['policyId'] === 'string',
);

export const policyArgument: ArgumentsSchema<PolicyInput> = z.union([
  z
    .tuple([policyNode])
    .transform(([node]): PolicyInput => ({ policyId: node.policyId, organizationId: node.organizationId })),
  z.tuple([options({ policyId: idText })]).transform(([given]): PolicyInput => ({ policyId: given.policyId })),
]);

/** A string field: trimmed; blank, null and absent all read as absent. */
export const optionalString = z
  .string()
  .nullish()
  .transform((value) => {
    const trimmed = value?.trim();
    return trimmed === '' ? undefined : trimmed;
  });
/** A text field kept as given (a name may start with a space); null reads as absent. */
export const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);
export const optionalBoolean = z
  .boolean()
  .nullish()
  .transform((value) => value ?? undefined);
/** A list of ids: each trimmed, blank ones dropped. */
export const optionalStrings = z
  .array(z.string())
  .nullish()
  .transform((value) => value?.map((item) => item.trim()).filter((item) => item !== ''));
/** A file named by a Uri or by a path. */
export const optionalFile = z
  .union([uri, z.string().trim().min(1)])
  .nullish()
  .transform((value) => value ?? undefined);

/** The call without arguments. */
export const noArguments = z.tuple([]);

/** The schema of a command that takes no argument. */
export function nothing(): ArgumentsSchema<Record<string, never>> {
  return noArguments.transform(() => ({}) as Record<string, never>);
}

/** Why a call was refused, in data: the registry says it in the user's language. */
export type Refusal =
  | { readonly reason: 'field'; readonly field: string; readonly detail: string }
  | { readonly reason: 'row'; readonly row: string }
  | { readonly reason: 'value'; readonly type: string }
  | { readonly reason: 'count'; readonly count: number }
  | { readonly reason: 'missing' };

export type ReadCall<T> = { readonly ok: true; readonly input: T } | { readonly ok: false; readonly refusal: Refusal };

interface FoundIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Every leaf issue of an error, through the branches of unions. */
function leafIssues(issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[] = []): FoundIssue[] {
  return issues.flatMap((issue): FoundIssue[] => {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      return issue.errors.flatMap((branch) => leafIssues(branch, path));
    }
    return [{ path, message: issue.message }];
  });
}

function refusalOf(args: readonly unknown[], error: z.ZodError): Refusal {
  // The deepest problem is inside a named argument when some form took the object and one of its fields did not fit.
  const deepest = leafIssues(error.issues).reduce<FoundIssue | undefined>(
    (best, issue) => (best === undefined || issue.path.length > best.path.length ? issue : best),
    undefined,
  );
  if (deepest && deepest.path.length >= 2 && isOptionsObject(args[Number(deepest.path[0])])) {
    return { reason: 'field', field: deepest.path.slice(1).map(String).join('.'), detail: deepest.message };
  }
  if (args.length === 0) return { reason: 'missing' };
  const wrong = args.find((arg) => !isOptionsObject(arg)) ?? args[0];
  if (isTreeRow(wrong)) return { reason: 'row', row: wrong.kind };
  if (args.length > 2) return { reason: 'count', count: args.length };
  if (wrong === null) return { reason: 'value', type: 'null' };
  if (Array.isArray(wrong)) return { reason: 'value', type: 'array' };
  return { reason: 'value', type: typeof wrong };
}

/** Reads one call through a command's schema: its handler's input, or why it was refused. */
export function readCall<T>(schema: ArgumentsSchema<T>, given: readonly unknown[]): ReadCall<T> {
  const args = clickedArguments(given);
  const parsed = schema.safeParse(args);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, refusal: refusalOf(args, parsed.error) };
}
