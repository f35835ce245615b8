/**
 * Start-up reads each activities record's head (the keys the indexes need, and the effects) and leaves the
 * activities unparsed until a request reads them. These tests hold what that must not change: every answer
 * after a restart is the answer before it, repeats and votes still find their activity, and records written
 * without a head (earlier journals) read as before.
 */
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Activity } from '../../src/api';
import type { CountersignClient } from '../../src/api/remote';
import { launchSandbox, type LaunchedSandbox } from '../../src/sandbox';
import { decodeRecord, encodeRecord, UnreadActivities } from '../../src/sandbox/activityStore';
import { encodeGroup } from '../../src/sandbox/storage/journalFormat';
import { JOURNAL_FILE_NAME } from '../../src/sandbox/storage/journalStorage';
import { ABI, ADDRESS, clientFor, createInterface, tempDir } from './hostileSupport';

type Json = Record<string, unknown>;

/** Each journal line's JSON, as bytes (after the checksum, sequence and group length). */
function recordJsons(dir: string): Buffer[] {
  const bytes = readFileSync(path.join(dir, JOURNAL_FILE_NAME));
  const lines: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const end = bytes.indexOf(0x0a, at);
    lines.push(bytes.subarray(bytes.indexOf(0x7b, at), end));
    at = end + 1;
  }
  return lines;
}

interface Clients {
  readonly demo: CountersignClient;
  readonly demoId: string;
  readonly team: CountersignClient;
  readonly teamSecond: CountersignClient;
  readonly teamId: string;
  close(): Promise<void>;
}

function clients(launched: LaunchedSandbox): Clients {
  const { credentials, baseUrl } = launched.sandbox;
  const demo = clientFor(credentials, baseUrl, 'Demo', { maxAttempts: 1 });
  const team = clientFor(credentials, baseUrl, 'Team', { maxAttempts: 1 });
  const teamSecond = clientFor(credentials, baseUrl, 'Team', { maxAttempts: 1 }, 1);
  return {
    demo: demo.client,
    demoId: demo.organizationId,
    team: team.client,
    teamSecond: teamSecond.client,
    teamId: team.organizationId,
    close: async () => {
      await Promise.all([demo.client.close(), team.client.close(), teamSecond.client.close()]);
    },
  };
}

