// `npm run bench`: compiles the TypeScript into out/ when it is older than the sources, then runs every
// bench/*.bench.mjs in its own Node process, one after the other. Benchmarks print figures; they never
// fail on speed (that is what tests must not do either).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(dir, extension) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full, extension));
    else if (entry.name.endsWith(extension)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sources = newestMtime(path.join(root, 'src'), '.ts');
const compiled = newestMtime(path.join(root, 'out', 'src'), '.js');
if (compiled === 0 || compiled < sources) {
  console.log('Compiling (out/ is older than src/)…');
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', root], {
    stdio: 'inherit',
  });
  if (tsc.status !== 0) console.warn('tsc reported errors; benchmarking what it emitted.');
}

const only = process.argv[2];
const benches = readdirSync(path.join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.mjs') && (only === undefined || name.startsWith(only)))
  .sort();
let failed = 0;
for (const name of benches) {
  console.log(`\n== ${name}`);
  const result = spawnSync(process.execPath, [path.join(root, 'bench', name)], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
