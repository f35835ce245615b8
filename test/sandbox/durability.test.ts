import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ApiKeyStamper, CountersignClient, operations } from '../../src/api/remote';
import {
  readSandboxCredentials,
  SandboxDataDirInUseError,
  startSandbox,
  type RunningSandbox,
  type SandboxCredentials,
} from '../../src/sandbox';
import { JOURNAL_FILE_NAME, JournalStorage, readJournal } from '../../src/sandbox/storage/journalStorage';
import { repoRoot } from '../support/fixtures';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ABI = '[{"type":"function","name":"f","inputs":[],"outputs":[],"stateMutability":"view"}]';

function clientOf(
  sandbox: RunningSandbox,
  orgName: string,
  userIndex = 0,
): { client: CountersignClient; organizationId: string } {
  const org = sandbox.credentials.organizations.find((o) => o.name === orgName);
  const key = org?.users[userIndex]?.apiKeys[0];
  assert.ok(org && key);
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  return {
    client: new CountersignClient({ baseUrl: sandbox.baseUrl }, stamper, { maxAttempts: 1 }),
    organizationId: org.organizationId,
  };
}

describe('sandbox: journal storage', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-journal-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back what was appended, in order', async () => {
    const journal = JournalStorage.open(dir);
    await Promise.all(Array.from({ length: 50 }, (_, i) => journal.append({ i, text: 'é✓\n"' })));
    await journal.close();
    await journal.close();
    const reopened = JournalStorage.open(dir);
    assert.deepEqual(
      reopened.recovered,
      Array.from({ length: 50 }, (_, i) => ({ i, text: 'é✓\n"' })),
    );
    await reopened.close();
  });

  it('groups concurrent appends into few syncs and resolves them in order; refuses appends once closed', async () => {
    const journal = JournalStorage.open(dir);
    const order: number[] = [];
    await Promise.all(Array.from({ length: 200 }, (_, i) => journal.append({ i }).then(() => order.push(i))));
    assert.equal(journal.stats.records, 200);
    assert.ok(journal.stats.syncs < 20, `${journal.stats.syncs} syncs for 200 concurrent appends`);
    assert.deepEqual(
      order,
      Array.from({ length: 200 }, (_, i) => i),
      'appends resolve in order',
    );
    await journal.close();
    await assert.rejects(journal.append({ late: true }), /closed/);
  });

  it('cuts off a torn last record (no newline) and keeps the rest; refuses a complete last record that fails its checksum', async () => {
    const journal = JournalStorage.open(dir);
    await journal.append({ n: 1 });
    await journal.append({ n: 2 });
    await journal.close();
    const file = path.join(dir, JOURNAL_FILE_NAME);
    const good = readFileSync(file);
    appendFileSync(file, good.subarray(0, good.indexOf(0x0a) - 3)); // half a record
    const reopened = JournalStorage.open(dir);
    assert.deepEqual(reopened.recovered, [{ n: 1 }, { n: 2 }]);
    assert.ok(reopened.recovery.truncatedBytes > 0);
    await reopened.append({ n: 3 });
    await reopened.close();
    assert.deepEqual(readJournal(readFileSync(file)).records, [{ n: 1 }, { n: 2 }, { n: 3 }]);
    // A complete last line whose checksum does not match is not what a crash leaves: it is damage.
    appendFileSync(file, '00000000 {"n":4}\n');
    assert.throws(() => JournalStorage.open(dir), /damaged at byte \d+ .*--repair/);
  });

  it('reads a journal larger than its reading window, a record longer than the window, and a torn tail after them', async () => {
    // The journal is read through a window of 4 MiB that moves along it: lines cross its edge, and one is longer.
    const journal = JournalStorage.open(dir);
    const filler = 'x'.repeat(3000);
    const records: unknown[] = [];
    for (let n = 0; n < 3000; n++) records.push({ n, filler });
    records.splice(1500, 0, { n: 'long', filler: 'y'.repeat(5 * 1024 * 1024) });
    for (let at = 0; at < records.length; at += 500)
      await Promise.all(records.slice(at, at + 500).map((r) => journal.append(r)));
    await journal.close();
    const file = path.join(dir, JOURNAL_FILE_NAME);
    const size = statSync(file).size;
    assert.ok(size > 12 * 1024 * 1024, `${size} bytes: more than two windows and a long line`);
    appendFileSync(file, readFileSync(file).subarray(0, 40)); // a torn write
    const reopened = JournalStorage.open(dir);
    assert.equal(reopened.recovered.length, records.length);
    assert.deepEqual(reopened.recovered, records);
    assert.equal(reopened.recovery.truncatedBytes, 40);
    await reopened.close();
    assert.equal(statSync(file).size, size);
  });

  it('refuses to open a journal damaged in the middle rather than dropping acknowledged records', async () => {
    const journal = JournalStorage.open(dir);
    for (let n = 0; n < 3; n++) await journal.append({ n });
    await journal.close();
    const file = path.join(dir, JOURNAL_FILE_NAME);
    const bytes = readFileSync(file);
    bytes[12] = bytes[12] === 0x41 ? 0x42 : 0x41; // inside the first record's JSON
    writeFileSync(file, bytes);
    assert.throws(() => JournalStorage.open(dir), /damaged/);
  });
});

