import * as assert from 'node:assert/strict';
import { appendFileSync, chmodSync, cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Logger } from '../../src/api';
import { startSandbox, type SandboxCredentials } from '../../src/sandbox';
import { JOURNAL_FILE_NAME } from '../../src/sandbox/storage/journalStorage';
import { clientFor, createInterface, missingActivities, tempDir } from './hostileSupport';

/** A logger that keeps its warnings, for the tests that read what recovery said. */
function recordingLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const quiet = (): void => undefined;
  return {
    warnings,
    logger: {
      trace: quiet,
      debug: quiet,
      info: quiet,
      warn: (message, fields) => warnings.push(`${message} ${JSON.stringify(fields ?? {})}`),
      error: quiet,
    },
  };
}

interface Damage {
  readonly name: string;
  readonly damage: (bytes: Buffer) => Buffer;
  /** What the refusal says was found. */
  readonly found: RegExp;
}

const flip = (bytes: Buffer, at: number): Buffer => {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
};
/** Where each line starts. */
const lineStarts = (bytes: Buffer): number[] => {
  const starts = [0];
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < bytes.length - 1; i = bytes.indexOf(0x0a, i + 1))
    starts.push(i + 1);
  return starts;
};

const refusals: readonly Damage[] = [
  {
    name: 'converted to CRLF line endings',
    damage: (b) => Buffer.from(b.toString('latin1').replaceAll('\n', '\r\n'), 'latin1'),
    found: /CR LF/,
  },
  {
    name: 'with its last 64 KB zeroed',
    damage: (b) => Buffer.concat([b.subarray(0, b.length - 65_536), Buffer.alloc(65_536)]),
    found: /zero/,
  },
  {
    name: 'with a byte flipped in its last record',
    damage: (b) => flip(b, (lineStarts(b).at(-1) ?? 0) + 40),
    found: /checksum/,
  },
  {
    name: 'with a byte flipped in a middle record',
    damage: (b) => {
      const starts = lineStarts(b);
      return flip(b, (starts[Math.floor(starts.length / 2)] ?? 0) + 40);
    },
    found: /checksum/,
  },
  {
    name: 'with garbage appended',
    damage: (b) => Buffer.concat([b, Buffer.from('not a journal record\nnor this\n')]),
    found: /not a journal record|checksum/,
  },
  {
    name: 'with a record missing from the middle',
    damage: (b) => {
      const starts = lineStarts(b);
      const middle = Math.floor(starts.length / 2);
      return Buffer.concat([b.subarray(0, starts[middle]), b.subarray(starts[middle + 1])]);
    },
    found: /gap in the sequence/,
  },
  { name: 'that was emptied', damage: () => Buffer.alloc(0), found: /empty/ },
];

