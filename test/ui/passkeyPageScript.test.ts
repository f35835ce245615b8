// The passkey page's script in headless Chromium, against the real page server (no VS Code): the tab is opened by
// another page's script, as the browser-based workbench opens it, and has a virtual security key. It proves how a
// ceremony ends in the browser: the page closes its own tab once it has answered, and its Cancel button or the tab
// closing ends VS Code's wait at once (the answer rejects as cancelled or closed, long before the page's timeout).
//
//   npx tsc -p . && npx mocha out/test/ui/passkeyPageScript.test.js
import * as assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { enrolmentPage } from '../../src/extension/passkeys/passkeyCeremony';
import { PasskeyPageError, startPasskeyPage, type PasskeyPage } from '../../src/extension/passkeys/passkeyPageServer';
import { loadCodeServer } from './harness';
import { saveScreenshot } from './screenshots';

/** Far longer than any test waits: a wait that ends is the page's doing, not the timeout's. */
const PAGE_TIMEOUT_MS = 90_000;

/** A CTAP2 security key with user verification that answers without a touch. */
const SECURITY_KEY = {
  protocol: 'ctap2',
  transport: 'usb',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const;

const isCancelled = (error: unknown): boolean => error instanceof PasskeyPageError && error.reason === 'cancelled';
const isClosed = (error: unknown): boolean => error instanceof PasskeyPageError && error.reason === 'closed';

describe("the passkey page's script in a real browser: how a ceremony ends", function () {
  this.timeout(60_000);
  let browser: Browser | undefined;
  let context: BrowserContext;
  let opener: Page;
  const pages: PasskeyPage[] = [];

  before(async function () {
    this.timeout(60_000);
    browser = await (await loadCodeServer()).launchChromium();
  });

  beforeEach(async () => {
    assert.ok(browser);
    context = await browser.newContext({ viewport: { width: 900, height: 640 } });
    opener = await context.newPage();
  });

  afterEach(async () => {
    for (const page of pages.splice(0)) page.cancel();
    await context.close();
  });

  after(async () => {
    await browser?.close();
  });

  /** A page server for one enrolment, opened in a tab by the opener's script (as the workbench opens it). */
  const openEnrolment = async (): Promise<{ page: PasskeyPage; tab: Page }> => {
    const { content } = enrolmentPage({
      userId: 'user-1',
      userName: 'Team root user 2',
      organizationId: 'org-1',
      organizationName: 'Team',
      authenticatorName: 'Security key for approvals',
      existingCredentialIds: [],
    });
    const page = await startPasskeyPage({ content, timeoutMs: PAGE_TIMEOUT_MS });
    pages.push(page);
    page.allowOrigin(`http://localhost:${page.port}`);
    const opened = context.waitForEvent('page');
    await opener.evaluate(`window.open(${JSON.stringify(page.localUrl)}, '_blank')`);
    const tab = await opened;
    await tab.getByRole('heading', { name: 'Add a passkey for approvals' }).waitFor();
    return { page, tab };
  };

  it('answers once with the virtual security key, then closes its own tab', async () => {
    const { page, tab } = await openEnrolment();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', { options: SECURITY_KEY });
    const closed = tab.waitForEvent('close');
    await tab.getByRole('button', { name: 'Create passkey' }).click();
    const answer = await page.answer;
    assert.equal(typeof answer['attestationObject'], 'string', 'the attestation came back');
    await closed;
    assert.ok(tab.isClosed(), 'the page closed its tab once it had answered');
  });

  it('Cancel on the page ends the wait at once, and the tab closes', async () => {
    const { page, tab } = await openEnrolment();
    await saveScreenshot(tab, 'passkey-page-cancel.png');
    const closed = tab.waitForEvent('close');
    await tab.getByRole('button', { name: 'Cancel' }).click();
    await assert.rejects(page.answer, isCancelled);
    await closed;
  });

  it('closing the tab ends the wait at once, as closed (VS Code says so), not as cancelled', async () => {
    const { page, tab } = await openEnrolment();
    await tab.close();
    await assert.rejects(page.answer, isClosed);
  });
});
