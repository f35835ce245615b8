import * as assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { SandboxDataDirInUseError, SandboxStorageError, startSandbox } from '../../src/sandbox';
import { LOCK_FILE_NAME } from '../../src/sandbox/storage/dataDirLock';
import { mountTmpfs, tempDir, unmountTmpfs } from './hostileSupport';

const leftovers = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

describe('sandbox: starting on a data directory that is locked, full or read-only', function () {
  this.timeout(60_000);
  let root: string;
  let other: ChildProcess | undefined;
  beforeEach(() => {
    root = tempDir('start');
  });
  afterEach(() => {
    if (other?.pid !== undefined && other.exitCode === null) process.kill(other.pid);
    other = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  /** A live process that is no sandbox, as a PID reused after a reboot would be. */
  async function unrelatedProcess(): Promise<number> {
    other = spawn('sleep', ['60'], { stdio: 'ignore' });
    await new Promise<void>((resolve, reject) => {
      other?.once('spawn', resolve);
      other?.once('error', reject);
    });
    assert.ok(other.pid);
    return other.pid;
  }

  const lockHolding = [
    { what: 'its PID and another start time', content: (pid: number) => `${pid}\n1` },
    { what: 'its PID alone (as earlier sandboxes wrote it)', content: (pid: number) => String(pid) },
  ];
  for (const lock of lockHolding) {
    it(`takes over a lock naming an unrelated live process by ${lock.what}`, async function () {
      if (process.platform !== 'linux') this.skip();
      const dir = path.join(root, 'data');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, LOCK_FILE_NAME), lock.content(await unrelatedProcess()));
      const sandbox = await startSandbox({ dataDir: dir });
      await sandbox.close();
    });
  }

  it('still refuses a directory a live sandbox holds, and leaves no temporary lock file behind', async () => {
    const dir = path.join(root, 'data');
    mkdirSync(dir, { recursive: true });
    // Left by a sandbox that died while locking.
    writeFileSync(path.join(dir, `${LOCK_FILE_NAME}.999999999.0badc0de.tmp`), '999999999');
    const sandbox = await startSandbox({ dataDir: dir });
    try {
      await assert.rejects(startSandbox({ dataDir: dir }), SandboxDataDirInUseError);
      assert.deepEqual(leftovers(dir), []);
    } finally {
      await sandbox.close();
    }
  });

  describe('on a tmpfs', () => {
    let mount: string;
    let skipped: string | undefined;
    beforeEach(function () {
      mount = path.join(root, 'tmpfs');
      skipped = mountTmpfs(mount, '64k');
      if (skipped !== undefined) {
        console.log(`      skipped: ${skipped}`);
        this.skip();
      }
    });
    afterEach(() => {
      if (skipped === undefined) unmountTmpfs(mount);
    });

    it('says the disk is full and what to do, and leaves no temporary lock file behind', async () => {
      const dir = path.join(mount, 'data');
      mkdirSync(dir);
      // Fill the disk: one file as large as it takes.
      try {
        writeFileSync(path.join(mount, 'filler'), Buffer.alloc(128 * 1024));
      } catch (error) {
        assert.equal((error as NodeJS.ErrnoException).code, 'ENOSPC');
      }
      await assert.rejects(startSandbox({ dataDir: dir }), (error: unknown) => {
        assert.ok(error instanceof SandboxStorageError, String(error));
        assert.equal(error.code, 'ENOSPC');
        assert.match(
          error.message,
          /^The sandbox cannot start: the disk that holds its data directory .* is full \(ENOSPC\)\. Free some space/,
        );
        return true;
      });
      assert.deepEqual(leftovers(dir), []);
    });

    it('says the data directory is read-only and what to do', async () => {
      const dir = path.join(mount, 'data');
      mkdirSync(dir);
      const remounted = spawnSync('mount', ['-o', 'remount,ro', mount], { encoding: 'utf8' });
      assert.equal(remounted.status, 0, remounted.stderr);
      await assert.rejects(startSandbox({ dataDir: dir }), (error: unknown) => {
        assert.ok(error instanceof SandboxStorageError, String(error));
        assert.equal(error.code, 'EROFS');
        assert.match(error.message, /read-only file system \(EROFS\)\. Use a data directory on a writable disk/);
        return true;
      });
    });
  });
});
