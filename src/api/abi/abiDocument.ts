/**
 * An open JSON document seen as an ABI file: which contracts it holds, where each one's ABI is, its canonical
 * text when it is valid, and every problem at the place it concerns (an offset and a length in the text, found
 * with jsonc-parser, the parser VS Code itself uses). A JSON file that is none of the formats the reader knows is
 * `notAbi`, and has no problems: package.json or a tsconfig is never reported.
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { SMART_CONTRACT_INTERFACE_MAX_BYTES } from '../wireValues';
import {
  MAX_ABI_DOCUMENT_CHARS,
  MAX_CHECKED_ABI_BYTES,
  MAX_JSON_DEPTH,
  MAX_PLACED_PROBLEM_CHARS,
  megabytes,
  tooDeepAt,
} from './abiBounds';
import { abiPathKind } from './abiPaths';
import { canonicalAbiJson } from './canonicalAbi';
import { findJsonSyntaxProblem, lineAndColumn } from './jsonPositions';
import { abiContractsOfValue, type AbiFileFormat } from './readAbi';
import { validateAbi, type AbiValidation } from './validateAbi';

/** `json`: the text is not JSON (a syntax error, which a JSON editor underlines too); `size`: past a bound. */
export type AbiProblemKind = 'json' | 'file' | 'entry' | 'warning' | 'size';

export interface AbiDocumentProblem {
  readonly severity: 'error' | 'warning';
  readonly kind: AbiProblemKind;
  readonly message: string;
  /** Where in the text, in UTF-16 units (as an editor counts). */
  readonly offset: number;
  readonly length: number;
  /** The contract it concerns, when the file holds contracts. */
  readonly contractName?: string | undefined;
}

export interface AbiDocumentContract {
  readonly contractName: string | undefined;
  readonly format: AbiFileFormat;
  /** Where the ABI starts: its `"abi"` key in an artifact, the array itself in a plain ABI file. */
  readonly offset: number;
  /** The canonical ABI text, when the ABI is valid (warnings allowed) and within the service's size. */
  readonly canonicalJson: string | undefined;
  readonly errors: number;
  readonly warnings: number;
  readonly entries: number;
}

export type AbiDocumentAnalysis =
  | { readonly kind: 'notAbi' }
  | {
      readonly kind: 'abi';
      readonly contracts: readonly AbiDocumentContract[];
      readonly problems: readonly AbiDocumentProblem[];
    };

