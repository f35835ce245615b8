// @ts-check
// Per-call cost of the client: Countersign's CountersignClient against the official @turnkey/http TurnkeyClient
// (with @turnkey/api-key-stamper), measured in the same run against the same sandbox (its command line in a child
// process, on a temporary data directory). Each call is a stamped whoami: build the body, stamp it, send it,
// check and parse the answer. The sandbox's own time is the same for both, so the difference is the client's.
// Sequential (one call at a time) and 32 calls in flight.
//
//   BENCH_CALLS (sequential calls per round, 400), BENCH_CONCURRENT_CALLS (2000), BENCH_MAX_SECONDS (20 per mode)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ApiKeyStamper as OfficialStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { benchLine, median, requireCompiled } from './report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { ApiKeyStamper, CountersignClient } = /** @type {typeof import('../src/api/remote.js')} */ (
  requireCompiled('src/api/remote.js')
);
const { spawnSandbox } = /** @type {typeof import('../src/extension/sandboxProcess.js')} */ (
  requireCompiled('src/extension/sandboxProcess.js')
);

const sequentialCalls = Number(process.env.BENCH_CALLS ?? 400);
const concurrentCalls = Number(process.env.BENCH_CONCURRENT_CALLS ?? 2000);
const maxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 20);
const width = 32;
const rounds = 3;

/**
 * Milliseconds per call: `count` calls, `inFlight` at a time, stopping early past the time limit.
 * @param {() => Promise<void>} call
 * @param {number} count
 * @param {number} inFlight
 */
async function perCall(call, count, inFlight) {
  const deadline = performance.now() + maxSeconds * 1000;
  let next = 0;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count && performance.now() < deadline) {
        next += 1;
        await call();
        done += 1;
      }
    }),
  );
  return (performance.now() - started) / done;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-bench-client-'));
const sandbox = await spawnSandbox({ script: `${root}out/src/sandbox/cli.js`, dataDir, port: 0 });
try {
  const demo = sandbox.credentials.organizations.find((o) => o.name === 'Demo');
  const key = demo?.users[0]?.apiKeys[0];
  if (!demo || !key) throw new Error('The sandbox has no Demo organization with an API key.');
  const organizationId = demo.organizationId;
  const ours = new CountersignClient(
    { baseUrl: sandbox.baseUrl },
    new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
  );
  const official = new TurnkeyClient(
    { baseUrl: sandbox.baseUrl },
    new OfficialStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
  );
  const clients = {
    ours: async () => {
      if ((await ours.whoami({ organizationId })).organizationId !== organizationId) throw new Error('wrong whoami');
    },
    official: async () => {
      if ((await official.getWhoami({ organizationId })).organizationId !== organizationId)
        throw new Error('wrong whoami');
    },
  };
  try {
    for (const call of Object.values(clients)) await perCall(call, 200, width); // warm-up
    /** @type {Record<string, { ours: number, official: number }>} */
    const figures = {};
    for (const [mode, count, inFlight] of /** @type {Array<[string, number, number]>} */ ([
      ['sequential', sequentialCalls, 1],
      [`${width} concurrent`, concurrentCalls, width],
    ])) {
      /** @type {{ ours: number[], official: number[] }} */
      const samples = { ours: [], official: [] };
      for (let round = 0; round < rounds; round++) {
        samples.ours.push(await perCall(clients.ours, count, inFlight));
        samples.official.push(await perCall(clients.official, count, inFlight));
      }
      figures[mode] = { ours: median(samples.ours), official: median(samples.official) };
    }
    console.log(`client: stamped whoami against the sandbox at ${sandbox.baseUrl}, median of ${rounds} rounds`);
    for (const [mode, { ours: a, official: b }] of Object.entries(figures)) {
      console.log(
        `  ${mode}: CountersignClient ${a.toFixed(3)} ms/call, @turnkey/http ${b.toFixed(3)} ms/call, ratio ${(a / b).toFixed(2)}`,
      );
      benchLine(`client: ms per whoami, ${mode}`, a, 'ms', { name: '@turnkey/http TurnkeyClient', value: b });
    }
  } finally {
    await ours.close();
  }
} finally {
  await sandbox.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