describe('sandbox: data directory', function () {
  this.timeout(20_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-sandbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes credentials.json readable by its owner only, and keeps private keys out of the journal', async () => {
    const sandbox = await startSandbox({ dataDir: dir });
    try {
      assert.equal(sandbox.credentialsPath, path.join(dir, 'credentials.json'));
      assert.equal(statSync(sandbox.credentialsPath).mode & 0o777, 0o600);
      assert.equal(statSync(path.join(dir, JOURNAL_FILE_NAME)).mode & 0o777, 0o600);
      const onDisk = JSON.parse(readFileSync(sandbox.credentialsPath, 'utf8')) as SandboxCredentials;
      assert.deepEqual(onDisk, sandbox.credentials);
      const { client, organizationId } = clientOf(sandbox, 'Demo');
      const stamped = await client.stampRequest('createPrivateKeyTag', {
        organizationId,
        parameters: { privateKeyTagName: 'x', privateKeyIds: [] },
      });
      const response = await fetch(stamped.url, {
        method: 'POST',
        body: stamped.body,
        headers: { 'X-Stamp': stamped.stamp.stampHeaderValue },
      });
      assert.equal(response.status, 200);
      await client.close();
      const journal = readFileSync(path.join(dir, JOURNAL_FILE_NAME), 'utf8');
      for (const org of sandbox.credentials.organizations) {
        for (const user of org.users)
          for (const key of user.apiKeys)
            assert.ok(!journal.includes(key.privateKey), 'a private key reached the journal');
      }
      assert.ok(!journal.includes(stamped.stamp.stampHeaderValue), 'a stamp reached the journal');
    } finally {
      await sandbox.close();
    }
  });

  it('keeps organizations, keys, interfaces, tags and pending votes across a restart, and refreshes baseUrl', async () => {
    const first = await startSandbox({ dataDir: dir });
    const demo = clientOf(first, 'Demo');
    const created = await demo.client.createSmartContractInterface({
      organizationId: demo.organizationId,
      parameters: {
        smartContractAddress: ADDRESS,
        smartContractInterface: ABI,
        type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
        label: 'kept',
      },
    });
    const interfaceId = (created.result['createSmartContractInterfaceResult'] as { smartContractInterfaceId: string })
      .smartContractInterfaceId;
    const firstKey = first.credentials.organizations[0]?.privateKeyIds[0] as string;
    const tag = await demo.client.createPrivateKeyTag({
      organizationId: demo.organizationId,
      parameters: { privateKeyTagName: 'kept', privateKeyIds: [firstKey] },
    });
    const team = clientOf(first, 'Team', 0);
    const pending = await team.client.createPrivateKeyTag({
      organizationId: team.organizationId,
      parameters: { privateKeyTagName: 'pending', privateKeyIds: [] },
    });
    await Promise.all([demo.client.close(), team.client.close()]);
    await first.close();

    const second = await startSandbox({ dataDir: dir, port: 0 });
    try {
      assert.deepEqual(second.credentials.organizations, first.credentials.organizations);
      const onDisk = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8')) as SandboxCredentials;
      assert.equal(onDisk.baseUrl, second.baseUrl);
      const demo2 = clientOf(second, 'Demo');
      const got = await demo2.client.getSmartContractInterface({
        organizationId: demo2.organizationId,
        smartContractInterfaceId: interfaceId,
      });
      assert.equal(got.label, 'kept');
      assert.deepEqual(
        await demo2.client.getActivity({ organizationId: demo2.organizationId, activityId: created.id }),
        created,
      );
      const keys = await demo2.client.listPrivateKeys({ organizationId: demo2.organizationId });
      const tagId = (tag.result['createPrivateKeyTagResult'] as { privateKeyTagId: string }).privateKeyTagId;
      assert.ok(keys.find((k) => k.privateKeyId === firstKey)?.privateKeyTags.includes(tagId));
      const voter = clientOf(second, 'Team', 1);
      const approval = await voter.client.approveActivity({
        organizationId: voter.organizationId,
        parameters: { fingerprint: pending.fingerprint },
      });
      assert.ok(approval.result['createPrivateKeyTagResult']);
      await Promise.all([demo2.client.close(), voter.client.close()]);
    } finally {
      await second.close();
    }
  });

  it('refuses a second sandbox on the same data directory while the first runs, and takes over a stale lock', async () => {
    assert.equal(readSandboxCredentials(dir), undefined, 'nothing to read before the first start');
    const first = await startSandbox({ dataDir: dir });
    try {
      await assert.rejects(startSandbox({ dataDir: dir }), (error: unknown) => {
        assert.ok(error instanceof SandboxDataDirInUseError);
        assert.match(error.message, /in use by another sandbox/);
        assert.equal(error.ownerPid, process.pid);
        return true;
      });
      // What a second process needs to use the first one: where it listens, and its keys.
      assert.deepEqual(readSandboxCredentials(dir), first.credentials);
    } finally {
      await first.close();
    }
    // A lock left by a process that no longer exists (a kill -9) does not block.
    writeFileSync(path.join(dir, 'sandbox.lock'), '2147483646');
    const second = await startSandbox({ dataDir: dir });
    assert.deepEqual(second.credentials.organizations, first.credentials.organizations);
    await second.close();
    assert.ok(!existsSync(path.join(dir, 'sandbox.lock')));
  });

  it('refuses to start on a journal whose credentials.json is gone, with a message saying what to do', async () => {
    const sandbox = await startSandbox({ dataDir: dir });
    await sandbox.close();
    rmSync(path.join(dir, 'credentials.json'));
    await assert.rejects(startSandbox({ dataDir: dir }), /credentials\.json cannot be read .*delete the directory/);
  });
});

