/**
 * Reads the ABI out of the files people actually have: a plain ABI array, Hardhat and Foundry artifacts,
 * Truffle builds, `solc --combined-json` output (where the ABI may itself be a JSON string), solc standard
 * JSON output, and Etherscan's `getabi` response (where `result` is a JSON string).
 */
import { InvalidInputError } from '../errors';
import { SMART_CONTRACT_INTERFACE_MAX_BYTES } from '../wireValues';
import { MAX_ABI_DOCUMENT_CHARS, MAX_JSON_DEPTH, megabytes, tooDeepAt } from './abiBounds';
import { parseJsonStrict } from './jsonPositions';
import { validateAbi, type AbiEntry } from './validateAbi';

export type AbiFileFormat =
  'plain' | 'hardhat' | 'foundry' | 'truffle' | 'solc-combined' | 'solc-standard' | 'etherscan';

export interface AbiContract {
  /** Name of the contract when the file says it, else derived from the file name. */
  readonly contractName: string | undefined;
  readonly format: AbiFileFormat;
  /** The ABI value as found, not yet validated. */
  readonly abi: unknown;
}

export interface ReadAbi {
  readonly contractName: string | undefined;
  readonly format: AbiFileFormat;
  readonly abi: AbiEntry[];
  readonly warnings: string[];
  /** The compact ABI JSON, exactly what is sent as `smartContractInterface`. */
  readonly json: string;
  /** UTF-8 size of `json`. */
  readonly bytes: number;
}

function fail(fileName: string | undefined, message: string, hint?: string): never {
  throw new InvalidInputError('ABI file', fileName ? `${fileName}: ${message}` : message, hint);
}

