/**
 * A sandbox's data directory: the lock that keeps it to one sandbox, the journal, and credentials.json.
 *
 * The first start writes credentials.json and then creates the journal with its seed record in one
 * atomic step, so a journal never exists without its seed and its credentials. Every later start reads
 * the journal back and never seeds again: a journal that is empty or damaged stops the start with a
 * message saying what to do, and credentials.json is never rewritten from a new seed while a journal
 * exists (a repair that leaves nothing backs both files up before starting afresh).
 */
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { Logger } from '../api';
import { sandboxRecords, type UnreadActivities } from './activityStore';
import { CREDENTIALS_FILE_NAME, readCredentials, writeFileAtomic, type SandboxOrganization } from './credentials';
import { createSeed } from './seed';
import { SandboxState, type SandboxRecord } from './state';
import { DataDirLock } from './storage/dataDirLock';
import { backupFile } from './storage/journalFile';
import { JOURNAL_FILE_NAME, JournalDamagedError, JournalStorage } from './storage/journalStorage';
import type { StorageFaults } from './storage/storage';

/** What a start that could not write its data directory says: what happened, and what to do. */
export class SandboxStorageError extends Error {
  override readonly name = 'SandboxStorageError';
  constructor(
    message: string,
    readonly code: string,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

const ADVICE: Readonly<Record<string, (dir: string) => string>> = {
  ENOSPC: (dir) =>
    `the disk that holds its data directory ${dir} is full (ENOSPC). Free some space on that disk and start it again, or use a data directory on another disk.`,
  EDQUOT: (dir) =>
    `the disk quota of the data directory ${dir} is used up (EDQUOT). Free some space, or use a data directory on another disk.`,
  EROFS: (dir) =>
    `its data directory ${dir} is on a read-only file system (EROFS). Use a data directory on a writable disk, or remount that one read-write.`,
  EACCES: (dir) =>
    `it may not write to its data directory ${dir} (EACCES). Give the user running it write access to that directory, or use another one.`,
  EPERM: (dir) =>
    `it may not write to its data directory ${dir} (EPERM). Give the user running it write access to that directory, or use another one.`,
};

/**
 * A start-up failure of the file system (full, read-only, not allowed) as a sentence saying what happened
 * and what to do; any other error as it is.
 */
export function explainStartFailure(error: unknown, dataDir: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const advice = typeof code === 'string' ? ADVICE[code] : undefined;
  if (advice === undefined || error instanceof SandboxStorageError) return error;
  return new SandboxStorageError(`The sandbox cannot start: ${advice(dataDir)}`, code as string, { cause: error });
}

export interface DataDirectoryOptions {
  readonly repair: boolean;
  readonly faults: StorageFaults | undefined;
  readonly logger: Logger;
  readonly now: () => number;
}

export interface OpenedDataDirectory {
  readonly storage: JournalStorage;
  /** The durable state, as the journal holds it. */
  readonly state: SandboxState;
  readonly organizations: SandboxOrganization[];
  readonly lock: DataDirLock;
}

/** Seeds a data directory that has no journal: credentials first, then the journal with its seed, atomically. */
function seed(
  dataDir: string,
  options: DataDirectoryOptions,
  replay: (record: unknown) => void,
): { storage: JournalStorage; organizations: SandboxOrganization[] } {
  const fresh = createSeed(options.now());
  writeFileAtomic(
    path.join(dataDir, CREDENTIALS_FILE_NAME),
    `${JSON.stringify({ baseUrl: '', organizations: fresh.credentials }, null, 2)}\n`,
  );
  const record: SandboxRecord = { kind: 'seed', organizations: fresh.organizations, effects: fresh.effects };
  return {
    storage: JournalStorage.create(dataDir, record, { faults: options.faults, codec: sandboxRecords, replay }),
    organizations: fresh.credentials,
  };
}

function report(storage: JournalStorage, logger: Logger): void {
  const { truncatedBytes, repaired, legacyRecords } = storage.recovery;
  if (truncatedBytes > 0)
    logger.warn('sandbox journal: cut off a torn last write (never acknowledged)', { truncatedBytes });
  if (repaired)
    logger.warn(`sandbox journal repaired: dropped ${repaired.droppedRecords} records`, {
      offset: repaired.offset,
      backup: repaired.backup,
    });
  if (legacyRecords > 0)
    logger.info('sandbox journal: read records written before sequence numbers; new ones carry them', {
      legacyRecords,
    });
}

/** Opens (or seeds) the journal, giving each of its records to `replay` as it is read. */
async function openJournal(
  dataDir: string,
  options: DataDirectoryOptions,
  replay: (record: unknown) => void,
): Promise<{ storage: JournalStorage; organizations: SandboxOrganization[] }> {
  const journalPath = path.join(dataDir, JOURNAL_FILE_NAME);
  const credentialsPath = path.join(dataDir, CREDENTIALS_FILE_NAME);
  // An empty journal with no credentials is a first start that stopped before it seeded: nothing was handed out.
  if (existsSync(journalPath) && statSync(journalPath).size === 0 && !existsSync(credentialsPath))
    JournalStorage.remove(dataDir);
  if (!JournalStorage.exists(dataDir)) return seed(dataDir, options, replay);

  const storage = JournalStorage.open(dataDir, {
    repair: options.repair,
    faults: options.faults,
    codec: sandboxRecords,
    replay,
  });
  report(storage, options.logger);
  if (storage.recovery.records > 0) {
    try {
      return { storage, organizations: readCredentials(credentialsPath).organizations };
    } catch (error) {
      await storage.close();
      throw error;
    }
  }
  await storage.close();
  if (!options.repair) {
    const damage = {
      offset: 0,
      recordNumber: 1,
      found: 'an empty journal, though credentials.json exists',
      recordsFromDamage: 0,
    };
    throw new JournalDamagedError(
      journalPath,
      damage,
      'backs up the journal and credentials.json with a timestamp and starts afresh with new organizations and keys',
    );
  }
  const backups = [backupFile(journalPath), ...(existsSync(credentialsPath) ? [backupFile(credentialsPath)] : [])];
  JournalStorage.remove(dataDir);
  options.logger.warn('sandbox journal repaired: nothing was left, so the sandbox starts afresh', {
    backups: backups.join(', '),
  });
  return seed(dataDir, options, replay);
}

/** Locks the data directory and reads it back (or seeds it); throws, unlocked, when it cannot. */
export async function openDataDirectory(dataDir: string, options: DataDirectoryOptions): Promise<OpenedDataDirectory> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // It holds private keys: owner only, even when something else created it first (with the umask's 0755).
  chmodSync(dataDir, 0o700);
  const lock = DataDirLock.acquire(dataDir);
  try {
    // Each record is applied as it is read, so that what it leaves behind can go before the next is read.
    const state = new SandboxState();
    state.activities.onDamaged = (activityId, reason) =>
      options.logger.warn(
        'sandbox journal: an activity cannot be read and is left out of listings; restore the journal from a backup to get it back',
        { activityId, reason },
      );
    const { storage, organizations } = await openJournal(dataDir, options, (record) =>
      state.apply(record as SandboxRecord | UnreadActivities),
    );
    if (!state.seeded) {
      await storage.close();
      throw new Error(
        `The sandbox journal ${path.join(dataDir, JOURNAL_FILE_NAME)} holds no organizations (its seed record is missing); start on a fresh data directory.`,
      );
    }
    return { storage, state, organizations, lock };
  } catch (error) {
    lock.release();
    throw error;
  }
}
