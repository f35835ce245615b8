/**
 * One timer drives every poll: with the Activities view shown, the inbox on and a review page open on a pending
 * activity, every list_activities, get_activity and get_organization request on the wire comes from the
 * organization store's looks, a bounded few per look. A vote cast elsewhere shows in the Activities view and the
 * inbox within one poll. The requests are counted on the wire by a recording relay on 127.0.0.1 between the
 * extension and the real sandbox; the test waits for looks (the store's onDidLook), never for time.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { CommandIds } from '../../src/extension/commandIds';
import type { SimulatedRequests } from '../../src/extension/commands/simulateRequests';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { LookReport, OrganizationStore } from '../../src/extension/store/organizationStore';
import { MAX_SINGLE_READS_PER_LOOK } from '../../src/extension/store/organizationStore';
import { ACTIVITIES_VIEW_ID } from '../../src/extension/views/viewIds';
import { startRecordingRelay, type RecordingRelay } from '../support/recordingRelay';
import { eventually, extensionApi, organizationNamed, run } from './hostSupport';
import { goAhead, sandboxOrganizations, useSandboxProfile, withModalAnswers } from './sandboxProfiles';

/** The reads a poll makes; the store's looks must account for every one of them on the wire. */
const POLLED_PATHS = [
  '/public/v1/query/list_activities',
  '/public/v1/query/get_activity',
  '/public/v1/query/get_organization',
  // While the Organization view shows the wallets, each look lists them to see one made elsewhere.
  '/public/v1/query/list_wallets',
];

/** Waits for `count` looks of the store, counting from the end of the look in progress; returns them. */
async function looks(
  store: OrganizationStore,
  relay: RecordingRelay,
  count: number,
  timeoutMs: number,
): Promise<{ reports: LookReport[]; wire: Record<string, number> }> {
  const reports: LookReport[] = [];
  let mark: number | undefined;
  const listening = store.onDidLook((report) => {
    // The first look only sets the start: what it asked began before the count.
    if (mark === undefined) mark = relay.requests.length;
    else reports.push(report);
  });
  try {
    await eventually(`${count} looks of the store`, () => (reports.length >= count ? true : undefined), timeoutMs);
  } finally {
    listening.dispose();
  }
  return { reports, wire: relay.countByPath(mark) };
}

function polled(wire: Record<string, number>): number {
  return POLLED_PATHS.reduce((sum, path) => sum + (wire[path] ?? 0), 0);
}

