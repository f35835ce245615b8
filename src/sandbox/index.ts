/**
 * The local sandbox: an offline implementation of the service, for trying Countersign without an
 * account and for every test. `startSandbox` serves it on 127.0.0.1 (by default on any free port) and
 * keeps its data in `dataDir` (a journal and credentials.json), or in memory when no data directory is
 * given or `memory` is set.
 */
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { silentLogger, type Logger } from '../api';
import { ActivityEngine } from './activityEngine';
import { AppProofSigner } from './appProofs';
import {
  CREDENTIALS_FILE_NAME,
  writeFileAtomic,
  type SandboxCredentials,
  type SandboxOrganization,
} from './credentials';
import { explainStartFailure, openDataDirectory } from './dataDirectory';
import { enclavePublicKey, newEnclaveKey } from './exportBundles';
import { createSandboxServer } from './httpServer';
import { createSeed } from './seed';
import { missingSigningKeys } from './signingKeys';
import { SandboxState } from './state';
import { createTreasury, missingTreasury, TREASURY } from './treasurySeed';
import type { DataDirLock } from './storage/dataDirLock';
import { MemoryStorage } from './storage/memoryStorage';
import type { Storage, StorageFaults } from './storage/storage';

export { SandboxDataDirInUseError } from './storage/dataDirLock';
export { SandboxStorageError } from './dataDirectory';
export { JournalDamagedError } from './storage/journalStorage';
export type { StorageFaults } from './storage/storage';
export { CREDENTIALS_FILE_NAME, readSandboxCredentials } from './credentials';
export type {
  SandboxApiKey,
  SandboxAuthenticator,
  SandboxCredentials,
  SandboxOrganization,
  SandboxUser,
} from './credentials';

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Where the journal and credentials.json live. Without it (or with `memory`), nothing is kept. */
  dataDir?: string;
  memory?: boolean;
  /**
   * Requests per second from each credential, and from all unauthenticated requests together; past it the
   * answer is 429 with ratelimit-* headers.
   */
  rateLimit?: number;
  logger?: Logger;
  /** The sandbox's clock (timestamps, the timestamp window, approval expiry). Default Date.now. */
  now?: () => number;
  /**
   * Start on a damaged journal by cutting it at the damage, after copying it to a timestamped backup
   * (the records from the damage on are dropped, and their number logged). Without it, damage stops the start.
   */
  repair?: boolean;
  /** Faults to inject into the journal's writes and syncs (tests of a full or failing disk). */
  storageFaults?: StorageFaults;
  /** How long a client may take to send a request's headers (default 10 s), and the whole request (default 30 s). */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Connections served at once; past it, new ones are closed at once (default 256). */
  maxConnections?: number;
}

export interface RunningSandbox {
  baseUrl: string;
  credentials: SandboxCredentials;
  /** undefined in memory mode. */
  credentialsPath: string | undefined;
  /** Stops listening, drops open connections, flushes and closes the journal. Idempotent. */
  close(): Promise<void>;
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
  let state: SandboxState;
  let organizations: SandboxOrganization[];
  let lock: DataDirLock | undefined;
  if (dataDir === undefined) {
    storage = new MemoryStorage();
    state = new SandboxState();
    const seed = createSeed(now());
    state.apply({ kind: 'seed', organizations: seed.organizations, effects: seed.effects });
    organizations = seed.credentials;
  } else {
    let opened: Awaited<ReturnType<typeof openDataDirectory>>;
    try {
      opened = await openDataDirectory(dataDir, {
        repair: options.repair === true,
        faults: options.storageFaults,
        logger,
        now,
      });
    } catch (error) {
      throw explainStartFailure(error, dataDir);
    }
    ({ storage, state, organizations, lock } = opened);
  }

  let server: ReturnType<typeof createSandboxServer> | undefined;
  try {
    const engine = new ActivityEngine(state, storage, now, new AppProofSigner(), logger);
    // A journal from before the sandbox signed: its secp256k1 keys get signing halves, once.
    const keys = missingSigningKeys(state);
    if (keys.length > 0) {
      await engine.commit({ kind: 'signingKeys', keys });
      logger.info('sandbox journal: gave private keys their signing halves', { keys: keys.length });
    }
    // The enclave key that signs export and import bundles: made once per data directory (or per start in memory).
    let enclaveKey = state.enclaveKey;
    if (enclaveKey === undefined) {
      enclaveKey = newEnclaveKey();
      await engine.commit({ kind: 'enclaveKey', privateKey: enclaveKey });
    }
    const signerPublicKey = enclavePublicKey(enclaveKey);
    // A journal from before Treasury: it gains the organization, once. Its keys reach credentials.json first, so
    // that no organization is ever durable without them (a Treasury listed there but not in the journal is replaced).
    if (missingTreasury(state)) {
      const treasury = createTreasury(now());
      organizations = [...organizations.filter((o) => o.name !== TREASURY), treasury.credentials];
      if (credentialsPath !== undefined)
        writeFileAtomic(
          credentialsPath,
          `${JSON.stringify({ baseUrl: '', signerPublicKey, organizations }, null, 2)}\n`,
        );
      await engine.commit({ kind: 'seed', organizations: [treasury.organization], effects: treasury.effects });
      logger.info('sandbox journal: added the Treasury organization', {
        organizationId: treasury.organization.organizationId,
      });
    }
    const listening = createSandboxServer({
      engine,
      now,
      logger,
      rateLimit: options.rateLimit,
      headersTimeoutMs: options.headersTimeoutMs,
      requestTimeoutMs: options.requestTimeoutMs,
      maxConnections: options.maxConnections,
    });
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
    const credentials: SandboxCredentials = { baseUrl, signerPublicKey, organizations };
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
    throw dataDir === undefined ? error : explainStartFailure(error, dataDir);
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return (await launchSandbox(options)).sandbox;
}
