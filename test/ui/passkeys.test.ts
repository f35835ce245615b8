// Passkeys end to end, in a real browser: the packaged .vsix in code-server, the workbench opened on
// http://localhost (so that asExternalUri keeps the host `localhost`: code-server maps the page's port under its
// own path, http://localhost:<code-server port>/proxy/<page port>/<token>, and that origin is the one the page
// answers to). The tab each command opens gets a Chrome DevTools Protocol virtual authenticator (they are per
// tab) before its button is clicked: Team's second root user enrols a passkey, then approves with it an activity
// that waits for consensus, which completes; each page closes its own tab once it has answered. Then a rename in
// Team (quorum two) keeps the old passkey until the new one is approved, and offers its removal then; and a window
// opened on 127.0.0.1 is told before any question that its passkey page could not sign. Saves the two pages'
// screenshots for the README.
//
//   npx tsc -p . && npx mocha out/test/ui/passkeys.test.js      (UPDATE_SCREENSHOTS=1 also writes media/screenshots/)
import * as assert from 'node:assert/strict';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { useCodeServer } from './harness';
import {
  answerInputBox,
  chooseFromContextMenu,
  clearNotifications,
  notification,
  notified,
  pane,
  pickFromQuickPick,
  runFromPalette,
  showContainer,
  switchProfile,
  treeItem,
  waitForWorkbench,
} from './workbench';
import { saveScreenshot } from './screenshots';

const CONTRACT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The credentials a tab's virtual authenticator holds, private keys included (test keys only). */
const credentialsOf = (cdp: CDPSession, authenticatorId: string) =>
  cdp.send('WebAuthn.getCredentials', { authenticatorId });
type VirtualCredential = Awaited<ReturnType<typeof credentialsOf>>['credentials'][number];

