import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ServiceError, type Logger } from '../../src/api';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { encodeGroup } from '../../src/sandbox/storage/journalFormat';
import { JOURNAL_FILE_NAME } from '../../src/sandbox/storage/journalStorage';
import { ABI, ADDRESS, clientFor, tempDir } from './hostileSupport';

const HEAD = '{"kind":"activities","headBytes":';
const BODY = ',"activities":';

/** The journal's lines as their JSON, byte for byte (not re-serialised: an activities record keeps its head). */
function journalJsons(dir: string): string[] {
  return readFileSync(path.join(dir, JOURNAL_FILE_NAME), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => line.slice(line.indexOf('{')));
}

/** Writes the lines back, each with a checksum recomputed: the damage is in the JSON only. */
function writeJournal(dir: string, jsons: readonly string[]): void {
  const lines = jsons.map((json, i) => encodeGroup([Buffer.from(json, 'utf8')], i + 1));
  writeFileSync(path.join(dir, JOURNAL_FILE_NAME), Buffer.concat(lines));
}

/** The index of the line holding the activity `id` in its head. */
function lineOf(jsons: readonly string[], id: string): number {
  const index = jsons.findIndex((json) => json.startsWith(HEAD) && json.slice(0, json.indexOf(BODY)).includes(id));
  assert.ok(index >= 0, `no activities record with a head names ${id}`);
  return index;
}

/** Makes the body of the activity `id` unparseable, its checksum still right. */
function damageBody(dir: string, id: string): void {
  const jsons = journalJsons(dir);
  const at = lineOf(jsons, id);
  const json = jsons[at] as string;
  const body = json.indexOf(BODY) + BODY.length;
  jsons[at] = `${json.slice(0, body)}[{"id":::${json.slice(body + 2)}`;
  writeJournal(dir, jsons);
}

/** Warnings and errors logged, with their fields. */
function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string, fields?: object) =>
    lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  const quiet = (): void => undefined;
  return { lines, logger: { trace: quiet, debug: quiet, info: quiet, warn: at('warn'), error: at('error') } };
}

describe('sandbox: one damaged activity record in the journal', function () {
  this.timeout(60_000);
  let dir: string;
  let sandbox: RunningSandbox | undefined;
  const ids: string[] = [];
  let demoId = '';
  let teamId = '';

  beforeEach(async () => {
    dir = tempDir('damaged-activity');
    const first = await startSandbox({ dataDir: dir });
    const { client, organizationId } = clientFor(first.credentials, first.baseUrl, 'Demo');
    demoId = organizationId;
    teamId = first.credentials.organizations.find((o) => o.name === 'Team')?.organizationId ?? '';
    ids.length = 0;
    try {
      for (const name of ['first', 'second', 'third', 'fourth']) {
        const activity = await client.createPrivateKeyTag({
          organizationId,
          parameters: { privateKeyTagName: name, privateKeyIds: [] },
        });
        ids.push(activity.id);
      }
    } finally {
      await client.close();
      await first.close();
    }
  });
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts on the damaged journal; what it answers for Demo, and what it logged. */
  async function restart(): Promise<{
    lines: string[];
    demo: ReturnType<typeof clientFor>;
    team: ReturnType<typeof clientFor>;
  }> {
    const { logger, lines } = recordingLogger();
    sandbox = await startSandbox({ dataDir: dir, logger });
    const demo = clientFor(sandbox.credentials, sandbox.baseUrl, 'Demo', { maxAttempts: 1 });
    const team = clientFor(sandbox.credentials, sandbox.baseUrl, 'Team', { maxAttempts: 1 });
    return { lines, demo, team };
  }

  it('lists every other activity and refuses only the damaged one when its body no longer parses', async () => {
    const damaged = ids[1] as string;
    damageBody(dir, damaged);

    const { lines, demo } = await restart();
    try {
      const listed = (await demo.client.listActivities({ organizationId: demoId })).map((a) => a.id);
      assert.deepEqual([...listed].sort(), ids.filter((id) => id !== damaged).sort(), 'every other activity is listed');
      assert.ok(
        lines.some((line) => line.startsWith('warn') && line.includes(damaged)),
        `a warning names the damaged activity: ${lines.join('\n')}`,
      );
      await assert.rejects(
        demo.client.getActivity({ organizationId: demoId, activityId: damaged }),
        (error: unknown) => {
          assert.ok(error instanceof ServiceError, String(error));
          assert.equal(error.status, 400);
          assert.equal(error.turnkeyErrorCode, 'SANDBOX_JOURNAL_DAMAGED');
          assert.match(error.message, new RegExp(`activity ${damaged} cannot be read: .*does not parse`));
          assert.match(error.message, /restore/);
          return true;
        },
      );
      // The rest is served, and the sandbox goes on taking new activities.
      const other = ids[2] as string;
      assert.equal((await demo.client.getActivity({ organizationId: demoId, activityId: other })).id, other);
      await demo.client.createPrivateKeyTag({
        organizationId: demoId,
        parameters: { privateKeyTagName: 'after', privateKeyIds: [] },
      });
      assert.equal((await demo.client.listActivities({ organizationId: demoId })).length, ids.length);
    } finally {
      await demo.client.close();
    }
  });

  it('does not trust a head that names another organization than its body', async () => {
    const jsons = journalJsons(dir);
    const moved = ids[2] as string;
    const at = lineOf(jsons, moved);
    const json = jsons[at] as string;
    const headEnd = json.indexOf(BODY);
    // The same length, so the head's byte count still holds: only the organization it names changes.
    jsons[at] = json.slice(0, headEnd).replace(demoId, teamId) + json.slice(headEnd);
    writeJournal(dir, jsons);

    const { lines, demo, team } = await restart();
    try {
      const teamListed = await team.client.listActivities({ organizationId: teamId });
      assert.ok(!teamListed.some((a) => a.id === moved), "Team's listing shows no Demo activity");
      assert.ok(!teamListed.some((a) => a.organizationId === demoId));
      await assert.rejects(team.client.getActivity({ organizationId: teamId, activityId: moved }), (error: unknown) => {
        assert.ok(error instanceof ServiceError, String(error));
        assert.match(error.message, /does not match its head \(organizationId differs\)/);
        return true;
      });
      assert.ok(lines.some((line) => line.startsWith('warn') && line.includes(moved)));
      const demoListed = (await demo.client.listActivities({ organizationId: demoId })).map((a) => a.id);
      assert.deepEqual([...demoListed].sort(), ids.filter((id) => id !== moved).sort());
    } finally {
      await demo.client.close();
      await team.client.close();
    }
  });
});

