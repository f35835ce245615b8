/**
 * Runs in VS Code's extension host against the local sandbox: the organization store is the one place news of the
 * organization comes from. An activity that completes by a vote cast outside this window is told once, and each
 * reader refreshes once for it (a second bus that repeated the news made the review page refresh twice).
 */
import * as assert from 'node:assert/strict';
import type { Activity } from '../../src/api';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { CommandIds } from '../../src/extension/commandIds';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { SandboxOrganization } from '../../src/sandbox';
import { eventually, organizationNamed, run } from './hostSupport';
import { sandboxSuiteHooks, teamActivityWaiting } from './sandboxProfiles';

describe('one bus: what the organization store tells, each reader hears once', function () {
  // The store learns of the completion at its next poll, which a loaded machine delays: the test waits for that state.
  this.timeout(180_000);
  let api!: CountersignExtensionApi;
  let organizations!: readonly SandboxOrganization[];
  sandboxSuiteHooks((a, o) => {
    api = a;
    organizations = o;
  });

  it('an activity completed by a vote cast elsewhere refreshes its open review page once', async () => {
    const waiting: Activity = await teamActivityWaiting(api, `Told once ${Date.now()}`);
    assert.ok(await run(api, CommandIds.reviewActivity, waiting));
    const page = await eventually('the review page', () => api.views.reviews.page(waiting.id));
    await eventually('the page drawn', () => page.model);
    await page.refresh();

    const store = await api.services.store();
    let refreshes = 0;
    const refresh = page.refresh.bind(page);
    page.refresh = (activity?: Activity) => {
      refreshes += 1;
      return refresh(activity);
    };
    // Counted when the store tells of the completion: by then every reader has heard of it (this listener is the
    // last one added).
    const counted = new Promise<number>((resolve) => {
      const listening = store.onDidChange((change) => {
        if (!change.activityIds.includes(waiting.id)) return;
        if (store.activity(waiting.id)?.status !== 'ACTIVITY_STATUS_COMPLETED') return;
        listening.dispose();
        resolve(refreshes);
      });
    });

    const team = organizationNamed(organizations, 'Team');
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
    // The store learns of it by reading the activity, as its poll does on its next look (which a loaded machine may
    // put off for minutes): told once either way.
    await store.readActivity(waiting.id, { fresh: true });
    assert.equal(await counted, 1, 'the completion refreshed the review page once');
    page.panel.dispose();
  });
});
