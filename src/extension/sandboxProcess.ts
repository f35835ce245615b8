/**
 * The local sandbox as a process of its own: its command line (dist/sandbox.js) run on the extension host's Node,
 * so that its journal, its crypto and its dependencies never load into the host that every extension shares.
 * What the extension knows of it comes from the process (the URL it prints, its exit) and from the files it keeps
 * in its data directory (credentials.json, and the lock naming the process that holds the data).
 *
 * No `vscode` here: plain Node, so that it can be tested and measured outside VS Code.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Logger } from '../api';
import { errorText } from '../api/core';

/** The files the sandbox keeps in its data directory (its documented layout). */
export const CREDENTIALS_FILE = 'credentials.json';
export const LOCK_FILE = 'sandbox.lock';

/** credentials.json: the seeded organizations, their users and API keys (private keys included). */
export interface SandboxApiKeyRecord {
  readonly apiKeyId: string;
  readonly apiKeyName: string;
  readonly publicKey: string;
  readonly privateKey: string;
}
export interface SandboxUserRecord {
  readonly userId: string;
  readonly userName: string;
  readonly apiKeys: SandboxApiKeyRecord[];
}
export interface SandboxOrganizationRecord {
  readonly name: string;
  readonly organizationId: string;
  readonly parentOrganizationId: string | null;
  readonly rootQuorum: number;
  readonly users: SandboxUserRecord[];
  readonly privateKeyIds: string[];
}
export interface SandboxCredentials {
  /** Where the sandbox last listened; empty before its first start. */
  readonly baseUrl: string;
  readonly organizations: SandboxOrganizationRecord[];
}

