/**
 * Runs in VS Code's extension host: what the user sees when the service fails. Each case points a profile at a
 * small server on 127.0.0.1 (nothing listening, never answering, answering 500, 502, 429 or a body of the wrong
 * shape) or at the local sandbox with a key it does not know, runs a command, and checks the message the user
 * was shown: one sentence and a hint, no secret, and nothing left half-done. The views show an error node with
 * Retry, and cancelling a long operation says nothing.
 */
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import * as vscode from 'vscode';
import { ApiKeyStamper, CountersignClient, toChecksumAddress } from '../../src/api/remote';
import { CommandIds } from '../../src/extension/commandIds';
import type { CountersignExtensionApi } from '../../src/extension/extension';
import { readFixture } from '../support/fixtures';
import { errorNodes, eventually, failureOf } from './hostSupport';
import { TIMEOUT_SETTING, factsOf, freePort, json, requestsTo, serviceFailures } from './serviceFailures';

describe('service failures', function () {
  this.timeout(60_000);
  const suite = serviceFailures();
  const { secrets, failures, organization, fakeService, useProfile, assertProfileIntact, assertClearMessage } = suite;
  let api: CountersignExtensionApi;
  let sandboxUrl: string;
  before(() => ({ api, sandboxUrl } = suite));

  describe('service unreachable', () => {
    it("says the service could not be reached at the profile's address, and changes nothing", async () => {
      const port = await freePort();
      const profile = await useProfile('Nothing there', `http://127.0.0.1:${port}`);
      const failure = await failureOf(api, CommandIds.checkProfile);
      assert.deepEqual([factsOf(failure).name, factsOf(failure).kind], ['TransportError', 'connection']);
      assertClearMessage(failure, /could not reach the service/i, new RegExp(`127\\.0\\.0\\.1:${port}`));
      await assertProfileIntact(profile);
    });

    it('shows an error node with Retry in both views, and Retry loads them once the service is there', async () => {
      const port = await freePort();
      // The profile has Demo's real key: once something listens on the port, it forwards to the local sandbox.
      const demo = organization('Demo');
      const key = demo.users[0]?.apiKeys[0]?.privateKey;
      assert.ok(key);
      await useProfile('Comes back later', `http://127.0.0.1:${port}`, { privateKey: key });

      const activities = await eventually(
        'the Activities view to show an error node',
        async () => errorNodes((await api.views.activities.provider.getChildren()) ?? []),
        15_000,
      );
      assert.match(activities.error.label, /could not load activities/i);
      assert.match(activities.error.description ?? '', /could not reach/i);
      assert.ok(
        activities.error.tooltip?.includes(`127.0.0.1:${port}`),
        `the hint names the address: ${activities.error.tooltip ?? ''}`,
      );
      assert.equal(activities.retry.command?.command, CommandIds.refreshActivities);

      // The Organization view says it once, at its top, as the Activities view does: not as groups that each
      // hide the same error behind a row that cannot be opened.
      const organizationError = await eventually(
        'the Organization view to show an error node',
        async () => errorNodes((await api.views.organization.provider.getChildren()) ?? []),
        15_000,
      );
      assert.match(organizationError.error.label, /could not load the organization/i);
      assert.match(organizationError.error.description ?? '', /could not reach/i);
      assert.ok(organizationError.error.tooltip?.includes(`127.0.0.1:${port}`), 'the hint names the address');
      assert.equal(organizationError.retry.command?.command, CommandIds.refreshOrganization);
      const organizationRoots = (await api.views.organization.provider.getChildren()) ?? [];
      assert.deepEqual(
        organizationRoots.filter((element) => element.kind === 'group'),
        [],
        'no bare groups',
      );

      // The service comes up on that port: a plain forwarder to the local sandbox.
      const comeBack = await fakeService((req, res, body) => {
        const forwarded = request(
          `${sandboxUrl}${req.url ?? ''}`,
          { method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forwarded.on('error', () => res.destroy());
        forwarded.end(body);
      }, port);

      await vscode.commands.executeCommand(
        activities.retry.command?.command ?? '',
        ...((activities.retry.command?.arguments ?? []) as unknown[]),
      );
      const rows = (await api.views.activities.provider.getChildren()) ?? [];
      assert.equal(errorNodes(rows), undefined, 'the error node is gone');
      assert.ok(
        comeBack.paths.some((p) => p.endsWith('/list_activities')),
        'Retry asked the service again',
      );

      await vscode.commands.executeCommand(
        organizationError.retry.command?.command ?? '',
        ...((organizationError.retry.command?.arguments ?? []) as unknown[]),
      );
      const contents = await api.views.organization.contents();
      assert.equal(contents?.organizationId, demo.organizationId);
      assert.deepEqual(contents?.privateKeys?.map((k) => k.privateKeyId).sort(), [...demo.privateKeyIds].sort());
    });
  });

  describe('timeout', () => {
    it('a service that never answers times out within a few seconds, naming the setting to raise', async () => {
      await vscode.workspace
        .getConfiguration('countersign')
        .update(TIMEOUT_SETTING, 1, vscode.ConfigurationTarget.Global);
      const silent = await fakeService(() => {
        // Never answers; the client gives up.
      });
      const profile = await useProfile('Never answers', silent.baseUrl);
      // The views and the inbox read who the key's user is on their own when the profile changes: their reads fail
      // first, so that the requests counted below are the command's own.
      await api.inbox.check().catch(() => undefined);
      const before = requestsTo(silent, 'whoami').length;
      const started = Date.now();
      const failure = await failureOf(api, CommandIds.checkProfile);
      const elapsed = Date.now() - started;
      assert.deepEqual([factsOf(failure).name, factsOf(failure).kind], ['TransportError', 'timeout']);
      assert.ok(elapsed < 8_000, `failed after ${elapsed} ms`);
      assertClearMessage(
        failure,
        /did not answer within 1 s/,
        /countersign\.requestTimeoutSeconds/,
        new RegExp(silent.baseUrl.replace(/\./g, '\\.')),
      );
      const sent = requestsTo(silent, 'whoami').length - before;
      assert.ok(sent >= 1 && sent <= 3, `${sent} requests`);
      await assertProfileIntact(profile);
    });
  });

  describe('server errors', () => {
    it("a 500 with an error record shows the status and the service's message; a submission is sent at most 3 times", async () => {
      const broken = await fakeService((_req, res) =>
        json(res, 500, { code: 13, message: 'the ledger is being rebuilt', details: [] }),
      );
      const profile = await useProfile('Answers 500', broken.baseUrl);
      const failure = await failureOf(api, CommandIds.createPrivateKeyTag, {
        name: 'never-created',
        privateKeyIds: [],
      });
      assert.deepEqual([factsOf(failure).name, factsOf(failure).status], ['ServiceError', 500]);
      assertClearMessage(failure, /HTTP 500/, /the ledger is being rebuilt/, /try again/i);
      const sent = requestsTo(broken, 'create_private_key_tag').length;
      assert.ok(sent >= 1 && sent <= 3, `${sent} requests`);
      await assertProfileIntact(profile);
    });

    it('a registration refused with a 500 leaves the unsaved ABI in its editor as it was', async () => {
      const broken = await fakeService((_req, res) =>
        json(res, 500, { code: 13, message: 'the ledger is being rebuilt', details: [] }),
      );
      await useProfile('Answers 500 to a registration', broken.baseUrl);
      const abi = readFixture('abi', 'Counter.abi.json');
      const document = await vscode.workspace.openTextDocument({ language: 'json', content: abi });
      await vscode.window.showTextDocument(document);
      try {
        const failure = await failureOf(api, CommandIds.createSmartContractInterface, {
          address: toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'),
          label: 'Kept',
        });
        assertClearMessage(failure, /HTTP 500/);
        const sent = requestsTo(broken, 'create_smart_contract_interface').length;
        assert.ok(sent >= 1 && sent <= 3, `${sent} requests`);
        assert.ok(vscode.workspace.textDocuments.includes(document), "the editor's document is still open");
        assert.equal(document.getText(), abi);
        assert.equal(document.isUntitled, true);
        assert.equal(vscode.window.activeTextEditor?.document, document);
      } finally {
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
    });

    it('a 502 with an HTML page shows the status and a short excerpt; at most 3 requests', async () => {
      const page = `<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>${'<p>upstream unavailable</p>'.repeat(200)}</body></html>`;
      const gateway = await fakeService((_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(page);
      });
      const profile = await useProfile('Answers 502', gateway.baseUrl);
      const failure = await failureOf(api, CommandIds.checkProfile);
      assert.deepEqual([factsOf(failure).name, factsOf(failure).status], ['ServiceError', 502]);
      assertClearMessage(failure, /HTTP 502/, /Bad Gateway/, /unavailable/, /try again/i);
      assert.ok(failure.message.length < page.length / 4, 'an excerpt, not the page');
      const sent = requestsTo(gateway, 'whoami').length;
      assert.ok(sent >= 1 && sent <= 3, `${sent} requests`);
      await assertProfileIntact(profile);
    });
  });

  describe('rate limited', () => {
    it('rate limited: waits as Retry-After says, at most 3 requests, then says to wait and try again', async () => {
      const whoamiAt: number[] = [];
      const limited = await fakeService((req, res) => {
        if (req.url?.endsWith('/whoami')) whoamiAt.push(Date.now());
        json(res, 429, { code: 8, message: 'too many requests', details: [] }, { 'retry-after': '1' });
      });
      const profile = await useProfile('Answers 429', limited.baseUrl);
      const started = Date.now();
      const failure = await failureOf(api, CommandIds.checkProfile);
      const elapsed = Date.now() - started;
      assert.deepEqual([factsOf(failure).name, factsOf(failure).status], ['ServiceError', 429]);
      assertClearMessage(failure, /HTTP 429/, /limit/i, /wait/i);
      const sent = requestsTo(limited, 'whoami').length;
      assert.ok(sent >= 1 && sent <= 3, `${sent} requests`);
      assert.ok(elapsed >= 900 * (sent - 1), `waited ${elapsed} ms between ${sent} requests`);
      // A client that never retries a 429 would send one request: this one retries, a second apart each time.
      assert.equal(sent, 3, 'the request is tried three times in all');
      const gaps = whoamiAt.slice(1).map((at, i) => at - (whoamiAt[i] ?? at));
      assert.ok(
        gaps.every((gap) => gap >= 900),
        `each retry waits the second Retry-After asks for: ${gaps.join(', ')} ms`,
      );
      await assertProfileIntact(profile);
    });
  });

  describe('wrong key', () => {
    async function tagNames(): Promise<string[]> {
      const demo = organization('Demo');
      const key = demo.users[0]?.apiKeys[0];
      assert.ok(key);
      const client = new CountersignClient(
        { baseUrl: sandboxUrl },
        new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }),
        { maxAttempts: 1 },
      );
      try {
        return (await client.listPrivateKeyTags({ organizationId: demo.organizationId })).map((tag) => tag.tagName);
      } finally {
        await client.close();
      }
    }

    it('a key that is not registered in the organization: says to register it there or in its parent, and creates nothing', async () => {
      const profile = await useProfile('Unknown key', sandboxUrl);
      const before = await tagNames();
      const failure = await failureOf(api, CommandIds.createPrivateKeyTag, {
        name: 'unknown-key-tag',
        privateKeyIds: [],
      });
      assert.deepEqual([factsOf(failure).name, factsOf(failure).status], ['ServiceError', 401]);
      assertClearMessage(failure, /not registered in this organization or its parent/);
      assert.deepEqual(await tagNames(), before);
      await assertProfileIntact(profile);

      // The Organization view says the same at its top, with Retry, and Retry asks the service again.
      const nodes = await eventually(
        'the Organization view to show the refusal',
        async () => errorNodes((await api.views.organization.provider.getChildren()) ?? []),
        15_000,
      );
      assert.match(nodes.error.label, /could not load the organization/i);
      assert.match(nodes.error.tooltip ?? '', /not registered in this organization or its parent/);
      assert.equal(nodes.retry.command?.command, CommandIds.refreshOrganization);
      await vscode.commands.executeCommand(CommandIds.refreshOrganization);
      const again = errorNodes((await api.views.organization.provider.getChildren()) ?? []);
      assert.ok(again, 'Refresh reads again and still says why');
    });

    it('a key registered in another organization: the same hint, and creates nothing', async () => {
      const teamKey = organization('Team').users[0]?.apiKeys[0]?.privateKey;
      assert.ok(teamKey);
      const profile = await useProfile('Key of Team on Demo', sandboxUrl, { privateKey: teamKey });
      const before = await tagNames();
      const failure = await failureOf(api, CommandIds.createPrivateKeyTag, { name: 'team-key-tag', privateKeyIds: [] });
      assert.deepEqual([factsOf(failure).name, factsOf(failure).status], ['ServiceError', 401]);
      assertClearMessage(failure, /not registered in this organization or its parent/);
      assert.deepEqual(await tagNames(), before);
      await assertProfileIntact(profile);
    });
  });

  describe('an answer of the wrong shape', () => {
    it('an answer of the wrong shape names the field, and the Activities view shows an error node', async () => {
      const odd = await fakeService((_req, res) => json(res, 200, {}));
      const profile = await useProfile('Answers {}', odd.baseUrl);
      const failure = await failureOf(api, CommandIds.approveActivity, 'a-fingerprint-of-nothing');
      assert.equal(factsOf(failure).name, 'ResponseShapeError');
      assertClearMessage(failure, /"activities"/);
      assert.ok(requestsTo(odd, 'list_activities').length >= 1, 'the list was asked for');
      const nodes = await eventually(
        'the Activities view to show an error node',
        async () => errorNodes((await api.views.activities.provider.getChildren()) ?? []),
        15_000,
      );
      assert.match(nodes.error.description ?? '', /activities/);
      await assertProfileIntact(profile);
    });
  });

  describe('cancelling', () => {
    it('cancelling a long operation from its progress notification shows nothing and stops the request', async () => {
      const silent = await fakeService(() => {
        // Never answers: the request stays open until it is cancelled.
      });
      await useProfile('Slow service', silent.baseUrl);
      await vscode.commands.executeCommand('notifications.clearAll');
      const before = failures.length;
      const started = Date.now();
      const pending = Promise.resolve(vscode.commands.executeCommand(CommandIds.getApiKey, 'an-api-key-id'));
      const getApiKeyRequests = () => requestsTo(silent, 'get_api_key');
      await eventually('the request to reach the service', () => (getApiKeyRequests().length > 0 ? true : undefined));
      // The notification's Cancel is its primary action, and the progress is the newest notification.
      await eventually(
        'the cancel to reach the request',
        async () => {
          await vscode.commands.executeCommand('notification.acceptPrimaryAction');
          return silent.aborted.some((p) => p.endsWith('/get_api_key')) ? true : undefined;
        },
        10_000,
      );
      assert.equal(await pending, undefined);
      assert.ok(Date.now() - started < 20_000, 'cancelled well before the 30 s timeout');
      assert.equal(
        failures.length,
        before,
        `no failure shown: ${failures
          .slice(before)
          .map((f) => f.message)
          .join(' | ')}`,
      );
      // The command ends when the client's call does (its progress awaits it), so a retry would have been sent
      // by now. A second call, cancelled the same way, is the mark: once it has arrived, so would have a retry of
      // the first, sent before it on the same loopback.
      const second = Promise.resolve(vscode.commands.executeCommand(CommandIds.getApiKey, 'a-second-api-key-id'));
      await eventually('the second request to reach the service', () =>
        getApiKeyRequests().length > 1 ? true : undefined,
      );
      await eventually(
        'the cancel to reach the second request',
        async () => {
          await vscode.commands.executeCommand('notification.acceptPrimaryAction');
          return silent.aborted.filter((p) => p.endsWith('/get_api_key')).length > 1 ? true : undefined;
        },
        10_000,
      );
      assert.equal(await second, undefined);
      assert.equal(getApiKeyRequests().length, 2, 'no retry after the cancel');
    });

    it('checking a profile against a service that never answers can be cancelled too', async () => {
      const silent = await fakeService(() => {
        // Never answers.
      });
      await useProfile('Slow check', silent.baseUrl);
      await vscode.commands.executeCommand('notifications.clearAll');
      const before = failures.length;
      const pending = Promise.resolve(vscode.commands.executeCommand(CommandIds.checkProfile));
      await eventually('the check to reach the service', () =>
        requestsTo(silent, 'whoami').length > 0 ? true : undefined,
      );
      await eventually(
        'the cancel to reach the request',
        async () => {
          await vscode.commands.executeCommand('notification.acceptPrimaryAction');
          return silent.aborted.some((p) => p.endsWith('/whoami')) ? true : undefined;
        },
        10_000,
      );
      assert.equal(await pending, undefined);
      assert.equal(
        failures.length,
        before,
        `no failure shown: ${failures
          .slice(before)
          .map((f) => f.message)
          .join(' | ')}`,
      );
    });
  });

  describe('secrets', () => {
    it('no failure message names a private key or a stamp', () => {
      assert.ok(failures.length >= 8, `${failures.length} failures seen`);
      for (const failure of failures) {
        for (const key of secrets) assert.ok(!failure.message.includes(key), `a private key in: ${failure.command}`);
        assert.ok(!/eyJ[A-Za-z0-9_-]{20,}/.test(failure.message), `a stamp in: ${failure.message}`);
      }
    });
  });
});
