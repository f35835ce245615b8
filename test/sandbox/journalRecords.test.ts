import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { JournalDamagedError, startSandbox } from '../../src/sandbox';
import { encodeGroup } from '../../src/sandbox/storage/journalFormat';
import { JOURNAL_FILE_NAME } from '../../src/sandbox/storage/journalStorage';
import { ABI, clientFor, createInterface, tempDir } from './hostileSupport';

type Json = Record<string, unknown>;

/** The journal's records, each line's JSON parsed (the checksum and sequence are checked by the sandbox). */
function records(dir: string): Json[] {
  return readFileSync(path.join(dir, JOURNAL_FILE_NAME), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as Json);
}

function writeRecords(dir: string, all: readonly Json[]): void {
  const lines = all.map((record, i) => encodeGroup([Buffer.from(JSON.stringify(record), 'utf8')], i + 1));
  writeFileSync(path.join(dir, JOURNAL_FILE_NAME), Buffer.concat(lines));
}

/** The interfaces of Demo as the sandbox in `dir` serves them. */
async function interfaces(dir: string): Promise<unknown[]> {
  const sandbox = await startSandbox({ dataDir: dir });
  const { client, organizationId } = clientFor(sandbox.credentials, sandbox.baseUrl, 'Demo');
  try {
    return await client.listSmartContractInterfaces({ organizationId });
  } finally {
    await client.close();
    await sandbox.close();
  }
}

describe('sandbox: journal records hold each fact once', function () {
  this.timeout(60_000);
  let dir: string;
  let served: unknown[];
  const made: string[] = [];
  const dirFor = (name: string): string => {
    const created = tempDir(name);
    made.push(created);
    return created;
  };
  after(() => {
    for (const d of made) rmSync(d, { recursive: true, force: true });
  });

  before(async () => {
    dir = dirFor('records');
    const sandbox = await startSandbox({ dataDir: dir });
    const { client, organizationId } = clientFor(sandbox.credentials, sandbox.baseUrl, 'Demo');
    try {
      assert.ok('id' in (await createInterface(client, organizationId, 'plain')));
      assert.ok('id' in (await createInterface(client, organizationId, 'annotated', 'with notes')));
      served = await client.listSmartContractInterfaces({ organizationId });
    } finally {
      await client.close();
      await sandbox.close();
    }
    assert.equal(served.length, 2);
  });

  it("stores a created interface's text once, in its activity's intent, and serves it whole after a restart", async () => {
    const lines = readFileSync(path.join(dir, JOURNAL_FILE_NAME), 'utf8').split('\n');
    const created = lines.filter((line) => line.includes('"putInterfaceFromIntent"'));
    assert.equal(created.length, 2);
    const abiInJson = JSON.stringify(ABI).slice(1, -1);
    for (const line of created) assert.equal(line.split(abiInJson).length - 1, 1, line);
    assert.deepEqual(await interfaces(dir), served);
  });

  it('reads interfaces written in the earlier form, the whole interface in the effect', async () => {
    const earlier = records(dir).map((record) => {
      if (!Array.isArray(record['effects'])) return record;
      const activities = record['activities'] as Json[];
      const effects = (record['effects'] as Json[]).map((effect) => {
        if (effect['op'] !== 'putInterfaceFromIntent') return effect;
        const activity = activities.find((a) => a['id'] === effect['activityId']) as Json;
        const intent = (activity['intent'] as Json)['createSmartContractInterfaceIntent'] as Json;
        const { smartContractInterfaceId, createdAtMs, organizationId } = effect;
        return {
          op: 'putInterface',
          organizationId,
          record: { smartContractInterfaceId, notes: '', ...intent, createdAtMs },
        };
      });
      return { ...record, effects };
    });
    const copy = dirFor('records-earlier');
    writeFileSync(path.join(copy, 'credentials.json'), readFileSync(path.join(dir, 'credentials.json')));
    writeRecords(copy, earlier);
    assert.ok(!readFileSync(path.join(copy, JOURNAL_FILE_NAME), 'utf8').includes('putInterfaceFromIntent'));
    assert.deepEqual(await interfaces(copy), served);
  });

  it('refuses a journal whose interface effect was changed on disk', async () => {
    const copy = dirFor('records-damaged');
    writeFileSync(path.join(copy, 'credentials.json'), readFileSync(path.join(dir, 'credentials.json')));
    const bytes = readFileSync(path.join(dir, JOURNAL_FILE_NAME));
    const at = bytes.lastIndexOf('"smartContractInterfaceId":"') + 30;
    const damaged = Buffer.from(bytes);
    damaged[at] = (damaged[at] ?? 0) ^ 0x01;
    writeFileSync(path.join(copy, JOURNAL_FILE_NAME), damaged);
    await assert.rejects(
      startSandbox({ dataDir: copy }),
      (error: unknown) => error instanceof JournalDamagedError && /checksum/.test(error.message),
    );
  });
});
