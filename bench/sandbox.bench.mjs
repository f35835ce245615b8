// @ts-check
// Verified submissions per second: N concurrent clients submit distinct, stamped create-smart-contract-
// interface activities to a journaled sandbox (its CLI in a child process, real fsync, a temporary data
// directory). Each one is authenticated, validated, executed and made durable before its answer.
// The peer, measured in the same run with the same clients and bodies, is a bare node:http server that
// only verifies the same stamp with node:crypto and answers {}: the ceiling for one Node process.
// Then the same sandbox with 100 policies in the organization (each submission is judged by all of them and
// journals the evaluation), against itself with none, in alternating rounds (none, 100, 100 reading the clock, then
// the other way round, …; the policies created and deleted between them) of which the medians are compared, so that
// neither side runs alone just after the warm-up nor always first; the spread of the rounds' own ratios is printed
// beside. The sandbox keeps a decision for submissions that read the same values (here they differ only in their
// label, which no policy reads): the third arm gives one of the 100 policies a time window, which reads the clock,
// so that every submission is decided afresh, as one that differs in a value read would be.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { benchLine, median, requireCompiled } from './report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { ApiKeyStamper, CountersignClient } = /** @type {typeof import('../src/api/remote.js')} */ (
  requireCompiled('src/api/remote.js')
);
const cli = `${root}out/src/sandbox/cli.js`;

const clients = Number(process.env.BENCH_CLIENTS ?? 32);
const submissions = Number(process.env.BENCH_SUBMISSIONS ?? 8000);
const maxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 15);
const warmup = 500;
const abRounds = Number(process.env.BENCH_AB_ROUNDS ?? 4);

const PEER = `
const { createServer } = require('node:http');
const { createPublicKey, verify } = require('node:crypto');
const SPKI_P256_COMPRESSED = Buffer.from('3039301306072a8648ce3d020106082a8648ce3d030107032200', 'hex');
const keys = new Map();
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    let ok = false;
    try {
      const stamp = JSON.parse(Buffer.from(String(req.headers['x-stamp']), 'base64url').toString('utf8'));
      let key = keys.get(stamp.publicKey);
      if (!key) {
        key = createPublicKey({ key: Buffer.concat([SPKI_P256_COMPRESSED, Buffer.from(stamp.publicKey, 'hex')]), format: 'der', type: 'spki' });
        keys.set(stamp.publicKey, key);
      }
      ok = verify('sha256', body, { key, dsaEncoding: 'der' }, Buffer.from(stamp.signature, 'hex'));
    } catch {}
    res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' });
    res.end(ok ? '{}' : '{"code":16,"message":"could not verify api key signature","details":[]}');
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write('listening on http://127.0.0.1:' + server.address().port + '\\n'));
`;

