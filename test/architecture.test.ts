import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { repoRoot } from './support/fixtures';
import { baseFolderProblems, folderCycles, folderGraph } from './support/folderGraph';
import { importsOf as moduleImportsOf, staticClosure } from './support/importGraph';

type Room = 'api' | 'sandbox' | 'extension';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  const pattern =
    /(?:^|[^.\w])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[^.\w])import\s*['"]([^'"]+)['"]|\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier) specifiers.push(specifier);
  }
  return specifiers;
}

function roomOf(file: string): Room | undefined {
  const relative = path.relative(path.join(repoRoot, 'src'), file).split(path.sep);
  const room = relative[0];
  return room === 'api' || room === 'sandbox' || room === 'extension' ? room : undefined;
}

const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function isRelyingPartyLibrary(specifier: string): boolean {
  return specifier === '@simplewebauthn/server' || specifier.startsWith('@simplewebauthn/');
}

/** Where a room may reach, given an import specifier of one of its files. */
function violation(file: string, specifier: string): string | undefined {
  const room = roomOf(file);
  if (!room) return undefined;
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(file), specifier);
    const targetRoom = roomOf(target);
    if (targetRoom === room || targetRoom === undefined) return undefined;
    if (room === 'api') return `src/api may not import src/${targetRoom}`;
    if (targetRoom === 'extension') return `src/${room} may not import src/extension`;
    // The extension runs the sandbox as a process of its own (dist/sandbox.js): none of it loads into the host.
    if (targetRoom === 'sandbox') return `src/${room} may not import src/sandbox`;
    const index = path.join(repoRoot, 'src', targetRoom);
    // src/api has three entries: index (no network), core (its errors and base URL check, for activation) and
    // remote (the client, loaded lazily by the extension).
    const apiEntries = targetRoom === 'api' ? [path.join(index, 'core'), path.join(index, 'remote')] : [];
    const entries = [index, path.join(index, 'index'), ...apiEntries];
    if (!entries.includes(target.replace(/\.js$/, ''))) {
      return `src/${room} must import src/${targetRoom} through its entries, not ${specifier}`;
    }
    return undefined;
  }
  if (specifier === 'vscode' && room !== 'extension') return `src/${room} may not import vscode`;
  // The WebAuthn relying-party library is large and patches globals: it belongs to the sandbox's own process only.
  if (isRelyingPartyLibrary(specifier) && room !== 'sandbox') {
    return `${specifier} may be imported by src/sandbox only (it runs as its own process), not by src/${room}`;
  }
  if (room === 'sandbox' && !builtins.has(specifier) && !isRelyingPartyLibrary(specifier)) {
    return `src/sandbox runs inside VS Code's own Node and may import only Node built-ins, src/api and @simplewebauthn/server, not ${specifier}`;
  }
  return undefined;
}

/** The source file a relative specifier names (`./x` → x.ts or x/index.ts), or undefined for a package. */
function resolveSource(file: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate));
}

/**
 * Every import cycle among `files`, type-only imports included, each as the list of its files (relative to the
 * repository) starting from its smallest name, so that one cycle is reported once.
 */
function importCycles(files: readonly string[], importsOfFile: (file: string) => string[] = importsOf): string[][] {
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      importsOfFile(file)
        .map((specifier) => resolveSource(file, specifier, known))
        .filter((target): target is string => target !== undefined),
    ]),
  );
  const cycles = new Map<string, string[]>();
  const visit = (file: string, trail: string[], onTrail: Set<string>, done: Set<string>): void => {
    if (onTrail.has(file)) {
      const cycle = trail.slice(trail.indexOf(file)).map((f) => path.relative(repoRoot, f));
      const start = cycle.indexOf([...cycle].sort()[0] ?? '');
      const canonical = [...cycle.slice(start), ...cycle.slice(0, start)];
      cycles.set(canonical.join(' → '), canonical);
      return;
    }
    if (done.has(file)) return;
    trail.push(file);
    onTrail.add(file);
    for (const target of edges.get(file) ?? []) visit(target, trail, onTrail, done);
    onTrail.delete(file);
    trail.pop();
    done.add(file);
  };
  // A depth-first walk from each file: `done` is per start, so that every cycle through the start is found.
  for (const file of files) visit(file, [], new Set(), new Set());
  return [...cycles.values()];
}

