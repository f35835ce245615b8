// The review page's steps of the workbench suite (createInterface.test.ts), in its order: a teammate's request
// decoded in a page beside the editor, a vote from the page through the same confirmation, the page brought back
// after a reload, and a page left open that keeps its scroll and focus while a vote cast elsewhere updates it.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { focusedAction, reviewFrame, sandboxClient, topRow, type PageRoot } from './reviewPageProbe';
import {
  clearNotifications,
  notification,
  pane,
  pickFromQuickPick,
  runFromPalette,
  treeItem,
  waitForWorkbench,
} from './workbench';
import { saveScreenshot, screenshotWithoutHover } from './screenshots';

/** The running workbench the steps drive, and the user data folder of its code-server. */
export interface WorkbenchSession {
  readonly page: Page;
  readonly userDataDir: string;
}

/**
 * Adds the review page's steps to the calling suite. They start where the approval in a dialog left Team: its
 * second root user active, one approved interface, and the teammate's requests not yet made.
 */
export function reviewPageSteps(session: () => WorkbenchSession): void {
  it("simulates a teammate's request and shows the transfer decoded in a review page beside the editor", async function () {
    const { page } = session();
    this.timeout(120_000);
    await runFromPalette(page, 'View: Close All Editors');
    await runFromPalette(page, "Countersign: Simulate a Teammate's Request");
    // The active profile is Team's second root user: the teammate is played by that user, so it offers the first.
    // Chosen with Enter again if the first lands while the pick is still settling (it would be dropped).
    await pickFromQuickPick(page, 'Switch to "Local sandbox · Team (Team root user 1)"');
    const toast = await notification(page, /Team root user 2 asks you to approve 2 transactions of Team/);
    await toast.locator('.monaco-button', { hasText: 'Review Transfer' }).click();
    const frame = reviewFrame(page);
    await frame.locator('h3.call-title', { hasText: 'transfer(to, amount)' }).waitFor({ timeout: 30_000 });
    const args = (await frame.locator('table.arguments tbody tr').allInnerTexts()).map((row) =>
      row.replace(/\s+/g, ' ').trim(),
    );
    assert.deepEqual(args, [
      'to address 0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      'amount uint256 250 EXAMPLE (raw 250000000000000000000; 18 decimals from the built-in list of well-known tokens)',
    ]);
    const text = await frame.locator('main').innerText();
    assert.match(text, /Submitted by\s+Team root user 2/);
    assert.match(text, /Chain\s+Sepolia \(11155111\)/);
    await frame.locator('.progress', { hasText: '1 of 2 approvals: 1 more needed before it runs.' }).waitFor();
    await clearNotifications(page);
    await screenshotWithoutHover(page, 'review-page.png');
  });

  it('approves from the review page through the same confirmation, and the page shows the activity completed', async function () {
    const { page } = session();
    this.timeout(60_000);
    const frame = reviewFrame(page);
    await frame.locator('button[data-action="approve"]').click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Approve "Sign transaction"\?/);
    assert.match(await dialog.innerText(), /Approval 2 of 2: it runs when you approve/);
    // The dialog names the function, the recipient and the amount, as the page does.
    assert.match(await dialog.innerText(), /What it does: transfer\(to 0xdbF03B…C8C6FB, amount 250 EXAMPLE\)/);
    await screenshotWithoutHover(page, 'approve-transfer-dialog.png');
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Approve$/ }).click();
    await frame.locator('h1 .status', { hasText: 'Completed' }).waitFor({ timeout: 30_000 });
    await frame.locator('.progress', { hasText: '2 of 2 approvals: it ran.' }).waitFor();
    assert.equal(await frame.locator('button[data-action="approve"]').count(), 0, 'no vote button once it ran');
  });

  it('brings the review page back after the window reloads', async function () {
    const { page } = session();
    this.timeout(180_000);
    await runFromPalette(page, 'Developer: Reload Window');
    await waitForWorkbench(page);
    const frame = reviewFrame(page);
    // The page shows once the local sandbox is up again, as the views do: on a loaded machine that takes a while.
    await frame.locator('h3.call-title', { hasText: 'transfer(to, amount)' }).waitFor({ timeout: 120_000 });
    await frame.locator('h1 .status', { hasText: 'Completed' }).waitFor();
  });

  it('keeps the scroll position and the focused button of a page left open when a vote cast elsewhere updates it', async function () {
    const { page } = session();
    this.timeout(120_000);
    await runFromPalette(page, 'View: Close All Editors');
    // The other request of the teammate still waits: its page, scrolled, its "Open as JSON" button focused.
    await runFromPalette(page, 'Countersign: Review Activity');
    await pickFromQuickPick(page, 'Sign transaction');
    const frame = reviewFrame(page);
    await frame.locator('button[data-action="registerInterface"]').waitFor({ timeout: 30_000 });
    // The teammate's other request: an unlimited approve to a contract nobody registered, flagged first.
    await frame.locator('h3.call-title', { hasText: 'approve(spender, amount)' }).waitFor();
    assert.match(
      await frame.locator('main').innerText(),
      /Unlimited token approval: 0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB/,
    );
    // Its row is flagged too, once the inbox has read it.
    await treeItem(pane(page, 'Activities'), /^Sign transaction, .*Unlimited token approval/).waitFor({
      timeout: 30_000,
    });
    await clearNotifications(page);
    await screenshotWithoutHover(page, 'flagged-approval.png');
    await frame.locator('button[data-action="openJson"]').focus();
    const html = frame.locator('html');
    await html.evaluate((root: PageRoot) => root.ownerDocument.defaultView?.scrollTo(0, 240));
    const before = await html.evaluate(topRow);
    const scrolled = await html.evaluate((root: PageRoot) => root.ownerDocument.defaultView?.scrollY);
    assert.ok(
      scrolled !== undefined && scrolled > 0 && before,
      `the page scrolls (${scrolled}px), with a row at its top: ${before}`,
    );
    assert.equal(await html.evaluate(focusedAction), 'openJson');
    await saveScreenshot(page, 'review-page-scrolled.png');

    // The vote is cast outside this window, straight to the service: nothing in the workbench moves the focus, and
    // the page learns of it by its own poll.
    const state = JSON.parse((await frame.locator('body').getAttribute('data-state')) ?? '{}') as {
      activityId: string;
    };
    const voter = sandboxClient(session().userDataDir, 'Team', 0);
    try {
      const activity = await voter.client.getActivity({
        organizationId: voter.organizationId,
        activityId: state.activityId,
      });
      await voter.client.approveActivity({
        organizationId: voter.organizationId,
        parameters: { fingerprint: activity.fingerprint },
      });
    } finally {
      await voter.client.close();
    }
    await frame.locator('h1 .status', { hasText: 'Completed' }).waitFor({ timeout: 30_000 });

    assert.equal(await html.evaluate(topRow), before, 'the same row is at the top of the page');
    assert.ok(
      ((await html.evaluate((root: PageRoot) => root.ownerDocument.defaultView?.scrollY)) ?? 0) > 0,
      'not reloaded',
    );
    assert.equal(await html.evaluate(focusedAction), 'openJson', 'the focused button keeps the focus');
    await saveScreenshot(page, 'review-page-updated.png');
  });
}