describe('one poll for the organization', function () {
  // The looks back off while nothing changes (up to a minute apart): a few of them take minutes.
  this.timeout(420_000);
  const PROFILE = 'one-poll-relay';
  let api: CountersignExtensionApi;
  let relay: RecordingRelay | undefined;
  let store: OrganizationStore;
  let requests: SimulatedRequests;
  let direct: CountersignClient | undefined;
  const config = () => vscode.workspace.getConfiguration('countersign');

  before(async () => {
    api = await extensionApi();
    const organizations = await sandboxOrganizations(api);
    await useSandboxProfile(api, 'Demo');
    const simulated = await run<SimulatedRequests>(api, CommandIds.simulateTeammateRequest, { switchProfile: true });
    assert.ok(simulated);
    requests = simulated;
    const team = organizationNamed(organizations, 'Team');
    const key = team.users[0]?.apiKeys[0];
    assert.ok(key);
    const sandbox = api.localSandbox.running;
    assert.ok(sandbox);
    // Team's first root user voting from somewhere else: straight on the sandbox, not through the relay.
    direct = new CountersignClient(
      { baseUrl: sandbox.baseUrl },
      new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
    );
    await config().update('activities.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    relay = await startRecordingRelay(sandbox.baseUrl);
    await api.services.keys.store(PROFILE, key.privateKey);
    await api.services.profiles.add(
      {
        label: 'Team through a relay',
        baseUrl: relay.url,
        organizationId: team.organizationId,
        apiKeyId: key.apiKeyId,
      },
      { id: PROFILE, activate: true },
    );
    store = await api.services.store();
  });

  after(async () => {
    await config().update('activities.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (api) {
      await withModalAnswers(api, goAhead, CommandIds.removeProfile, PROFILE);
      await useSandboxProfile(api, 'Demo');
    }
    await direct?.close();
    relay?.close();
  });

  it('every list_activities, get_activity and get_organization on the wire comes from the one poll', async () => {
    await vscode.commands.executeCommand(`${ACTIVITIES_VIEW_ID}.focus`);
    const model = await run<{ title: string }>(api, CommandIds.reviewActivity, requests.transfer.id);
    assert.equal(model?.title, 'Sign transaction');
    await eventually('the view, the page and the inbox to watch the store', () => {
      const { views, pages, inbox } = store.watchers;
      return views >= 1 && pages === 1 && inbox ? true : undefined;
    });
    // The view's own load (a change of setting or profile reloads it) is done before the count begins.
    await eventually('the Activities view to list the simulated requests', async () =>
      (await api.views.activities.activities()).some((row) => row.id === requests.transfer.id) ? true : undefined,
    );
    await eventually('the inbox to count the simulated requests', () =>
      api.inbox.state?.awaiting.some((a) => a.id === requests.transfer.id) ? true : undefined,
    );

    const shown = await looks(store, relay!, 2, 120_000);
    assert.equal(polled(shown.wire), sum(shown.reports), `only the looks asked: ${JSON.stringify(shown.wire)}`);
    for (const report of shown.reports)
      assert.ok(report.requests <= 1 + MAX_SINGLE_READS_PER_LOOK, `a bounded look: ${JSON.stringify(report)}`);
    assert.equal(shown.wire['/public/v1/query/get_organization'] ?? 0, 0, 'the organization is read once, not polled');
    // The page's activity is open: the listing covers it, it is not read on its own; a look asks the listing once,
    // and the wallets once when the Organization view shows them.
    assert.equal(shown.wire['/public/v1/query/get_activity'] ?? 0, 0, JSON.stringify(shown.wire));
    assert.equal(shown.wire['/public/v1/query/list_activities'], shown.reports.length, JSON.stringify(shown.wire));
    assert.ok((shown.wire['/public/v1/query/list_wallets'] ?? 0) <= shown.reports.length, JSON.stringify(shown.wire));

    // Close the page and hide the views: only the inbox watches, and no look asks more than before.
    api.views.reviews.page(requests.transfer.id)?.panel.dispose();
    await vscode.commands.executeCommand('workbench.view.explorer');
    await eventually('only the inbox to watch the store', () => {
      const { views, pages, inbox } = store.watchers;
      return views === 0 && pages === 0 && inbox ? true : undefined;
    });
    const hidden = await looks(store, relay!, 1, 200_000);
    assert.equal(polled(hidden.wire), sum(hidden.reports), `only the looks asked: ${JSON.stringify(hidden.wire)}`);
    assert.ok(
      hidden.reports.every((r) => r.requests <= 1),
      `fewer watchers never ask more: ${JSON.stringify(hidden.reports)}`,
    );
    assert.equal(hidden.wire['/public/v1/query/get_activity'] ?? 0, 0, 'nothing is read one by one');
  });

  it('a vote cast elsewhere shows in the Activities view and the inbox within one poll', async () => {
    const target = requests.unregistered;
    await vscode.commands.executeCommand(`${ACTIVITIES_VIEW_ID}.focus`);
    await eventually('the row in the Activities view', async () =>
      (await api.views.activities.activities()).some((row) => row.id === target.id) ? true : undefined,
    );
    assert.ok(
      api.inbox.state?.awaiting.some((a) => a.id === target.id),
      'it waits for your vote',
    );
    const seen: LookReport[] = [];
    const listening = store.onDidLook((report) => seen.push(report));
    try {
      const vote = await direct!.approveActivity({
        organizationId: target.organizationId,
        parameters: { fingerprint: target.fingerprint },
      });
      assert.equal(vote.status, 'ACTIVITY_STATUS_COMPLETED');
      const lookedBefore = seen.length;
      let last = {};
      await eventually(
        'the vote in the view and the inbox',
        async () => {
          const row = (await api.views.activities.activities()).find((r) => r.id === target.id);
          const waiting = api.inbox.state?.awaiting.some((a) => a.id === target.id);
          last = {
            row: row?.activity.status,
            waiting,
            stored: store.activity(target.id)?.status,
            seen,
            polling: store.polling,
            watchers: store.watchers,
            focused: vscode.window.state.focused,
          };
          return row?.activity.status === 'ACTIVITY_STATUS_COMPLETED' && waiting === false ? true : undefined;
        },
        90_000,
      ).catch((error: unknown) => {
        throw new Error(`${error instanceof Error ? error.message : String(error)}: ${JSON.stringify(last)}`);
      });
      // The look under way when the vote landed may have read before it: the next one shows it.
      assert.ok(seen.length - lookedBefore <= 2, `within one poll: ${seen.length - lookedBefore} looks`);
    } finally {
      listening.dispose();
    }
  });
});

function sum(reports: readonly LookReport[]): number {
  return reports.reduce((total, report) => total + report.requests, 0);
}
