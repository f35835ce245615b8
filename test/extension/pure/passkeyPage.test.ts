/**
 * The one-time local passkey page, over plain HTTP: bound to its token, answered once and only from the allowed
 * origin, no CORS, a strict CSP, closed when done, cancelled or timed out. Then the whole ceremony glue against a
 * real sandbox: the approval page's options, answered as a browser with a software passkey would, become the
 * X-Stamp-Webauthn of exactly the body sent, and the sandbox counts the vote.
 */
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import type { WebauthnAssertionRequest } from '../../../src/api';
import { CountersignClient, WebauthnStamper } from '../../../src/api/remote';
import {
  approvalPage,
  assertionOf,
  attestationOf,
  bodySha256,
  canUseLocalhostPasskeys,
  enrolmentPage,
} from '../../../src/extension/passkeys/passkeyCeremony';
import type { PasskeyPageContent } from '../../../src/extension/passkeys/passkeyPageHtml';
import {
  PasskeyPageError,
  startPasskeyPage,
  type PasskeyPage,
} from '../../../src/extension/passkeys/passkeyPageServer';
import { SoftwareAuthenticator } from '../../support/softwareAuthenticator';
import { startTestSandbox, type TestSandbox } from '../../support/startTestSandbox';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

function send(url: string, method: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      { host: '127.0.0.1', port: target.port, path: target.pathname, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const content = (extra: Partial<PasskeyPageContent> = {}): PasskeyPageContent => ({
  ceremony: 'get',
  title: 'Approve with your passkey',
  intro: 'Check, then sign.',
  rows: [{ label: 'Activity', value: 'Create private key tag' }],
  button: 'Approve with passkey',
  publicKey: { challenge: 'AAAA', rpId: 'localhost', allowCredentials: [] },
  messages: { waiting: 'w', done: 'd', failed: 'f', notLocalhost: 'n', cancel: 'c', cancelled: 'x' },
  ...extra,
});

/** The page's JSON data, as the browser's script reads it. */
function pageData(html: string): { ceremony: string; publicKey: Record<string, unknown> } {
  const match = /<script type="application\/json" id="passkey-data">([^<]*)<\/script>/.exec(html);
  assert.ok(match?.[1], 'the page carries its data');
  return JSON.parse(match[1]) as { ceremony: string; publicKey: Record<string, unknown> };
}

describe('passkey page: the one-time local server', () => {
  const pages: PasskeyPage[] = [];
  const start = async (options: { content?: PasskeyPageContent; timeoutMs?: number } = {}): Promise<PasskeyPage> => {
    const page = await startPasskeyPage({ content: options.content ?? content(), timeoutMs: options.timeoutMs });
    pages.push(page);
    return page;
  };
  afterEach(() => {
    for (const page of pages.splice(0)) page.cancel();
  });

  it('serves its page on http://localhost:<port>/<32-byte token>, with a nonce CSP and no CORS header', async () => {
    const page = await start();
    const url = new URL(page.localUrl);
    assert.equal(url.hostname, 'localhost');
    assert.match(url.pathname, /^\/[A-Za-z0-9_-]{43}$/, '32 random bytes in base64url');
    const answer = await send(page.localUrl, 'GET');
    assert.equal(answer.status, 200);
    assert.match(String(answer.headers['content-type']), /^text\/html/);
    const csp = String(answer.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([A-Za-z0-9_-]+)'/.exec(csp)?.[1];
    assert.ok(nonce, csp);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /connect-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.ok(answer.text.includes(`<script nonce="${nonce}">`));
    assert.equal((answer.text.match(/<script nonce=/g) ?? []).length, 1, 'one script, the nonce one');
    assert.ok(!/https?:\/\/(?!localhost)/.test(answer.text.replace(/http:\/\/localhost/g, '')), 'no remote loads');
    assert.equal(answer.headers['access-control-allow-origin'], undefined);
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.equal(answer.headers['referrer-policy'], 'no-referrer');
  });

  it('serves nothing on any other path, not even a near-miss of the token', async () => {
    const page = await start();
    const url = new URL(page.localUrl);
    for (const path of ['/', `${url.pathname}x`, url.pathname.slice(0, -1), `${url.pathname}/`]) {
      const answer = await send(`http://localhost:${url.port}${path}`, 'GET');
      assert.equal(answer.status, 404, path);
    }
  });

  it('escapes what it shows, so a value cannot close the script or inject markup', async () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const page = await start({
      content: content({ rows: [{ label: 'Activity', value: hostile }], publicKey: { challenge: hostile } }),
    });
    const html = (await send(page.localUrl, 'GET')).text;
    assert.ok(!html.includes('<script>alert(1)'));
    assert.ok(!html.includes('<img'));
    assert.equal(pageData(html).publicKey['challenge'], hostile, 'the data still reads back whole');
  });

  it('refuses a post before the origin is known, from another origin, or without an Origin: the answer still waits', async () => {
    const page = await start();
    const body = JSON.stringify({ id: 'x' });
    const json = { 'Content-Type': 'application/json' };
    assert.equal((await send(page.localUrl, 'POST', { ...json, Origin: 'http://localhost:1' }, body)).status, 403);
    page.allowOrigin('http://localhost:1');
    for (const origin of ['http://evil.example', 'http://localhost:2', 'null', 'http://127.0.0.1:1']) {
      const refused = await send(page.localUrl, 'POST', { ...json, Origin: origin }, body);
      assert.equal(refused.status, 403, origin);
      assert.equal(refused.headers['access-control-allow-origin'], undefined);
    }
    assert.equal((await send(page.localUrl, 'POST', json, body)).status, 403, 'no Origin at all');
    assert.equal((await send(page.localUrl, 'OPTIONS', { Origin: 'http://evil.example' })).status, 405);
    const accepted = await send(page.localUrl, 'POST', { ...json, Origin: 'http://localhost:1' }, body);
    assert.equal(accepted.status, 200);
    assert.deepEqual(await page.answer, { id: 'x' });
  });

  it('takes a post only from exactly the allowed origin, never from one that merely begins like it', async () => {
    const page = await start();
    page.allowOrigin('http://localhost:5432');
    const body = JSON.stringify({ id: 'x' });
    const json = { 'Content-Type': 'application/json' };
    const lookalikes = [
      'http://localhost:54321',
      'http://localhost:5432.evil.example',
      'http://localhost:5432@evil.example',
      'http://localhost:5432/',
      'https://localhost:5432',
      'http://localhost',
    ];
    for (const origin of lookalikes) {
      const refused = await send(page.localUrl, 'POST', { ...json, Origin: origin }, body);
      assert.equal(refused.status, 403, origin);
    }
    const accepted = await send(page.localUrl, 'POST', { ...json, Origin: 'http://localhost:5432' }, body);
    assert.equal(accepted.status, 200);
    assert.deepEqual(await page.answer, { id: 'x' });
  });

  it('takes one answer only: a second post and a replayed page are refused, and the server closes', async () => {
    const page = await start();
    page.allowOrigin('http://localhost:1');
    const headers = { 'Content-Type': 'application/json', Origin: 'http://localhost:1' };
    assert.equal((await send(page.localUrl, 'POST', headers, '{"id":"first"}')).status, 200);
    assert.deepEqual(await page.answer, { id: 'first' });
    await assert.rejects(send(page.localUrl, 'POST', headers, '{"id":"second"}'), /ECONNREFUSED|ECONNRESET|socket/);
    await assert.rejects(send(page.localUrl, 'GET'), /ECONNREFUSED|ECONNRESET|socket/);
  });

  it("ends the wait with the browser's refusal (a cancelled prompt), and refuses a body that is not JSON", async () => {
    const refusedInBrowser = await start();
    refusedInBrowser.allowOrigin('http://localhost:1');
    const headers = { 'Content-Type': 'application/json', Origin: 'http://localhost:1' };
    await send(refusedInBrowser.localUrl, 'POST', headers, '{"error":"NotAllowedError"}');
    await assert.rejects(
      refusedInBrowser.answer,
      (error: unknown) => error instanceof PasskeyPageError && error.reason === 'refusedInBrowser',
    );
    const garbled = await start();
    garbled.allowOrigin('http://localhost:1');
    assert.equal((await send(garbled.localUrl, 'POST', headers, '{"id":')).status, 400);
    await assert.rejects(
      garbled.answer,
      (error: unknown) => error instanceof PasskeyPageError && error.reason === 'badAnswer',
    );
    const notJson = await start();
    notJson.allowOrigin('http://localhost:1');
    const plain = await send(
      notJson.localUrl,
      'POST',
      { 'Content-Type': 'text/plain', Origin: 'http://localhost:1' },
      'x',
    );
    assert.equal(plain.status, 415, 'a cross-site form cannot post it');
  });

  it('ends the wait at once when the page says it was cancelled or closed, and the page offers Cancel', async () => {
    const page = await start();
    page.allowOrigin('http://localhost:1');
    const html = (await send(page.localUrl, 'GET')).text;
    assert.match(html, /<button id="cancel" type="button"[^>]*>c<\/button>/, 'a Cancel button');
    assert.match(html, /addEventListener\('pagehide'/, 'a closing tab tells the server');
    assert.match(html, /keepalive: true/, 'with a post that outlives the page');
    assert.match(html, /window\.close\(\)/, 'the page closes its tab once done');
    const headers = { 'Content-Type': 'application/json', Origin: 'http://localhost:1' };
    assert.match(html, /cancelled: true, closed: true/, 'a closed tab says it was closed, not cancelled');
    assert.equal((await send(page.localUrl, 'POST', headers, '{"cancelled":true}')).status, 200);
    await assert.rejects(
      page.answer,
      (error: unknown) => error instanceof PasskeyPageError && error.reason === 'cancelled',
    );
    await assert.rejects(send(page.localUrl, 'GET'), /ECONNREFUSED|ECONNRESET|socket/, 'the server closed');
    // A tab closed before it answered ends the wait as closed, which VS Code tells the user.
    const closing = await start();
    closing.allowOrigin('http://localhost:1');
    assert.equal((await send(closing.localUrl, 'POST', headers, '{"cancelled":true,"closed":true}')).status, 200);
    await assert.rejects(
      closing.answer,
      (error: unknown) => error instanceof PasskeyPageError && error.reason === 'closed',
    );
  });

  it('closes on cancel and after its timeout', async () => {
    const cancelled = await start();
    cancelled.cancel();
    await assert.rejects(
      cancelled.answer,
      (error: unknown) => error instanceof PasskeyPageError && error.reason === 'cancelled',
    );
    const slow = await start({ timeoutMs: 50 });
    await assert.rejects(
      slow.answer,
      (error: unknown) => error instanceof PasskeyPageError && error.reason === 'timeout',
    );
    await assert.rejects(send(slow.localUrl, 'GET'), /ECONNREFUSED|ECONNRESET|socket/);
  });

  it('knows which origins can use passkeys for RP ID localhost', () => {
    assert.equal(canUseLocalhostPasskeys('http://localhost:8080'), true);
    assert.equal(canUseLocalhostPasskeys('https://localhost'), true);
    assert.equal(canUseLocalhostPasskeys('http://127.0.0.1:8080'), false);
    assert.equal(canUseLocalhostPasskeys('https://8080-abc.proxy.example.dev'), false);
    assert.equal(canUseLocalhostPasskeys('not a url'), false);
  });
});

describe('passkey page: enrolment and approval ceremonies against the sandbox', () => {
  let t: TestSandbox;
  beforeEach(async () => {
    t = await startTestSandbox();
  });
  afterEach(async () => {
    await t.close();
  });

  /** Plays the browser: reads the page's options, lets the software passkey answer, posts from the page's origin. */
  async function answerAsBrowser(
    page: PasskeyPage,
    origin: string,
    answer: (publicKey: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<void> {
    page.allowOrigin(origin);
    const html = (await send(page.localUrl, 'GET')).text;
    const body = JSON.stringify(answer(pageData(html).publicKey));
    const posted = await send(page.localUrl, 'POST', { 'Content-Type': 'application/json', Origin: origin }, body);
    assert.equal(posted.status, 200, posted.text);
  }

  it('enrols through the page, then approves a Team activity through it; the body hash shown is the one signed', async () => {
    const team = t.organization('Team');
    const user = team.users[1];
    assert.ok(user);
    const origin = 'http://localhost:43210';
    const device = new SoftwareAuthenticator({ origin, rpId: 'localhost' });

    // Enrolment: the page's create() options, answered with an attestation over the page's challenge.
    const { content: enrolContent, challenge } = enrolmentPage({
      userId: user.userId,
      userName: user.userName,
      organizationId: team.organizationId,
      organizationName: team.name,
      authenticatorName: 'VS Code passkey',
      existingCredentialIds: [],
    });
    const enrolPage = await startPasskeyPage({ content: enrolContent });
    await answerAsBrowser(enrolPage, origin, (publicKey) => {
      assert.equal((publicKey['rp'] as { id: string }).id, 'localhost');
      const attestation = device.attest({ challenge: String(publicKey['challenge']) });
      return {
        id: attestation.credentialId,
        clientDataJSON: attestation.clientDataJson,
        attestationObject: attestation.attestationObject,
        transports: ['usb', 'not-a-transport'],
      };
    });
    const attestation = attestationOf(await enrolPage.answer);
    assert.deepEqual(attestation.transports, ['AUTHENTICATOR_TRANSPORT_USB']);
    const enrolment = await t.clientFor('Team', 1).createAuthenticators({
      organizationId: team.organizationId,
      parameters: {
        userId: user.userId,
        authenticators: [{ authenticatorName: 'VS Code passkey', challenge, attestation }],
      },
    });
    await t.clientFor('Team', 0).approveActivity({
      organizationId: team.organizationId,
      parameters: { fingerprint: enrolment.fingerprint },
    });
    const listed = await t
      .clientFor('Team', 1)
      .getAuthenticators({ organizationId: team.organizationId, userId: user.userId });
    assert.equal(listed.length, 2, 'the seeded passkey and the enrolled one');

    // Approval: the stamper's challenge becomes the page's get() options; the page shows the body's SHA-256.
    const submitted = await t.clientFor('Team', 0).createPrivateKeyTag({
      organizationId: team.organizationId,
      parameters: { privateKeyTagName: 'approved through the page', privateKeyIds: [] },
    });
    let shownHash = '';
    const stamper = new WebauthnStamper({
      rpId: 'localhost',
      allowCredentials: [device.credentialId],
      getAssertion: async (request: WebauthnAssertionRequest) => {
        const pageContent = approvalPage(
          request,
          {
            vote: 'approve',
            what: 'Create private key tag',
            organization: team.name,
            fingerprint: submitted.fingerprint,
          },
          [{ credentialId: device.credentialId, transports: ['AUTHENTICATOR_TRANSPORT_USB'] }],
        );
        shownHash = pageContent.rows.find((r) => r.label === 'SHA-256 of the request')?.value ?? '';
        const page = await startPasskeyPage({ content: pageContent });
        await answerAsBrowser(page, origin, (publicKey) => {
          assert.deepEqual(
            (publicKey['allowCredentials'] as { id: string; transports: string[] }[]).map((c) => [c.id, c.transports]),
            [[device.credentialId, ['usb']]],
          );
          const assertion = device.signAssertion(
            authenticatorDataFor(String(publicKey['rpId'])),
            Buffer.from(
              JSON.stringify({ type: 'webauthn.get', challenge: publicKey['challenge'], origin, crossOrigin: false }),
            ),
          );
          return {
            id: assertion.credentialId,
            clientDataJSON: Buffer.from(assertion.clientDataJSON).toString('base64url'),
            authenticatorData: Buffer.from(assertion.authenticatorData).toString('base64url'),
            signature: Buffer.from(assertion.signature).toString('base64url'),
          };
        });
        return assertionOf(await page.answer);
      },
    });
    const voter = new CountersignClient({ baseUrl: t.baseUrl }, stamper, { maxAttempts: 1, now: t.clock.now });
    const stamped = await voter.stampRequest('approveActivity', {
      organizationId: team.organizationId,
      parameters: { fingerprint: submitted.fingerprint },
    });
    assert.equal(shownHash, bodySha256(stamped.body), 'the page showed the SHA-256 of exactly the body sent');
    const vote = await fetch(stamped.url, {
      method: 'POST',
      body: stamped.body,
      headers: { [stamped.stamp.stampHeaderName]: stamped.stamp.stampHeaderValue },
    });
    assert.equal(vote.status, 200, await vote.clone().text());
    const done = await t
      .clientFor('Team', 0)
      .getActivity({ organizationId: team.organizationId, activityId: submitted.id });
    assert.equal(done.status, 'ACTIVITY_STATUS_COMPLETED');
    await voter.close();
  });
});

/** Authenticator data as a device writes it for an assertion: RP ID hash, flags UP|UV, counter 1. */
function authenticatorDataFor(rpId: string): Buffer {
  return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([0x05]), Buffer.from([0, 0, 0, 1])]);
}
