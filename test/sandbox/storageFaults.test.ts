import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { ServiceError, turnkeyErrorCodeOf } from '../../src/api';
import { startSandbox, type StorageFaults } from '../../src/sandbox';
import { assertNoneLostAfterRestart, clientFor, createInterface, tempDir } from './hostileSupport';

function errno(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

interface Case {
  readonly name: string;
  /** Faults that strike once `armed` is set. */
  readonly faults: (armed: () => boolean) => StorageFaults;
  readonly code: string;
}

const cases: readonly Case[] = [
  {
    name: 'the disk fills up mid-write (half the bytes reach the file, then ENOSPC)',
    faults: (armed) => ({
      write: (length) =>
        armed()
          ? { written: Math.floor(length / 2), error: errno('ENOSPC', 'no space left on device, write') }
          : undefined,
    }),
    code: 'ENOSPC',
  },
  {
    name: 'fsync fails (EIO) after the write went through',
    faults: (armed) => ({ sync: () => (armed() ? errno('EIO', 'i/o error, fdatasync') : undefined) }),
    code: 'EIO',
  },
];

describe('sandbox: storage faults', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = tempDir('faults');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  for (const { name, faults, code } of cases) {
    it(`when ${name}: refuses everything with 503 until restarted, and the restart keeps every acknowledged activity`, async () => {
      let writes = 0;
      const armed = (): boolean => ++writes > 5;
      const sandbox = await startSandbox({ dataDir: dir, storageFaults: faults(armed) });
      const { client, organizationId } = clientFor(sandbox.credentials, sandbox.baseUrl, 'Demo', {
        retryBaseDelayMs: 1,
      });
      const acknowledged: string[] = [];
      const refused: number[] = [];
      try {
        // Eight writers at once, so the fault strikes a group of several records.
        await Promise.all(
          Array.from({ length: 8 }, async (_, w) => {
            for (let i = 0; i < 10; i++) {
              const outcome = await createInterface(client, organizationId, `writer ${w} ${i}`);
              if ('id' in outcome) acknowledged.push(outcome.id);
              else refused.push(outcome.status);
            }
          }),
        );
        assert.ok(acknowledged.length > 0 && refused.length > 0, `${acknowledged.length} acknowledged`);
        assert.deepEqual(new Set(refused), new Set([503]));
        // Reads too: what the sandbox holds in memory may no longer be what its disk holds.
        const first = acknowledged[0] ?? '';
        for (const read of [
          () => client.getActivity({ organizationId, activityId: first }),
          () => client.whoami({ organizationId }),
        ]) {
          await assert.rejects(read(), (error: unknown) => {
            assert.ok(error instanceof ServiceError);
            assert.equal(error.status, 503);
            assert.equal(turnkeyErrorCodeOf(error.rpcStatus), 'SANDBOX_STORAGE_FAILED');
            assert.match(error.rpcStatus?.message ?? '', new RegExp(`journal could not be written \\(${code}\\)`));
            assert.match(error.rpcStatus?.message ?? '', /restart/);
            return true;
          });
        }
      } finally {
        await client.close();
        await sandbox.close();
      }
      await assertNoneLostAfterRestart(dir, acknowledged, refused, code);
    });
  }
});