function baseName(fileName: string | undefined): string | undefined {
  if (!fileName) return undefined;
  const last = fileName.split(/[\\/]/).pop() ?? fileName;
  const stem = last.replace(/\.(abi\.)?json$/i, '').replace(/\.abi$/i, '');
  return stem || undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An ABI that solc or Etherscan delivered as a JSON string inside the JSON. */
function unwrapString(value: unknown, fileName: string | undefined, where: string): unknown {
  if (typeof value !== 'string') return value;
  if (tooDeepAt(value) !== undefined)
    fail(fileName, `${where} nests deeper than ${MAX_JSON_DEPTH} levels, which no ABI does.`);
  try {
    return JSON.parse(value);
  } catch {
    return fail(fileName, `${where} is a string that is not valid JSON.`);
  }
}

function parseJson(text: string, fileName: string | undefined): unknown {
  const trimmed = text.replace(/^\uFEFF/, '');
  if (trimmed.trim().length === 0) fail(fileName, 'the file is empty.', 'Open a compiled ABI or artifact JSON file.');
  if (trimmed.length > MAX_ABI_DOCUMENT_CHARS)
    fail(
      fileName,
      `the file is ${megabytes(trimmed.length)}; ABI files are read up to ${megabytes(MAX_ABI_DOCUMENT_CHARS)}.`,
      'Save the contract\'s "abi" array alone in a .abi.json file and register from that.',
    );
  return parseJsonStrict(trimmed, fileName);
}

/** Every contract ABI the file holds; several for solc combined or standard JSON output. */
export function listAbiContracts(text: string, fileName?: string): AbiContract[] {
  return abiContractsOfValue(parseJson(text, fileName), fileName);
}

/** The contracts of an already parsed file (what listAbiContracts returns, without parsing again). */
export function abiContractsOfValue(value: unknown, fileName?: string): AbiContract[] {
  const fallbackName = baseName(fileName);
  if (Array.isArray(value)) return [{ contractName: fallbackName, format: 'plain', abi: value }];
  if (!isRecord(value)) fail(fileName, 'the file holds neither an ABI array nor a contract artifact.');

  // Etherscan: {"status":"1","message":"OK","result":"[...]"}
  if ('result' in value && 'status' in value && 'message' in value) {
    if (value['status'] !== '1') {
      const reason = typeof value['result'] === 'string' ? value['result'].slice(0, 200) : String(value['message']);
      fail(
        fileName,
        `this is an Etherscan error response, not an ABI: ${reason}`,
        'Fetch the ABI again for a verified contract.',
      );
    }
    return [
      { contractName: fallbackName, format: 'etherscan', abi: unwrapString(value['result'], fileName, '"result"') },
    ];
  }

  // solc --combined-json: {"contracts": {"path.sol:Name": {"abi": [...] or "[...]"}}}
  // solc standard JSON output: {"contracts": {"path.sol": {"Name": {"abi": [...]}}}}
  if (isRecord(value['contracts']) && !('abi' in value)) {
    const found: AbiContract[] = [];
    for (const [key, entry] of Object.entries(value['contracts'])) {
      if (!isRecord(entry)) continue;
      if ('abi' in entry) {
        found.push({
          contractName: key.includes(':') ? key.slice(key.lastIndexOf(':') + 1) : key,
          format: 'solc-combined',
          abi: unwrapString(entry['abi'], fileName, `contracts["${key}"].abi`),
        });
      } else {
        for (const [name, contract] of Object.entries(entry)) {
          if (isRecord(contract) && 'abi' in contract) {
            found.push({
              contractName: name,
              format: 'solc-standard',
              abi: unwrapString(contract['abi'], fileName, `contracts["${key}"]["${name}"].abi`),
            });
          }
        }
      }
    }
    if (found.length === 0)
      fail(fileName, 'the "contracts" object holds no contract with an "abi".', 'Compile with --combined-json abi.');
    return found;
  }

  if ('abi' in value) {
    const abi = unwrapString(value['abi'], fileName, '"abi"');
    const named =
      typeof value['contractName'] === 'string' && value['contractName'] ? value['contractName'] : undefined;
    if (typeof value['_format'] === 'string' && value['_format'].startsWith('hh-')) {
      return [{ contractName: named ?? fallbackName, format: 'hardhat', abi }];
    }
    if (named !== undefined) return [{ contractName: named, format: 'truffle', abi }];
    const target = foundryCompilationTarget(value);
    return [{ contractName: target ?? fallbackName, format: 'foundry', abi }];
  }
  return fail(
    fileName,
    'no ABI found: expected an ABI array or an object with an "abi" field (Hardhat, Foundry, Truffle), "contracts" (solc) or "result" (Etherscan).',
  );
}

function foundryCompilationTarget(value: Record<string, unknown>): string | undefined {
  const metadata = value['metadata'];
  const settings = isRecord(metadata) ? metadata['settings'] : undefined;
  const target = isRecord(settings) ? settings['compilationTarget'] : undefined;
  if (!isRecord(target)) return undefined;
  const names = Object.values(target).filter((v): v is string => typeof v === 'string');
  return names.length === 1 ? names[0] : undefined;
}

/**
 * Reads and validates one contract's ABI. With several contracts in the file, `contractName` picks one;
 * without it the file must hold exactly one contract with a non-empty ABI.
 */
export function readAbiFile(text: string, fileName?: string, contractName?: string): ReadAbi {
  const contracts = listAbiContracts(text, fileName);
  let chosen: AbiContract | undefined;
  if (contractName !== undefined) {
    chosen = contracts.find((c) => c.contractName === contractName);
    if (!chosen) fail(fileName, `there is no contract named "${contractName}" in this file.`);
  } else if (contracts.length === 1) {
    chosen = contracts[0];
  } else {
    const withEntries = contracts.filter((c) => Array.isArray(c.abi) && c.abi.length > 0);
    if (withEntries.length !== 1) {
      fail(
        fileName,
        `the file holds ${contracts.length} contracts (${contracts.map((c) => c.contractName).join(', ')}); choose one.`,
      );
    }
    chosen = withEntries[0];
  }
  if (!chosen) return fail(fileName, 'no contract found.');
  // The size first: an ABI the service refuses is not worth checking entry by entry (15 MB took seconds).
  const json = JSON.stringify(chosen.abi) ?? '';
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > SMART_CONTRACT_INTERFACE_MAX_BYTES) {
    fail(
      fileName,
      `the ABI is ${Math.ceil(bytes / 1024)} KB; the service accepts at most ${SMART_CONTRACT_INTERFACE_MAX_BYTES / 1024} KB.`,
      'Register only the part of the interface you need, or split the contract.',
    );
  }
  const validation = validateAbi(chosen.abi);
  if (validation.errors.length > 0) {
    const more = validation.errors.length > 3 ? ` (and ${validation.errors.length - 3} more)` : '';
    fail(fileName, `invalid ABI: ${validation.errors.slice(0, 3).join('; ')}${more}.`);
  }
  return {
    contractName: chosen.contractName,
    format: chosen.format,
    abi: validation.entries,
    warnings: validation.warnings,
    json,
    bytes,
  };
}
