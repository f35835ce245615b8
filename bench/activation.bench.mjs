// @ts-check
// Activation of the extension in fresh code-server extension hosts (as `npm test` starts them, through
// scripts/runExtensionTests.mjs), median of 5: loading the entry module with the chunks it imports plus
// `activate()`, against the 30 ms goal; the host's own work around it (its context and storage) apart. Each probe
// waits for its host to settle first (bench/hostSettled.js): a host that is still starting runs its own work in
// the turns of an `await import()`. And the size of what activation loads against its budget (esbuild.mjs's
// ACTIVATION_BUDGET_BYTES, enforced by test/activationBudget.test.ts; reported here). Measures the production build, which it builds first. The peer
// is an empty extension entry that imports the vscode API, loaded the same way in as many fresh hosts
// (bench/activationPeerProbe.js): the host's loader and the API it builds for an extension, under every extension.
// Each host is bounded in time (180 s); the whole run takes a few minutes.
//   node bench/activation.bench.mjs        BENCH_HOSTS=5 by default
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { ACTIVATION_BUDGET_BYTES, activationLoad, buildOptions } from '../esbuild.mjs';
import { extensionHostCommand } from './report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const hosts = Math.max(1, Math.min(9, Number(process.env.BENCH_HOSTS ?? 5)));
const HOST_TIMEOUT_SECONDS = 180;
const GOAL_MS = 30;

/**
 * @param {readonly number[]} values
 * @returns {number}
 */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ i) => sorted[i] ?? NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};
/**
 * @param {number} value
 * @param {number} digits
 */
const round = (value, digits = 1) => Number(value.toFixed(digits));
/** @param {Record<string, unknown>} figure */
const bench = (figure) => console.log(`BENCH ${JSON.stringify(figure)}`);

// An empty folder: the test workspace holds a Hardhat project, whose `workspaceContains` activation event would
// activate the extension before the probe could measure it.
const emptyFolder = mkdtempSync(path.join(os.tmpdir(), 'countersign-activation-'));
process.on('exit', () => rmSync(emptyFolder, { recursive: true, force: true }));

/**
 * @typedef {{ loadMs: number, hostMs: number, activateMs: number, cpuMs?: number, settled: boolean }} ProbeFigures
 */

/**
 * One fresh code-server with a probe as its suite; resolves with the probe's figures.
 * @returns {Promise<ProbeFigures>}
 */
function measureOnce(probe = 'activationProbe.js') {
  const [command, args] = extensionHostCommand(probe, HOST_TIMEOUT_SECONDS, emptyFolder, { keys: false });
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, COUNTERSIGN_RESULT_FILE: '' },
    });
    let output = '';
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
    child.stderr.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = /COUNTERSIGN_ACTIVATION (\{.*\})/.exec(output);
      /** @type {unknown} */
      const figures = line ? JSON.parse(line[1] ?? '') : undefined;
      if (figures) resolve(/** @type {ProbeFigures} */ (figures));
      else reject(new Error(`the extension host reported no activation (exit ${code}):\n${output.slice(-2000)}`));
    });
  });
}

// The production build, as the .vsix ships it (esbuild.mjs also clears the chunks of earlier builds).
if (spawnSync(process.execPath, [path.join(root, 'esbuild.mjs'), '--production'], { stdio: 'inherit' }).status !== 0) {
  throw new Error('The production build failed.');
}
const { extension } = buildOptions({ production: true, metafile: true, write: false });
const result = await esbuild.build({ ...extension, write: false });
if (!result.metafile) throw new Error('esbuild wrote no metafile.');
const load = activationLoad(result.metafile);
console.log(
  `Loaded at activation (production build): ${(load.bytes / 1024).toFixed(1)} KB in ${load.files.length} files`,
);
for (const file of load.files) console.log(`  ${file.path}  ${(file.bytes / 1024).toFixed(1)} KB`);

/** @param {ProbeFigures} run */
const settledNote = (run) => (run.settled ? '' : ' (the host was still busy after 20 s: measured anyway)');
/** @type {Array<ProbeFigures & { activationMs: number }>} */
const runs = [];
for (let i = 1; i <= hosts; i += 1) {
  const run = await measureOnce();
  runs.push({ ...run, activationMs: run.loadMs + run.activateMs });
  console.log(
    `  host ${i}/${hosts}: load ${run.loadMs.toFixed(1)} ms + activate() ${run.activateMs.toFixed(1)} ms; ` +
      `the host's activate call ${run.hostMs.toFixed(1)} ms in all${settledNote(run)}`,
  );
}
// The peer: an extension entry that does nothing, loaded the same way in as many fresh hosts. Its load time is
// the host's own loader, which no extension can go below.
/** @type {Array<ProbeFigures & { activationMs: number }>} */
const peerRuns = [];
for (let i = 1; i <= hosts; i += 1) {
  const run = await measureOnce('activationPeerProbe.js');
  peerRuns.push({ ...run, activationMs: run.loadMs + run.activateMs });
  console.log(
    `  peer host ${i}/${hosts}: an empty extension entry importing vscode loads in ${run.loadMs.toFixed(1)} ms` +
      settledNote(run),
  );
}
const peerActivation = median(peerRuns.map((r) => r.activationMs));
/** @param {'activationMs' | 'loadMs' | 'activateMs' | 'hostMs' | 'cpuMs'} key */
const medianOf = (key) => median(runs.map((r) => r[key] ?? NaN));
const activation = medianOf('activationMs');
console.log(
  `Activation (load + activate()), median of ${hosts} fresh extension hosts: ${activation.toFixed(1)} ms ` +
    `(goal ${GOAL_MS} ms): load ${medianOf('loadMs').toFixed(1)} ms, activate() ${medianOf('activateMs').toFixed(1)} ms. ` +
    `The host's own work around activate() adds ${(medianOf('hostMs') - medianOf('activateMs')).toFixed(1)} ms. ` +
    `An empty extension's entry importing vscode loads and activates in ${peerActivation.toFixed(1)} ms in as many fresh hosts.`,
);
bench({
  figure: 'activation bundle (entry + static chunks, production)',
  value: round(load.bytes / 1024),
  unit: 'KB',
  goal: { max: ACTIVATION_BUDGET_BYTES / 1024 },
});
bench({
  figure: `activation: load + activate() (median of ${hosts} hosts each)`,
  value: round(activation),
  unit: 'ms',
  goal: { max: GOAL_MS },
  peer: 'empty ES module extension importing vscode',
  peerValue: round(peerActivation),
  ratio: round(activation / peerActivation, 2),
});
if (runs.every((r) => typeof r.cpuMs === 'number')) {
  // CPU time of the host's main thread over the load and the host's activate call: what the machine's other
  // processes cannot add to.
  bench({
    figure: `activation: main thread CPU time, load + the host's activate call (median of ${hosts} hosts)`,
    value: round(medianOf('cpuMs')),
    unit: 'ms',
    peer: 'empty ES module extension importing vscode',
    peerValue: round(median(peerRuns.map((r) => r.cpuMs ?? NaN))),
    ratio: round(medianOf('cpuMs') / median(peerRuns.map((r) => r.cpuMs ?? NaN)), 2),
  });
}
bench({ figure: `activation: module load (median of ${hosts} hosts)`, value: round(medianOf('loadMs')), unit: 'ms' });
bench({
  figure: `activation: activate() (median of ${hosts} hosts)`,
  value: round(medianOf('activateMs')),
  unit: 'ms',
});
bench({
  figure: `activation: the host's activate call, module cached (median of ${hosts} hosts)`,
  value: round(medianOf('hostMs')),
  unit: 'ms',
});
