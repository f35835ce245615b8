/**
 * Runs in VS Code's extension host: the log does not cry wolf. A failure is one error entry naming the error's
 * class, its stack only at trace level; and an activity document is not re-read with another profile's key, only
 * with the key of the profile that opened it once that one is active again.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { parseActivityJsonUri } from '../../src/extension/output/jsonDocumentProvider';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { eventually, failureOf, organizationNamed, run } from './hostSupport';
import { sandboxOrganizations, teamActivityWaiting, useSandboxProfile, sandboxSuiteHooks } from './sandboxProfiles';

describe('the log', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });

  /** The text of the "Countersign" log channel's file. */
  function logText(): string {
    const dir = api.services.context.logUri.fsPath;
    const files = existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
          (entry) => entry.isFile() && entry.name === 'Countersign.log',
        )
      : [];
    return files.map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8')).join('\n');
  }

  const errorLines = () =>
    logText()
      .split('\n')
      .filter((line) => line.includes('[error]'));

  it("logs a failure at error level with the error's own class name, and no stack at that level", async () => {
    const marker = '00000000-0000-4000-8000-00000000cafe';
    await failureOf(api, 'countersign.getApiKey', { apiKeyId: marker });
    const entry = await eventually('the failure in the log', () => {
      const text = logText();
      const start = text.lastIndexOf('[error] Countersign: could not get the API key.');
      if (start === -1 || !text.slice(start).includes(marker)) return undefined;
      // The entry runs until the next timestamped line.
      const rest = text.slice(start);
      const next = rest.slice(1).search(/\n\d{4}-\d\d-\d\d /);
      return next === -1 ? rest : rest.slice(0, next + 1);
    });
    assert.match(entry, /\nServiceError: /, entry);
    assert.doesNotMatch(entry, /\n\s+at /, 'no stack at error level');
  });

  it("logs a user's mistake (a second vote) as a warning, not an error", async () => {
    const name = `Second vote ${Date.now()}`;
    const waiting: Activity = await teamActivityWaiting(api, name);
    const failure = await failureOf(api, 'countersign.approveActivity', waiting);
    assert.match(failure.message, /You already approved/);
    const entry = await eventually('the refusal in the log', () => {
      const lines = logText().split('\n');
      const at = lines.findIndex(
        (line, index) =>
          line.includes('Countersign: could not approve the activity.') &&
          /You already approved/.test(lines[index + 1] ?? '') &&
          (lines[index + 1] ?? '').includes(name),
      );
      return at === -1 ? undefined : lines[at];
    });
    assert.match(entry, /\[warning\]/, entry);
  });

  it('an open activity document is not re-read with the key of a profile switched to afterwards, only with its own', async () => {
    const waiting: Activity = await teamActivityWaiting(api, `Document ${Date.now()}`);
    const uri = await run<vscode.Uri>(api, 'countersign.openActivityJson', waiting);
    assert.ok(uri && parseActivityJsonUri(uri)?.activityId === waiting.id);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    assert.ok(document && document.getText().includes(waiting.id));
    const errorsBefore = errorLines().length;

    // Demo's key is not registered in Team: a re-read would be refused with a 401.
    await useSandboxProfile(api, 'Demo');
    (await api.services.store()).markStale('activities');
    // Meanwhile Team's second root user approves, outside this window: the activity completes.
    const team = organizationNamed(await sandboxOrganizations(api), 'Team');
    const key = team.users[1]?.apiKeys[0];
    assert.ok(key, "Team's second root user has an API key");
    const voter = new CountersignClient(
      { baseUrl: api.localSandbox.running?.baseUrl ?? '' },
      new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
    );
    try {
      await voter.approveActivity({
        organizationId: team.organizationId,
        parameters: { fingerprint: waiting.fingerprint },
      });
    } finally {
      await voter.close();
    }
    (await api.services.store()).markStale('activities');

    // Back on the profile that opened it, the document is re-read: by then any re-read asked under Demo is done.
    await useSandboxProfile(api, 'Team', 0);
    (await api.services.store()).markStale('activities');
    await eventually('the document re-read under Team', () =>
      document.getText().includes('ACTIVITY_STATUS_COMPLETED') ? true : undefined,
    );
    // The log is written in order: once a line logged now is in the file, so is any error logged before it.
    const marker = `log marker ${Date.now()}`;
    api.services.log.info(marker);
    await eventually('the marker in the log', () => (logText().includes(marker) ? true : undefined));
    assert.deepEqual(errorLines().slice(errorsBefore), [], 'no error was logged');
  });

  it('a waiting registration is kept across profile switches, still waiting, and no error is logged for it', async () => {
    const waiting: Activity = await teamActivityWaiting(api, `Registration ${Date.now()}`);
    const team = organizationNamed(await sandboxOrganizations(api), 'Team');
    const errorsBefore = errorLines().length;
    const store = await api.services.store();
    store.notePendingRegistration({
      organizationId: team.organizationId,
      activity: waiting,
      label: `Not registered ${Date.now()}`,
      canonicalJson: '[]',
      replaces: undefined,
    });
    // Another profile empties the store; coming back, the store reads the activity again and finds it waiting.
    await useSandboxProfile(api, 'Demo');
    assert.ok(await store.interfaceListing(), "Demo's interfaces were read");
    await useSandboxProfile(api, 'Team', 0);
    assert.ok(await store.interfaceListing(), "Team's interfaces were read");
    await eventually('the waiting activity read again', async () =>
      (await store.readActivity(waiting.id))?.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED' ? true : undefined,
    );
    assert.ok(
      store.pendingRegistrations(team.organizationId).some((p) => p.activity.id === waiting.id),
      'the registration still waits',
    );
    assert.deepEqual(errorLines().slice(errorsBefore), [], 'no error was logged');
  });
});
