import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import type { CountersignClient } from '../../src/api';
import type { SandboxCredentials } from '../../src/sandbox';
import { repoRoot } from '../support/fixtures';
import { clientFor, createInterface, missingActivities, tempDir } from './hostileSupport';

const ROUNDS = 3;
const cli = path.join(repoRoot, 'out', 'src', 'sandbox', 'cli.js');

function startChild(dir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [cli, '--port', '0', '--data-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve({ child, baseUrl: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited early (${code}): ${err}`)));
  });
}

/** Submits until stopped: interfaces (Demo), tags (Demo), and Team tags approved by its second root user. */
async function writer(
  kind: number,
  clients: { demo: CountersignClient; team: CountersignClient; approver: CountersignClient },
  ids: { demo: string; team: string },
  acknowledged: string[],
  stopped: () => boolean,
): Promise<void> {
  for (let i = 0; !stopped(); i++) {
    try {
      if (kind % 3 === 0) {
        const outcome = await createInterface(clients.demo, ids.demo, `load ${kind} ${i}`);
        if ('id' in outcome) acknowledged.push(outcome.id);
      } else if (kind % 3 === 1) {
        const tag = await clients.demo.createPrivateKeyTag({
          organizationId: ids.demo,
          parameters: { privateKeyTagName: `t${kind}-${i}-${Date.now()}`, privateKeyIds: [] },
        });
        acknowledged.push(tag.id);
      } else {
        const pending = await clients.team.createPrivateKeyTag({
          organizationId: ids.team,
          parameters: { privateKeyTagName: `team${kind}-${i}-${Date.now()}`, privateKeyIds: [] },
        });
        acknowledged.push(pending.id);
        const vote = await clients.approver.approveActivity({
          organizationId: ids.team,
          parameters: { fingerprint: pending.fingerprint },
        });
        acknowledged.push(vote.id);
      }
    } catch {
      // Refused or cut off by the kill: not acknowledged.
    }
  }
}

describe('sandbox: kill -9 under concurrent writers', function () {
  this.timeout(120_000);
  let dir: string;
  let child: ChildProcess | undefined;
  before(() => {
    dir = tempDir('kill');
  });
  after(() => {
    if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged activity of every organization across ${ROUNDS} kills, and restarts without a repair`, async () => {
    assert.ok(existsSync(cli), 'compile first: out/src/sandbox/cli.js is missing');
    const acknowledged: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = await startChild(dir);
      child = started.child;
      const credentials = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8')) as SandboxCredentials;
      const demo = clientFor(credentials, started.baseUrl, 'Demo', { maxAttempts: 1 });
      const team = clientFor(credentials, started.baseUrl, 'Team', { maxAttempts: 1 });
      const approver = clientFor(credentials, started.baseUrl, 'Team', { maxAttempts: 1 }, 1);
      if (round > 0) {
        const missing = await missingActivities(demo.client, demo.organizationId, acknowledged);
        const missingTeam = await missingActivities(team.client, team.organizationId, missing);
        assert.deepEqual(missingTeam, [], `round ${round}: ${missingTeam.length} of ${acknowledged.length} lost`);
      }
      const before = acknowledged.length;
      let killed = false;
      const clients = { demo: demo.client, team: team.client, approver: approver.client };
      const ids = { demo: demo.organizationId, team: team.organizationId };
      const writers = Array.from({ length: 9 }, (_, kind) => writer(kind, clients, ids, acknowledged, () => killed));
      const deadline = Date.now() + 10_000;
      while (acknowledged.length < before + 150 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      const gone = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGKILL');
      killed = true;
      await gone;
      await Promise.all(writers);
      await Promise.all([demo.client.close(), team.client.close(), approver.client.close()]);
      assert.ok(acknowledged.length > before, `round ${round}: nothing was acknowledged`);
    }
    const last = await startChild(dir);
    child = last.child;
    const credentials = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8')) as SandboxCredentials;
    const demo = clientFor(credentials, last.baseUrl, 'Demo');
    const team = clientFor(credentials, last.baseUrl, 'Team');
    const missing = await missingActivities(
      team.client,
      team.organizationId,
      await missingActivities(demo.client, demo.organizationId, acknowledged),
    );
    await Promise.all([demo.client.close(), team.client.close()]);
    console.log(`      ${ROUNDS} kills: ${acknowledged.length} acknowledged, ${missing.length} lost`);
    assert.deepEqual(missing, []);
  });
});
