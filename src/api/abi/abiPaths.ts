/**
 * Which JSON files may hold an ABI, from their path alone, before a byte is read. Hardhat's `build-info/**` and
 * `*.dbg.json` run to tens of megabytes and hold no ABI of their own; package manifests and tool configs are
 * never ABIs. Paths use `/` (a URI's path) or `\`.
 */

/**
 * - `excluded`: never read (build-info, debug files, policy files, dependencies, manifests and configs);
 * - `abi`: where ABIs live (`*.abi.json`, `abi/`, `abis/`, `artifacts/`, `out/`, `build/contracts/`): a file there
 *   that is not a valid ABI is reported;
 * - `other`: any other JSON file: an ABI only when its content is one of the formats the reader knows.
 */
export type AbiPathKind = 'excluded' | 'abi' | 'other';

const EXCLUDED_NAMES =
  /^(package(-lock)?\.json|npm-shrinkwrap\.json|composer(\.lock)?\.json|[jt]sconfig(\..*)?\.json|\.eslintrc\.json|\.prettierrc\.json|settings\.json|launch\.json|tasks\.json|extensions\.json|devcontainer\.json|lerna\.json|turbo\.json|nx\.json|deno\.jsonc?|vercel\.json|app\.json|manifest\.json)$/i;
const EXCLUDED_FOLDERS = new Set(['build-info', 'node_modules', '.git', '.vscode', 'cache', 'coverage', '.next']);
const ABI_FOLDERS = new Set(['abi', 'abis', 'artifacts', 'out']);

export function abiPathKind(filePath: string): AbiPathKind {
  const parts = filePath.split(/[\\/]/).filter((part) => part !== '');
  const name = parts.pop() ?? '';
  if (!/\.json$/i.test(name)) return 'excluded';
  // Policy files (`*.policy.json`) have features of their own.
  if (/\.(dbg|policy)\.json$/i.test(name) || EXCLUDED_NAMES.test(name)) return 'excluded';
  if (parts.some((folder) => EXCLUDED_FOLDERS.has(folder.toLowerCase()))) return 'excluded';
  if (/\.abi\.json$/i.test(name)) return 'abi';
  const folders = parts.map((folder) => folder.toLowerCase());
  if (folders.some((folder) => ABI_FOLDERS.has(folder))) return 'abi';
  if (folders.some((folder, i) => folder === 'build' && folders[i + 1] === 'contracts')) return 'abi';
  return 'other';
}
