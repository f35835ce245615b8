// The Organization view of an organization governed by policies, in a real workbench: the packaged .vsix in
// code-server, the local sandbox started from the palette, Treasury's root user's profile, and its "Policies" and
// users (with their tags by name) expanded. Saves the README's screenshot of them.
//
//   npx tsc -p . && node esbuild.mjs && npx mocha out/test/ui/organizationView.test.js
//   UPDATE_SCREENSHOTS=1 …   also writes it to media/screenshots/ (otherwise only test-results/ui/)
import type { Page } from 'playwright-core';
import { useCodeServer } from './harness';
import { clearNotifications, pane, setExpanded, switchProfile, treeItem } from './workbench';
import { saveScreenshot } from './screenshots';

describe("the Organization view's policies and users in a real workbench", function () {
  this.timeout(120_000);
  this.bail(true);

  const fixture = useCodeServer('organization');
  let page: Page;

  it('installs the package and starts the local sandbox from the palette', async function () {
    this.timeout(300_000);
    ({ page } = await fixture.openPackagedWorkbench({
      viewport: { width: 1360, height: 820 },
      sideBarWidth: 760,
      showCountersign: true,
    }));
    await clearNotifications(page);
  });

  it("shows Treasury's policies in words and its users with their tags, and saves the screenshot", async () => {
    await switchProfile(page, 'Local sandbox · Treasury (Treasury root user)');

    const organization = pane(page, 'Organization');
    // The view has drawn Treasury (not the profile before it) before any row is clicked.
    await treeItem(organization, /^Policies 6/).waitFor();
    // The groups this picture is not about are closed, so that Policies and Users fit.
    for (const group of [/^Smart contract interfaces/, /^Wallets/, /^Private keys/, /^Private key tags/])
      await setExpanded(treeItem(organization, group), false);
    await setExpanded(treeItem(organization, /^Policies/), true);
    await setExpanded(treeItem(organization, /^Users and passkeys/), true);
    await treeItem(
      organization,
      /^Large transfers need two finance approvals Allows when 2 approvers tagged finance approve/,
    ).waitFor();
    await treeItem(
      organization,
      /^Developer transfers below the cap Allows when Treasury developer approves/,
    ).waitFor();
    await treeItem(
      organization,
      /^Hot keys sign only for registered contracts Denies whenever its condition holds/,
    ).waitFor();
    await treeItem(organization, /^Treasury approver 1 finance · no passkey/).waitFor();
    await treeItem(organization, /^Treasury approver 2 finance · no passkey/).waitFor();

    // A hover left by the last click would cover the tree: park the mouse on the title bar and let it fade.
    await page.mouse.move(680, 2);
    await page
      .locator('.monaco-hover, .workbench-hover-container')
      .first()
      .waitFor({ state: 'hidden', timeout: 3000 })
      .catch(() => undefined);
    await saveScreenshot(page, 'organization-policies.png');
  });
});