const NOT_ABI: AbiDocumentAnalysis = { kind: 'notAbi' };
const ENTRY_TYPES = new Set(['function', 'event', 'error', 'constructor', 'fallback', 'receive']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An array whose entries look like ABI entries (for a JSON file found outside the ABI folders). */
function looksLikeAbiArray(value: unknown[]): boolean {
  return value.some(
    (entry) =>
      isRecord(entry) &&
      ((typeof entry['type'] === 'string' && ENTRY_TYPES.has(entry['type'])) ||
        Array.isArray(entry['inputs']) ||
        typeof entry['stateMutability'] === 'string'),
  );
}

/** Whether the parsed value has the shape of one of the six formats (before its ABI is checked). */
function hasAbiShape(value: unknown, pathKind: 'abi' | 'other'): boolean {
  if (Array.isArray(value)) return pathKind === 'abi' || looksLikeAbiArray(value);
  if (!isRecord(value)) return false;
  if ('abi' in value) return true;
  if ('result' in value && 'status' in value && 'message' in value) return true;
  return isRecord(value['contracts']);
}

/** The nodes of each contract's ABI, in the order listAbiContracts gives the contracts. */
function abiNodes(root: Node, format: AbiFileFormat): Node[] {
  switch (format) {
    case 'plain':
      return [root];
    case 'etherscan':
      return [findNodeAtLocation(root, ['result']) ?? root];
    case 'hardhat':
    case 'truffle':
    case 'foundry':
      return [findNodeAtLocation(root, ['abi']) ?? root];
    case 'solc-combined':
    case 'solc-standard': {
      const contracts = findNodeAtLocation(root, ['contracts']);
      const found: Node[] = [];
      for (const property of contracts?.children ?? []) {
        const entry = property.children?.[1];
        if (entry?.type !== 'object') continue;
        const direct = findNodeAtLocation(entry, ['abi']);
        if (direct) {
          found.push(direct);
          continue;
        }
        for (const inner of entry.children ?? []) {
          const contract = inner.children?.[1];
          const abi = contract?.type === 'object' ? findNodeAtLocation(contract, ['abi']) : undefined;
          if (abi) found.push(abi);
        }
      }
      return found;
    }
  }
}

/** The most precise node for a path inside an entry: the deepest part of the path that exists. */
function nodeFor(entry: Node, path: readonly (string | number)[]): Node {
  for (let depth = path.length; depth > 0; depth--) {
    const node = findNodeAtLocation(entry, [...path.slice(0, depth)]);
    if (node) return node;
  }
  // The entry as a whole: point at its name (or its type), not at every line of it.
  return findNodeAtLocation(entry, ['name']) ?? findNodeAtLocation(entry, ['type']) ?? entry;
}

/** An ABI node's start: its property key (`"abi"`) when it is the value of one. */
function startOf(node: Node): { offset: number; length: number } {
  const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  if (key && key !== node) return { offset: key.offset, length: key.length };
  return { offset: node.offset, length: 1 };
}

export function analyzeAbiDocument(text: string, filePath: string): AbiDocumentAnalysis {
  const pathKind = abiPathKind(filePath);
  if (pathKind === 'excluded') return NOT_ABI;
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  const body = bom ? text.slice(1) : text;
  const fileName = filePath.split(/[\\/]/).pop();
  if (body.trim() === '') return NOT_ABI;

  // Bounded before anything walks the text (abiBounds.ts): a file past a bound is a problem, never a throw.
  if (body.length > MAX_ABI_DOCUMENT_CHARS) {
    if (pathKind !== 'abi') return NOT_ABI;
    return fileProblem(
      `This file is ${megabytes(body.length)}: ABI files are checked up to ${megabytes(MAX_ABI_DOCUMENT_CHARS)}, so its ABI is not. Save the contract's "abi" array alone in a .abi.json file to check and register it.`,
      body,
      bom,
      'warning',
    );
  }
  const deep = tooDeepAt(body);
  if (deep !== undefined) {
    if (pathKind !== 'abi') return NOT_ABI;
    const { line, column } = lineAndColumn(body, deep);
    const message = `The JSON nests deeper than ${MAX_JSON_DEPTH} levels (line ${line}, column ${column}), which no ABI or artifact does. Check that this is a compiled ABI or contract artifact.`;
    return {
      kind: 'abi',
      contracts: [],
      problems: [{ severity: 'error', kind: 'size', message, offset: deep + bom, length: 1 }],
    };
  }

  // JSON.parse first: it is several times faster than a parse with positions, which only problems need.
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    if (pathKind !== 'abi') return NOT_ABI;
    const syntax = findJsonSyntaxProblem(body) ?? { offset: 0, length: 1, line: 1, column: 1, reason: 'not JSON' };
    const message = `Not valid JSON (line ${syntax.line}, column ${syntax.column}): ${syntax.reason}.`;
    return {
      kind: 'abi',
      contracts: [],
      problems: [
        { severity: 'error', kind: 'json', message, offset: syntax.offset + bom, length: Math.max(1, syntax.length) },
      ],
    };
  }
  if (!hasAbiShape(value, pathKind)) {
    if (!/\.abi\.json$/i.test(filePath)) return NOT_ABI;
    return fileProblem('The file holds neither an ABI array nor a contract artifact.', body, bom);
  }

  let listed: ReturnType<typeof abiContractsOfValue>;
  try {
    listed = abiContractsOfValue(value, fileName);
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/^[^:]*\.json: /, '') : String(error);
    return fileProblem(message.charAt(0).toUpperCase() + message.slice(1), body, bom);
  }
  // An ABI past the bound is not checked entry by entry: its size is its problem (the service takes 400 KB).
  const sizes = listed.map((contract) => Buffer.byteLength(JSON.stringify(contract.abi) ?? '', 'utf8'));
  const validations = listed.map((contract, i): AbiValidation =>
    (sizes[i] ?? 0) > MAX_CHECKED_ABI_BYTES
      ? { entries: [], errors: [], warnings: [], issues: [] }
      : validateAbi(contract.abi),
  );
  // Placing problems at their entry needs a tree of the whole text: a large file gets them at its ABI's start.
  const simple = (listed.length === 1 && validations[0]?.issues.length === 0) || body.length > MAX_PLACED_PROBLEM_CHARS;
  const root = simple ? undefined : parseTree(body, [], { disallowComments: true, allowTrailingComma: false });
  const nodes = root && listed[0] ? abiNodes(root, listed[0].format) : [];
  const contracts: AbiDocumentContract[] = [];
  const problems: AbiDocumentProblem[] = [];
  listed.forEach((contract, i) => {
    const node = nodes[i] ?? root;
    const start = node ? startOf(node) : quickStart(body, contract.format);
    const at = (target: Node) => ({ offset: target.offset + bom, length: Math.max(1, target.length) });
    const validation = validations[i] ?? validateAbi(contract.abi);
    const many = listed.length > 1 && contract.contractName ? `${contract.contractName}: ` : '';
    for (const issue of validation.issues) {
      const entry = node?.type === 'array' && issue.index !== undefined ? node.children?.[issue.index] : undefined;
      const place = entry ? at(nodeFor(entry, issue.path)) : { offset: start.offset + bom, length: start.length };
      problems.push({
        severity: issue.severity,
        kind: issue.severity === 'warning' ? 'warning' : 'entry',
        message: `${many}${issue.message.charAt(0).toUpperCase()}${issue.message.slice(1)}`,
        ...place,
        contractName: contract.contractName,
      });
    }
    let canonicalJson: string | undefined;
    let errorCount = validation.errors.length;
    if (errorCount === 0) {
      const bytes = sizes[i] ?? 0;
      if (bytes > SMART_CONTRACT_INTERFACE_MAX_BYTES) {
        errorCount += 1;
        problems.push({
          severity: 'error',
          kind: 'size',
          message: `${many}The ABI is ${Math.ceil(bytes / 1024)} KB; the service accepts at most ${SMART_CONTRACT_INTERFACE_MAX_BYTES / 1024} KB. Register only the part you need, or split the contract.`,
          offset: start.offset + bom,
          length: start.length,
          contractName: contract.contractName,
        });
      } else {
        canonicalJson = canonicalAbiJson(contract.abi);
      }
    }
    contracts.push({
      contractName: contract.contractName,
      format: contract.format,
      offset: start.offset + bom,
      canonicalJson,
      errors: errorCount,
      warnings: validation.warnings.length,
      entries: Array.isArray(contract.abi) ? contract.abi.length : 0,
    });
  });
  return { kind: 'abi', contracts, problems };
}

/** Where the one ABI of a file without problems starts, found without a parse with positions. */
function quickStart(body: string, format: AbiFileFormat): { offset: number; length: number } {
  const key = format === 'etherscan' ? '"result"' : format === 'plain' ? '[' : '"abi"';
  const offset = body.indexOf(key);
  return offset === -1 ? { offset: 0, length: 1 } : { offset, length: key.length };
}

function fileProblem(
  message: string,
  body: string,
  bom: number,
  severity: AbiDocumentProblem['severity'] = 'error',
): AbiDocumentAnalysis {
  const firstLine = body.indexOf('\n');
  return {
    kind: 'abi',
    contracts: [],
    problems: [
      {
        severity,
        kind: severity === 'error' ? 'file' : 'size',
        message,
        offset: bom,
        length: Math.max(1, firstLine === -1 ? body.length : firstLine),
      },
    ],
  };
}
