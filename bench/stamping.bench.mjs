// @ts-check
// Stamps per second: Countersign's ApiKeyStamper against the official @turnkey/api-key-stamper
// (default runtime under Node), in the same process, with the same key and the same bodies.
// Runs the compiled client in out/ (scripts/bench.mjs compiles it first when it is stale).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ApiKeyStamper as OfficialStamper } from '@turnkey/api-key-stamper';
import { benchLine, median, requireCompiled } from './report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { ApiKeyStamper, verifyApiKeyStamp } = /** @type {typeof import('../src/api/remote.js')} */ (
  requireCompiled('src/api/remote.js')
);

const iterations = Number(process.env.BENCH_ITERATIONS ?? 3000);
const warmup = Math.max(100, Math.floor(iterations / 10));
const rounds = 3;

const apiPrivateKey = readFileSync(`${root}test/fixtures/keys/api-key.private`, 'utf8').trim();
const apiPublicKey = readFileSync(`${root}test/fixtures/keys/api-key.public`, 'utf8').trim();
const abi = readFileSync(`${root}test/fixtures/abi/Counter.abi.json`, 'utf8');
const organizationId = '00000000-0000-4000-8000-000000000000';
const bodies = [
  JSON.stringify({ organizationId }),
  JSON.stringify({
    type: 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG',
    timestampMs: '1700000000000',
    organizationId,
    parameters: { privateKeyTagName: 'tag-é✓', privateKeyIds: [] },
  }),
  JSON.stringify({
    type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
    timestampMs: '1700000000000',
    organizationId,
    parameters: {
      smartContractAddress: '0x0000000000000000000000000000000000000001',
      smartContractInterface: JSON.stringify(JSON.parse(abi)),
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
      label: 'Counter',
      notes: '',
    },
  }),
];

const ours = new ApiKeyStamper({ apiPrivateKey, apiPublicKey });
const official = new OfficialStamper({ apiPrivateKey, apiPublicKey });

// Both must produce stamps the service accepts, or the numbers mean nothing.
for (const stamper of [ours, official]) {
  for (const body of bodies) {
    const stamp = await stamper.stamp(body);
    if (!verifyApiKeyStamp(Buffer.from(body, 'utf8'), stamp.stampHeaderValue).ok) {
      throw new Error('a stamper produced a stamp that does not verify');
    }
  }
}

/**
 * @param {{ stamp(body: string): Promise<unknown> }} stamper
 * @param {number} count
 */
async function run(stamper, count) {
  const started = performance.now();
  for (let i = 0; i < count; i++) await stamper.stamp(bodies[i % bodies.length] ?? '');
  return count / ((performance.now() - started) / 1000);
}

await run(ours, warmup);
await run(official, warmup);
const oursRates = [];
const officialRates = [];
for (let round = 0; round < rounds; round++) {
  oursRates.push(await run(ours, iterations));
  officialRates.push(await run(official, iterations));
}
const a = median(oursRates);
const b = median(officialRates);
/** @param {number} n */
const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(
  `stamping: ${iterations} stamps × ${rounds} rounds (median), ${bodies.length} bodies, Node ${process.version}`,
);
console.log(`Countersign stamper: ${fmt(a)}/s, @turnkey/api-key-stamper: ${fmt(b)}/s, ratio ${(a / b).toFixed(1)}×`);
benchLine('stamping: stamps per second', a, 'stamps/s', { name: '@turnkey/api-key-stamper', value: b });
