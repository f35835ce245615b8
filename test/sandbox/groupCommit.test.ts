import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { launchSandbox, type RunningSandbox } from '../../src/sandbox';

const SUBMISSIONS = 40;

function demoClient(sandbox: RunningSandbox): { client: CountersignClient; organizationId: string } {
  const org = sandbox.credentials.organizations.find((o) => o.name === 'Demo');
  const key = org?.users[0]?.apiKeys[0];
  assert.ok(org && key);
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  return {
    client: new CountersignClient({ baseUrl: sandbox.baseUrl }, stamper, { maxAttempts: 1 }),
    organizationId: org.organizationId,
  };
}

describe('sandbox: group commit', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'countersign-group-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('decides concurrent submissions to one organization without a sync each, and every acknowledged one survives a restart', async () => {
    let syncs = 0;
    // Counts the journal's syncs (a fault hook that never fails).
    const storageFaults = {
      sync: (): undefined => {
        syncs++;
        return undefined;
      },
    };
    const { sandbox } = await launchSandbox({ dataDir: dir, storageFaults });
    const { client, organizationId } = demoClient(sandbox);
    const names = Array.from({ length: SUBMISSIONS }, (_, i) => `group ${i}`);
    let acknowledged: string[];
    try {
      syncs = 0;
      // Each reads the organization (tag names are unique in it), so each decision follows the one before.
      const activities = await Promise.all(
        names.map((privateKeyTagName) =>
          client.createPrivateKeyTag({ organizationId, parameters: { privateKeyTagName, privateKeyIds: [] } }),
        ),
      );
      assert.ok(activities.every((a) => a.status === 'ACTIVITY_STATUS_COMPLETED'));
      acknowledged = activities.map(
        (a) => (a.result?.['createPrivateKeyTagResult'] as { privateKeyTagId: string }).privateKeyTagId,
      );
      // Without a group commit each decision waited for the previous one's sync: one sync per submission.
      assert.ok(syncs < SUBMISSIONS, `${syncs} syncs for ${SUBMISSIONS} submissions`);
      // A duplicate decided right behind them sees them: the names are taken.
      await assert.rejects(
        client.createPrivateKeyTag({ organizationId, parameters: { privateKeyTagName: 'group 0', privateKeyIds: [] } }),
        /already exists/,
      );
    } finally {
      await client.close();
      await sandbox.close();
    }
    const { sandbox: again } = await launchSandbox({ dataDir: dir });
    const reader = demoClient(again);
    try {
      const tags = await reader.client.listPrivateKeyTags({ organizationId });
      assert.deepEqual(tags.map((t) => t.tagId).sort(), [...acknowledged].sort());
      assert.deepEqual(tags.map((t) => t.tagName).sort(), [...names].sort());
    } finally {
      await reader.client.close();
      await again.close();
    }
  });
});
