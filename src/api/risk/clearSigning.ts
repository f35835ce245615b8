/**
 * ERC-7730 clear-signing descriptors for contract calls, as far as a reviewer needs them: which contract (chain
 * and address) a file describes, its token's ticker and decimals, and for each function the intent ("Send") and
 * its fields' labels and formats, `tokenAmount` with where its token is found. Our own reading of the public
 * format, checked with zod; what it does not need (EIP-712 messages, enums, factories) is ignored, and a file that
 * is not a calldata descriptor is refused with the reason. Pure, never throws.
 */
import * as AbiFunction from 'ox/AbiFunction';
import * as z from 'zod';

const deploymentSchema = z.object({
  chainId: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
});

const fieldSchema = z.object({
  path: z.string().optional(),
  label: z.string().optional(),
  format: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  $ref: z.string().optional(),
});

const formatSchema = z.object({
  intent: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
  fields: z.array(z.unknown()).optional(),
});

const descriptorSchema = z.object({
  context: z.object({
    contract: z.object({ deployments: z.array(deploymentSchema).min(1) }),
  }),
  metadata: z
    .object({
      owner: z.string().optional(),
      token: z
        .object({
          name: z.string().optional(),
          ticker: z.string().optional(),
          decimals: z.number().int().min(0).max(77),
        })
        .optional(),
    })
    .optional(),
  display: z.object({
    definitions: z.record(z.string(), fieldSchema).optional(),
    formats: z.record(z.string(), formatSchema),
  }),
});

/** One field of a function's display: the argument it names (`amount`, or `@.to` for the transaction's). */
export interface ClearSigningField {
  readonly path: string;
  readonly label: string | undefined;
  readonly format: string | undefined;
  /** For `tokenAmount`: where the token's address is (`@.to`, an argument), or the address itself. */
  readonly tokenPath: string | undefined;
  readonly token: string | undefined;
  /** For `tokenAmount`: from this raw value up, `message` is shown instead ("Unlimited"). */
  readonly threshold: bigint | undefined;
  readonly message: string | undefined;
}

export interface ClearSigningFormat {
  readonly intent: string | undefined;
  readonly fields: readonly ClearSigningField[];
}

export interface ClearSigningDescriptor {
  /** Where the descriptor was read from (a file name), named wherever its facts are shown. */
  readonly source: string;
  readonly deployments: readonly { readonly chainId: string; readonly address: string }[];
  readonly owner: string | undefined;
  readonly token: { readonly ticker: string | undefined; readonly decimals: number } | undefined;
  /** By selector, lower-case `0x` and 8 hex digits. */
  readonly formats: ReadonlyMap<string, ClearSigningFormat>;
}

export type DescriptorReading =
  { readonly ok: true; readonly descriptor: ClearSigningDescriptor } | { readonly ok: false; readonly problem: string };

/** A cheap look before parsing: the keys every calldata descriptor has. */
export function mayBeClearSigningDescriptor(text: string): boolean {
  return text.includes('"display"') && text.includes('"formats"') && text.includes('"deployments"');
}

/** A path without the `#.` that marks the call's own data: `#.amount` and `amount` are the same argument. */
function argumentPath(path: string): string {
  return path.startsWith('#.') ? path.slice(2) : path;
}

function selectorOf(key: string): string | undefined {
  if (/^0x[0-9a-fA-F]{8}$/.test(key)) return key.toLowerCase();
  try {
    const signature: string = `function ${key}`;
    return AbiFunction.getSelector(AbiFunction.from(signature) as AbiFunction.AbiFunction).toLowerCase();
  } catch {
    return undefined;
  }
}

function bigintOf(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(value)) return BigInt(value);
  return undefined;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

type FieldInput = z.infer<typeof fieldSchema>;

/** A field with its `$ref` (`$.display.definitions.name`) filled in: the field's own keys win. */
function resolved(field: FieldInput, definitions: Readonly<Record<string, FieldInput>>): FieldInput {
  const ref = field.$ref;
  const name = ref?.startsWith('$.display.definitions.') ? ref.slice('$.display.definitions.'.length) : undefined;
  const base = name !== undefined && Object.hasOwn(definitions, name) ? definitions[name] : undefined;
  if (!base) return field;
  return { ...base, ...field, params: { ...base.params, ...field.params } };
}

function fieldsOf(raw: readonly unknown[], definitions: Readonly<Record<string, FieldInput>>): ClearSigningField[] {
  const fields: ClearSigningField[] = [];
  for (const item of raw) {
    const parsed = fieldSchema.safeParse(item);
    if (!parsed.success) continue;
    const field = resolved(parsed.data, definitions);
    if (field.path === undefined) continue;
    const params = field.params ?? {};
    fields.push({
      path: argumentPath(field.path),
      label: field.label,
      format: field.format,
      tokenPath: stringOf(params['tokenPath']),
      token: stringOf(params['token']),
      threshold: bigintOf(params['threshold']),
      message: stringOf(params['message']),
    });
  }
  return fields;
}

/** Reads one ERC-7730 calldata descriptor from its JSON text. */
export function parseClearSigningDescriptor(text: string, source: string): DescriptorReading {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `${source} is not valid JSON (${error instanceof Error ? error.message : ''})` };
  }
  const parsed = descriptorSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join('.') ?? '';
    return {
      ok: false,
      problem: `${source} is not an ERC-7730 calldata descriptor: ${where ? `${where}: ` : ''}${issue?.message ?? ''}`,
    };
  }
  const data = parsed.data;
  const definitions = data.display.definitions ?? {};
  const formats = new Map<string, ClearSigningFormat>();
  for (const [key, format] of Object.entries(data.display.formats)) {
    const selector = selectorOf(key);
    if (selector === undefined) continue;
    const intent = typeof format.intent === 'string' ? format.intent : Object.keys(format.intent ?? {})[0];
    formats.set(selector, { intent, fields: fieldsOf(format.fields ?? [], definitions) });
  }
  const token = data.metadata?.token;
  return {
    ok: true,
    descriptor: {
      source,
      deployments: data.context.contract.deployments.map((d) => ({
        chainId: String(d.chainId),
        address: d.address,
      })),
      owner: data.metadata?.owner,
      token: token ? { ticker: token.ticker, decimals: token.decimals } : undefined,
      formats,
    },
  };
}

/** The descriptor of the contract at this address on this chain, if one of them describes it. */
export function descriptorFor(
  descriptors: readonly ClearSigningDescriptor[],
  chainId: string | undefined,
  address: string,
): ClearSigningDescriptor | undefined {
  const wanted = address.toLowerCase();
  return descriptors.find((d) =>
    d.deployments.some((x) => x.address.toLowerCase() === wanted && (chainId === undefined || x.chainId === chainId)),
  );
}
