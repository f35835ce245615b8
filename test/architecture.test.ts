import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { repoRoot } from './support/fixtures';

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
    if (target !== index && target !== path.join(index, 'index')) {
      return `src/${room} must import src/${targetRoom} through its index, not ${specifier}`;
    }
    return undefined;
  }
  if (specifier === 'vscode' && room !== 'extension') return `src/${room} may not import vscode`;
  if (room === 'sandbox' && !builtins.has(specifier)) {
    return `src/sandbox runs inside VS Code's own Node and may import only Node built-ins and src/api, not ${specifier}`;
  }
  return undefined;
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

  it("keeps imports pointing inward: api ← sandbox, api ← extension (never the sandbox), through each room's index, vscode only in the extension", () => {
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
    const extensionFile = path.join(repoRoot, 'src', 'extension', 'extension.ts');
    assert.ok(violation(extensionFile, '../sandbox'));
    assert.ok(violation(extensionFile, '../sandbox/httpServer'));
    assert.equal(violation(extensionFile, '../api'), undefined);
    assert.ok(violation(extensionFile, '../api/client'));
    assert.deepEqual(importsOf(path.join(repoRoot, 'test', 'architecture.test.ts')).includes('node:fs'), true);
  });

  it('writes file names in camelCase and never a grab-bag utils file', () => {
    const bad = files
      .map((f) => path.basename(f, '.ts'))
      .filter((name) => !/^[a-z][A-Za-z0-9]*$/.test(name) || /^utils?$/i.test(name));
    assert.deepEqual(bad, []);
  });
});