describe('architecture', () => {
  const files = sourceFiles(path.join(repoRoot, 'src'));

  it('finds the source files of every room', () => {
    for (const room of ['api', 'sandbox', 'extension']) {
      assert.ok(
        files.some((f) => roomOf(f) === room),
        `no source file found in src/${room}`,
      );
    }
  });

  it("keeps imports pointing inward: api ← sandbox, api ← extension (never the sandbox), through each room's entries, vscode only in the extension", () => {
    const problems: string[] = [];
    for (const file of files) {
      for (const specifier of importsOf(file)) {
        const problem = violation(file, specifier);
        if (problem) problems.push(`${path.relative(repoRoot, file)}: ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('detects a forbidden import (the rule itself can fail)', () => {
    const apiFile = path.join(repoRoot, 'src', 'api', 'client.ts');
    const sandboxFile = path.join(repoRoot, 'src', 'sandbox', 'index.ts');
    assert.ok(violation(apiFile, 'vscode'));
    assert.ok(violation(apiFile, '../sandbox'));
    assert.ok(violation(sandboxFile, '../api/stamping/apiKeys'));
    assert.ok(violation(sandboxFile, 'undici'));
    assert.equal(violation(sandboxFile, '../api'), undefined);
    assert.equal(violation(sandboxFile, 'node:http'), undefined);
    assert.equal(violation(sandboxFile, '@simplewebauthn/server'), undefined);
    assert.equal(violation(sandboxFile, '@simplewebauthn/server/helpers'), undefined);
    assert.ok(violation(apiFile, '@simplewebauthn/server'));
    assert.ok(violation(path.join(repoRoot, 'src', 'extension', 'extension.ts'), '@simplewebauthn/server/helpers'));
    const extensionFile = path.join(repoRoot, 'src', 'extension', 'extension.ts');
    assert.ok(violation(extensionFile, '../sandbox'));
    assert.ok(violation(extensionFile, '../sandbox/httpServer'));
    assert.equal(violation(extensionFile, '../api'), undefined);
    assert.ok(violation(extensionFile, '../api/client'));
    assert.equal(violation(extensionFile, '../api/remote.js'), undefined);
    assert.equal(violation(extensionFile, '../api/core'), undefined);
    assert.ok(violation(extensionFile, '../api/errors'));
    assert.ok(violation(extensionFile, '../sandbox/index.js'));
    assert.deepEqual(importsOf(path.join(repoRoot, 'test', 'architecture.test.ts')).includes('node:fs'), true);
  });

  it('has no import cycle anywhere in src, not even through type-only imports', () => {
    const cycles = importCycles(files).map((cycle) => [...cycle, cycle[0]].join(' → '));
    assert.deepEqual(cycles, []);
  });

  it('detects an import cycle (the rule itself can fail)', () => {
    const a = path.join(repoRoot, 'src', 'extension', 'a.ts');
    const b = path.join(repoRoot, 'src', 'extension', 'b.ts');
    const c = path.join(repoRoot, 'src', 'extension', 'c.ts');
    const graph: Record<string, string[]> = { [a]: ['./b'], [b]: ['./c'], [c]: ['./a'] };
    assert.deepEqual(
      importCycles([a, b, c], (file) => graph[file] ?? []),
      [['src/extension/a.ts', 'src/extension/b.ts', 'src/extension/c.ts']],
    );
    graph[c] = [];
    assert.deepEqual(
      importCycles([a, b, c], (file) => graph[file] ?? []),
      [],
    );
  });

  const extensionRoot = path.join(repoRoot, 'src', 'extension');

  it('reads src/extension top-down: no two folders import each other, not even around a round of three', () => {
    const graph = folderGraph(extensionRoot, files, importsOf);
    assert.ok(graph.size > 5, 'the folders of src/extension were not found');
    assert.deepEqual(folderCycles(graph), [], 'features reach each other through command ids (commandIds.ts)');
  });

  it('keeps store/, wording/ and ui/ under every feature: they import no other folder', () => {
    assert.deepEqual(baseFolderProblems(folderGraph(extensionRoot, files, importsOf)), []);
  });

  it('detects a folder that imports back up (the folder rule itself can fail)', () => {
    const at = (...parts: string[]) => path.join(extensionRoot, ...parts);
    const graph: Record<string, string[]> = {
      [at('views', 'tree.ts')]: ['../review/page', '../ui/prompts', '../services', './rows'],
      [at('review', 'page.ts')]: ['../views/tree.js', '../wording/words'],
      [at('ui', 'prompts.ts')]: ['../commands/inputs', '../wording/words'],
      [at('commands', 'inputs.ts')]: ['../abi/lens'],
      [at('abi', 'lens.ts')]: ['../ui/prompts'],
      [at('wording', 'words.ts')]: [],
      [at('services.ts')]: ['./views/tree', './review/page'],
    };
    const built = folderGraph(extensionRoot, Object.keys(graph), (file) => graph[file] ?? []);
    assert.deepEqual(folderCycles(built), [
      'abi/ → ui/ → commands/ → abi/ goes round: abi/ → ui/ (abi/lens.ts → ../ui/prompts); ui/ → commands/ ' +
        '(ui/prompts.ts → ../commands/inputs); commands/ → abi/ (commands/inputs.ts → ../abi/lens)',
      'review/ and views/ import each other: review/ → views/ (review/page.ts → ../views/tree.js); views/ → review/ ' +
        '(views/tree.ts → ../review/page)',
    ]);
    assert.deepEqual(baseFolderProblems(built), [
      'ui/ → commands/ (ui/prompts.ts → ../commands/inputs): ui/ imports no feature',
    ]);
    // Root files are wiring, and a folder may import the base folders: neither makes a round.
    graph[at('abi', 'lens.ts')] = [];
    graph[at('review', 'page.ts')] = ['../wording/words'];
    graph[at('ui', 'prompts.ts')] = ['../wording/words'];
    const fixed = folderGraph(extensionRoot, Object.keys(graph), (file) => graph[file] ?? []);
    assert.deepEqual([...folderCycles(fixed), ...baseFolderProblems(fixed)], []);
  });

  it('writes file names in camelCase and never a grab-bag utils file', () => {
    const bad = files
      .map((f) => path.basename(f, '.ts'))
      .filter((name) => !/^[a-z][A-Za-z0-9]*$/.test(name) || /^utils?$/i.test(name));
    assert.deepEqual(bad, []);
  });
});

describe('what activation loads', () => {
  const src = path.join(repoRoot, 'src');
  const entry = path.join(src, 'extension', 'extension.ts');
  const rel = (file: string) => (path.isAbsolute(file) ? path.relative(repoRoot, file) : file);
  /** Loaded on the first request or the first sandbox start, with import(); never by the entry's static imports. */
  const lazy = (file: string): boolean =>
    file === 'undici' ||
    file === path.join(src, 'api', 'remote.ts') ||
    file.startsWith(path.join(src, 'api', 'client')) ||
    file === path.join(src, 'api', 'operations.ts') ||
    file.startsWith(path.join(src, 'api', 'transport', 'httpTransport')) ||
    file.startsWith(path.join(src, 'api', 'schemas') + path.sep) ||
    file.startsWith(path.join(src, 'sandbox') + path.sep);

  it("never reaches the client, its transport (undici), the response schemas or the sandbox from the extension's entry by static imports", () => {
    const reached = [...staticClosure(entry)].filter(([file]) => lazy(file));
    assert.deepEqual(
      reached.map(([, chain]) => chain.map(rel).join(' → ')),
      [],
      "load these behind the client's door (src/extension/clientDoor.ts), or import only their types",
    );
  });

  it('the rule itself can fail: it follows re-exports to undici, and sees the lazy imports as lazy', () => {
    const remote = staticClosure(path.join(src, 'api', 'remote.ts'));
    assert.ok(remote.has('undici'), 'the walk does not follow src/api/remote.ts to undici');
    assert.ok(lazy(path.join(src, 'api', 'client.ts')) && lazy(path.join(src, 'sandbox', 'index.ts')));
    const fromEntry = staticClosure(entry);
    assert.ok(
      fromEntry.has(path.join(src, 'extension', 'services.ts')) && fromEntry.has(path.join(src, 'api', 'core.ts')),
    );
    // The client's door loads what is behind it with import(), and the walk follows it there only statically.
    const door = moduleImportsOf(path.join(src, 'extension', 'clientDoor.ts'));
    assert.deepEqual(door.dynamic, [path.join(src, 'extension', 'connected.ts')]);
    assert.ok(fromEntry.has(path.join(src, 'extension', 'clientDoor.ts')));
    assert.ok(staticClosure(path.join(src, 'extension', 'connected.ts')).has(path.join(src, 'api', 'remote.ts')));
  });

  it("never reaches zod from the extension's entry by static imports (argument schemas and ABI reading load on first use)", () => {
    const reached = [...staticClosure(entry)].filter(([file]) => file === 'zod' || file.startsWith('zod/'));
    assert.deepEqual(
      reached.map(([, chain]) => chain.map(rel).join(' → ')),
      [],
      'load the module that needs zod with import() where it is first used (see commandTable.ts)',
    );
  });

  /** @noble/curves builds its P-256 tables when it loads (milliseconds of CPU): keys and stamps load on first use. */
  const isNoble = (file: string): boolean => file.startsWith('@noble/');

  it("never reaches @noble from the extension's entry by static imports (keys, stamps, App Proofs and addresses load on first use)", () => {
    const reached = [...staticClosure(entry)].filter(([file]) => isNoble(file));
    assert.deepEqual(
      reached.map(([, chain]) => chain.map(rel).join(' → ')),
      [],
      'take the function from openClient() (src/extension/clientDoor.ts) where it is first used, or import only its type',
    );
  });

  it('the @noble rule itself can fail: the walk reaches @noble through the key parser and the remote entry', () => {
    const keys = staticClosure(path.join(src, 'api', 'stamping', 'apiKeys.ts'));
    assert.deepEqual(keys.get('@noble/curves')?.map(rel), ['src/api/stamping/apiKeys.ts', '@noble/curves']);
    const remote = [...staticClosure(path.join(src, 'api', 'remote.ts')).keys()];
    assert.ok(remote.includes('@noble/curves') && remote.includes('@noble/hashes'));
    assert.ok(!staticClosure(path.join(src, 'api', 'index.ts')).has('@noble/curves'));
  });

  it('the zod rule itself can fail: the walk reaches zod through the argument schemas and the ABI reader', () => {
    const schemas = staticClosure(path.join(src, 'extension', 'commands', 'commandArguments.ts'));
    assert.deepEqual(schemas.get('zod')?.map(rel), ['src/extension/commands/commandArguments.ts', 'zod']);
    assert.ok(staticClosure(path.join(src, 'api', 'remote.ts')).has('zod'));
    // The commands and their schemas load on a command's first run: they are behind the client's door, which the
    // registry opens, and which loads what is behind it with import().
    const table = path.join(src, 'extension', 'commands', 'commandTable.ts');
    assert.ok(staticClosure(table).has('zod'));
    const registry = moduleImportsOf(path.join(src, 'extension', 'commands', 'registerCommands.ts'));
    assert.ok(registry.static.includes(path.join(src, 'extension', 'clientDoor.ts')));
    const door = moduleImportsOf(path.join(src, 'extension', 'clientDoor.ts'));
    assert.ok(door.dynamic.includes(path.join(src, 'extension', 'connected.ts')));
    assert.ok(staticClosure(path.join(src, 'extension', 'connected.ts')).has(table));
  });
});
