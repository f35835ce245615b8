/**
 * Checks a Solidity JSON ABI entry by entry (the Contract ABI Specification), with zod, and reports the
 * first problems with their place: "entry 3 (function transfer): inputs[1].type is missing".
 */
import * as z from 'zod';

const SOLIDITY_TYPE =
  /^(tuple|address|bool|string|bytes([1-9]|[12][0-9]|3[0-2])?|u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?|u?fixed(\d+x\d+)?|function)(\[\d*\])*$/;

export interface AbiParameter {
  readonly name?: string | undefined;
  readonly type: string;
  readonly internalType?: string | undefined;
  readonly indexed?: boolean | undefined;
  readonly components?: readonly AbiParameter[] | undefined;
}

const parameterSchema: z.ZodType<AbiParameter> = z.lazy(() =>
  z
    .looseObject({
      name: z.string().optional(),
      type: z
        .string({ error: (issue) => (issue.input === undefined ? 'is missing' : 'must be a string') })
        .regex(SOLIDITY_TYPE, 'is not a Solidity type'),
      internalType: z.string().optional(),
      indexed: z.boolean().optional(),
      components: z.array(parameterSchema).optional(),
    })
    .superRefine((p, ctx) => {
      if (p.type.startsWith('tuple') && !p.components) {
        ctx.addIssue({ code: 'custom', message: 'is a tuple without components', path: ['components'] });
      }
    }),
);

const parameters = z.array(parameterSchema, { error: 'must be an array of parameters' });
const stateMutability = z.enum(['pure', 'view', 'nonpayable', 'payable']);
const named = z
  .string({ error: (issue) => (issue.input === undefined ? 'is missing' : 'must be a string') })
  .min(1, 'is empty');

export const abiEntrySchema = z.discriminatedUnion(
  'type',
  [
    z.looseObject({
      type: z.literal('function'),
      name: named,
      inputs: parameters,
      outputs: parameters.optional(),
      stateMutability: stateMutability.optional(),
    }),
    z.looseObject({ type: z.literal('event'), name: named, inputs: parameters, anonymous: z.boolean().optional() }),
    z.looseObject({ type: z.literal('error'), name: named, inputs: parameters }),
    z.looseObject({ type: z.literal('constructor'), inputs: parameters, stateMutability: stateMutability.optional() }),
    z.looseObject({ type: z.literal('fallback'), stateMutability: stateMutability.optional() }),
    z.looseObject({ type: z.literal('receive'), stateMutability: z.literal('payable').optional() }),
  ],
  { error: 'is not function, event, error, constructor, fallback or receive' },
);
export type AbiEntry = z.infer<typeof abiEntrySchema>;

export interface AbiValidation {
  readonly entries: AbiEntry[];
  /** Problems that block sending, each with its place. Empty when the ABI is valid. */
  readonly errors: string[];
  /** Things worth a look that do not block: unnamed inputs, duplicate signatures. */
  readonly warnings: string[];
  /** The same problems with their place (entry index and path inside it), for an editor to point at. */
  readonly issues: AbiIssue[];
}

/** One problem of an ABI: `index` is the entry (undefined for the ABI as a whole), `path` the place inside it. */
export interface AbiIssue {
  readonly severity: 'error' | 'warning';
  readonly index: number | undefined;
  readonly path: readonly (string | number)[];
  readonly message: string;
}

function describeEntry(index: number, raw: unknown): string {
  if (typeof raw === 'object' && raw !== null) {
    const { type, name } = raw as Record<string, unknown>;
    const kind = typeof type === 'string' ? type : 'function';
    return typeof name === 'string' && name ? `entry ${index} (${kind} ${name})` : `entry ${index} (${kind})`;
  }
  return `entry ${index}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out;
}

function signature(entry: AbiEntry): string | undefined {
  if (entry.type !== 'function' && entry.type !== 'event' && entry.type !== 'error') return undefined;
  const typeOf = (p: AbiParameter): string =>
    p.type.startsWith('tuple') ? `(${(p.components ?? []).map(typeOf).join(',')})${p.type.slice(5)}` : p.type;
  return `${entry.type} ${entry.name}(${entry.inputs.map(typeOf).join(',')})`;
}

/** Validates an ABI (an already parsed JSON value). A missing `type` means "function", as in the spec. */
export function validateAbi(value: unknown): AbiValidation {
  if (!Array.isArray(value)) {
    const message = 'The ABI must be a JSON array of entries.';
    return { entries: [], errors: [message], warnings: [], issues: [wholeIssue(message)] };
  }
  if (value.length === 0) {
    const message = 'The ABI is an empty array: it describes no function, event or error.';
    return { entries: [], errors: [message], warnings: [], issues: [wholeIssue(message)] };
  }
  const entries: AbiEntry[] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  const issues: AbiIssue[] = [];
  const error = (index: number, path: readonly (string | number)[], message: string) => {
    errors.push(message);
    issues.push({ severity: 'error', index, path, message });
  };
  const warning = (index: number, path: readonly (string | number)[], message: string) => {
    warnings.push(message);
    issues.push({ severity: 'warning', index, path, message });
  };
  const seen = new Set<string>();
  value.forEach((raw: unknown, index) => {
    const withType = typeof raw === 'object' && raw !== null && !('type' in raw) ? { ...raw, type: 'function' } : raw;
    const where = describeEntry(index, raw);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      error(index, [], `${where}: must be an object`);
      return;
    }
    const parsed = abiEntrySchema.safeParse(withType);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 3)) {
        const at = formatPath(issue.path);
        const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
        error(index, path, at ? `${where}: ${at} ${issue.message}` : `${where}: ${issue.message}`);
      }
      return;
    }
    const entry = parsed.data;
    entries.push(entry);
    if (entry.type === 'function' || entry.type === 'event' || entry.type === 'error') {
      entry.inputs.forEach((input, i) => {
        if (!input.name) warning(index, ['inputs', i], `${where}: input ${i} (${input.type}) has no name`);
      });
      const sig = signature(entry);
      if (sig && seen.has(sig)) warning(index, [], `${where}: ${sig} is declared twice`);
      if (sig) seen.add(sig);
    }
  });
  return { entries, errors: errors.slice(0, 20), warnings, issues: issues.slice(0, 200) };
}

function wholeIssue(message: string): AbiIssue {
  return { severity: 'error', index: undefined, path: [], message };
}
