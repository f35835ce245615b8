/**
 * Runs in VS Code's extension host: after Stop then Start Local Sandbox, every view comes back as it was, without a
 * switch of profile: the inbox's group, its count and badge, and the rows' progress.
 */
import * as assert from 'node:assert/strict';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { CommandIds } from '../../src/extension/commandIds';
import { eventually, run } from './hostSupport';
import { sandboxSuiteHooks, teamActivityWaiting, useSandboxProfile } from './sandboxProfiles';

describe('the views after the local sandbox is stopped and started again', function () {
  this.timeout(90_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });

  it('the inbox keeps the activity awaiting your vote, its count and badge, without a switch of profile', async () => {
    const waiting = await teamActivityWaiting(api, `Restart ${Date.now()}`);
    await useSandboxProfile(api, 'Team', 1);
    await eventually('the activity in the inbox', async () =>
      (await api.inbox.check())?.awaiting.some((a) => a.id === waiting.id) ? true : undefined,
    );
    const before = api.inbox.count;
    assert.ok(before >= 1);

    assert.equal(await run(api, CommandIds.stopLocalSandbox), true);
    const restarted = await run<{ profileId: string }>(api, CommandIds.startLocalSandbox);
    assert.equal(restarted?.profileId, api.services.profiles.active()?.id, 'the same profile stays active');

    // By itself: nothing asks the inbox to look again.
    await eventually('the inbox to hold the activity again', () =>
      api.inbox.state?.awaiting.some((a) => a.id === waiting.id) ? true : undefined,
    );
    assert.equal(api.inbox.count, before, 'the count is what it was');
    const group = await eventually('the inbox group', () => api.views.activities.inboxGroup());
    assert.equal(group.count, before);
    assert.equal(api.views.activities.treeView.badge?.value, before, "the view's badge");
  });
});
