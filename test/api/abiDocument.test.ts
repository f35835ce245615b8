import * as assert from 'node:assert/strict';
import type { AbiDocumentAnalysis } from '../../src/api';
import {
  abiFunctionsAndEvents,
  abiPathKind,
  analyzeAbiDocument,
  canonicalAbiJson,
  canonicalAbiJsonOfText,
  labelVersion,
  nextVersionLabel,
  prettyCanonicalAbi,
} from '../../src/api/remote';
import { readFixture } from '../support/fixtures';

const counter = JSON.parse(readFixture('abi', 'Counter.abi.json')) as Array<Record<string, unknown>>;

/** The same ABI as a compiler of another version might write it: entries reversed, keys in another order. */
function shuffled(abi: Array<Record<string, unknown>>): unknown[] {
  return [...abi].reverse().map((entry) => Object.fromEntries(Object.entries(entry).reverse()));
}

function abiOf(analysis: AbiDocumentAnalysis) {
  assert.equal(analysis.kind, 'abi');
  return analysis;
}

/** The text a problem points at. */
function textAt(text: string, problem: { offset: number; length: number }): string {
  return text.slice(problem.offset, problem.offset + problem.length);
}

describe('canonical ABIs', () => {
  it('gives the same text for the same ABI in another entry order, key order and spacing', () => {
    const a = canonicalAbiJson(counter);
    const b = canonicalAbiJson(JSON.parse(JSON.stringify(shuffled(counter), null, 4)));
    assert.equal(a, b);
    assert.ok(!/\s/.test(a.replace(/"[^"]*"/g, '')), 'no whitespace outside strings');
  });

  it('sorts entries by type and then signature, and the keys of every object', () => {
    const abi = [
      { type: 'event', name: 'B', inputs: [] },
      { type: 'function', name: 'b', inputs: [{ type: 'uint256', name: 'x' }] },
      { type: 'function', name: 'a', inputs: [] },
      { type: 'constructor', inputs: [] },
    ];
    const canonical = JSON.parse(canonicalAbiJson(abi)) as Array<Record<string, unknown>>;
    assert.deepEqual(
      canonical.map((e) => `${e['type'] as string} ${(e['name'] as string | undefined) ?? ''}`),
      ['constructor ', 'function a', 'function b', 'event B'],
    );
    assert.deepEqual(Object.keys(canonical[2] ?? {}), ['inputs', 'name', 'type']);
    assert.deepEqual(Object.keys((canonical[2]?.['inputs'] as object[])[0] ?? {}), ['name', 'type']);
  });

  it('tells a changed ABI from the same one: an input type, an added function', () => {
    const changed = counter.map((e) =>
      e['name'] === 'setNumber' ? { ...e, inputs: [{ name: 'newNumber', type: 'uint128' }] } : e,
    );
    assert.notEqual(canonicalAbiJson(changed), canonicalAbiJson(counter));
    const added = [...counter, { type: 'function', name: 'reset', inputs: [], outputs: [] }];
    assert.notEqual(canonicalAbiJson(added), canonicalAbiJson(counter));
  });

  it('keeps the order of inputs, of tuple components and of outputs: f(address,uint256) is not f(uint256,address)', () => {
    const param = (name: string, type: string) => ({ name, type, internalType: type });
    const f = (inputs: unknown[], outputs: unknown[] = []) => [
      { type: 'function', name: 'f', inputs, outputs, stateMutability: 'nonpayable' },
    ];
    const addressFirst = f([param('to', 'address'), param('amount', 'uint256')]);
    const uintFirst = f([param('amount', 'uint256'), param('to', 'address')]);
    assert.notEqual(canonicalAbiJson(addressFirst), canonicalAbiJson(uintFirst));
    // The same ABI with its keys in another order and other spacing is still equal.
    const respaced: unknown = JSON.parse(JSON.stringify(shuffled(addressFirst), null, 7));
    assert.equal(canonicalAbiJson(respaced), canonicalAbiJson(addressFirst));
    const tuple = (components: unknown[]) => f([{ name: 'order', type: 'tuple', components }]);
    assert.notEqual(
      canonicalAbiJson(tuple([param('to', 'address'), param('amount', 'uint256')])),
      canonicalAbiJson(tuple([param('amount', 'uint256'), param('to', 'address')])),
    );
    assert.notEqual(
      canonicalAbiJson(f([], [param('', 'address'), param('', 'uint256')])),
      canonicalAbiJson(f([], [param('', 'uint256'), param('', 'address')])),
    );
  });

  it('reads the ABI text a service stores, and refuses none: text that is not JSON has no canonical form', () => {
    assert.equal(canonicalAbiJsonOfText(JSON.stringify(shuffled(counter))), canonicalAbiJson(counter));
    assert.equal(canonicalAbiJsonOfText('[{'), undefined);
    assert.match(prettyCanonicalAbi(counter), /^\[\n {2}\{\n {4}"inputs"/);
  });

  it('lists functions then events with readable signatures', () => {
    const lines = abiFunctionsAndEvents(readFixture('abi', 'Counter.abi.json'));
    assert.ok(lines.length > 0);
    assert.ok(lines.some((line) => line.declaration === 'setNumber(uint256 newNumber)'));
    assert.ok(lines.some((line) => line.type === 'function' && /returns \(uint256\)$/.test(line.declaration)));
    const firstEvent = lines.findIndex((line) => line.type === 'event');
    assert.ok(firstEvent === -1 || lines.slice(firstEvent).every((line) => line.type === 'event'));
  });
});

describe('labels of a contract and its versions', () => {
  it('recognises the contract name and its version suffixes, and no other contract', () => {
    assert.equal(labelVersion('Counter', 'Counter'), 1);
    assert.equal(labelVersion('Counter v2', 'Counter'), 2);
    assert.equal(labelVersion('Counter V12', 'Counter'), 12);
    assert.equal(labelVersion('CounterV2', 'Counter'), undefined);
    assert.equal(labelVersion('Counter (old)', 'Counter'), undefined);
    assert.equal(labelVersion('ERC20', 'Counter'), undefined);
  });

  it('proposes the version after the highest one taken', () => {
    assert.equal(nextVersionLabel('Counter', ['Counter']), 'Counter v2');
    assert.equal(nextVersionLabel('Counter', ['Counter', 'Counter v3', 'ERC20 v9']), 'Counter v4');
    assert.equal(nextVersionLabel('Counter', []), 'Counter v2');
  });
});

describe('which JSON files may hold an ABI, by path', () => {
  it('never reads build-info or debug files, policy files, dependencies, manifests or configs', () => {
    for (const path of [
      '/p/abi/transfers.policy.json',
      '/p/artifacts/build-info/1a2b.json',
      '/p/artifacts/contracts/Counter.sol/Counter.dbg.json',
      '/p/node_modules/x/artifacts/A.json',
      '/p/package.json',
      '/p/tsconfig.json',
      '/p/tsconfig.build.json',
      '/p/.vscode/settings.json',
      '/p/abi/Counter.abi',
    ])
      assert.equal(abiPathKind(path), 'excluded', path);
  });

  it('knows the artifact folders of Hardhat, Foundry and Truffle, and *.abi.json anywhere', () => {
    for (const path of [
      '/p/artifacts/contracts/Counter.sol/Counter.json',
      '/p/out/Counter.sol/Counter.json',
      '/p/build/contracts/Counter.json',
      'C:\\p\\build\\contracts\\Counter.json',
      '/p/src/Counter.abi.json',
      '/p/abi/Counter.json',
    ])
      assert.equal(abiPathKind(path), 'abi', path);
    assert.equal(abiPathKind('/p/data/Counter.json'), 'other');
    assert.equal(abiPathKind('/p/build/Counter.json'), 'other');
  });
});

describe('an open document seen as an ABI file', () => {
  it('is not an ABI when it is package.json, a tsconfig or any JSON of another shape', () => {
    assert.equal(analyzeAbiDocument('{"name":"x","version":"1.0.0"}', '/p/package.json').kind, 'notAbi');
    assert.equal(analyzeAbiDocument('{"compilerOptions":{}}', '/p/tsconfig.json').kind, 'notAbi');
    assert.equal(analyzeAbiDocument('{"a": [1, 2]}', '/p/data/settings.json').kind, 'notAbi');
    assert.equal(analyzeAbiDocument('[1, 2, 3]', '/p/data/numbers.json').kind, 'notAbi');
    assert.equal(analyzeAbiDocument('{"a": 1,}', '/p/data/broken.json').kind, 'notAbi');
  });

  it('finds a Hardhat artifact, its contract name and where its ABI starts, with the canonical ABI', () => {
    const text = readFixture('workspace', 'artifacts', 'ERC20.json');
    const analysis = abiOf(analyzeAbiDocument(text, '/p/artifacts/ERC20.json'));
    assert.deepEqual(analysis.problems, []);
    const [contract] = analysis.contracts;
    assert.equal(contract?.contractName, 'ERC20');
    assert.equal(contract?.format, 'hardhat');
    assert.equal(textAt(text, { offset: contract?.offset ?? -1, length: 5 }), '"abi"');
    const abi = (JSON.parse(text) as { abi: unknown }).abi;
    assert.equal(contract?.canonicalJson, canonicalAbiJson(abi));
  });

  it('reports invalid JSON at its place, in an ABI folder only', () => {
    const text = readFixture('workspace', 'abi', 'Broken.abi.json');
    const analysis = abiOf(analyzeAbiDocument(text, '/p/abi/Broken.abi.json'));
    const [problem] = analysis.problems;
    assert.equal(problem?.kind, 'json');
    assert.match(problem?.message ?? '', /line 8, column 4\): a trailing comma before \]/);
    assert.equal(textAt(text, problem ?? { offset: 0, length: 0 }), ',', 'at the comma');
  });

  it('puts an invalid entry at the field it concerns, and an unnamed input as a warning on that input', () => {
    const text = `[
  { "type": "function", "name": "ok", "inputs": [] },
  { "type": "function", "name": "bad", "inputs": [{ "name": "x", "type": "uint257" }] },
  { "type": "event", "name": "Moved", "inputs": [{ "type": "address" }] }
]`;
    const analysis = abiOf(analyzeAbiDocument(text, '/p/abi/Mixed.abi.json'));
    const error = analysis.problems.find((p) => p.severity === 'error');
    assert.match(error?.message ?? '', /^Entry 1 \(function bad\): inputs\[0\]\.type is not a Solidity type/);
    assert.equal(textAt(text, error ?? { offset: 0, length: 0 }), '"uint257"');
    const warning = analysis.problems.find((p) => p.severity === 'warning');
    assert.match(warning?.message ?? '', /input 0 \(address\) has no name/);
    assert.equal(textAt(text, warning ?? { offset: 0, length: 0 }), '{ "type": "address" }');
    assert.equal(analysis.contracts[0]?.canonicalJson, undefined, 'an invalid ABI has no canonical form');
  });

  it('says an ABI over 400 KB is too large, at its "abi" key', () => {
    const entries = Array.from({ length: 3000 }, (_, i) => ({
      type: 'function',
      name: `f${i}`,
      inputs: [{ name: 'a'.repeat(60), type: 'uint256', internalType: 'uint256' }],
      outputs: [],
      stateMutability: 'nonpayable',
    }));
    const text = JSON.stringify({ contractName: 'Big', abi: entries, bytecode: '0x' }, null, 2);
    const analysis = abiOf(analyzeAbiDocument(text, '/p/build/contracts/Big.json'));
    const size = analysis.problems.find((p) => p.kind === 'size');
    assert.ok(size, 'a size problem');
    assert.match(size.message, /KB; the service accepts at most 400 KB/);
    assert.equal(textAt(text, size), '"abi"');
  });

  it('places each contract of solc --combined-json output at its own ABI', () => {
    const text = readFixture('abi', 'combined.solc.json');
    const analysis = abiOf(analyzeAbiDocument(text, '/p/out/combined.json'));
    assert.ok(analysis.contracts.length > 1);
    const offsets = analysis.contracts.map((c) => c.offset);
    assert.deepEqual(
      [...offsets].sort((a, b) => a - b),
      offsets,
    );
    for (const contract of analysis.contracts) assert.equal(text.slice(contract.offset, contract.offset + 5), '"abi"');
  });
});