describe('sandbox: journal recovery never guesses', function () {
  this.timeout(60_000);
  let root: string;
  let pristine: string;
  let acknowledged: string[];
  let credentials: SandboxCredentials;

  before(async () => {
    root = tempDir('recovery');
    pristine = path.join(root, 'pristine');
    const sandbox = await startSandbox({ dataDir: pristine });
    const { client, organizationId } = clientFor(sandbox.credentials, sandbox.baseUrl, 'Demo');
    acknowledged = [];
    // About 70 records of 1.3 KB: more than the 64 KB a zeroed tail covers.
    for (let i = 0; i < 70; i++) {
      const outcome = await createInterface(client, organizationId, `record ${i}`, 'r'.repeat(600));
      assert.ok('id' in outcome);
      acknowledged.push(outcome.id);
    }
    await client.close();
    await sandbox.close();
    credentials = JSON.parse(readFileSync(path.join(pristine, 'credentials.json'), 'utf8')) as SandboxCredentials;
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  function damagedCopy(name: string, damage: (bytes: Buffer) => Buffer): string {
    const dir = path.join(root, name.replaceAll(/\W+/g, '-'));
    cpSync(pristine, dir, { recursive: true });
    const journal = path.join(dir, JOURNAL_FILE_NAME);
    writeFileSync(journal, damage(readFileSync(journal)));
    return dir;
  }

  for (const { name, damage, found } of refusals) {
    it(`refuses to start on a journal ${name}, saying where, what and the two ways on; changes nothing`, async () => {
      const dir = damagedCopy(name, damage);
      const journalBefore = readFileSync(path.join(dir, JOURNAL_FILE_NAME));
      const credentialsBefore = readFileSync(path.join(dir, 'credentials.json'));
      await assert.rejects(startSandbox({ dataDir: dir }), (error: unknown) => {
        assert.ok(error instanceof Error);
        assert.match(error.message, new RegExp(`${JOURNAL_FILE_NAME}`));
        assert.match(error.message, /at byte \d+/);
        assert.match(error.message, found);
        assert.match(error.message, /--repair/);
        assert.match(error.message, /fresh data directory/);
        return true;
      });
      assert.deepEqual(readFileSync(path.join(dir, JOURNAL_FILE_NAME)), journalBefore, 'the journal was changed');
      assert.deepEqual(
        readFileSync(path.join(dir, 'credentials.json')),
        credentialsBefore,
        'credentials.json was rewritten',
      );
    });
  }

  it('cuts off a record truncated mid-way (a torn last write) with a warning, and keeps every other record', async () => {
    const dir = damagedCopy('truncated', (b) => b.subarray(0, b.length - 300));
    const { logger, warnings } = recordingLogger();
    const sandbox = await startSandbox({ dataDir: dir, logger });
    const { client, organizationId } = clientFor(sandbox.credentials, sandbox.baseUrl, 'Demo');
    try {
      assert.deepEqual(sandbox.credentials.organizations, credentials.organizations);
      assert.deepEqual(await missingActivities(client, organizationId, acknowledged.slice(0, -1)), []);
      assert.match(warnings.join('\n'), /torn/);
    } finally {
      await client.close();
      await sandbox.close();
    }
  });

  it('--repair copies the journal to a timestamped backup, cuts it at the damage and says how many records it dropped', async () => {
    const dir = damagedCopy('repair', (b) => {
      const starts = lineStarts(b);
      return flip(b, (starts[starts.length - 3] ?? 0) + 40);
    });
    const original = readFileSync(path.join(dir, JOURNAL_FILE_NAME));
    const { logger, warnings } = recordingLogger();
    const sandbox = await startSandbox({ dataDir: dir, repair: true, logger });
    const { client, organizationId } = clientFor(sandbox.credentials, sandbox.baseUrl, 'Demo');
    try {
      assert.deepEqual(sandbox.credentials.organizations, credentials.organizations, 'it was re-seeded');
      const backups = readdirSync(dir).filter((f) => f.startsWith(`${JOURNAL_FILE_NAME}.`) && f.endsWith('.bak'));
      assert.equal(backups.length, 1, `backups: ${backups.join(', ')}`);
      assert.match(backups[0] ?? '', /\d{8}T\d{6}/);
      assert.deepEqual(readFileSync(path.join(dir, backups[0] ?? '')), original);
      assert.match(warnings.join('\n'), /dropped 3 records/);
      assert.deepEqual(await missingActivities(client, organizationId, acknowledged.slice(0, -3)), []);
      assert.deepEqual(await missingActivities(client, organizationId, acknowledged.slice(-3)), acknowledged.slice(-3));
    } finally {
      await client.close();
      await sandbox.close();
    }
  });

  it('--repair leaves the backup and the journal readable by their owner only, whatever mode the journal had', async () => {
    const dir = damagedCopy('repair-mode', (b) => flip(b, (lineStarts(b).at(-2) ?? 0) + 40));
    // A journal left 0644 (by an older sandbox, a copy or an editor): it holds every private key.
    chmodSync(path.join(dir, JOURNAL_FILE_NAME), 0o644);
    const sandbox = await startSandbox({ dataDir: dir, repair: true });
    try {
      const backups = readdirSync(dir).filter((f) => f.endsWith('.bak'));
      assert.equal(backups.length, 1, `backups: ${backups.join(', ')}`);
      for (const file of [...backups, JOURNAL_FILE_NAME])
        assert.equal((statSync(path.join(dir, file)).mode & 0o777).toString(8), '600', file);
    } finally {
      await sandbox.close();
    }
  });

  it('reads a journal written before records carried sequence numbers, and appends to it', async () => {
    // The earlier format: `<crc32 of the JSON> <JSON>` per line, no sequence number.
    const dir = damagedCopy('legacy', (b) =>
      Buffer.concat(
        b
          .toString('utf8')
          .split('\n')
          .filter((line) => line.length > 0)
          .map((line) => {
            const json = Buffer.from(line.slice(line.indexOf('{')), 'utf8');
            return Buffer.from(`${crc32(json).toString(16).padStart(8, '0')} ${json.toString('utf8')}\n`, 'utf8');
          }),
      ),
    );
    appendFileSync(path.join(dir, JOURNAL_FILE_NAME), '1234abcd {"kind":"activities","activities":[{"id":"to');
    const first = await startSandbox({ dataDir: dir });
    const one = clientFor(first.credentials, first.baseUrl, 'Demo');
    const added = await createInterface(one.client, one.organizationId, 'after the upgrade');
    assert.ok('id' in added);
    await one.client.close();
    await first.close();
    const second = await startSandbox({ dataDir: dir });
    const two = clientFor(second.credentials, second.baseUrl, 'Demo');
    try {
      assert.deepEqual(second.credentials.organizations, credentials.organizations);
      assert.deepEqual(await missingActivities(two.client, two.organizationId, [...acknowledged, added.id]), []);
    } finally {
      await two.client.close();
      await second.close();
    }
  });
});
