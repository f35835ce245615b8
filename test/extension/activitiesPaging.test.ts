/**
 * "Load more" in the Activities view asks the service only for the next page: one request, after the last
 * activity shown, never again for what is loaded. The requests are counted on the wire, by a recording relay
 * on 127.0.0.1 between the view and the real sandbox (test/support/recordingRelay.ts).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ApiKeyStamper, CountersignClient } from '../../src/api/remote';
import { CommandIds } from '../../src/extension/commandIds';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { LOCAL_SANDBOX_PROFILE_ID } from '../../src/extension/profiles/profileStore';
import { eventually, extensionApi, noteSecret, organizationNamed, run } from './hostSupport';
import { goAhead, withModalAnswers } from './sandboxProfiles';
import { startRecordingRelay, type RecordingRelay, type RelayedRequest } from '../support/recordingRelay';

const ABI =
  '[{"type":"function","name":"get","inputs":[],"outputs":[{"name":"","type":"uint256"}],"stateMutability":"view"}]';

interface ListCall {
  readonly paginationOptions: { limit?: string; after?: string; before?: string } | undefined;
  readonly ids: string[];
}

/** The view's list_activities calls among the relayed requests: what was asked, what came back. */
function listCalls(requests: readonly RelayedRequest[]): ListCall[] {
  return requests.flatMap((relayed) => {
    const asked = relayed.asked as { paginationOptions?: ListCall['paginationOptions']; filterByStatus?: unknown };
    // The inbox's look (the open activities, by status) is not the view's paging.
    if (relayed.path !== '/public/v1/query/list_activities' || asked.filterByStatus !== undefined) return [];
    const answered = relayed.answered as { activities?: { id: string }[] } | undefined;
    return [{ paginationOptions: asked.paginationOptions, ids: (answered?.activities ?? []).map((a) => a.id) }];
  });
}

describe('Activities view paging', function () {
  this.timeout(60_000);
  const PROFILE = 'paging-relay';
  const PAGE = 5;
  let api: CountersignExtensionApi;
  let relay: RecordingRelay | undefined;
  /** Where the count began: the requests relayed before it are not counted. */
  let mark = 0;
  const calls = (): ListCall[] => listCalls(relay?.requests.slice(mark) ?? []);

  before(async () => {
    api = await extensionApi();
    await run(api, CommandIds.startLocalSandbox);
    const sandbox = api.localSandbox.running;
    assert.ok(sandbox);
    const demo = organizationNamed(sandbox.credentials.organizations, 'Demo');
    const key = demo.users[0]?.apiKeys[0];
    assert.ok(key);
    noteSecret(key.privateKey);
    // Enough activities for three pages and more, made straight on the sandbox (not through the relay).
    const direct = new CountersignClient(
      { baseUrl: sandbox.baseUrl },
      new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
    );
    try {
      for (let i = 0; i < 3 * PAGE + 1; i++) {
        await direct.createSmartContractInterface({
          organizationId: demo.organizationId,
          parameters: {
            smartContractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
            smartContractInterface: ABI,
            type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
            label: `paging ${i}`,
          },
        });
      }
    } finally {
      await direct.close();
    }
    relay = await startRecordingRelay(sandbox.baseUrl);
    await vscode.workspace
      .getConfiguration('countersign')
      .update('activities.pageSize', PAGE, vscode.ConfigurationTarget.Global);
    await api.services.keys.store(PROFILE, key.privateKey);
    await api.services.profiles.add(
      {
        label: 'Demo through a relay',
        baseUrl: relay.url,
        organizationId: demo.organizationId,
        apiKeyId: key.apiKeyId,
      },
      { id: PROFILE, activate: true },
    );
  });

  after(async () => {
    await vscode.workspace
      .getConfiguration('countersign')
      .update('activities.pageSize', undefined, vscode.ConfigurationTarget.Global);
    if (api) {
      await withModalAnswers(api, goAhead, CommandIds.removeProfile, PROFILE);
      await run(api, CommandIds.switchProfile, LOCAL_SANDBOX_PROFILE_ID);
    }
    relay?.close();
  });

  it('loads each page with one request after the last activity shown, and never asks again for what is loaded', async () => {
    const view = api.views.activities;
    // Once the page size and the relay's profile are in effect and the view's load for them is done, count from
    // a fresh load. A reload that a late change event causes (the key's or the profile's, on a busy machine) asks
    // for the first page again, without a cursor: legitimate, and told apart from "load more" by that.
    await eventually('the page size and the profile to be in effect', () =>
      api.services.settings().pageSize === PAGE && api.services.profiles.active()?.id === PROFILE ? true : undefined,
    );
    await view.activities();
    mark = relay?.requests.length ?? 0;
    view.refresh();
    assert.equal((await view.activities()).length, PAGE);
    const reloads = () =>
      calls().filter((c) => c.paginationOptions?.after === undefined && c.paginationOptions?.before === undefined);
    const pages = () =>
      calls().filter((c) => c.paginationOptions?.after !== undefined || c.paginationOptions?.before !== undefined);
    assert.ok(calls().length >= 1, 'the refresh asked the service');
    assert.deepEqual(
      [...new Set(reloads().map((c) => JSON.stringify(c.paginationOptions)))],
      [JSON.stringify({ limit: String(PAGE) })],
      'a refresh asks for the first page only',
    );

    for (let page = 2; page <= 3; page++) {
      const shown = (await view.activities()).map((a) => a.id);
      const lastShownId = calls().at(-1)?.ids.at(-1);
      await view.loadMore();
      const cursorCalls = pages();
      assert.equal(cursorCalls.length, page - 1, `page ${page} took one request`);
      const asked = cursorCalls.at(-1);
      assert.deepEqual(asked?.paginationOptions, { limit: String(PAGE), after: lastShownId });
      assert.equal(asked?.ids.length, PAGE);
      assert.deepEqual(
        asked?.ids.filter((id) => shown.includes(id)),
        [],
        `page ${page} asked for nothing already shown`,
      );
      assert.equal((await view.activities()).length, shown.length + PAGE);
    }
    const fetchedByPaging = pages().flatMap((c) => c.ids);
    assert.equal(new Set(fetchedByPaging).size, fetchedByPaging.length, 'no page was fetched twice');
  });
});
