/**
 * What a sandbox hands to whoever uses it: its organizations, their users and the private halves of their
 * API keys and simulated passkeys, kept in credentials.json next to the journal (never in the journal).
 */
import { chmodSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import * as path from 'node:path';

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
  /**
   * The enclave key's public half (P-256, uncompressed hex) that signs export and import bundles: what a client passes
   * to `@turnkey/crypto` as `dangerouslyOverrideSignerPublicKey`. Empty in a file written before its first start.
   */
  signerPublicKey: string;
  organizations: SandboxOrganization[];
}

export const CREDENTIALS_FILE_NAME = 'credentials.json';

/** Writes the file whole or not at all (temp file, fsync, rename), readable by its owner only. */
export function writeFileAtomic(file: string, text: string): void {
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

export function readCredentials(file: string): SandboxCredentials {
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
  const { baseUrl, signerPublicKey } = parsed as { baseUrl?: unknown; signerPublicKey?: unknown };
  return {
    baseUrl: typeof baseUrl === 'string' ? baseUrl : '',
    signerPublicKey: typeof signerPublicKey === 'string' ? signerPublicKey : '',
    organizations: organizations as SandboxOrganization[],
  };
}

/**
 * The credentials a sandbox wrote into `dataDir`, with the URL it last listened on (empty before its first
 * listen): what another process needs to use a sandbox that runs elsewhere. Undefined when there are none yet.
 */
export function readSandboxCredentials(dataDir: string): SandboxCredentials | undefined {
  const file = path.join(dataDir, CREDENTIALS_FILE_NAME);
  return existsSync(file) ? readCredentials(file) : undefined;
}
