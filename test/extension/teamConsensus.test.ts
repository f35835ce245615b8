/**
 * Runs in VS Code's extension host against the local sandbox: a consensus activity in "Team" approved from the
 * Activities view, and another rejected by the second root user.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { fixturePath } from '../support/fixtures';
import { eventually } from './hostSupport';
import { ADDRESS, operationCommands } from './operationCommands';

describe('operation commands', function () {
  this.timeout(60_000);
  const ops = operationCommands();
  const { useProfile, run, confirming, interfaces } = ops;
  let api: CountersignExtensionApi;
  before(() => (api = ops.api));

  describe('consensus in Team', () => {
    it('a submission that needs a second approval is reported as waiting, not as an error', async () => {
      await useProfile('Team', 0);
      const activity = await run<Activity>('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'Counter.abi.json')),
        address: ADDRESS,
        label: 'Team counter',
      });
      assert.ok(activity);
      assert.equal(activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      assert.ok(
        !(await interfaces()).some((sci) => sci.label === 'Team counter'),
        'nothing is created before the approval',
      );
    });

    it('the second root user approves it from the Activities view, and it executes', async () => {
      await useProfile('Team', 0);
      const { client, profile } = await api.services.requireSession();
      const waiting = await client.listActivities({
        organizationId: profile.organizationId,
        filterByStatus: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'],
      });
      const target = waiting.find(
        (a) =>
          (a.intent['createSmartContractInterfaceIntent'] as { label?: string } | undefined)?.label === 'Team counter',
      );
      assert.ok(target, 'the activity waits for consensus');

      await useProfile('Team', 1);
      const element = await eventually(
        'the activity to show in the view as approvable by the second user',
        async () => {
          const rows = await api.views.activities.activities();
          return rows.find((row) => row.activity.id === target.id && row.activity.canApprove);
        },
      );
      const vote = await confirming<Activity>('countersign.approveActivity', element);
      assert.ok(vote);
      assert.equal(vote.type, 'ACTIVITY_TYPE_APPROVE_ACTIVITY');
      assert.equal(vote.status, 'ACTIVITY_STATUS_COMPLETED');
      const after = await (
        await api.services.requireSession()
      ).client.getActivity({ organizationId: target.organizationId, activityId: target.id });
      assert.equal(after.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.ok(
        (await interfaces()).some((sci) => sci.label === 'Team counter'),
        'the approved interface exists',
      );
    });

    it('the second root user rejects another one by its activity id, and it is not executed', async () => {
      await useProfile('Team', 0);
      const name = `Team tag ${Date.now()}`;
      const submitted = await run<Activity>('countersign.createPrivateKeyTag', { name, privateKeyIds: [] });
      assert.equal(submitted?.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      assert.ok(submitted);

      await useProfile('Team', 1);
      const vote = await confirming<Activity>('countersign.rejectActivity', { activityId: submitted.id });
      assert.equal(vote?.type, 'ACTIVITY_TYPE_REJECT_ACTIVITY');
      const { client } = await api.services.requireSession();
      const after = await client.getActivity({ organizationId: submitted.organizationId, activityId: submitted.id });
      assert.equal(after.status, 'ACTIVITY_STATUS_REJECTED');
      const tags = await client.listPrivateKeyTags({ organizationId: submitted.organizationId });
      assert.ok(!tags.some((tag) => tag.tagName === name));
    });

    it('approving by fingerprint from the palette works too', async () => {
      await useProfile('Team', 0);
      const submitted = await run<Activity>('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'MetaCoin.truffle.json')),
        address: ADDRESS,
        label: 'Team coin',
      });
      assert.ok(submitted?.fingerprint);
      await useProfile('Team', 1);
      const vote = await confirming<Activity>('countersign.approveActivity', submitted.fingerprint);
      assert.equal(vote?.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.ok((await interfaces()).some((sci) => sci.label === 'Team coin'));
    });

    it('from the palette, the second user picks the activity waiting for a decision', async () => {
      await useProfile('Team', 0);
      const submitted = await run<Activity>('countersign.createSmartContractInterface', {
        uri: vscode.Uri.file(fixturePath('abi', 'Counter.foundry.json')),
        address: ADDRESS,
        label: 'Team picked',
      });
      assert.equal(submitted?.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      await useProfile('Team', 1);
      const vote = await confirming<Activity>('countersign.approveActivity');
      assert.equal(vote?.status, 'ACTIVITY_STATUS_COMPLETED');
      assert.ok((await interfaces()).some((sci) => sci.label === 'Team picked'));
    });

    after(async () => {
      await useProfile('Demo');
    });
  });
});
