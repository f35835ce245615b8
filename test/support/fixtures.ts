import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/** The repository root, found from this compiled file (out/test/support) or its source (test/support). */
export const repoRoot = path.resolve(__dirname, __dirname.includes(`${path.sep}out${path.sep}`) ? '../../..' : '../..');

export function fixturePath(...parts: string[]): string {
  return path.join(repoRoot, 'test', 'fixtures', ...parts);
}

export function readFixture(...parts: string[]): string {
  return readFileSync(fixturePath(...parts), 'utf8');
}
