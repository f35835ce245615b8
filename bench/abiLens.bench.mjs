// @ts-check
// The lenses of an ABI file: how long reading a 400 KB Hardhat artifact takes (parse with positions, validate,
// canonicalise) plus the lenses' comparison with an organization's interfaces, against plain JSON.parse of the same
// text, in the same process. Also the worst case: an artifact whose ABI alone is near the service's 400 KB.
// Runs the compiled code in out/ (scripts/bench.mjs compiles it first when it is stale).
import { performance } from 'node:perf_hooks';
import { benchLine, median, requireCompiled } from './report.mjs';

const { analyzeAbiDocument } = /** @type {typeof import('../src/api/remote.js')} */ (
  requireCompiled('src/api/remote.js')
);
const { abiLenses, CanonicalCache } = /** @type {typeof import('../src/extension/abi/abiLensModel.js')} */ (
  requireCompiled('src/extension/abi/abiLensModel.js')
);

const rounds = Number(process.env.BENCH_ITERATIONS ?? 30);

/** @param {number} i */
function entry(i) {
  return {
    type: i % 7 === 0 ? 'event' : 'function',
    name: `operation${i}`,
    inputs: [
      { name: 'account', type: 'address', internalType: 'address', ...(i % 7 === 0 ? { indexed: true } : {}) },
      { name: 'amount', type: 'uint256', internalType: 'uint256', ...(i % 7 === 0 ? { indexed: false } : {}) },
    ],
    ...(i % 7 === 0 ? { anonymous: false } : { outputs: [{ name: '', type: 'bool', internalType: 'bool' }] }),
    ...(i % 7 === 0 ? {} : { stateMutability: i % 3 === 0 ? 'view' : 'nonpayable' }),
  };
}

/**
 * A Hardhat artifact of `totalBytes`, its ABI made of `entries` entries and the rest bytecode.
 * @param {number} entries
 * @param {number} totalBytes
 */
function artifact(entries, totalBytes) {
  const abi = Array.from({ length: entries }, (_, i) => entry(i));
  const base = { _format: 'hh-sol-artifact-1', contractName: 'Big', sourceName: 'contracts/Big.sol', abi };
  const without = JSON.stringify({ ...base, bytecode: '0x', deployedBytecode: '0x' }, null, 2).length;
  const hex = Math.max(0, Math.floor((totalBytes - without) / 4)) * 2;
  const text = JSON.stringify(
    { ...base, bytecode: `0x${'60'.repeat(hex / 2)}`, deployedBytecode: `0x${'60'.repeat(hex / 2)}` },
    null,
    2,
  );
  return { text, abi };
}

/** @param {unknown[]} abi */
function interfaces(abi) {
  const at = { seconds: '1700000000', nanos: '0' };
  return Array.from({ length: 20 }, (_, i) => ({
    organizationId: 'org',
    smartContractInterfaceId: `sci-${i}`,
    smartContractAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    smartContractInterface: JSON.stringify(i === 0 ? abi : abi.slice(i)),
    type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
    label: i === 0 ? 'Big' : `Big v${i + 1}`,
    notes: '',
    createdAt: at,
    updatedAt: at,
  }));
}

/**
 * @param {string} label
 * @param {{ text: string, abi: unknown[] }} artifact
 */
function measure(label, { text, abi }) {
  const list = interfaces(abi);
  const cache = new CanonicalCache();
  const lens = () => {
    const analysis = analyzeAbiDocument(text, '/w/artifacts/contracts/Big.sol/Big.json');
    if (analysis.kind !== 'abi' || analysis.contracts[0]?.canonicalJson === undefined) throw new Error('not read');
    const lenses = abiLenses({ uri: 'file:///w/Big.json', ...analysis, interfaces: list, pending: [] }, cache);
    if (lenses[0]?.state !== 'registered') throw new Error(`unexpected lens ${lenses[0]?.state}`);
  };
  const parse = () => {
    /** @type {unknown} */
    const parsed = JSON.parse(text);
    return parsed;
  };
  for (let i = 0; i < 5; i++) {
    lens();
    parse();
  }
  const ours = [];
  const peer = [];
  for (let i = 0; i < rounds; i++) {
    let started = performance.now();
    lens();
    ours.push(performance.now() - started);
    started = performance.now();
    parse();
    peer.push(performance.now() - started);
  }
  const kb = Math.round(text.length / 1024);
  const abiKb = Math.round(JSON.stringify(abi).length / 1024);
  console.log(`${label}: ${kb} KB file, ${abiKb} KB ABI (${abi.length} entries), median of ${rounds}`);
  benchLine(`ABI lenses, ${label} (${kb} KB, ABI ${abiKb} KB)`, median(ours), 'ms', {
    name: 'JSON.parse of the same file',
    value: median(peer),
  });
}

measure('Hardhat artifact', artifact(120, 400 * 1024));
measure('artifact whose ABI is near 400 KB', artifact(1500, 420 * 1024));
