// @ts-check
// Sandbox start-up on a large journal: a data directory whose journal holds a seed and 100,000
// activities (each a created smart contract interface with its vote and its effect, about 1.3 KB, written
// with the sandbox's own record encoder, head first) is generated in a temporary directory; the figure is
// the time from spawning the sandbox's CLI (dist/sandbox.js, as the extension runs it) to its "listening" line: Node's own start, reading and checking
// every record (sequence and checksum), indexing the activities from their heads, rebuilding the rest of the
// state and listening. The peer is one plain JSON.parse per record line, results kept, in the bench's own
// (already running) process: what any start-up that parsed every activity would cost at least.
// Wall-clock time depends on how busy the machine is, so the CPU time of a start-up (in process) is
// printed beside it, and beside the CPU time of a start-up on the same journal written without heads (the
// earlier form, which is read whole, as every journal was before heads).
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { requireCompiled } from './report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { startSandbox } = /** @type {typeof import('../src/sandbox/index.js')} */ (
  requireCompiled('src/sandbox/index.js')
);
const { encodeGroup } = /** @type {typeof import('../src/sandbox/storage/journalFormat.js')} */ (
  requireCompiled('src/sandbox/storage/journalFormat.js')
);
const { encodeRecord } = /** @type {typeof import('../src/sandbox/activityStore.js')} */ (
  requireCompiled('src/sandbox/activityStore.js')
);
const { interfaceCreated } = /** @type {typeof import('../src/sandbox/state.js')} */ (
  requireCompiled('src/sandbox/state.js')
);
// What the extension runs (src/extension/sandboxProcess.ts) and `npm run sandbox` runs: the bundled CLI.
const cli = `${root}dist/sandbox.js`;

