/**
 * No source file is over 400 lines: a file that grows past it holds more than one responsibility and is split by
 * them. Every TypeScript and JavaScript file of src/, test/, scripts/ and bench/ counts.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './support/fixtures';

const MAX_LINES = 400;
const FOLDERS = ['src', 'test', 'scripts', 'bench'];
const SOURCE = /\.(ts|js|mjs|cjs)$/;

/** Files over the limit today, each waiting for its split; the list only shrinks. */
const WAITING_FOR_A_SPLIT: readonly string[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** Lines as an editor numbers them: a final newline does not start another line. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

describe('file length', () => {
  const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(repoRoot, folder))).map((file) => ({
    file: path.relative(repoRoot, file).split(path.sep).join('/'),
    lines: lineCount(readFileSync(file, 'utf8')),
  }));

  it('counts lines as an editor does', () => {
    assert.equal(lineCount(''), 0);
    assert.equal(lineCount('one'), 1);
    assert.equal(lineCount('one\n'), 1);
    assert.equal(lineCount('one\ntwo\n'), 2);
    assert.equal(lineCount('one\n\n'), 2);
  });

  it('reads the files of every folder it names', () => {
    for (const folder of FOLDERS) {
      assert.ok(
        files.some(({ file }) => file.startsWith(`${folder}/`)),
        `no source file found under ${folder}/`,
      );
    }
    assert.ok(files.some(({ file }) => file.endsWith('.mjs')));
    assert.ok(files.some(({ file }) => file.endsWith('.cjs')));
  });

  it(`has no file over ${MAX_LINES} lines`, () => {
    const over = files
      .filter(({ file, lines }) => lines > MAX_LINES && !WAITING_FOR_A_SPLIT.includes(file))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    assert.deepEqual(over, [], `split these files by responsibility:\n${over.join('\n')}`);
  });

  it('lists as waiting only files that are still over the limit', () => {
    const done = WAITING_FOR_A_SPLIT.filter((waiting) =>
      files.some(({ file, lines }) => file === waiting && lines <= MAX_LINES),
    );
    assert.deepEqual(done, [], `remove these files from the list, they are within the limit now`);
  });
});
