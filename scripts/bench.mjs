// @ts-check
// `npm run bench`: brings out/ (tsc) and dist/ (the bundles) up to date when they are older than the sources,
// then runs every bench/*.bench.mjs in its own Node process, one after the other, showing what each prints, and
// ends with one table of every figure of this run: each bench's `BENCH {...}` lines (bench/report.mjs), beside
// its goal (a constant) and the named peer measured in the same run, with the ratio to that peer. Benchmarks print figures; they never fail on speed (that is
// what tests must not do either). A bench that fails is named under the table and makes the exit code 1.
//
//   npm run bench [-- <prefix>]     only the benches whose file name starts with <prefix>
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * @param {string} dir
 * @param {string} extension
 * @returns {number}
 */
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

/** Compiles and bundles when out/ or dist/ is older than src/: the benches run what was built from it. */
function buildIfStale() {
  const sources = newestMtime(path.join(root, 'src'), '.ts');
  if (newestMtime(path.join(root, 'out', 'src'), '.js') < sources) {
    console.log('Compiling (out/ is older than src/)…');
    const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', root], {
      stdio: 'inherit',
    });
    if (tsc.status !== 0) console.warn('tsc reported errors; benchmarking what it emitted.');
  }
  if (newestMtime(path.join(root, 'dist'), '.js') < sources) {
    console.log('Bundling (dist/ is older than src/)…');
    spawnSync(process.execPath, [path.join(root, 'esbuild.mjs')], { stdio: 'inherit', cwd: root });
  }
}

/**
 * @typedef {{ figure: string, value: number, unit: string, goal?: { max?: number, min?: number },
 *   peer?: string, peerValue?: number, ratio?: number, bench?: string }} BenchRow
 */

/**
 * A `BENCH {...}` line as a row, or undefined for any other line.
 * @param {string} line
 * @returns {BenchRow | undefined}
 */
export function parseBenchLine(line) {
  const match = /^BENCH (\{.*\})\s*$/.exec(line.trim());
  if (!match) return undefined;
  try {
    /** @type {unknown} */
    const parsed = JSON.parse(match[1] ?? '');
    const row = /** @type {BenchRow} */ (parsed);
    return typeof row.figure === 'string' && typeof row.value === 'number' ? row : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one bench, echoing its output, and resolves with its exit code and the rows it printed.
 * @param {string} name
 * @returns {Promise<{ code: number, rows: BenchRow[] }>}
 */
function runBench(name) {
  return new Promise((resolve) => {
    /** @type {BenchRow[]} */
    const rows = [];
    const child = spawn(process.execPath, [path.join(root, 'bench', name)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (/** @type {string} */ chunk) => {
      process.stdout.write(chunk);
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const row = parseBenchLine(line);
        if (row) rows.push({ bench: name, ...row });
      }
    });
    child.once('exit', (code) => {
      const row = parseBenchLine(pending);
      if (row) rows.push({ bench: name, ...row });
      resolve({ code: code ?? 1, rows });
    });
  });
}

/** @param {number | undefined} value */
const number = (value) =>
  value === undefined ? '' : value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) >= 100 ? 0 : 2 });

/**
 * A goal as its cell: `≤ 36 KB, met`, `≥ 2,000 submissions/s, not met`.
 * @param {BenchRow} row
 */
function goalCell(row) {
  const goal = row.goal;
  if (!goal || (typeof goal.max !== 'number' && typeof goal.min !== 'number')) return '';
  const [sign, bound, met] =
    typeof goal.max === 'number'
      ? ['≤', goal.max, row.value <= goal.max]
      : ['≥', goal.min, row.value >= (goal.min ?? 0)];
  return `${sign} ${number(bound)} ${row.unit}, ${met ? 'met' : 'not met'}`;
}

/**
 * The figures as a Markdown table (readable as it is, and pasted as it is into docs/benchmarks.md): the goal apart
 * from the peer, which is always a measurement of the same run, and the ratio to that peer.
 * @param {readonly BenchRow[]} rows
 */
export function table(rows) {
  const header = ['Figure', 'Countersign', 'Goal', 'Peer (same run)', "Peer's figure", 'Ratio to peer'];
  const body = rows.map((r) => [
    r.figure,
    `${number(r.value)} ${r.unit}`,
    goalCell(r),
    r.peer ?? '',
    r.peerValue === undefined ? '' : `${number(r.peerValue)} ${r.unit}`,
    r.ratio === undefined ? '' : `${number(r.ratio)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]?.length ?? 0)));
  /** @param {readonly string[]} cells */
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildIfStale();
  const only = process.argv[2];
  const benches = readdirSync(path.join(root, 'bench'))
    .filter((name) => name.endsWith('.bench.mjs') && (only === undefined || name.startsWith(only)))
    .sort();
  const rows = [];
  const failed = [];
  for (const name of benches) {
    console.log(`\n== ${name}`);
    const result = await runBench(name);
    rows.push(...result.rows);
    if (result.code !== 0) failed.push(`${name} (exit ${result.code})`);
  }
  const cores = cpus();
  console.log(
    `\n== Every figure of this run: Node ${process.version}, ${cores.length} × ${cores[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${new Date().toISOString().slice(0, 10)}\n`,
  );
  console.log(rows.length > 0 ? table(rows) : '(no figures)');
  if (failed.length > 0) console.log(`\nFailed: ${failed.join(', ')}`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}
