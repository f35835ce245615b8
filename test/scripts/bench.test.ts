/** `npm run bench`'s report (scripts/bench.mjs): the `BENCH {...}` lines every bench prints, read into one table. */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../support/fixtures';

interface Row {
  figure: string;
  value: number;
  unit: string;
  peer?: string;
  peerValue?: number;
  ratio?: number;
  goal?: { max?: number; min?: number };
}
interface BenchModule {
  parseBenchLine(line: string): Row | undefined;
  table(rows: Row[]): string;
}

const stamping: Row = {
  figure: 'stamping',
  value: 12000,
  unit: 'stamps/s',
  peer: '@turnkey/api-key-stamper',
  peerValue: 4000,
  ratio: 3,
};

describe('the benchmark report (scripts/bench.mjs)', () => {
  let mod: BenchModule;
  before(async () => {
    mod = (await import(pathToFileURL(path.join(repoRoot, 'scripts', 'bench.mjs')).href)) as BenchModule;
  });

  it('reads BENCH lines, with or without a peer, and ignores every other line', () => {
    assert.deepEqual(mod.parseBenchLine(`BENCH ${JSON.stringify(stamping)}`), stamping);
    assert.deepEqual(mod.parseBenchLine('  BENCH {"figure":"size","value":250,"unit":"KB"}  '), {
      figure: 'size',
      value: 250,
      unit: 'KB',
    });
    for (const other of ['stamping: 12,000/s', 'BENCH {not json}', 'BENCH {"figure":"no value"}', 'x BENCH {}'])
      assert.equal(mod.parseBenchLine(other), undefined, other);
  });

  it('lays every figure out in one table: its goal apart from its peer, and the ratio to the peer alone', () => {
    const text = mod.table([
      stamping,
      { figure: 'activation bundle', value: 212.5, unit: 'KB' }, // whole numbers from 100 up
      { figure: 'bundle', value: 32.5, unit: 'KB', goal: { max: 36 } },
      { ...stamping, figure: 'rate', goal: { min: 20000 } },
    ]);
    const lines = text.split('\n');
    assert.equal(lines.length, 6);
    assert.match(
      lines[0] ?? '',
      /^\| Figure +\| Countersign +\| Goal +\| Peer \(same run\) +\| Peer's figure +\| Ratio to peer +\|$/,
    );
    assert.match(
      lines[2] ?? '',
      /^\| stamping +\| 12,000 stamps\/s +\| +\| @turnkey\/api-key-stamper \| 4,000 stamps\/s +\| 3× +\|$/,
    );
    assert.match(lines[3] ?? '', /^\| activation bundle +\| 213 KB +\| +\| +\| +\| +\|$/);
    // A goal is a constant: it is no peer, and nothing is divided by it.
    assert.match(lines[4] ?? '', /^\| bundle +\| 32\.5 KB +\| ≤ 36 KB, met +\| +\| +\| +\|$/);
    assert.match(lines[5] ?? '', /^\| rate +\| 12,000 stamps\/s +\| ≥ 20,000 stamps\/s, not met \| @turnkey/);
  });

  it('reads a goal from a BENCH line', () => {
    const row = { figure: 'bundle', value: 32.5, unit: 'KB', goal: { max: 36 } };
    assert.deepEqual(mod.parseBenchLine(`BENCH ${JSON.stringify(row)}`), row);
  });
});