/** @param {string[]} args */
function startChild(args) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  /** @type {Promise<string>} */
  const url = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      out += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code})`)));
  });
  return { child, url };
}

/**
 * Milliseconds of CPU the process `pid` has run so far (Linux: /proc/<pid>/schedstat, in nanoseconds), or
 * undefined where that is not to be read. A loaded machine stretches a rate by the time it leaves the sandbox
 * waiting for a core; the CPU time each submission costs it is not stretched that way.
 * @param {number | undefined} pid
 */
function cpuMsOf(pid) {
  const file = `/proc/${pid}/schedstat`;
  if (pid === undefined || !existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').split(' ')[0]) / 1e6;
}

/**
 * 100 policies of the shapes organizations write: who may sign, what to, with which key, by whose consensus. With
 * `clock`, the first has a time window too (always open): a policy that reads the clock is decided afresh.
 * @param {boolean} clock
 */
function hundredPolicies(clock = false) {
  /** @param {number} i */
  const id = (i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const token = "'0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'";
  /** @type {((i: number) => { effect: 'EFFECT_ALLOW' | 'EFFECT_DENY'; consensus?: string; condition: string })[]} */
  const shapes = [
    (i) => ({
      effect: 'EFFECT_ALLOW',
      consensus: `approvers.any(u, u.id == '${id(i)}')`,
      condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'",
    }),
    () => ({
      effect: 'EFFECT_ALLOW',
      condition: `eth.tx.to == ${token} && eth.tx.function_name == 'transfer' && eth.tx.contract_call_args['amount'] < 1000`,
    }),
    (i) => ({ effect: 'EFFECT_DENY', condition: `private_key.tags.contains('${id(i)}')` }),
    (i) => ({
      effect: 'EFFECT_ALLOW',
      consensus: `approvers.filter(u, u.tags.contains('${id(i)}')).count() >= 2`,
      condition: "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'",
    }),
  ];
  return Array.from({ length: 100 }, (_, i) => ({
    policyName: `bench policy ${i}`,
    notes: '',
    ...(clock && i === 0 ? { time: "time.now >= Timestamp('2020-01-01T00:00:00Z')" } : {}),
    .../** @type {(i: number) => { effect: 'EFFECT_ALLOW' | 'EFFECT_DENY'; consensus?: string; condition: string }} */ (
      shapes[i % shapes.length]
    )(i),
  }));
}

/**
 * @param {{ stampSync(body: string): { stampHeaderValue: string } }} stamper
 * @param {string} organizationId
 * @param {number} count
 * @param {string} tag
 */
function makeBodies(stamper, organizationId, count, tag) {
  const abi =
    '[{"type":"function","name":"get","inputs":[],"outputs":[{"name":"","type":"uint256"}],"stateMutability":"view"}]';
  const timestampMs = String(Date.now());
  const out = [];
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
      timestampMs,
      organizationId,
      parameters: {
        smartContractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        smartContractInterface: abi,
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label: `bench ${tag} ${i}`,
      },
    });
    out.push({ body, stamp: stamper.stampSync(body).stampHeaderValue });
  }
  return out;
}

/**
 * @param {string} baseUrl
 * @param {ReadonlyArray<{ body: string, stamp: string }>} bodies
 * @param {boolean} expectActivity
 */
async function drive(baseUrl, bodies, expectActivity) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const url = `${baseUrl}/public/v1/submit/create_smart_contract_interface`;
  /** @type {number[]} */
  const latencies = [];
  let next = 0;
  let failures = 0;
  const deadline = performance.now() + maxSeconds * 1000;
  /** @param {{ body: string, stamp: string }} submission */
  const one = ({ body, stamp }) =>
    /** @type {Promise<void>} */ (
      new Promise((resolve) => {
        const started = performance.now();
        const req = request(
          url,
          { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'X-Stamp': stamp } },
          (res) => {
            /** @type {Buffer[]} */
            const chunks = [];
            res.on('data', (/** @type {Buffer} */ c) => chunks.push(c));
            res.on('end', () => {
              latencies.push(performance.now() - started);
              if (res.statusCode !== 200) failures++;
              // Spot-check that the sandbox really executed what it acknowledged.
              else if (expectActivity && latencies.length % 97 === 0) {
                /** @type {unknown} */
                const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
                const answer = /** @type {{ activity?: { status?: string } }} */ (parsed);
                const status = answer.activity?.status;
                if (status !== 'ACTIVITY_STATUS_COMPLETED') failures++;
              }
              resolve();
            });
          },
        );
        req.on('error', () => {
          failures++;
          resolve();
        });
        req.end(body);
      })
    );
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < bodies.length && performance.now() < deadline) {
        const submission = bodies[next++];
        if (submission) await one(submission);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  /** @param {number} q */
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { count: latencies.length, failures, rate: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-bench-'));
const sandbox = startChild([cli, '--port', '0', '--data-dir', dataDir]);
const peer = startChild(['-e', PEER]);
try {
  const [sandboxUrl, peerUrl] = await Promise.all([sandbox.url, peer.url]);
  /** @type {unknown} */
  const parsed = JSON.parse(readFileSync(path.join(dataDir, 'credentials.json'), 'utf8'));
  const credentials = /** @type {import('../src/sandbox/index.js').SandboxCredentials} */ (parsed);
  const demo = credentials.organizations.find((o) => o.name === 'Demo');
  const key = demo?.users[0]?.apiKeys[0];
  if (!demo || !key) throw new Error('The sandbox has no Demo organization with an API key.');
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  const warm = makeBodies(stamper, demo.organizationId, warmup, 'warmup');
  const bodies = makeBodies(stamper, demo.organizationId, submissions, 'run');

  await drive(sandboxUrl, warm, true);
  await drive(peerUrl, warm, false);
  const ours = await drive(sandboxUrl, bodies, true);
  const ceiling = await drive(peerUrl, bodies, false);

  // The same sandbox with 100 policies and with none, in alternating rounds.
  const client = new CountersignClient({ baseUrl: sandboxUrl }, stamper, { maxAttempts: 1 });
  const organizationId = demo.organizationId;
  const perRound = Math.ceil(submissions / abRounds);
  /** @type {Awaited<ReturnType<typeof drive>>[]} */
  const withoutRuns = [];
  /** @type {Awaited<ReturnType<typeof drive>>[]} */
  const withRuns = [];
  /** @type {Awaited<ReturnType<typeof drive>>[]} */
  const clockRuns = [];
  /** The sandbox's CPU milliseconds per submission in each round, with and without policies. */
  /** @type {number[]} */
  const cpuWith = [];
  /** @type {number[]} */
  const cpuWithout = [];
  /** @type {number[]} */
  const cpuClock = [];
  /**
   * One round: `drive` with the sandbox's CPU time per submission counted into `cpu`.
   * @param {{ body: string, stamp: string }[]} bodies
   * @param {number[]} cpu
   */
  const counted = async (bodies, cpu) => {
    const before = cpuMsOf(sandbox.child.pid);
    const run = await drive(sandboxUrl, bodies, true);
    const after = cpuMsOf(sandbox.child.pid);
    if (before !== undefined && after !== undefined) cpu.push((after - before) / run.count);
    return run;
  };
  const withoutRun = async (/** @type {number} */ r) =>
    withoutRuns.push(await counted(makeBodies(stamper, organizationId, perRound, `none ${r}`), cpuWithout));
  /**
   * @param {boolean} clock
   * @param {Awaited<ReturnType<typeof drive>>[]} runs
   * @param {number[]} cpu
   */
  const policiesRun = (clock, runs, cpu) => async (/** @type {number} */ r) => {
    const policies = hundredPolicies(clock);
    const created = await client.createPolicies({ organizationId, parameters: { policies } });
    const policyIds = /** @type {{ createPoliciesResult: { policyIds: string[] } }} */ (created.result)
      .createPoliciesResult.policyIds;
    runs.push(await counted(makeBodies(stamper, organizationId, perRound, `policies ${clock} ${r}`), cpu));
    await client.deletePolicies({ organizationId, parameters: { policyIds } });
  };
  const withRun = policiesRun(false, withRuns, cpuWith);
  const clockRun = policiesRun(true, clockRuns, cpuClock);
  for (let r = 0; r < abRounds; r++) {
    const arms = [withoutRun, withRun, clockRun];
    for (const arm of r % 2 === 0 ? arms : arms.reverse()) await arm(r);
  }
  const roundRatios = withRuns.map((run, r) => run.rate / (withoutRuns[r]?.rate ?? NaN));
  await client.close();
  /** @param {Awaited<ReturnType<typeof drive>>[]} runs */
  const summary = (runs) => ({
    rate: median(runs.map((run) => run.rate)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
  });
  const withPolicies = summary(withRuns);
  const withClock = summary(clockRuns);
  const without = summary(withoutRuns);
  const bare = without.rate;

  /** @param {number} n */
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  /** @param {number} n */
  const ms = (n) => `${n.toFixed(1)} ms`;
  console.log(
    `sandbox: ${ours.count} submissions, ${clients} concurrent clients, journaled with fsync, Node ${process.version}, ${cpus().length} CPUs`,
  );
  console.log(
    `  sandbox (verify + validate + execute + fsync): ${fmt(ours.rate)}/s, p50 ${ms(ours.p50)}, p99 ${ms(ours.p99)}, failures ${ours.failures}`,
  );
  console.log(
    `  peer: bare node:http + node:crypto stamp check: ${fmt(ceiling.rate)}/s, p50 ${ms(ceiling.p50)}, p99 ${ms(ceiling.p99)}, failures ${ceiling.failures}`,
  );
  console.log(
    `  ratio sandbox / peer: ${(ours.rate / ceiling.rate).toFixed(2)}; goal 2,000/s: ${ours.rate >= 2000 ? 'met' : 'not met'}`,
  );
  const verifier = { name: 'bare node:http + node:crypto verifier', value: ceiling.rate };
  benchLine(`sandbox: verified submissions per second, ${clients} clients`, ours.rate, 'submissions/s', verifier, {
    min: 2000,
  });
  benchLine('sandbox: submission latency p99', ours.p99, 'ms', { name: 'the same verifier', value: ceiling.p99 });
  console.log(
    `  with 100 policies: ${fmt(withPolicies.rate)}/s, p50 ${ms(withPolicies.p50)}, p99 ${ms(withPolicies.p99)}, failures ${withPolicies.failures}; without: ${fmt(without.rate)}/s (medians of ${abRounds} alternating rounds: ${withRuns.map((run) => fmt(run.rate)).join(', ')} with, ${withoutRuns.map((run) => fmt(run.rate)).join(', ')} without); ratio ${(withPolicies.rate / bare).toFixed(2)} (rounds ${Math.min(...roundRatios).toFixed(2)}–${Math.max(...roundRatios).toFixed(2)}; aim ≥ 0.9)`,
  );
  benchLine(
    `sandbox: submissions per second with 100 policies, ${clients} clients`,
    withPolicies.rate,
    'submissions/s',
    { name: 'the same sandbox with no policy', value: bare },
  );
  console.log(
    `  with 100 policies, one reading the clock (each submission decided afresh): ${fmt(withClock.rate)}/s, p50 ${ms(withClock.p50)}, p99 ${ms(withClock.p99)}, failures ${withClock.failures}; ratio ${(withClock.rate / bare).toFixed(2)}`,
  );
  if (cpuWith.length > 0 && cpuWithout.length > 0 && cpuClock.length > 0) {
    const withCpu = median(cpuWith);
    const withoutCpu = median(cpuWithout);
    const clockCpu = median(cpuClock);
    // A rate is the inverse of the CPU time per submission when the sandbox is what limits it.
    console.log(
      `  the sandbox's CPU per submission: ${withCpu.toFixed(3)} ms with 100 policies, ${withoutCpu.toFixed(3)} ms ` +
        `without (medians of the same rounds: ${cpuWith.map((c) => c.toFixed(3)).join(', ')} with, ` +
        `${cpuWithout.map((c) => c.toFixed(3)).join(', ')} without); ratio of the rates it allows ` +
        `${(withoutCpu / withCpu).toFixed(2)} (aim ≥ 0.9)`,
    );
    console.log(
      `  the same with one policy reading the clock (no decision kept): ${clockCpu.toFixed(3)} ms ` +
        `(${cpuClock.map((c) => c.toFixed(3)).join(', ')}); ratio of the rates it allows ` +
        `${(withoutCpu / clockCpu).toFixed(2)}; a judgement decided afresh costs ` +
        `${((clockCpu - withCpu) * 1000).toFixed(0)} µs more than one kept`,
    );
    benchLine(`sandbox: CPU per submission with 100 policies, ${clients} clients`, withCpu, 'ms', {
      name: 'the same sandbox with no policy',
      value: withoutCpu,
    });
    benchLine(
      `sandbox: CPU per submission with 100 policies decided afresh (one reads the clock), ${clients} clients`,
      clockCpu,
      'ms',
      { name: 'the same sandbox with no policy', value: withoutCpu },
    );
  }
  if (ours.failures + withPolicies.failures + without.failures + withClock.failures > 0) process.exitCode = 1;
} finally {
  for (const { child } of [sandbox, peer])
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
