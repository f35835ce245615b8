/**
 * The local sandbox as the extension runs it: its command line (dist/sandbox.js, built by the bundle stage) in a
 * process of its own, on a temporary data directory. It answers a signed request, holds the data while it runs,
 * ends with the process that started it (even one killed with SIGKILL), and says when its port is taken.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ApiKeyStamper, CountersignClient } from '../../../src/api/remote';
import {
  lockHolder,
  OutputTail,
  SandboxStartError,
  spawnSandbox,
  type SandboxProcess,
} from '../../../src/extension/sandboxProcess';
import { repoRoot } from '../../support/fixtures';

const script = path.join(repoRoot, 'dist', 'sandbox.js');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the local sandbox in its own process', function () {
  this.timeout(40_000);
  const dirs: string[] = [];
  const started: SandboxProcess[] = [];
  const dataDir = (): string => {
    const dir = mkdtempSync(path.join(tmpdir(), 'countersign-sandbox-process-'));
    dirs.push(dir);
    return dir;
  };
  const launch = async (dir: string, port = 0): Promise<SandboxProcess> => {
    const sandbox = await spawnSandbox({ script, dataDir: dir, port });
    started.push(sandbox);
    return sandbox;
  };

  afterEach(async () => {
    await Promise.all(started.splice(0).map((sandbox) => sandbox.stop()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('answers a signed whoami with the credentials it wrote, holds the data while it runs, and stops cleanly', async () => {
    const dir = dataDir();
    const sandbox = await launch(dir);
    assert.notEqual(sandbox.pid, process.pid);
    assert.match(sandbox.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(sandbox.credentials.baseUrl, sandbox.baseUrl);
    assert.equal(lockHolder(dir), sandbox.pid, 'the sandbox process holds the data directory');
    const demo = sandbox.credentials.organizations.find((o) => o.name === 'Demo');
    const key = demo?.users[0]?.apiKeys[0];
    assert.ok(demo && key);
    const client = new CountersignClient(
      { baseUrl: sandbox.baseUrl },
      new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
    );
    try {
      assert.equal((await client.whoami({ organizationId: demo.organizationId })).userId, demo.users[0]?.userId);
    } finally {
      await client.close();
    }
    const exit = await sandbox.stop();
    assert.equal(exit.code, 0, exit.output);
    assert.equal(lockHolder(dir), undefined, 'the data is released');
  });

  it('ends with the process that started it, even one killed with SIGKILL', async () => {
    const dir = dataDir();
    const parentScript = `
      const { spawnSandbox } = require(${JSON.stringify(path.join(repoRoot, 'out', 'src', 'extension', 'sandboxProcess.js'))});
      spawnSandbox({ script: ${JSON.stringify(script)}, dataDir: ${JSON.stringify(dir)}, port: 0 })
        .then((s) => process.stdout.write('sandbox ' + s.pid + '\\n'));
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', parentScript], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const pid = await new Promise<number>((resolve, reject) => {
        let out = '';
        parent.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /sandbox (\d+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        parent.once('exit', (code) => reject(new Error(`the parent exited (${String(code)})`)));
      });
      assert.ok(alive(pid));
      parent.kill('SIGKILL');
      await until('the sandbox to end after its parent', () => !alive(pid));
      await until('the lock to be released', () => lockHolder(dir) === undefined);
    } finally {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
    }
  });

  it('says when the port it was asked for is taken, and reports an unexpected end by its signal', async () => {
    const first = await launch(dataDir());
    const port = Number(new URL(first.baseUrl).port);
    const failure = await launch(dataDir(), port).then(
      () => assert.fail('a second sandbox started on a taken port'),
      (error: unknown) => error,
    );
    assert.ok(failure instanceof SandboxStartError);
    assert.equal(failure.portInUse, true, failure.message);

    process.kill(first.pid, 'SIGKILL');
    const exit = await first.exited;
    assert.equal(exit.signal, 'SIGKILL');
    // Killed without a word on stderr, it still leaves its last lines: where it listened, where its credentials are.
    assert.ok(
      exit.lastLines.some((line) => line.includes(`listening on ${first.baseUrl}`)),
      JSON.stringify(exit.lastLines),
    );
  });

  it('keeps the last lines of both streams, in order, each bounded', () => {
    const tail = new OutputTail();
    tail.add('stdout', 'Countersign sandbox listening on http://127.0.0.1:1\nCredentials: x\n');
    tail.add('stderr', 'warn one\nwarn t');
    tail.add('stderr', 'wo\n\n');
    tail.add('stdout', `${'y'.repeat(600)}\nhalf a line`);
    assert.deepEqual(tail.lines(), ['Credentials: x', 'warn one', 'warn two', 'y'.repeat(500), 'half a line']);
  });
});
