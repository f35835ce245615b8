/**
 * One sandbox per data directory: two processes appending to the same journal would each serve a state
 * the other cannot see (two VS Code windows share the extension's global storage). The lock is a file
 * holding the owner's PID and when that process started, created whole in one atomic step. A lock whose
 * process is gone (a crash, a kill -9), or whose PID now belongs to a process that started at another
 * time (the PID was reused after a reboot or a wrap-around), is taken over, atomically even when several
 * sandboxes start at once (see `takeOver`).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { linkSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

export const LOCK_FILE_NAME = 'sandbox.lock';

/**
 * When the process started, as the system tells it (Linux: /proc/<pid>/stat's start time in clock ticks
 * since boot; elsewhere `ps -o lstart=`); undefined where neither answers (then the PID alone is checked).
 */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    if (process.platform === 'win32' || process.platform === 'linux') return undefined;
  }
  const ps = spawnSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2_000 });
  const started = ps.status === 0 ? ps.stdout.trim() : '';
  return started === '' ? undefined : started.replaceAll(/\s+/g, ' ');
}

/** This process's lock content: its PID, and when it started. */
function ownContent(): string {
  const started = startTimeOf(process.pid);
  return started === undefined ? String(process.pid) : `${process.pid}\n${started}`;
}

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
function tryCreate(file: string, content: string): Attempt {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, content, { mode: 0o600 });
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

const ownerOf = (content: string): number => {
  const pid = content.trim().split('\n')[0]?.trim() ?? '';
  return /^\d+$/.test(pid) ? Number(pid) : Number.NaN;
};

/**
 * Whether the lock's owner is still the live sandbox that wrote it: its PID runs, and started when the lock
 * says. A lock written without a start time (by an older sandbox) is trusted on its PID alone.
 */
function isHeld(content: string): boolean {
  const owner = ownerOf(content);
  if (!(owner > 0 && isRunning(owner))) return false;
  const recorded = content.trim().split('\n')[1]?.trim();
  if (recorded === undefined || recorded === '') return couldRunSandbox(owner);
  const started = startTimeOf(owner);
  return started === undefined || started === recorded;
}

/**
 * For a lock without a start time: whether the process could be a sandbox at all. Where the system shows
 * its command line (Linux), only a JavaScript runtime or an editor can run one; elsewhere, it could.
 */
function couldRunSandbox(pid: number): boolean {
  let commandLine: string;
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return true;
  }
  return commandLine === '' || /node|sandbox|code|electron|bun|deno/i.test(commandLine);
}

/** Removes temporary files that sandboxes which died while locking left behind (live ones' are left alone). */
function removeLeftovers(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const match = /^sandbox\.lock(?:\.takeover-[^.]+)?\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name);
    const pid = Number(match?.[1]);
    if (match && (pid === process.pid || !isRunning(pid))) rmSync(path.join(dir, name), { force: true });
  }
}

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
  const attempt = tryCreate(token, ownContent());
  if (!attempt.won) {
    // Another racer is taking over right now; or one died doing so, whose token is stale in turn.
    if (attempt.content !== undefined && !isHeld(attempt.content) && depth < 3)
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
    const content = ownContent();
    for (;;) {
      const attempt = tryCreate(file, content);
      if (attempt.won) {
        removeLeftovers(dir);
        return new DataDirLock(file);
      }
      if (attempt.content !== undefined) {
        if (isHeld(attempt.content)) throw new SandboxDataDirInUseError(dir, ownerOf(attempt.content));
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
