import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '../support/fixtures';
import { tempDir } from './hostileSupport';

const ROUNDS = 50;
const RACERS = 2;
/** Beyond any pid_max: a process that surely does not exist. */
const DEAD_PID = '2147483646';

/** A warm racer: its answers arrive in order, one per command. */
class Racer {
  readonly #child: ChildProcess;
  readonly #answers: string[] = [];
  readonly #waiting: ((answer: string) => void)[] = [];

  constructor() {
    const worker = path.join(repoRoot, 'out', 'test', 'sandbox', 'lockRaceWorker.js');
    this.#child = spawn(process.execPath, [worker], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: this.#child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const waiter = this.#waiting.shift();
      if (waiter) waiter(line);
      else this.#answers.push(line);
    });
  }

  next(): Promise<string> {
    const ready = this.#answers.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  send(line: string): Promise<string> {
    this.#child.stdin?.write(`${line}\n`);
    return this.next();
  }

  stop(): void {
    this.#child.kill();
  }
}

describe('sandbox: one sandbox per data directory, even when several take over a stale lock at once', function () {
  this.timeout(120_000);
  let root: string;
  const racers: Racer[] = [];
  before(async () => {
    root = tempDir('lockrace');
    for (let i = 0; i < RACERS; i++) racers.push(new Racer());
    for (const racer of racers) assert.equal(await racer.next(), 'ready');
  });
  after(() => {
    for (const racer of racers) racer.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it(`lets exactly one of ${RACERS} warm processes win a lock left by a dead process, ${ROUNDS} times over`, async () => {
    const doubleWins: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const dir = path.join(root, `round-${round}`);
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'sandbox.lock'), DEAD_PID);
      const at = Date.now() + 30;
      const answers = await Promise.all(racers.map((r) => r.send(`go ${dir} ${at}`)));
      const winners = answers.filter((a) => a === 'won').length;
      assert.deepEqual(
        answers.filter((a) => a !== 'won'),
        Array.from({ length: answers.length - winners }, () => 'lost SandboxDataDirInUseError'),
        `round ${round}: ${answers.join(', ')}`,
      );
      if (winners !== 1) doubleWins.push(round);
      const owner = readFileSync(path.join(dir, 'sandbox.lock'), 'utf8');
      assert.notEqual(owner, DEAD_PID);
      await Promise.all(racers.map((r) => r.send('release')));
      assert.ok(!existsSync(path.join(dir, 'sandbox.lock')), `round ${round}: the lock outlived its owner`);
      assert.deepEqual(readdirSync(dir), [], `round ${round}: left behind ${readdirSync(dir).join(', ')}`);
    }
    assert.deepEqual(doubleWins, [], `${doubleWins.length} of ${ROUNDS} rounds had no single winner`);
  });
});
