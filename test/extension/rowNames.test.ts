/**
 * Runs in VS Code's extension host against the local sandbox: an Activities row names what it touched by its label,
 * not its id, and keeps that name once the activity was rejected or what it named is gone.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import { toChecksumAddress } from '../../src/api/remote';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ActivityElement } from '../../src/extension/views/treeElements';
import { fixturePath } from '../support/fixtures';
import { eventually, organizationNamed, run } from './hostSupport';
import { goAhead, runAnswering, sandboxOrganizations, sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

const ADDRESS = toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');

describe('what an Activities row names', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });

  /** What the row says beside its type (its target, then its age), once the view (loaded again) shows it. */
  async function labelOf(activityId: string): Promise<string> {
    const row = await eventually(`activity ${activityId} in the Activities view`, async () => {
      await vscode.commands.executeCommand('countersign.refreshActivities');
      return (await api.views.activities.activities()).find((element: ActivityElement) => element.id === activityId);
    });
    const item = await api.views.activities.provider.getTreeItem(row);
    return typeof item.description === 'string' ? item.description : '';
  }

  it('a deleted smart contract interface by its label, not its id, once it no longer exists', async () => {
    await useSandboxProfile(api, 'Demo');
    const label = `Named row ${Date.now()}`;
    const created = await run<Activity>(api, 'countersign.createSmartContractInterface', {
      uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
      address: ADDRESS,
      label,
    });
    const id = (created?.result['createSmartContractInterfaceResult'] as { smartContractInterfaceId?: string })
      ?.smartContractInterfaceId;
    assert.ok(id);
    const { result: deletion } = await runAnswering<Activity>(
      api,
      goAhead,
      'countersign.deleteSmartContractInterface',
      id,
    );
    assert.equal(deletion?.status, 'ACTIVITY_STATUS_COMPLETED');
    const text = await labelOf(deletion.id);
    assert.ok(text.includes(`"${label}"`), text);
    assert.ok(!text.includes(id), `no id: ${text}`);
  });

  it('a rejected signing activity by its key name, as before the rejection', async () => {
    const team = organizationNamed(await sandboxOrganizations(api), 'Team');
    await useSandboxProfile(api, 'Team', 0);
    const { client } = await api.services.requireSession();
    const privateKeyId = team.privateKeyIds[0];
    assert.ok(privateKeyId);
    const key = await client.getPrivateKey({ organizationId: team.organizationId, privateKeyId });
    const submitted = await client.signRawPayload({
      organizationId: team.organizationId,
      parameters: {
        signWith: privateKeyId,
        payload: `row names ${Date.now()}`,
        encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
        hashFunction: 'HASH_FUNCTION_SHA256',
      },
    });
    assert.equal(submitted.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    await useSandboxProfile(api, 'Team', 1);
    const before = await labelOf(submitted.id);
    assert.ok(before.includes(`"${key.privateKeyName}"`), before);
    const { result: vote } = await runAnswering<Activity>(api, goAhead, 'countersign.rejectActivity', submitted);
    assert.ok(vote);
    const after = await eventually('the rejection in the row', async () => {
      const { client: now } = await api.services.requireSession();
      const read = await now.getActivity({ organizationId: team.organizationId, activityId: submitted.id });
      return read.status === 'ACTIVITY_STATUS_REJECTED' ? labelOf(submitted.id) : undefined;
    });
    assert.ok(after.includes(`"${key.privateKeyName}"`), `${before} → ${after}`);
  });
});
