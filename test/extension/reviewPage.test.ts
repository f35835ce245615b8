/**
 * Runs in VS Code's extension host against the local sandbox: a simulated teammate's request, its review page
 * (the transfer decoded with Team's registered sample interface, the other call not decodable), and a vote cast
 * from the page's own button through the same modal as the tree. The page's HTML is set once: the model reaches
 * the page by message once its script says it is ready, and every change after that too.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity } from '../../src/api';
import type { SimulatedRequests } from '../../src/extension/commands/simulateRequests';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import type { ReviewModel } from '../../src/extension/review/reviewModel';
import { eventually, organizationNamed, run } from './hostSupport';
import { reviewPageMarkup } from '../support/viewMarkup';
import { sandboxOrganizations, sandboxSuiteHooks, useSandboxProfile } from './sandboxProfiles';

const RECIPIENT = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';

/** Counts what is written to a webview: its HTML and its messages, until disposed. */
function watchWebview(webview: vscode.Webview): { html: number; messages: unknown[]; dispose(): void } {
  let prototype: object | null = Object.getPrototypeOf(webview) as object | null;
  let html: PropertyDescriptor | undefined;
  while (prototype && !html) {
    html = Object.getOwnPropertyDescriptor(prototype, 'html');
    prototype = Object.getPrototypeOf(prototype) as object | null;
  }
  const get = html?.get?.bind(webview);
  const set = html?.set?.bind(webview);
  assert.ok(get && set, "the webview's html is an accessor");
  const counts = { html: 0, messages: [] as unknown[] };
  const post = webview.postMessage.bind(webview);
  Object.defineProperty(webview, 'html', {
    configurable: true,
    get: () => get() as string,
    set: (value: string) => {
      counts.html += 1;
      set(value);
    },
  });
  Object.defineProperty(webview, 'postMessage', {
    configurable: true,
    value: (message: unknown) => {
      counts.messages.push(message);
      return post(message);
    },
  });
  return {
    get html() {
      return counts.html;
    },
    messages: counts.messages,
    dispose: () => {
      delete (webview as { html?: string }).html;
      delete (webview as { postMessage?: unknown }).postMessage;
    },
  };
}

