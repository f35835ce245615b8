/**
 * ERC-7730 clear-signing descriptors, as far as a reviewer needs them: for contract calls, which contract (chain
 * and address) a file describes, its token's ticker and decimals, and for each function the intent ("Send") and
 * its fields' labels and formats, `tokenAmount` with where its token is found, `date` with its encoding; for
 * EIP-712 messages (an `eip712` context), the domain they are bound to and the same for each message type
 * (clearSigningMessages.ts matches them). Groups of fields are read with their paths joined. Our own reading of the
 * public format, checked with zod; what it does not need (enums, factories, includes, `visible`: every field is
 * shown) is ignored, and a file that is neither is refused with the reason. Pure, never throws.
 */
import * as AbiFunction from 'ox/AbiFunction';
import * as TypedData from 'ox/TypedData';
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
  /** A group: its fields' paths are under its own. */
  fields: z.array(z.unknown()).optional(),
});

const formatSchema = z.object({
  intent: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
  fields: z.array(z.unknown()).optional(),
});

const eip712Schema = z.object({
  deployments: z.array(deploymentSchema).optional(),
  domain: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  domainSeparator: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
  schemas: z.array(z.unknown()).optional(),
});

const descriptorSchema = z.object({
  context: z.union([
    z.object({ contract: z.object({ deployments: z.array(deploymentSchema).min(1) }) }),
    z.object({ eip712: eip712Schema }),
  ]),
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
  /** For `date`: `timestamp` (seconds) or `blockheight`. */
  readonly encoding: string | undefined;
}

export interface ClearSigningFormat {
  readonly intent: string | undefined;
  readonly fields: readonly ClearSigningField[];
}

/** How an `eip712` descriptor binds to a message's domain: each must hold (ERC-7730's `context.eip712`). */
export interface MessageBinding {
  /** Values the domain must have, by key (`name`, `chainId`, `verifyingContract`…), as text. */
  readonly domain: Readonly<Record<string, string>>;
  /** The domain's hash, when the descriptor binds to it. */
  readonly domainSeparator: string | undefined;
  /** `encodeType` of a primary type, by its name, from the descriptor's schemas. */
  readonly schemas: ReadonlyMap<string, string>;
}

/** The format of one message type: `key` is `encodeType` of its primary type, or the primary type's bare name. */
export interface ClearSigningMessage extends ClearSigningFormat {
  readonly key: string;
}

export interface ClearSigningDescriptor {
  /** Where the descriptor was read from (a file name), named wherever its facts are shown. */
  readonly source: string;
  /** A contract's calls, or EIP-712 messages (whose deployments are their verifying contracts). */
  readonly kind: 'calldata' | 'eip712';
  readonly deployments: readonly { readonly chainId: string; readonly address: string }[];
  readonly owner: string | undefined;
  readonly token: { readonly ticker: string | undefined; readonly decimals: number } | undefined;
  /** By selector, lower-case `0x` and 8 hex digits. */
  readonly formats: ReadonlyMap<string, ClearSigningFormat>;
  /** For `eip712`: the binding and the message formats. */
  readonly binding?: MessageBinding;
  readonly messages?: readonly ClearSigningMessage[];
}

export type DescriptorReading =
  { readonly ok: true; readonly descriptor: ClearSigningDescriptor } | { readonly ok: false; readonly problem: string };

/** A cheap look before parsing: the keys every descriptor has. */
export function mayBeClearSigningDescriptor(text: string): boolean {
  return (
    text.includes('"display"') &&
    text.includes('"formats"') &&
    (text.includes('"deployments"') || text.includes('"eip712"'))
  );
}

/**
 * A path as the summary writes it, under its group's: without the `#.` that marks the signed data (`#.amount` and
 * `amount` are the same), an array's element as `details[]` or `details[0]` (ERC-7730 writes `details.[]`). A path
 * from another root (`@.to`, `$.…`) is left as it is.
 */
function dataPath(path: string, group: string): string {
  if (path.startsWith('@.') || path.startsWith('$.')) return path;
  const own = (path.startsWith('#.') ? path.slice(2) : path).replace(/\.\[/g, '[');
  if (path.startsWith('#.') || group === '') return own;
  return own === '' ? group : `${group}.${own}`;
}

/** How deep groups of fields are read, and how many fields one format keeps. */
const MAX_GROUP_DEPTH = 4;
const MAX_FIELDS = 200;

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

/** The `encodeType` of each schema's primary type (ERC-7730 v1 binds a bare type name through its schemas). */
function schemasOf(raw: readonly unknown[]): Map<string, string> {
  const schemas = new Map<string, string>();
  for (const schema of raw) {
    const { primaryType, types } = (schema ?? {}) as { primaryType?: unknown; types?: unknown };
    if (typeof primaryType !== 'string' || typeof types !== 'object' || types === null) continue;
    try {
      schemas.set(primaryType, TypedData.encodeType({ primaryType, types: types as TypedData.TypedData }));
    } catch {
      // A schema that cannot be encoded binds nothing.
    }
  }
  return schemas;
}

/** A field with its `$ref` (`$.display.definitions.name`) filled in: the field's own keys win. */
function resolved(field: FieldInput, definitions: Readonly<Record<string, FieldInput>>): FieldInput {
  const ref = field.$ref;
  const name = ref?.startsWith('$.display.definitions.') ? ref.slice('$.display.definitions.'.length) : undefined;
  const base = name !== undefined && Object.hasOwn(definitions, name) ? definitions[name] : undefined;
  if (!base) return field;
  return { ...base, ...field, params: { ...base.params, ...field.params } };
}

function fieldsOf(
  raw: readonly unknown[],
  definitions: Readonly<Record<string, FieldInput>>,
  group = '',
  depth = 0,
  fields: ClearSigningField[] = [],
): ClearSigningField[] {
  for (const item of raw) {
    if (fields.length >= MAX_FIELDS) break;
    const parsed = fieldSchema.safeParse(item);
    if (!parsed.success) continue;
    const field = resolved(parsed.data, definitions);
    if (field.fields) {
      const under = dataPath(field.path ?? '', group);
      if (depth < MAX_GROUP_DEPTH) fieldsOf(field.fields, definitions, under, depth + 1, fields);
      continue;
    }
    if (field.path === undefined) continue;
    const params = field.params ?? {};
    const tokenPath = stringOf(params['tokenPath']);
    fields.push({
      path: dataPath(field.path, group),
      label: field.label,
      format: field.format,
      tokenPath: tokenPath === undefined ? undefined : dataPath(tokenPath, group),
      token: stringOf(params['token']),
      threshold: bigintOf(params['threshold']),
      message: stringOf(params['message']),
      encoding: stringOf(params['encoding']),
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
      problem: `${source} is not an ERC-7730 descriptor: ${where ? `${where}: ` : ''}${issue?.message ?? ''}`,
    };
  }
  const data = parsed.data;
  const definitions = data.display.definitions ?? {};
  const formatOf = (format: z.infer<typeof formatSchema>): ClearSigningFormat => ({
    intent: typeof format.intent === 'string' ? format.intent : Object.keys(format.intent ?? {})[0],
    fields: fieldsOf(format.fields ?? [], definitions),
  });
  const context = data.context;
  const token = data.metadata?.token;
  const common = {
    source,
    owner: data.metadata?.owner,
    token: token ? { ticker: token.ticker, decimals: token.decimals } : undefined,
  };
  const deploymentsOf = (list: readonly z.infer<typeof deploymentSchema>[]) =>
    list.map((d) => ({ chainId: String(d.chainId), address: d.address }));
  if ('eip712' in context) {
    const messages = Object.entries(data.display.formats).map(([key, format]) => ({
      key: key.trim(),
      ...formatOf(format),
    }));
    const eip712 = context.eip712;
    if (!eip712.deployments?.length && Object.keys(eip712.domain ?? {}).length === 0 && !eip712.domainSeparator)
      return {
        ok: false,
        problem: `${source} is not an ERC-7730 descriptor: context.eip712: it binds to no domain (deployments, domain or domainSeparator)`,
      };
    const binding: MessageBinding = {
      domain: Object.fromEntries(Object.entries(eip712.domain ?? {}).map(([k, v]) => [k, String(v)])),
      domainSeparator: eip712.domainSeparator?.toLowerCase(),
      schemas: schemasOf(eip712.schemas ?? []),
    };
    const deployments = deploymentsOf(eip712.deployments ?? []);
    return {
      ok: true,
      descriptor: { ...common, kind: 'eip712', deployments, formats: new Map(), binding, messages },
    };
  }
  const formats = new Map<string, ClearSigningFormat>();
  for (const [key, format] of Object.entries(data.display.formats)) {
    const selector = selectorOf(key);
    if (selector !== undefined) formats.set(selector, formatOf(format));
  }
  return {
    ok: true,
    descriptor: { ...common, kind: 'calldata', deployments: deploymentsOf(context.contract.deployments), formats },
  };
}

/**
 * The descriptor of the contract at this address on this chain, if one of them describes it: a calldata one first
 * (its calls' formats), else one of messages it verifies (its owner's name).
 */
export function descriptorFor(
  descriptors: readonly ClearSigningDescriptor[],
  chainId: string | undefined,
  address: string,
): ClearSigningDescriptor | undefined {
  const wanted = address.toLowerCase();
  const deploys = (d: ClearSigningDescriptor) =>
    d.deployments.some((x) => x.address.toLowerCase() === wanted && (chainId === undefined || x.chainId === chainId));
  return descriptors.find((d) => d.kind === 'calldata' && deploys(d)) ?? descriptors.find(deploys);
}