/** A CTAP2 security key with user verification, attached to one tab (authenticators are per tab). */
async function attachAuthenticator(context: BrowserContext, tab: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(tab);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

describe('passkeys in a real browser: enrol through the local page, then approve with it', function () {
  this.timeout(120_000);
  this.bail(true);

  const fixture = useCodeServer('passkeys');
  let context: BrowserContext;
  let page: Page;
  let workbenchOrigin: string;
  let enrolled: VirtualCredential | undefined;

  /** Runs a palette command and returns the browser tab it opens (openExternal in the web workbench). */
  const tabOpenedBy = async (start: () => Promise<void>): Promise<Page> => {
    const opened = context.waitForEvent('page', { timeout: 30_000 });
    await start();
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    return tab;
  };

  it('packages, installs, and opens the workbench on http://localhost', async function () {
    this.timeout(240_000);
    let url: string;
    ({ page, url } = await fixture.openPackagedWorkbench({
      viewport: { width: 1360, height: 820 },
      sideBarWidth: 440,
      showCountersign: true,
      // The address `npm start` prints: localhost, not 127.0.0.1, since the page's origin follows the workbench's.
      onLocalhost: true,
    }));
    context = page.context();
    assert.equal(new URL(url).hostname, 'localhost');
    workbenchOrigin = new URL(url).origin;
    await clearNotifications(page);
  });

  it("enrols a passkey for Team's second root user through the local page and a virtual security key", async () => {
    await switchProfile(page, 'Local sandbox · Team (Team root user 2)');
    const tab = await tabOpenedBy(async () => {
      await runFromPalette(page, 'Countersign: Add Passkey for Approvals');
      await answerInputBox(page, 'Add passkey for approvals', 'Security key for approvals');
    });
    const opened = new URL(tab.url());
    assert.equal(opened.origin, workbenchOrigin, 'code-server serves the page under its own origin');
    assert.match(opened.pathname, /^\/proxy\/\d+\/[A-Za-z0-9_-]{43}$/, 'mapped under /proxy/<port>/<token>');
    await tab.getByRole('heading', { name: 'Add a passkey for approvals' }).waitFor();
    await tab.getByText('Team root user 2').first().waitFor();
    const authenticator = await attachAuthenticator(context, tab);
    await saveScreenshot(tab, 'passkey-enrol.png');
    // The credential is read before the page answers: the tab, and its security key, go with the answer.
    const created = new Promise<VirtualCredential | undefined>((resolve) => {
      authenticator.cdp.once('WebAuthn.credentialAdded', (event) => resolve(event.credential));
    });
    const closed = tab.waitForEvent('close');
    await tab.getByRole('button', { name: 'Create passkey' }).click();
    enrolled = await created;
    assert.equal(enrolled?.rpId, 'localhost');
    await closed;
    await page.bringToFront();
    // Team's quorum is two: the enrolment waits for the other root user.
    await notified(page, /waiting for 1 more approval/);
    await clearNotifications(page);
  });

  it('lets the first root user approve the enrolment with the API key', async () => {
    await switchProfile(page, 'Local sandbox · Team (Team root user 1)');
    await runFromPalette(page, 'Countersign: Approve Activity');
    await pickFromQuickPick(page, /authenticators/i);
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Approve$/ }).click();
    // The enrolment ran (its toast may already be gone on a slow machine): the passkey shows under its user.
    await treeItem(pane(page, 'Activities'), /^Approve activity/).waitFor();
    await showContainer(page, 'Countersign');
    const organization = pane(page, 'Organization');
    const users = treeItem(organization, /^Users and passkeys/);
    await users.waitFor();
    if ((await users.getAttribute('aria-expanded')) === 'false') await users.click();
    // The seeded passkey and the one just enrolled.
    await treeItem(organization, /^Team root user 2 2 passkeys$/).waitFor();
    await treeItem(organization, /^Security key for approvals/).waitFor();
  });

  it('approves a consensus activity with the passkey; the activity completes', async () => {
    // Team root user 1 registers an interface, which waits for a second approval.
    await showContainer(page, 'Explorer');
    const abiFolder = page.getByRole('treeitem', { name: 'abi', exact: true });
    if ((await abiFolder.getAttribute('aria-expanded')) !== 'true') await abiFolder.click();
    await chooseFromContextMenu(page, treeItem(page, 'Counter.abi.json'), 'Create Smart Contract Interface from ABI');
    await answerInputBox(page, 'Step 1/3', CONTRACT_ADDRESS);
    await answerInputBox(page, 'Step 2/3', 'Passkey counter');
    await answerInputBox(page, 'Step 3/3');
    await notified(page, /waiting for 1 more approval/);
    await clearNotifications(page);

    await switchProfile(page, 'Local sandbox · Team (Team root user 2)');
    await showContainer(page, 'Countersign');
    const tab = await tabOpenedBy(async () => {
      await runFromPalette(page, 'Countersign: Approve Activity with Passkey');
      await pickFromQuickPick(page, 'Create smart contract interface');
    });
    await tab.getByRole('heading', { name: 'Approve with your passkey' }).waitFor();
    await tab.getByText('Create smart contract interface').first().waitFor();
    const shownHash = await tab.locator('dt', { hasText: 'SHA-256 of the request' }).locator('+ dd').innerText();
    assert.match(shownHash.trim(), /^[0-9a-f]{64}$/);
    // The same credential on the new tab's security key: the one the enrolment created.
    const authenticator = await attachAuthenticator(context, tab);
    assert.ok(enrolled, 'the enrolment left a credential');
    await authenticator.cdp.send('WebAuthn.addCredential', { authenticatorId: authenticator.id, credential: enrolled });
    await saveScreenshot(tab, 'passkey-approve.png');
    const closed = tab.waitForEvent('close');
    await tab.getByRole('button', { name: 'Approve with passkey' }).click();
    await closed;
    await page.bringToFront();
    await notified(page, /Approved\. .* is now completed/);
    const organization = pane(page, 'Organization');
    const group = treeItem(organization, /^Smart contract interfaces/);
    await group.waitFor();
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await treeItem(organization, /^Passkey counter/).waitFor();
  });

  it('renames the passkey in Team: the old one stays until the new one is approved, then its removal is offered', async () => {
    await clearNotifications(page);
    const tab = await tabOpenedBy(async () => {
      await runFromPalette(page, 'Countersign: Rename Passkey');
      // The seeded passkey, the pick's first row.
      await pickFromQuickPick(page, 'Team root user 2 passkey');
      await answerInputBox(page, 'Rename passkey', 'Renamed security key');
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor();
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Add and Remove/ }).click();
    });
    const key = await attachAuthenticator(context, tab);
    assert.equal((await credentialsOf(key.cdp, key.id)).credentials.length, 0, 'a new security key');
    const closed = tab.waitForEvent('close');
    await tab.getByRole('button', { name: 'Create passkey' }).click();
    await closed;
    await page.bringToFront();
    await notified(page, /Removing "Team root user 2 passkey" is offered once it is added/);
    await clearNotifications(page);

    await switchProfile(page, 'Local sandbox · Team (Team root user 1)');
    // Not the first row: the palette lists "Approve Activity with Passkey", used a moment ago, first.
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input[type="text"]').fill('>Countersign: Approve Activity');
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: /Countersign: Approve Activity(?! with Passkey)/ })
      .first()
      .click();
    await pickFromQuickPick(page, /authenticators/i);
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Approve$/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Back as the user who renamed: the store sees the enrolment completed, and the removal is offered.
    await switchProfile(page, 'Local sandbox · Team (Team root user 2)');
    const offered = /Passkey "Renamed security key" is added\. Remove the passkey it replaces/;
    await notified(page, offered);
    // The offer may have shown while the profile was being switched back: the notification center keeps it.
    await runFromPalette(page, 'Notifications: Show Notifications');
    const offer = page.locator('.notifications-center .notification-list-item', { hasText: offered }).first();
    await offer.waitFor();
    await saveScreenshot(page, 'passkey-rename-offer.png');
    await offer.locator('.monaco-button', { hasText: 'Remove "Team root user 2 passkey"…' }).click();
    const confirm = page.locator('.monaco-dialog-box');
    await confirm.getByText('Remove the passkey "Team root user 2 passkey"?').waitFor();
    await confirm.locator('.dialog-buttons .monaco-button', { hasText: /^Cancel$/ }).click();
  });

  it('on a workbench opened at 127.0.0.1, says the passkey page cannot sign before asking anything', async function () {
    this.timeout(180_000);
    const other = await context.newPage();
    other.setDefaultTimeout(20_000);
    await other.goto(workbenchOrigin.replace('//localhost:', '//127.0.0.1:') + new URL(page.url()).search, {
      waitUntil: 'domcontentloaded',
      timeout: 90_000,
    });
    await waitForWorkbench(other);
    await other.getByRole('tab', { name: /^Countersign/ }).waitFor({ timeout: 60_000 });
    await runFromPalette(other, 'Countersign: Add Passkey for Approvals');
    await notification(other, /which is not localhost: a passkey for RP ID "localhost" cannot sign there/);
    assert.equal(
      await other.locator('.quick-input-widget .quick-input-title', { hasText: 'Add passkey for approvals' }).count(),
      0,
      'no name was asked for',
    );
    await other.close();
  });
});
