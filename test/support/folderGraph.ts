// The folders of src/extension as a graph: which folder imports which, with the imports that make each edge.
// Every import counts, type-only and `import()` included: a folder that names another's type still depends on it.
// The root files (extension.ts, services.ts, commandIds.ts, ...) wire the folders together and are no folder.
import * as path from 'node:path';

/** The folders every other may import; they import none but each other. */
export const BASE_FOLDERS: readonly string[] = ['store', 'wording', 'ui'];

/** folder → imported folder → the imports that make the edge (`file → specifier`, relative to `extensionRoot`). */
export type FolderGraph = Map<string, Map<string, string[]>>;

/** The folder of src/extension a file is in, or undefined for a root file or a file outside src/extension. */
export function folderOf(extensionRoot: string, file: string): string | undefined {
  const parts = path.relative(extensionRoot, file).split(path.sep);
  if (parts.length < 2 || parts[0] === '..' || path.isAbsolute(parts[0] ?? '')) return undefined;
  return parts[0];
}

export function folderGraph(
  extensionRoot: string,
  files: readonly string[],
  importsOfFile: (file: string) => readonly string[],
): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of files) {
    const from = folderOf(extensionRoot, file);
    if (from === undefined) continue;
    for (const specifier of importsOfFile(file)) {
      if (!specifier.startsWith('.')) continue;
      const to = folderOf(extensionRoot, path.resolve(path.dirname(file), specifier));
      if (to === undefined || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      const reasons = edges.get(to) ?? [];
      edges.set(to, reasons);
      reasons.push(`${path.relative(extensionRoot, file)} → ${specifier}`);
    }
  }
  return graph;
}

const describeEdge = (graph: FolderGraph, from: string, to: string): string =>
  `${from}/ → ${to}/ (${(graph.get(from)?.get(to) ?? []).join(', ')})`;

/** A base folder that imports a feature folder: store/, wording/ and ui/ are under every feature. */
export function baseFolderProblems(graph: FolderGraph): string[] {
  const problems: string[] = [];
  for (const from of BASE_FOLDERS) {
    for (const to of graph.get(from)?.keys() ?? []) {
      if (!BASE_FOLDERS.includes(to)) problems.push(`${describeEdge(graph, from, to)}: ${from}/ imports no feature`);
    }
  }
  return problems.sort();
}

/** The folders `from` reaches through its imports, itself included only when a round leads back to it. */
function reached(graph: FolderGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...(graph.get(from)?.keys() ?? [])];
  for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
    if (seen.has(folder)) continue;
    seen.add(folder);
    queue.push(...(graph.get(folder)?.keys() ?? []));
  }
  return seen;
}

/** The shortest round from `start` back to it, as its folders (`start` first). */
function shortestRound(graph: FolderGraph, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
    for (const to of [...(graph.get(folder)?.keys() ?? [])].sort()) {
      if (to === start) {
        const round = [folder];
        for (let at = previous.get(folder); at !== undefined; at = previous.get(at)) round.unshift(at);
        return round;
      }
      if (!previous.has(to) && to !== start) {
        previous.set(to, folder);
        queue.push(to);
      }
    }
  }
  return [];
}

/**
 * Folders that import each other: every pair that does, with the imports of both sides; and, for a group of
 * folders tied by a longer round and no pair, its shortest round. Each group's cycles once.
 */
export function folderCycles(graph: FolderGraph): string[] {
  const reach = new Map([...graph.keys()].map((folder) => [folder, reached(graph, folder)]));
  const groups = new Map<string, string[]>();
  for (const folder of [...graph.keys()].sort()) {
    if (!reach.get(folder)?.has(folder)) continue;
    const group = [...(reach.get(folder) ?? [])].filter((other) => reach.get(other)?.has(folder)).sort();
    if (groups.has(group.join(' '))) continue;
    const pairs = group.flatMap((a) =>
      group
        .filter((b) => a < b && graph.get(a)?.has(b) && graph.get(b)?.has(a))
        .map((b) => `${a}/ and ${b}/ import each other: ${describeEdge(graph, a, b)}; ${describeEdge(graph, b, a)}`),
    );
    const round = shortestRound(graph, group[0] ?? folder);
    const roundText = () =>
      `${[...round, round[0]].map((f) => `${f}/`).join(' → ')} goes round: ` +
      round.map((from, i) => describeEdge(graph, from, round[(i + 1) % round.length] ?? from)).join('; ');
    groups.set(group.join(' '), pairs.length > 0 ? pairs : [roundText()]);
  }
  return [...groups.values()].flat();
}