describe('sandbox: crash safety (SIGKILL mid-stream)', function () {
  this.timeout(40_000);
  let dir: string;
  let child: ChildProcess | undefined;
  const cli = path.join(repoRoot, 'out', 'src', 'sandbox', 'cli.js');

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-crash-'));
  });
  afterEach(() => {
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  function startChild(): Promise<string> {
    const started = spawn(process.execPath, [cli, '--port', '0', '--data-dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    return new Promise((resolve, reject) => {
      let out = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      started.once('exit', (code) => reject(new Error(`the sandbox exited early (${code})`)));
    });
  }

  it('keeps every acknowledged activity after a SIGKILL in the middle of a stream of submissions, and a torn last record', async () => {
    assert.ok(existsSync(cli), 'compile first: out/src/sandbox/cli.js is missing');
    const baseUrl = await startChild();
    const credentials = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8')) as SandboxCredentials;
    const demo = credentials.organizations.find((o) => o.name === 'Demo');
    const key = demo?.users[0]?.apiKeys[0];
    assert.ok(demo && key);
    const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const submitOne = (): Promise<void> =>
      new Promise((resolve) => {
        const body = JSON.stringify({
          type: 'ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE',
          timestampMs: String(Date.now()),
          organizationId: demo.organizationId,
          parameters: {
            smartContractAddress: ADDRESS,
            smartContractInterface: ABI,
            type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
            label: `crash ${n++}`,
          },
        });
        const req = request(
          `${baseUrl}${operations.createSmartContractInterface.path}`,
          {
            method: 'POST',
            agent,
            headers: { 'Content-Type': 'application/json', 'X-Stamp': stamper.stampSync(body).stampHeaderValue },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              if (res.statusCode === 200)
                acknowledged.push(
                  (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { activity: { id: string } }).activity.id,
                );
              resolve();
            });
            res.on('error', () => resolve());
          },
        );
        req.on('error', () => resolve());
        req.end(body);
      });
    const workers = Array.from({ length: 16 }, async () => {
      while (!killed) await submitOne();
    });
    // Kill it while requests are in flight, once a few hundred have been acknowledged.
    const deadline = Date.now() + 15_000;
    while (acknowledged.length < 300 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    assert.ok(child?.pid);
    const gone = new Promise((resolve) => child?.once('exit', resolve));
    process.kill(child.pid, 'SIGKILL');
    killed = true;
    await gone;
    await Promise.all(workers);
    agent.destroy();
    assert.ok(acknowledged.length >= 50, `only ${acknowledged.length} acknowledged`);
    const countAtKill = acknowledged.length;

    // As if the crash had also torn the last write.
    appendFileSync(path.join(dir, JOURNAL_FILE_NAME), '1234abcd {"kind":"activities","activities":[{"id":"torn');

    const restarted = await startSandbox({ dataDir: dir });
    try {
      const { client, organizationId } = clientOf(restarted, 'Demo');
      const ids = new Set(
        (await client.listActivities({ organizationId, paginationOptions: { limit: '100' } })).map((a) => a.id),
      );
      const missing: string[] = [];
      for (const id of acknowledged) {
        if (ids.has(id)) continue;
        try {
          const activity = await client.getActivity({ organizationId, activityId: id });
          assert.equal(activity.status, 'ACTIVITY_STATUS_COMPLETED');
        } catch {
          missing.push(id);
        }
      }
      assert.deepEqual(missing, [], `${missing.length} of ${countAtKill} acknowledged activities were lost`);
      const interfaces = await client.listSmartContractInterfaces({ organizationId });
      assert.ok(interfaces.length >= countAtKill);
      await client.close();
    } finally {
      await restarted.close();
    }
  });

  it('stops cleanly on SIGTERM and exits 2 on a bad flag', async () => {
    await startChild();
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child?.kill('SIGTERM');
    assert.equal(await exited, 0);
    const bad = spawn(process.execPath, [cli, '--port', 'eighty'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    bad.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => bad.once('exit', (c) => resolve(c)));
    assert.equal(code, 2);
    assert.match(stderr, /--port must be a whole number/);
  });
});
