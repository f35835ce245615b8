/**
 * The local sandbox: an offline implementation of the service, for trying Countersign without an
 * account and for every test. `startSandbox` serves it on 127.0.0.1 (by default on any free port) and
 * keeps its data in `dataDir` (a journal and credentials.json), or in memory when no data directory is
 * given or `memory` is set.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
  chmodSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { silentLogger, type Logger } from '../api';
import { ActivityEngine } from './activityEngine';
import { AppProofSigner } from './appProofs';
import { createSandboxServer } from './httpServer';
import { createSeed } from './seed';
import { SandboxState, type SandboxRecord } from './state';
import { DataDirLock } from './storage/dataDirLock';

export { SandboxDataDirInUseError } from './storage/dataDirLock';
import { JournalStorage } from './storage/journalStorage';
import { MemoryStorage } from './storage/memoryStorage';
import type { Storage } from './storage/storage';

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Where the journal and credentials.json live. Without it (or with `memory`), nothing is kept. */
  dataDir?: string;
  memory?: boolean;
  /** Requests per second; past it the answer is 429 with ratelimit-* headers. */
  rateLimit?: number;
  logger?: Logger;
  /** The sandbox's clock (timestamps, the timestamp window, approval expiry). Default Date.now. */
  now?: () => number;
}

export interface SandboxApiKey {
  apiKeyId: string;
  apiKeyName: string;
  publicKey: string;
  privateKey: string;
}

/**
 * A passkey registered to a seeded user. A real passkey's private key never leaves its device; the
 * sandbox's is simulated, and its private key is kept here so a test or a tool can play the device.
 */
export interface SandboxAuthenticator {
  authenticatorId: string;
  authenticatorName: string;
  /** base64url without padding, as an assertion's id. */
  credentialId: string;
  /** P-256, compressed SEC1 hex: the form the sandbox stores and lists. */
  publicKey: string;
  /** The simulated device's key: a 32-byte P-256 scalar in hex. */
  privateKey?: string;
}

export interface SandboxUser {
  userId: string;
  userName: string;
  apiKeys: SandboxApiKey[];
  /** Absent for users without a passkey (and in credentials written before passkeys were seeded). */
  authenticators?: SandboxAuthenticator[];
}

export interface SandboxOrganization {
  name: string;
  organizationId: string;
  parentOrganizationId: string | null;
  rootQuorum: number;
  users: SandboxUser[];
  privateKeyIds: string[];
}

export interface SandboxCredentials {
  baseUrl: string;
  organizations: SandboxOrganization[];
}

export interface RunningSandbox {
  baseUrl: string;
  credentials: SandboxCredentials;
  /** undefined in memory mode. */
  credentialsPath: string | undefined;
  /** Stops listening, drops open connections, flushes and closes the journal. Idempotent. */
  close(): Promise<void>;
}

export const CREDENTIALS_FILE_NAME = 'credentials.json';

/** Writes the file whole or not at all (temp file, fsync, rename), readable by its owner only. */
function writeFileAtomic(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  chmodSync(temp, 0o600);
  renameSync(temp, file);
  try {
    const dir = openSync(path.dirname(file), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // Some platforms cannot sync a directory; the rename is still atomic.
  }
}

function readCredentials(file: string): SandboxCredentials {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it is missing' : 'it is not valid JSON';
    throw new Error(
      `The sandbox's data directory has a journal but its ${CREDENTIALS_FILE_NAME} cannot be read (${reason}); delete the directory to start afresh.`,
      { cause: error },
    );
  }
  const organizations = (parsed as { organizations?: unknown }).organizations;
  if (!Array.isArray(organizations))
    throw new Error(`${CREDENTIALS_FILE_NAME} has no organizations; delete the data directory to start afresh.`);
  const baseUrl = (parsed as { baseUrl?: unknown }).baseUrl;
  return { baseUrl: typeof baseUrl === 'string' ? baseUrl : '', organizations: organizations as SandboxOrganization[] };
}

/**
 * The credentials a sandbox wrote into `dataDir`, with the URL it last listened on (empty before its first
 * listen): what another process needs to use a sandbox that runs elsewhere. Undefined when there are none yet.
 */
export function readSandboxCredentials(dataDir: string): SandboxCredentials | undefined {
  const file = path.join(dataDir, CREDENTIALS_FILE_NAME);
  return existsSync(file) ? readCredentials(file) : undefined;
}

/** The running sandbox and its engine, for tests that need to reach inside (e.g. to add an expired key). */
export interface LaunchedSandbox {
  readonly sandbox: RunningSandbox;
  readonly engine: ActivityEngine;
}

export async function launchSandbox(options: SandboxOptions = {}): Promise<LaunchedSandbox> {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? silentLogger;
  const host = options.host ?? '127.0.0.1';
  const memory = options.memory === true || options.dataDir === undefined;
  const dataDir = memory ? undefined : path.resolve(options.dataDir as string);
  const credentialsPath = dataDir === undefined ? undefined : path.join(dataDir, CREDENTIALS_FILE_NAME);

  let storage: Storage;
  let lock: DataDirLock | undefined;
  if (dataDir === undefined) storage = new MemoryStorage();
  else {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // It holds private keys: owner only, even when something else created it first (with the umask's 0755).
    chmodSync(dataDir, 0o700);
    lock = DataDirLock.acquire(dataDir);
    try {
      const journal = JournalStorage.open(dataDir);
      if (journal.recovery.truncatedBytes > 0) {
        logger.warn('sandbox journal: cut off a torn last record', { truncatedBytes: journal.recovery.truncatedBytes });
      }
      storage = journal;
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  let server: ReturnType<typeof createSandboxServer> | undefined;
  try {
    const state = new SandboxState();
    for (const record of storage.recovered) state.apply(record as SandboxRecord);
    const engine = new ActivityEngine(state, storage, now, new AppProofSigner());

    let organizations: SandboxOrganization[];
    if (state.seeded) {
      organizations = credentialsPath === undefined ? [] : readCredentials(credentialsPath).organizations;
    } else {
      const seed = createSeed(now());
      organizations = seed.credentials;
      // The keys are on disk before the journal names them, so a crash here never strands a seeded journal.
      if (credentialsPath !== undefined)
        writeFileAtomic(credentialsPath, `${JSON.stringify({ baseUrl: '', organizations }, null, 2)}\n`);
      await engine.commit({ kind: 'seed', organizations: seed.organizations });
    }

    const listening = createSandboxServer({ engine, now, logger, rateLimit: options.rateLimit });
    server = listening;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.port ?? 0, host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    const address = listening.address() as AddressInfo;
    const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    const credentials: SandboxCredentials = { baseUrl, organizations };
    if (credentialsPath !== undefined) writeFileAtomic(credentialsPath, `${JSON.stringify(credentials, null, 2)}\n`);
    logger.info('sandbox started', { baseUrl, memory });

    let closing: Promise<void> | undefined;
    const close = (): Promise<void> => {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          listening.close(() => resolve());
          listening.closeAllConnections();
        });
        await storage.close();
        lock?.release();
        logger.info('sandbox stopped', { baseUrl });
      })();
      return closing;
    };
    return { sandbox: { baseUrl, credentials, credentialsPath, close }, engine };
  } catch (error) {
    server?.closeAllConnections();
    server?.close();
    await storage.close();
    lock?.release();
    throw error;
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return (await launchSandbox(options)).sandbox;
}