/** The credentials a sandbox wrote into `dataDir`, or undefined when there are none yet. Throws when unreadable. */
export function readCredentials(dataDir: string): SandboxCredentials | undefined {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { baseUrl?: unknown; organizations?: unknown };
  if (!Array.isArray(parsed.organizations)) throw new Error(`${file} lists no organizations.`);
  return {
    baseUrl: typeof parsed.baseUrl === 'string' ? parsed.baseUrl : '',
    organizations: parsed.organizations as SandboxOrganizationRecord[],
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process (not this one, nor `except`) that holds `dataDir`, if any: a lock whose process is gone is stale. */
export function lockHolder(dataDir: string, except?: number): number | undefined {
  let pid: number;
  try {
    // The PID is the first line; the sandbox writes its start time on the next.
    pid = Number(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').split('\n')[0]?.trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || pid === except) return undefined;
  return isAlive(pid) ? pid : undefined;
}

/**
 * How a sandbox process ended. `output` is the end of what it wrote to stderr; `lastLines`, its last lines on
 * stdout and stderr together, in the order written (a process killed without a word still said where it listened).
 */
export interface SandboxExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly output: string;
  readonly lastLines: readonly string[];
}

/** The sandbox could not start; `portInUse` when the port it was asked for is taken. */
export class SandboxStartError extends Error {
  override readonly name = 'SandboxStartError';
  readonly portInUse: boolean;
  constructor(
    message: string,
    readonly exit: SandboxExit | undefined,
  ) {
    super(message);
    this.portInUse = /EADDRINUSE/.test(exit?.output ?? '');
  }
}

export interface SandboxProcess {
  readonly pid: number;
  readonly baseUrl: string;
  readonly credentials: SandboxCredentials;
  /** Resolves when the process ends, whoever ended it. */
  readonly exited: Promise<SandboxExit>;
  /** SIGTERM (the sandbox flushes its journal and exits), SIGKILL after `graceMs`. Idempotent. */
  stop(graceMs?: number): Promise<SandboxExit>;
}

export interface SpawnSandboxOptions {
  /** dist/sandbox.js */
  readonly script: string;
  readonly dataDir: string;
  readonly port: number;
  /** The sandbox's warnings and errors (its stderr), line by line. */
  readonly log?: Logger;
  readonly startTimeoutMs?: number;
}

const OUTPUT_TAIL_CHARS = 2_000;
const LAST_LINES = 5;

/** The last non-empty lines of a process's two streams, in the order they came; each line at most 500 characters. */
export class OutputTail {
  readonly #lines: string[] = [];
  readonly #pending = new Map<string, string>();

  add(stream: string, chunk: string): void {
    const lines = ((this.#pending.get(stream) ?? '') + chunk).split('\n');
    this.#pending.set(stream, lines.pop() ?? '');
    for (const line of lines) this.#push(line);
  }

  /** The lines kept, with what each stream wrote after its last line break. */
  lines(): string[] {
    const kept = [...this.#lines];
    for (const rest of this.#pending.values()) if (rest.trim()) kept.push(rest.trim().slice(0, 500));
    return kept.slice(-LAST_LINES);
  }

  #push(line: string): void {
    const trimmed = line.trim();
    if (!trimmed) return;
    this.#lines.push(trimmed.slice(0, 500));
    if (this.#lines.length > LAST_LINES) this.#lines.shift();
  }
}

/** Starts the sandbox's command line and resolves once it listens; it ends when this process does. */
export function spawnSandbox(options: SpawnSandboxOptions): Promise<SandboxProcess> {
  const args = [options.script, '--host', '127.0.0.1', '--port', String(options.port), '--data-dir', options.dataDir];
  // Its stdin is a pipe that only this process holds: when this process ends, however it ends, the pipe closes
  // and the sandbox stops (--exit-with-stdin). ELECTRON_RUN_AS_NODE: the desktop host's executable is Electron.
  const child = spawn(process.execPath, [...args, '--exit-with-stdin'], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  let output = '';
  let pending = '';
  const tail = new OutputTail();
  child.stderr.setEncoding('utf8');
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => tail.add('stdout', chunk));
  child.stderr.on('data', (chunk: string) => {
    tail.add('stderr', chunk);
    output = (output + chunk).slice(-OUTPUT_TAIL_CHARS);
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) options.log?.warn(`Local sandbox: ${line}`);
  });
  const exited = new Promise<SandboxExit>((resolve) => {
    child.once('error', (error) =>
      resolve({
        code: null,
        signal: null,
        output: `${output}${error.message}`,
        lastLines: [...tail.lines(), error.message],
      }),
    );
    // 'close': both streams have ended, so the tail holds all the process wrote.
    child.once('close', (code, signal) => resolve({ code, signal, output, lastLines: tail.lines() }));
  });

  let stopping: Promise<SandboxExit> | undefined;
  const stop = (graceMs = 5_000): Promise<SandboxExit> => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    })();
    return stopping;
  };

  return new Promise<SandboxProcess>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      void stop(0);
      reject(
        new SandboxStartError(`it did not start within ${(options.startTimeoutMs ?? 30_000) / 1000} s`, undefined),
      );
    }, options.startTimeoutMs ?? 30_000);
    const listening = (chunk: string): void => {
      stdout += chunk;
      const baseUrl = /listening on (\S+)/.exec(stdout)?.[1];
      if (!baseUrl || child.pid === undefined) return;
      clearTimeout(timer);
      child.stdout.off('data', listening);
      try {
        const credentials = readCredentials(options.dataDir);
        if (!credentials) throw new Error(`it wrote no ${CREDENTIALS_FILE}`);
        resolve({ pid: child.pid, baseUrl, credentials: { ...credentials, baseUrl }, exited, stop });
      } catch (error) {
        void stop();
        reject(new SandboxStartError(errorText(error), undefined));
      }
    };
    child.stdout.on('data', listening);
    void exited.then((exit) => {
      clearTimeout(timer);
      const said = lastLine(exit.output).replace(/^countersign-sandbox: /, '');
      reject(new SandboxStartError(said || describeExit(exit), exit));
    });
  });
}

/** The last non-empty line of a process's output. */
export function lastLine(output: string): string {
  return (
    output
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .pop() ?? ''
  );
}

export function describeExit(exit: SandboxExit): string {
  return exit.signal ? `ended by ${exit.signal}` : `exit code ${String(exit.code)}`;
}
