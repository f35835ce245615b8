/**
 * One sandbox per data directory: two processes appending to the same journal would each serve a state
 * the other cannot see (two VS Code windows share the extension's global storage). The lock is a file
 * holding the owner's PID, created whole in one atomic step; a lock whose process is gone (a crash, a
 * kill -9) is taken over, atomically even when several sandboxes start at once (see `takeOver`).
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** What `tryCreate` found: the lock is ours, or someone's (with the text it holds). */
type Attempt = { readonly won: true } | { readonly won: false; readonly content: string | undefined };

/**
 * Creates `file` holding our PID, atomically: written to a temporary file first and linked into place,
 * so the lock never exists empty or half-written, and the link fails if the lock is already there.
 */
function tryCreate(file: string): Attempt {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, String(process.pid), { mode: 0o600 });
  try {
    linkSync(temp, file);
    return { won: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  try {
    return { won: false, content: readFileSync(file, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return { won: false, content: undefined }; // gone in between: the caller tries again
  }
}

const ownerOf = (content: string): number => (/^\d+$/.test(content.trim()) ? Number(content.trim()) : Number.NaN);

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes a lock left by a dead process, as one atomic step among any number of racers. Each stale
 * owner has its own takeover token, `<lock>.takeover-<pid>`, created exclusively: the one racer that
 * creates it checks that the lock still names the dead owner, removes it, and removes the token. A racer
 * that comes later finds the lock naming someone else (or missing) and removes nothing, so a lock just
 * taken over is never removed by a second racer. Returns whether the caller should try to lock again.
 */
function takeOver(file: string, staleContent: string, depth: number): boolean {
  const owner = ownerOf(staleContent);
  const token = `${file}.takeover-${Number.isNaN(owner) ? 'unreadable' : owner}`;
  const attempt = tryCreate(token);
  if (!attempt.won) {
    const tokenOwner = ownerOf(attempt.content ?? '');
    // Another racer is taking over right now; or one died doing so, whose token is stale in turn.
    if (attempt.content !== undefined && !(tokenOwner > 0 && isRunning(tokenOwner)) && depth < 3)
      takeOver(token, attempt.content, depth + 1);
    return false;
  }
  try {
    let current: string | undefined;
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === staleContent) rmSync(file, { force: true });
  } finally {
    rmSync(token, { force: true });
  }
  return true;
}

export class DataDirLock {
  readonly #file: string;
  #released = false;

  private constructor(file: string) {
    this.#file = file;
  }

  static acquire(dir: string): DataDirLock {
    const file = path.join(dir, LOCK_FILE_NAME);
    const deadline = Date.now() + 5_000;
    for (;;) {
      const attempt = tryCreate(file);
      if (attempt.won) return new DataDirLock(file);
      if (attempt.content !== undefined) {
        const owner = ownerOf(attempt.content);
        if (owner > 0 && isRunning(owner)) throw new SandboxDataDirInUseError(dir, owner);
        if (takeOver(file, attempt.content, 0)) continue;
      }
      if (Date.now() > deadline) throw new Error(`Could not lock the sandbox data directory ${dir}.`);
      pause(5);
    }
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    rmSync(this.#file, { force: true });
  }
}