describe('the review page', function () {
  this.timeout(60_000);
  let api!: CountersignExtensionApi;
  sandboxSuiteHooks((a) => {
    api = a;
  });

  let requests: SimulatedRequests;

  it("simulates a teammate's request: two signing activities of Team that wait for the first root user's vote", async () => {
    await useSandboxProfile(api, 'Demo');
    const simulated = await run<SimulatedRequests>(api, 'countersign.simulateTeammateRequest', { switchProfile: true });
    assert.ok(simulated);
    requests = simulated;
    const team = organizationNamed(await sandboxOrganizations(api), 'Team');
    const you = team.users[0];
    assert.ok(you);
    assert.ok(api.services.profiles.active()?.id.endsWith(you.userId), 'switched to Team root user 1');
    for (const activity of [requests.transfer, requests.unregistered]) {
      assert.equal(activity.type, 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2');
      assert.equal(activity.status, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      assert.equal(activity.organizationId, team.organizationId);
    }
  });

  it('shows the transfer decoded with the registered interface: transfer(to, amount), each argument by name', async () => {
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', requests.transfer);
    assert.ok(model);
    assert.equal(model.title, 'Sign transaction');
    assert.equal(model.statusLabel, 'Consensus needed');
    assert.match(model.progress, /^1 of 2 approvals: 1 more needed before it runs\.$/);
    const summary = Object.fromEntries(model.summary.map((r) => [r.label, r.value]));
    assert.match(summary['Organization'] ?? '', /^Team \(/);
    assert.equal(summary['Submitted by'], 'Team root user 2');
    assert.equal(summary['Fingerprint'], requests.transfer.fingerprint);
    const call = model.sections.find((s) => s.id === 'call');
    assert.equal(call?.call?.title, 'transfer(to, amount)');
    assert.equal(call?.call?.signature, 'transfer(address,uint256)');
    assert.deepEqual(call?.call?.arguments, [
      { name: 'to', type: 'address', text: RECIPIENT },
      {
        name: 'amount',
        type: 'uint256',
        text: '250 EXAMPLE (raw 250000000000000000000; 18 decimals from the built-in list of well-known tokens)',
      },
    ]);
    assert.ok(
      call?.actions.some((a) => a.id === 'openAbi'),
      'Open ABI shows the interface it was decoded with',
    );
    const transaction = Object.fromEntries(
      (model.sections.find((s) => s.id === 'transaction')?.rows ?? []).map((r) => [r.label, r.value]),
    );
    assert.equal(transaction['Chain'], 'Sepolia (11155111)');
    assert.equal(transaction['Value'], '0 ETH (0 wei)');
    assert.equal(transaction['Max fee per gas'], '30 gwei (30000000000 wei)');
    assert.deepEqual(
      model.actions.map((a) => a.id),
      ['approve', 'reject', 'approveWithPasskey', 'rejectWithPasskey', 'openJson'],
    );

    const page = api.views.reviews.page(requests.transfer.id);
    assert.ok(page, 'the page is open');
    assert.equal(page.panel.viewColumn !== undefined, true);
    assert.match(page.html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;/);
    assert.doesNotMatch(page.html, /https?:\/\/(?!.*vscode)/, 'nothing remote');
    assert.doesNotMatch(page.html, /transfer\(to, amount\)|Team root user/, 'what it shows comes by message');
    const posted = await eventually('the page to say it is ready and be sent the model', () =>
      page.posted?.kind === 'review' ? page.posted.model : undefined,
    );
    assert.equal(posted.sections.find((s) => s.id === 'call')?.call?.title, 'transfer(to, amount)');
  });

  it('posts nothing to a page left open while nothing changes: its times are its own to keep current', async () => {
    const page = api.views.reviews.page(requests.transfer.id);
    assert.ok(page);
    const watch = watchWebview(page.panel.webview);
    try {
      await page.refresh();
      await page.refresh();
      assert.equal(watch.html, 0, 'the HTML is not set again');
      assert.deepEqual(watch.messages, [], 'the same model is not posted again');
    } finally {
      watch.dispose();
    }
    const submitted = page.model?.summary.find((r) => r.label === 'Submitted');
    assert.ok(submitted?.timeMs !== undefined && !/ago|now/.test(submitted.value), JSON.stringify(submitted));
  });

  it('opening the same activity again brings its one page forward instead of a second', async () => {
    const before = api.views.reviews.page(requests.transfer.id);
    await run<ReviewModel>(api, 'countersign.reviewActivity', requests.transfer.id);
    assert.equal(api.views.reviews.page(requests.transfer.id), before);
  });

  it('flags the unlimited approval to an unregistered address, reads it as well-known, and offers to register its ABI', async () => {
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', requests.unregistered.fingerprint);
    const call = model?.sections.find((s) => s.id === 'call');
    // The risks come first, above the call, each a warning; the call's own notes do not repeat them.
    assert.match(model?.risks[0] ?? '', /^Unlimited token approval: 0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB/);
    assert.match(
      model?.risks[1] ?? '',
      /^Calls 0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb, which has no interface registered/,
    );
    assert.ok(!call?.notes.some((note) => note.text.startsWith('Unlimited')), 'said once, at the top');
    const page = api.views.reviews.page(requests.unregistered.id);
    const markup = page?.view?.kind === 'review' ? reviewPageMarkup(page.view.model) : '';
    assert.ok(markup.indexOf('⚠ <bdi>Unlimited token approval') >= 0, 'drawn with ⚠');
    assert.ok(
      markup.indexOf('⚠ <bdi>Unlimited token approval') < markup.indexOf('approve(spender, amount)'),
      'above the call',
    );
    assert.equal(call?.call?.title, 'approve(spender, amount)');
    assert.match(call?.rows[0]?.value ?? '', /not from your organization's interfaces/);
    assert.deepEqual(
      call?.actions.map((a) => a.id),
      ['registerInterface'],
    );
    assert.equal(model?.registerAddress, '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb');
  });

  it("approves from the page's button through the same modal, and the page then shows the activity completed", async () => {
    const page = api.views.reviews.page(requests.transfer.id);
    assert.ok(page);
    const shown: string[] = [];
    const answering = api.services.modals.answerWith((request) => {
      shown.push(request.message);
      return 'Approve';
    });
    const html = page.html;
    const watch = watchWebview(page.panel.webview);
    try {
      await page.receive({ type: 'action', action: 'approve' });
      await eventually('the completed activity to be posted to the page', () =>
        watch.messages.some((m) => JSON.stringify(m).includes('"statusLabel":"Completed"')) ? true : undefined,
      );
      assert.equal(watch.html, 0, 'the page is not reloaded: its HTML is set once');
      assert.equal(page.html, html);
    } finally {
      answering.dispose();
      watch.dispose();
    }
    assert.deepEqual(shown, ['Approve "Sign transaction"?']);
    const { client } = await api.services.requireSession();
    const after = await client.getActivity({
      organizationId: requests.transfer.organizationId,
      activityId: requests.transfer.id,
    });
    assert.equal(after.status, 'ACTIVITY_STATUS_COMPLETED');
    await eventually('the page to show the completed activity', () =>
      page.model?.statusLabel === 'Completed' ? true : undefined,
    );
    assert.deepEqual(
      page.model?.actions.map((a) => a.id),
      ['openJson'],
      'no vote buttons once it ran',
    );
    assert.match(page.model?.progress ?? '', /^2 of 2 approvals: it ran\.$/);
  });

  it("the approve dialog's Show Details… opens the review page and casts no vote", async () => {
    const target: Activity = requests.unregistered;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const answering = api.services.modals.answerWith((request) => request.buttons[0]);
    try {
      const result = await run<Activity>(api, 'countersign.approveActivity', target);
      assert.equal(result, undefined);
    } finally {
      answering.dispose();
    }
    const page = await eventually('the review page', () => api.views.reviews.page(target.id));
    assert.equal(page.model?.statusLabel, 'Consensus needed');
    await useSandboxProfile(api, 'Team', 0);
  });

  it('under another profile the page stays readable, without vote buttons, and offers "Switch to <profile>"', async () => {
    const target: Activity = requests.unregistered;
    const opened = api.services.profiles.active();
    assert.ok(opened);
    const page = await eventually('the review page', () => api.views.reviews.page(target.id));
    await page.refresh();
    assert.equal(page.view?.kind, 'review');
    await useSandboxProfile(api, 'Demo');
    await page.refresh();
    const view = page.view;
    assert.ok(view?.kind === 'review', `the activity is still shown: ${JSON.stringify(view)}`);
    assert.ok(view.note?.text.includes(`opened with the profile "${opened.label}"`), view.note?.text);
    assert.deepEqual(
      view.model.actions.map((a) => [a.id, a.label]),
      [['switchProfile', `Switch to ${opened.label}`]],
    );
    assert.deepEqual(
      view.model.sections.flatMap((s) => s.actions),
      [],
      'no other button',
    );
    assert.equal(view.model.title, page.model?.title, 'what it shows is what it showed');

    await page.receive({ type: 'action', action: 'switchProfile' });
    assert.equal(api.services.profiles.active()?.id, opened.id);
    await eventually('the vote buttons to come back', () =>
      page.view?.kind === 'review' &&
      page.view.note === undefined &&
      page.view.model.actions.some((a) => a.id === 'approve')
        ? true
        : undefined,
    );
  });

  it('reviewing from another profile brings the page of that profile, not the one opened with the first', async () => {
    const target: Activity = requests.unregistered;
    const first = await eventually('the review page', () => api.views.reviews.page(target.id));
    const firstProfile = first.profileId;
    const otherProfile = await useSandboxProfile(api, 'Team', 1);
    assert.notEqual(otherProfile, firstProfile);
    const model = await run<ReviewModel>(api, 'countersign.reviewActivity', target);
    assert.equal(model?.activityId, target.id);
    const page = api.views.reviews.page(target.id);
    assert.ok(page, 'a page shows the activity');
    assert.equal(page.profileId, otherProfile, 'the page belongs to the profile in use');
    assert.notEqual(page, first, 'the other profile’s page was replaced');
    assert.equal(page.view?.kind, 'review');
    assert.equal(page.view.kind === 'review' ? page.view.note : 'no review', undefined, 'no "switch to" banner');
    assert.ok(
      !page.view.model.actions.some((action) => action.id === 'switchProfile'),
      'it offers no switch back to the first profile',
    );
    await useSandboxProfile(api, 'Team', 0);
  });

  it('with the sandbox stopped the page says so, offers Start instead of a vote, and the vote comes back with it', async () => {
    const target: Activity = requests.unregistered;
    await run(api, 'countersign.reviewActivity', target);
    const page = api.views.reviews.page(target.id);
    assert.ok(page?.view?.kind === 'review' && page.view.model.actions.some((a) => a.id === 'approve'));
    assert.equal(await run(api, 'countersign.stopLocalSandbox'), true);
    try {
      const stopped = await eventually('the page to say the sandbox is stopped', () =>
        page.view?.kind === 'review' && page.view.note ? page.view : undefined,
      );
      assert.match(stopped.note?.text ?? '', /local sandbox is not running/);
      assert.deepEqual(
        stopped.model.actions.map((a) => a.id),
        ['startLocalSandbox'],
        'no vote while it cannot be sent',
      );
    } finally {
      await page.receive({ type: 'action', action: 'startLocalSandbox' });
    }
    await eventually('the vote buttons to come back', () =>
      page.view?.kind === 'review' && !page.view.note && page.view.model.actions.some((a) => a.id === 'approve')
        ? true
        : undefined,
    );
  });
});
