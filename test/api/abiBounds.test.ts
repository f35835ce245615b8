/**
 * The bounds of the work an ABI file may cost (src/api/abi/abiBounds.ts): a file too large or nested too deep is
 * reported as a problem, never thrown, and an ABI far past what the service accepts is not checked entry by entry.
 */
import * as assert from 'node:assert/strict';
import { InvalidInputError } from '../../src/api';
import { analyzeAbiDocument, findJsonSyntaxProblem, readAbiFile } from '../../src/api/remote';
import {
  MAX_ABI_DOCUMENT_CHARS,
  MAX_JSON_DEPTH,
  MAX_PLACED_PROBLEM_CHARS,
  tooDeepAt,
} from '../../src/api/abi/abiBounds';

/** An entry whose first input has no name: a warning when the ABI is checked entry by entry. */
const entry = (i: number) => ({
  type: 'function',
  name: `f${i}`,
  inputs: [
    { name: '', type: 'address', internalType: 'address' },
    { name: 'amount', type: 'uint256', internalType: 'uint256' },
  ],
  outputs: [],
  stateMutability: 'nonpayable',
});

/** An ABI of about `bytes` bytes of compact JSON. */
function abiOfSize(bytes: number): unknown[] {
  const one = JSON.stringify(entry(0)).length + 1;
  return Array.from({ length: Math.ceil(bytes / one) }, (_, i) => entry(i));
}

function analysed(text: string, path: string) {
  const analysis = analyzeAbiDocument(text, path);
  assert.equal(analysis.kind, 'abi');
  if (analysis.kind !== 'abi') throw new Error('not an ABI');
  return analysis;
}

describe('api: the bounds of an ABI file analysis', () => {
  const opened = '['.repeat(200 * 1024);

  it('reports 200 KB of nested "[" as a problem at the level past the bound, closed or not, and never throws', () => {
    for (const text of [opened, `${opened}${']'.repeat(200 * 1024)}`, `{"abi": ${opened}`]) {
      const analysis = analysed(text, '/w/abi/Deep.abi.json');
      assert.deepEqual(analysis.contracts, []);
      assert.equal(analysis.problems.length, 1);
      const [problem] = analysis.problems;
      assert.equal(problem?.severity, 'error');
      assert.match(problem?.message ?? '', /^The JSON nests deeper than 512 levels \(line 1, column \d+\).*Check that/);
      assert.equal(text[problem?.offset ?? -1], '[');
    }
    // Outside the ABI folders a JSON file is an ABI only when it reads as one: this one is left alone.
    assert.deepEqual(analyzeAbiDocument(opened, '/w/data/deep.json'), { kind: 'notAbi' });
    assert.match(findJsonSyntaxProblem(opened)?.reason ?? '', /nests deeper than 512 levels/);
  });

  it('refuses a file nested too deep for registration with a clear error, an ABI string inside an artifact too', () => {
    const tupleDepth = MAX_JSON_DEPTH; // two JSON levels per tuple: past the bound
    let parameter: unknown = { name: 'x', type: 'uint256' };
    for (let i = 0; i < tupleDepth; i++) parameter = { name: `t${i}`, type: 'tuple', components: [parameter] };
    const deepAbi = JSON.stringify([{ type: 'function', name: 'f', inputs: [parameter], outputs: [] }]);
    for (const [text, expected] of [
      [opened, /nests deeper than 512 levels/],
      [deepAbi, /nests deeper than 512 levels/],
      [JSON.stringify({ contracts: { 'A.sol:A': { abi: deepAbi } } }), /\.abi nests deeper than 512 levels/],
    ] as const) {
      assert.throws(
        () => readAbiFile(text, 'Deep.json'),
        (error: unknown) => error instanceof InvalidInputError && expected.test(error.message),
      );
    }
  });

  it('counts nesting outside strings only: brackets and escaped quotes inside a string are text', () => {
    const inString = `[{"name": "${'[{'.repeat(600)}\\"${'['.repeat(600)}"}]`;
    assert.equal(tooDeepAt(inString), undefined);
    assert.equal(tooDeepAt('[[[', 2), 2);
    assert.equal(tooDeepAt('[[]]', 2), undefined);
  });

  it('does not check a 15 MB ABI entry by entry: its size is its one problem', () => {
    const abi = abiOfSize(15 * 1024 * 1024);
    const analysis = analysed(JSON.stringify(abi), '/w/abi/Huge.abi.json');
    assert.deepEqual(
      analysis.problems.map((p) => [p.severity, p.kind]),
      [['error', 'size']],
    );
    assert.match(analysis.problems[0]?.message ?? '', /^The ABI is \d+ KB; the service accepts at most 400 KB/);
    assert.equal(analysis.contracts[0]?.canonicalJson, undefined);
    // Registration refuses it by its size too, before checking its entries (the last one is broken).
    const broken = JSON.stringify([...abi, { type: 'function', name: 'bad', inputs: [{ type: 'uint257' }] }]);
    assert.throws(() => readAbiFile(broken, 'Huge.abi.json'), /the ABI is \d+ KB; the service accepts at most 400 KB/);
  });

  it('still checks a large ABI the service accepts, problem by problem, at their entries', () => {
    const abi = abiOfSize(350 * 1024);
    const text = JSON.stringify(abi, null, 2);
    const analysis = analysed(text, '/w/abi/Large.abi.json');
    const warnings = analysis.problems.filter((p) => p.severity === 'warning');
    assert.equal(warnings.length, 200, 'the first 200 issues are kept');
    const first = warnings[0];
    assert.match(text.slice(first?.offset ?? 0, (first?.offset ?? 0) + (first?.length ?? 0)), /^\{\s+"name": ""/);
    assert.ok(analysis.contracts[0]?.canonicalJson, 'a canonical form: it can be compared with the registered ones');
  });

  it('places the problems of a file past the placing bound at its "abi" key, without a tree of the whole file', () => {
    const bytecode = `0x${'60'.repeat(MAX_PLACED_PROBLEM_CHARS / 2)}`;
    const text = JSON.stringify({ _format: 'hh-sol-artifact-1', contractName: 'Big', abi: [entry(0)], bytecode });
    const analysis = analysed(text, '/w/artifacts/contracts/Big.sol/Big.json');
    assert.equal(analysis.problems.length, 1);
    assert.match(analysis.problems[0]?.message ?? '', /input 0 \(address\) has no name/);
    const at = analysis.problems[0]?.offset ?? 0;
    assert.equal(text.slice(at, at + 5), '"abi"');
  });

  it('reports a file past the size bound as a warning that says what to do, in the ABI folders only', () => {
    const padding = ' '.repeat(MAX_ABI_DOCUMENT_CHARS);
    const text = `{"abi": [${JSON.stringify(entry(0))}], "bytecode": "0x"}${padding}`;
    const analysis = analysed(text, '/w/out/Big.sol/Big.json');
    assert.deepEqual(analysis.contracts, []);
    assert.deepEqual(
      analysis.problems.map((p) => [p.severity, p.kind]),
      [['warning', 'size']],
    );
    assert.match(analysis.problems[0]?.message ?? '', /^This file is 16\.0 MB: ABI files are checked up to 16\.0 MB/);
    assert.match(analysis.problems[0]?.message ?? '', /Save the contract's "abi" array alone in a \.abi\.json file/);
    assert.deepEqual(analyzeAbiDocument(text, '/w/data/Big.json'), { kind: 'notAbi' });
    assert.throws(() => readAbiFile(text, 'Big.json'), /the file is 16\.0 MB; ABI files are read up to 16\.0 MB/);
  });
});
