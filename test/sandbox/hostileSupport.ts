/** What the hostile-conditions tests share: a data directory, clients for seeded users, submissions. */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ServiceError, type ClientOptions } from '../../src/api';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { startSandbox, type SandboxCredentials } from '../../src/sandbox';

export const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const ABI = '[{"type":"function","name":"f","inputs":[],"outputs":[],"stateMutability":"view"}]';

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `countersign-${prefix}-`));
}

export function clientFor(
  credentials: SandboxCredentials,
  baseUrl: string,
  orgName: string,
  options: ClientOptions = {},
  userIndex = 0,
): { client: CountersignClient; organizationId: string } {
  const org = credentials.organizations.find((o) => o.name === orgName);
  const key = org?.users[userIndex]?.apiKeys[0];
  assert.ok(org && key, `no ${orgName} user ${userIndex}`);
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  return { client: new CountersignClient({ baseUrl }, stamper, options), organizationId: org.organizationId };
}

/** Submits a smart contract interface; the activity id when it was acknowledged, else the HTTP status. */
export async function createInterface(
  client: CountersignClient,
  organizationId: string,
  label: string,
  notes?: string,
): Promise<{ id: string } | { status: number }> {
  try {
    const activity = await client.createSmartContractInterface({
      organizationId,
      parameters: {
        smartContractAddress: ADDRESS,
        smartContractInterface: ABI,
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label,
        ...(notes === undefined ? {} : { notes }),
      },
    });
    return { id: activity.id };
  } catch (error) {
    if (error instanceof ServiceError) return { status: error.status };
    throw error;
  }
}

/** The acknowledged activities the organization no longer has. */
export async function missingActivities(
  client: CountersignClient,
  organizationId: string,
  ids: readonly string[],
): Promise<string[]> {
  const missing: string[] = [];
  for (const id of ids) {
    try {
      await client.getActivity({ organizationId, activityId: id });
    } catch (error) {
      if (!(error instanceof ServiceError) || error.status !== 404) throw error;
      missing.push(id);
    }
  }
  return missing;
}

/**
 * Restarts a sandbox on `dataDir` and checks that Demo still has every acknowledged activity; prints the
 * figures (`label: N acknowledged, M refused, 0 lost`) for the reliability document.
 */
export async function assertNoneLostAfterRestart(
  dataDir: string,
  acknowledged: readonly string[],
  refused: readonly number[],
  label: string,
): Promise<void> {
  const restarted = await startSandbox({ dataDir });
  const reader = clientFor(restarted.credentials, restarted.baseUrl, 'Demo');
  try {
    const missing = await missingActivities(reader.client, reader.organizationId, acknowledged);
    assert.deepEqual(missing, [], `${missing.length} of ${acknowledged.length} acknowledged activities were lost`);
    console.log(
      `      ${label}: ${acknowledged.length} acknowledged, ${refused.length} refused, ${missing.length} lost`,
    );
  } finally {
    await reader.client.close();
    await restarted.close();
  }
}

/**
 * A small tmpfs at `dir`, where the machine allows mounting one (root on Linux); the reason it cannot
 * otherwise. The caller unmounts it with `unmountTmpfs`.
 */
export function mountTmpfs(dir: string, size: string): string | undefined {
  if (process.platform !== 'linux') return 'mounting a tmpfs needs Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  mkdirSync(dir, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (mounted.status !== 0) return `mount refused: ${(mounted.stderr || String(mounted.error)).trim()}`;
  return undefined;
}

export function unmountTmpfs(dir: string): void {
  spawnSync('umount', [dir]);
}