const activities = Number(process.env.BENCH_ACTIVITIES ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const budgetMs = 2000;

const ABI =
  '[{"type":"function","name":"balanceOf","inputs":[{"name":"owner","type":"address"}],"outputs":[{"name":"","type":"uint256"}],"stateMutability":"view"}]';

/** @typedef {Parameters<typeof encodeRecord>[0]} JournalRecord */

/**
 * @param {string} organizationId
 * @param {string} userId
 * @param {string} publicKey
 * @param {number} i
 * @param {number} now
 * @returns {JournalRecord}
 */
function activityRecord(organizationId, userId, publicKey, i, now) {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const interfaceId = `11111111-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const fingerprint = `sha256:${i.toString(16).padStart(64, '0')}`;
  const intent = {
    smartContractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    smartContractInterface: ABI,
    type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
    label: `bench interface ${i}`,
  };
  return {
    kind: 'activities',
    activities: [
      {
        id,
        organizationId,
        type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
        fingerprint,
        timestampMs: String(now),
        intent: { createSmartContractInterfaceIntent: intent },
        status: 'ACTIVITY_STATUS_COMPLETED',
        result: { createSmartContractInterfaceResult: { smartContractInterfaceId: interfaceId } },
        votes: [
          {
            id: `22222222-0000-4000-8000-${String(i).padStart(12, '0')}`,
            userId,
            selection: 'VOTE_SELECTION_APPROVED',
            message: fingerprint,
            publicKey,
            createdAtMs: now,
          },
        ],
        generateAppProofs: false,
        createdAtMs: now,
        updatedAtMs: now,
        windowStartMs: now,
        initiatorUserId: userId,
        initiatorOrganizationId: organizationId,
      },
    ],
    // The effect the sandbox writes for a created interface: the interface is taken from the intent.
    effects: [interfaceCreated(organizationId, id, interfaceId, now)],
  };
}

/**
 * A data directory with the seed and `activities` records; `encode` writes each record's JSON.
 * @param {(record: JournalRecord) => Buffer} encode
 */
async function makeDataDir(encode) {
  const dir = mkdtempSync(path.join(tmpdir(), 'countersign-startup-bench-'));
  const seeded = await startSandbox({ dataDir: dir });
  const demo = seeded.credentials.organizations.find((o) => o.name === 'Demo');
  await seeded.close();
  const user = demo?.users[0];
  const publicKey = user?.apiKeys[0]?.publicKey;
  if (!demo || !user || !publicKey) throw new Error('The sandbox has no Demo organization with an API key.');
  const journal = path.join(dir, 'journal.log');
  const fd = openSync(journal, 'a');
  const now = Date.now();
  let sequence = 2; // the seed is record 1
  for (let start = 0; start < activities; start += 1000) {
    const jsons = [];
    for (let i = start; i < Math.min(activities, start + 1000); i++)
      jsons.push(encode(activityRecord(demo.organizationId, user.userId, publicKey, i, now)));
    writeSync(fd, encodeGroup(jsons, sequence));
    sequence += jsons.length;
  }
  closeSync(fd);
  return { dir, journal };
}

/**
 * @param {string} dir
 * @returns {Promise<number>}
 */
function startUp(dir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, '--port', '0', '--data-dir', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    /** @type {number | undefined} */
    let ms;
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      out += chunk.toString('utf8');
      if (ms === undefined && /listening on http/.test(out)) {
        ms = performance.now() - started;
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) =>
      ms === undefined ? reject(new Error(`the sandbox exited early (${code})`)) : resolve(ms),
    );
  });
}

/**
 * CPU time (user + system) of `work` in this process: what start-up costs, however busy the machine is.
 * @template T
 * @param {() => T | Promise<T>} work
 * @returns {Promise<{ ms: number, result: T }>}
 */
async function cpuMs(work) {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, result };
}

/**
 * The peer: read the file and JSON.parse each line's record, keeping the results, as a start-up that parsed every
 * record must.
 * @param {string} journal
 */
function parseEveryLine(journal) {
  const started = performance.now();
  const bytes = readFileSync(journal);
  /** @type {unknown[]} */
  const records = [];
  for (let offset = 0; offset < bytes.length;) {
    const end = bytes.indexOf(0x0a, offset);
    records.push(JSON.parse(bytes.toString('utf8', bytes.indexOf(0x7b, offset), end)));
    offset = end + 1;
  }
  return { ms: performance.now() - started, count: records.length };
}

/** @param {readonly number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const { dir, journal } = await makeDataDir(encodeRecord);
// The same records written whole, as journals were before heads.
const earlier = await makeDataDir((record) => Buffer.from(JSON.stringify(record), 'utf8'));
try {
  const bytes = readFileSync(journal).length;
  console.log(
    `Sandbox start-up: journal of ${activities.toLocaleString('en')} activities, ${(bytes / 1e6).toFixed(1)} MB`,
  );
  /** @type {number[]} */
  const startups = [];
  /** @type {number[]} */
  const floors = [];
  /** @type {number[]} */
  const cpuStartups = [];
  /** @type {number[]} */
  const cpuFloors = [];
  /** @type {number[]} */
  const cpuEarlier = [];
  for (let run = 0; run < runs; run++) {
    const floor = await cpuMs(() => parseEveryLine(journal));
    if (floor.result.count !== activities + 1) throw new Error(`the journal holds ${floor.result.count} records`);
    floors.push(floor.result.ms);
    cpuFloors.push(floor.ms);
    const inProcess = await cpuMs(() => startSandbox({ dataDir: dir }));
    cpuStartups.push(inProcess.ms);
    await inProcess.result.close();
    const whole = await cpuMs(() => startSandbox({ dataDir: earlier.dir }));
    cpuEarlier.push(whole.ms);
    await whole.result.close();
  }
  // The spawns last, on their own: by then the journals just written have reached the disk, and this process
  // is idle while they run.
  for (let run = 0; run < runs; run++) startups.push(await startUp(dir));
  const value = Math.round(median(startups));
  const peerValue = Math.round(median(floors));
  const cpu = Math.round(median(cpuStartups));
  const cpuFloor = Math.round(median(cpuFloors));
  const cpuWhole = Math.round(median(cpuEarlier));
  console.log(`  start-up to listening, wall clock (median of ${runs}): ${value} ms (budget ${budgetMs} ms)`);
  console.log(`  JSON.parse of every line (results kept) in a warm process, wall clock: ${peerValue} ms`);
  console.log(
    `  start-up CPU time (in process, median of ${runs}): ${cpu} ms; JSON.parse of every line, CPU time: ${cpuFloor} ms`,
  );
  console.log(`  start-up CPU time on the same journal written without heads (read whole): ${cpuWhole} ms`);
  /**
   * @param {string} name
   * @param {number} v
   * @param {string} peer
   * @param {number} pv
   * @param {{ max: number }} [goal]
   */
  const figure = (name, v, peer, pv, goal) =>
    console.log(
      `BENCH ${JSON.stringify({ figure: name, value: v, unit: 'ms', peer, peerValue: pv, ratio: Number((v / pv).toFixed(2)), ...(goal ? { goal } : {}) })}`,
    );
  figure('sandbox start-up, 100k-activity journal (wall)', value, 'JSON.parse of the same lines (wall)', peerValue, {
    max: budgetMs,
  });
  figure('sandbox start-up, 100k-activity journal (CPU)', cpu, 'JSON.parse of the same lines (CPU)', cpuFloor);
  figure('sandbox start-up, 100k-activity journal (CPU)', cpu, 'the journal without heads, read whole (CPU)', cpuWhole);
} finally {
  rmSync(earlier.dir, { recursive: true, force: true });
  if (process.env.BENCH_KEEP_DIR === undefined) rmSync(dir, { recursive: true, force: true });
  else console.log(`  kept ${dir}`);
}
