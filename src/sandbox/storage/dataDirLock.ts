/**
 * One sandbox per data directory: two processes appending to the same journal would each serve a state
 * the other cannot see (two VS Code windows share the extension's global storage). The lock is a file
 * holding the owner's PID; a lock whose process is gone (a crash, a kill -9) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import * as path from 'node:path';

export const LOCK_FILE_NAME = 'sandbox.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The data directory is held by a sandbox in another live process (or this one). */
export class SandboxDataDirInUseError extends Error {
  override readonly name = 'SandboxDataDirInUseError';
  readonly dataDir: string;
  /** The process that holds the lock. */
  readonly ownerPid: number;

  constructor(dataDir: string, ownerPid: number) {
    const who = ownerPid === process.pid ? 'this process' : `process ${ownerPid}`;
    super(
      `The sandbox data directory ${dataDir} is in use by another sandbox (${who}); stop it first or choose another directory.`,
    );
    this.dataDir = dataDir;
    this.ownerPid = ownerPid;
  }
}

export class DataDirLock {
  readonly #file: string;
  #released = false;

  private constructor(file: string) {
    this.#file = file;
  }

  static acquire(dir: string): DataDirLock {
    const file = path.join(dir, LOCK_FILE_NAME);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const fd = openSync(file, 'wx', 0o600);
        try {
          writeSync(fd, String(process.pid));
        } finally {
          closeSync(fd);
        }
        return new DataDirLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let owner = Number.NaN;
      try {
        owner = Number(readFileSync(file, 'utf8').trim());
      } catch {
        // Vanished between the two calls: try again.
      }
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) throw new SandboxDataDirInUseError(dir, owner);
      rmSync(file, { force: true });
    }
    throw new Error(`Could not lock the sandbox data directory ${dir}.`);
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    rmSync(this.#file, { force: true });
  }
}