describe('sandbox: one smart contract interface whose activity record is damaged', function () {
  this.timeout(60_000);
  let dir: string;
  let sandbox: RunningSandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every other interface and refuses only the damaged one when read by its id', async () => {
    dir = tempDir('damaged-interface');
    const first = await startSandbox({ dataDir: dir });
    const before = clientFor(first.credentials, first.baseUrl, 'Demo');
    const { organizationId } = before;
    const created: { activityId: string; interfaceId: string }[] = [];
    let listedBefore: string[];
    try {
      for (const label of ['first', 'second', 'third']) {
        const activity = await before.client.createSmartContractInterface({
          organizationId,
          parameters: {
            smartContractAddress: ADDRESS,
            smartContractInterface: ABI,
            label,
            type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
          },
        });
        const result = activity.result['createSmartContractInterfaceResult'] as { smartContractInterfaceId: string };
        created.push({ activityId: activity.id, interfaceId: result.smartContractInterfaceId });
      }
      listedBefore = (await before.client.listSmartContractInterfaces({ organizationId })).map(
        (i) => i.smartContractInterfaceId,
      );
    } finally {
      await before.client.close();
      await first.close();
    }
    const damaged = created[1]!;
    damageBody(dir, damaged.activityId);

    const { logger, lines } = recordingLogger();
    sandbox = await startSandbox({ dataDir: dir, logger });
    const { client } = clientFor(sandbox.credentials, sandbox.baseUrl, 'Demo', { maxAttempts: 1 });
    try {
      const listed = (await client.listSmartContractInterfaces({ organizationId })).map(
        (i) => i.smartContractInterfaceId,
      );
      assert.deepEqual(
        listed,
        listedBefore.filter((id) => id !== damaged.interfaceId),
        'every other interface, in order',
      );
      const organization = (await client.getOrganization({ organizationId })) as {
        smartContractInterfaceReferences?: { smartContractInterfaceId: string }[];
      };
      const references = organization.smartContractInterfaceReferences ?? [];
      assert.deepEqual(
        references.map((r) => r.smartContractInterfaceId),
        listed,
      );
      assert.ok(
        lines.some((line) => line.startsWith('warn') && line.includes(damaged.activityId)),
        lines.join('\n'),
      );
      await assert.rejects(
        client.getSmartContractInterface({ organizationId, smartContractInterfaceId: damaged.interfaceId }),
        (error: unknown) => {
          assert.ok(error instanceof ServiceError, String(error));
          assert.equal(error.turnkeyErrorCode, 'SANDBOX_JOURNAL_DAMAGED');
          assert.match(error.message, new RegExp(`activity ${damaged.activityId} cannot be read`));
          return true;
        },
      );
      const other = created[2]!.interfaceId;
      assert.equal(
        (await client.getSmartContractInterface({ organizationId, smartContractInterfaceId: other })).label,
        'third',
      );
    } finally {
      await client.close();
    }
  });
});
