/**
 * One text per ABI, whatever the compiler's order and spacing: entries sorted by type and signature, object keys
 * sorted, no whitespace. Two ABIs are equal when their canonical texts are. Also the label rules that link an
 * artifact (which carries no address) to the interfaces registered from it: `Counter`, `Counter v2`, `Counter v3`.
 * Pure and dependency-free: it works on parsed JSON values, valid or not, and never throws.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value with every object's keys sorted (arrays keep their order). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isRecord(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key]);
  return sorted;
}

/** The canonical type of a parameter: `(uint256,address)[]` for a tuple array. */
function parameterType(parameter: unknown): string {
  if (!isRecord(parameter)) return '?';
  const type = typeof parameter['type'] === 'string' ? parameter['type'] : '?';
  if (!type.startsWith('tuple')) return type;
  const components = Array.isArray(parameter['components']) ? parameter['components'] : [];
  return `(${components.map(parameterType).join(',')})${type.slice('tuple'.length)}`;
}

function parametersOf(value: unknown): string {
  return Array.isArray(value) ? value.map(parameterType).join(',') : '';
}

/** An entry's kind: `function` when it has no type, as the ABI specification says. */
export function abiEntryType(entry: unknown): string {
  if (!isRecord(entry)) return '?';
  return typeof entry['type'] === 'string' ? entry['type'] : 'function';
}

/** `transfer(address,uint256)` for a function, event or error; `constructor(uint256)`, `fallback()`, `receive()`. */
export function abiEntrySignature(entry: unknown): string {
  if (!isRecord(entry)) return JSON.stringify(entry) ?? '';
  const type = abiEntryType(entry);
  const name = typeof entry['name'] === 'string' ? entry['name'] : type;
  return `${name}(${parametersOf(entry['inputs'])})`;
}

/** A signature readable by a person: `transfer(address to, uint256 amount) returns (bool)`. */
export function abiEntryDeclaration(entry: unknown): string {
  if (!isRecord(entry)) return '';
  const named = (value: unknown): string =>
    Array.isArray(value)
      ? value
          .map((p) =>
            isRecord(p) && typeof p['name'] === 'string' && p['name']
              ? `${parameterType(p)} ${p['name']}`
              : parameterType(p),
          )
          .join(', ')
      : '';
  const name = typeof entry['name'] === 'string' ? entry['name'] : abiEntryType(entry);
  const outputs = named(entry['outputs']);
  return `${name}(${named(entry['inputs'])})${outputs ? ` returns (${outputs})` : ''}`;
}

const TYPE_ORDER = ['constructor', 'fallback', 'receive', 'function', 'event', 'error'];

function typeRank(type: string): number {
  const rank = TYPE_ORDER.indexOf(type);
  return rank === -1 ? TYPE_ORDER.length : rank;
}

/**
 * The ABI in canonical order: entries sorted by type, then signature (then their full text, so that the order
 * never depends on the input's), with their keys sorted. A value that is not an array is returned key-sorted.
 */
export function canonicalAbi(abi: unknown): unknown {
  if (!Array.isArray(abi)) return sortKeys(abi);
  const keyed = abi.map((entry) => ({
    entry: sortKeys(entry),
    type: abiEntryType(entry),
    signature: abiEntrySignature(entry),
  }));
  // Two entries of one signature (overloads differ by inputs, so rarely) are ordered by their whole text.
  keyed.sort(
    (a, b) =>
      typeRank(a.type) - typeRank(b.type) ||
      compare(a.type, b.type) ||
      compare(a.signature, b.signature) ||
      compare(JSON.stringify(a.entry), JSON.stringify(b.entry)),
  );
  return keyed.map((k) => k.entry);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The canonical text of an ABI: what two ABIs are compared by. */
export function canonicalAbiJson(abi: unknown): string {
  return JSON.stringify(canonicalAbi(abi));
}

/** The canonical ABI pretty-printed (two spaces), for reading and for the diff editor. */
export function prettyCanonicalAbi(abi: unknown): string {
  return `${JSON.stringify(canonicalAbi(abi), null, 2)}\n`;
}

/** The canonical text of an ABI held as JSON text (as the service stores it), or undefined when it is not JSON. */
export function canonicalAbiJsonOfText(text: string): string | undefined {
  try {
    return canonicalAbiJson(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export interface AbiSummaryLine {
  readonly type: string;
  readonly declaration: string;
}

/** The functions, then the events, of an ABI held as text, each with its declaration; [] when it is not JSON. */
export function abiFunctionsAndEvents(text: string): AbiSummaryLine[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines = canonicalAbi(value) as unknown[];
  const pick = (type: string) =>
    lines
      .filter((entry) => abiEntryType(entry) === type)
      .map((entry) => ({ type, declaration: abiEntryDeclaration(entry) }));
  return [...pick('function'), ...pick('event')];
}

const VERSION_SUFFIX = /^\s+v(\d+)$/i;

/**
 * Whether an interface's label names this contract: the contract name itself, or it followed by a version
 * (`Counter v2`). Returns the version (1 for the bare name) or undefined when the label is another contract's.
 */
export function labelVersion(label: string, contractName: string): number | undefined {
  const trimmed = label.trim();
  if (contractName === '' || !trimmed.startsWith(contractName)) return undefined;
  const rest = trimmed.slice(contractName.length);
  if (rest === '') return 1;
  const match = VERSION_SUFFIX.exec(rest);
  return match?.[1] ? Number(match[1]) : undefined;
}

/** The label for the next version of a contract's interface: `Counter v2`, or one past the highest taken. */
export function nextVersionLabel(contractName: string, labels: readonly string[]): string {
  const taken = labels.map((label) => labelVersion(label, contractName)).filter((v): v is number => v !== undefined);
  const highest = Math.max(1, ...taken);
  return `${contractName} v${highest + 1}`;
}