describe('sandbox: activities read back from the journal unparsed', function () {
  this.timeout(60_000);
  let dir: string;
  const created: string[] = [];
  let pending: Activity;
  let repeatInput: Parameters<CountersignClient['createPrivateKeyTag']>[0];
  let repeated: Activity;
  let served: { listing: Activity[]; interfaces: unknown[]; pendingListing: Activity[]; one: Activity };

  before(async () => {
    dir = tempDir('unread');
    const launched = await launchSandbox({ dataDir: dir });
    const c = clients(launched);
    try {
      for (const label of ['one', 'two', 'three']) {
        const result = await createInterface(c.demo, c.demoId, label);
        assert.ok('id' in result);
        created.push(result.id);
      }
      repeatInput = {
        organizationId: c.demoId,
        timestampMs: String(Date.now()),
        parameters: { privateKeyTagName: 'once', privateKeyIds: [] },
      };
      repeated = await c.demo.createPrivateKeyTag(repeatInput);
      // Team needs two approvals: the first root user's submission waits for the second's.
      pending = await c.team.createPrivateKeyTag({
        organizationId: c.teamId,
        parameters: { privateKeyTagName: 'waits', privateKeyIds: [] },
      });
      assert.equal(pending.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      served = {
        listing: await c.demo.listActivities({ organizationId: c.demoId }),
        interfaces: await c.demo.listSmartContractInterfaces({ organizationId: c.demoId }),
        pendingListing: await c.team.listActivities({
          organizationId: c.teamId,
          filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'],
        }),
        one: await c.demo.getActivity({ organizationId: c.demoId, activityId: created[0] ?? '' }),
      };
    } finally {
      await c.close();
      await launched.sandbox.close();
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each activities record with a head of its activities keys and its effects, before the activities', () => {
    const records = recordJsons(dir).filter((json) => json.includes('"kind":"activities"'));
    assert.equal(records.length, 5); // three interfaces, a tag, and Team's waiting tag
    for (const json of records) {
      const decoded = decodeRecord(json);
      assert.ok(decoded instanceof UnreadActivities, json.toString('utf8', 0, 60));
      // The line is still one JSON object, and its head says what its activities say.
      const whole = JSON.parse(json.toString('utf8')) as { activities: Json[]; effects?: unknown[] };
      assert.deepEqual(
        decoded.keys,
        whole.activities.map((a) => [
          a['id'],
          a['organizationId'],
          a['fingerprint'],
          a['initiatorUserId'],
          a['status'],
          a['type'],
        ]),
      );
      assert.deepEqual(decoded.effects, whole.effects ?? []);
      assert.deepEqual(decoded.activities(), whole.activities);
    }
  });

  it('starts with every activity unparsed, parses only what a request reads, and answers as before the restart', async () => {
    const launched = await launchSandbox({ dataDir: dir });
    const c = clients(launched);
    const activities = launched.engine.state.activities;
    try {
      const parsed = () => served.listing.filter((a) => activities.entry(a.id)?.parsed).map((a) => a.id);
      assert.deepEqual(parsed(), []);
      assert.equal(activities.entry(pending.id)?.parsed, false);

      const firstPage = await c.demo.listActivities({ organizationId: c.demoId, paginationOptions: { limit: '2' } });
      assert.deepEqual(firstPage, served.listing.slice(0, 2));
      assert.deepEqual(
        parsed(),
        served.listing.slice(0, 2).map((a) => a.id),
      );
      // Filtering by status reads the keys: only the matching page is parsed.
      const waiting = await c.team.listActivities({
        organizationId: c.teamId,
        filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'],
      });
      assert.deepEqual(waiting, served.pendingListing);
      assert.equal(activities.entry(pending.id)?.parsed, true);

      assert.deepEqual(
        await c.demo.getActivity({ organizationId: c.demoId, activityId: created[0] ?? '' }),
        served.one,
      );
      // Interfaces are read from their activities' intents, on first read.
      assert.deepEqual(await c.demo.listSmartContractInterfaces({ organizationId: c.demoId }), served.interfaces);
      assert.deepEqual(await c.demo.listActivities({ organizationId: c.demoId }), served.listing);
    } finally {
      await c.close();
      await launched.sandbox.close();
    }
  });

  it('finds an unparsed activity for a repeat and for a vote, and reads back the vote after another restart', async () => {
    let launched = await launchSandbox({ dataDir: dir });
    let c = clients(launched);
    try {
      const again = await c.demo.createPrivateKeyTag(repeatInput);
      assert.equal(again.id, repeated.id);
      const approval = await c.teamSecond.approveActivity({
        organizationId: c.teamId,
        parameters: { fingerprint: pending.fingerprint },
      });
      assert.equal(approval.status, 'ACTIVITY_STATUS_COMPLETED');
    } finally {
      await c.close();
      await launched.sandbox.close();
    }
    launched = await launchSandbox({ dataDir: dir });
    c = clients(launched);
    try {
      // The newer record of the approved activity is the one read.
      const approved = await c.team.getActivity({ organizationId: c.teamId, activityId: pending.id });
      assert.equal(approved.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.equal(approved.votes.length, 2);
      const waiting = await c.team.listActivities({
        organizationId: c.teamId,
        filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'],
      });
      assert.deepEqual(waiting, []);
    } finally {
      await c.close();
      await launched.sandbox.close();
    }
  });

  it('reads a journal whose records were written whole, without heads, as it reads one with them', async () => {
    const copy = tempDir('unread-whole');
    try {
      writeFileSync(path.join(copy, 'credentials.json'), readFileSync(path.join(dir, 'credentials.json')));
      // The form written before heads: kind, activities, effects.
      const whole = recordJsons(dir).map((json, i) => {
        const { kind, activities, effects } = JSON.parse(json.toString('utf8')) as Json;
        const plain =
          kind === 'activities' ? { kind, activities, effects } : (JSON.parse(json.toString('utf8')) as Json);
        return encodeGroup([Buffer.from(JSON.stringify(plain), 'utf8')], i + 1);
      });
      writeFileSync(path.join(copy, JOURNAL_FILE_NAME), Buffer.concat(whole));
      const [a, b] = [await launchSandbox({ dataDir: dir }), await launchSandbox({ dataDir: copy })];
      const [ca, cb] = [clients(a), clients(b)];
      try {
        assert.ok(a.engine.state.activities.size > 0);
        assert.equal(a.engine.state.activities.entry(pending.id)?.parsed, false);
        assert.equal(b.engine.state.activities.entry(pending.id)?.parsed, true);
        assert.deepEqual(
          await cb.demo.listActivities({ organizationId: cb.demoId }),
          await ca.demo.listActivities({ organizationId: ca.demoId }),
        );
        assert.deepEqual(
          await cb.demo.listSmartContractInterfaces({ organizationId: cb.demoId }),
          await ca.demo.listSmartContractInterfaces({ organizationId: ca.demoId }),
        );
      } finally {
        await Promise.all([ca.close(), cb.close()]);
        await Promise.all([a.sandbox.close(), b.sandbox.close()]);
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('keeps unread activities on disk and checks them again on first read: a record changed since start-up is refused, not served', async () => {
    const launched = await launchSandbox({ dataDir: dir });
    const c = clients(launched);
    try {
      const file = path.join(dir, JOURNAL_FILE_NAME);
      const bytes = readFileSync(file);
      // Inside the label of the second interface's intent, the same length: only its checksum can tell.
      const label = Buffer.from('"label":"two"');
      const at = bytes.indexOf(label);
      assert.ok(at > 0, 'the journal holds the second interface');
      const changed = Buffer.from(bytes);
      changed.write('"label":"TWO"', at, 'latin1');
      writeFileSync(file, changed);
      await assert.rejects(
        c.demo.getActivity({ organizationId: c.demoId, activityId: created[1] ?? '' }),
        (error: unknown) => error instanceof Error && !/TWO/.test(error.message),
      );
      // The first interface's record is untouched and reads as before; the journal is put back as it was.
      const one = await c.demo.getActivity({ organizationId: c.demoId, activityId: created[0] ?? '' });
      assert.deepEqual(one, served.one);
      writeFileSync(file, bytes);
      const two = await c.demo.getActivity({ organizationId: c.demoId, activityId: created[1] ?? '' });
      assert.equal(two.id, created[1]);
    } finally {
      await c.close();
      await launched.sandbox.close();
    }
  });

  it('reads a record whole when its head does not match its bytes (the head is never trusted blindly)', () => {
    const activity = {
      id: 'a1',
      organizationId: 'o1',
      type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
      fingerprint: 'sha256:01',
      intent: { createSmartContractInterfaceIntent: { smartContractAddress: ADDRESS, smartContractInterface: ABI } },
      status: 'ACTIVITY_STATUS_COMPLETED',
      initiatorUserId: 'u1',
    };
    const record = {
      kind: 'activities',
      activities: [activity],
      effects: [{ op: 'setFeature', organizationId: 'o1', name: 'x' }],
    };
    const json = encodeRecord(record);
    assert.ok(decodeRecord(json) instanceof UnreadActivities);
    const { headBytes, keys, ...rest } = JSON.parse(json.toString('utf8')) as Json;
    assert.equal(typeof headBytes, 'number');
    assert.deepEqual(keys, [['a1', 'o1', 'sha256:01', 'u1', 'ACTIVITY_STATUS_COMPLETED', activity.type]]);
    assert.deepEqual(rest, record);
    // A head length that no longer fits (the record was edited): the record is parsed whole.
    const edited = Buffer.from(
      json.toString('utf8').replace(/"headBytes":(\d+)/, (_, n: string) => `"headBytes":${Number(n) + 1}`),
    );
    const decoded = decodeRecord(edited) as Json;
    assert.ok(!(decoded instanceof UnreadActivities));
    assert.deepEqual(decoded['activities'], [activity]);
    // Other records, and records with members of their own, are written as plain JSON.
    assert.deepEqual(JSON.parse(encodeRecord({ kind: 'effects', effects: [] }).toString('utf8')), {
      kind: 'effects',
      effects: [],
    });
    const extra = { kind: 'activities', activities: [activity], note: 'x' };
    assert.deepEqual(decodeRecord(encodeRecord(extra)), extra);
    assert.throws(() => decodeRecord(Buffer.from('{"kind":"activities","headBytes":3,"ke')), SyntaxError);
  });
});
