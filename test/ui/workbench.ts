// Driving VS Code's web workbench with Playwright: the few gestures the UI test needs, each waiting for what
// it expects to see, so that a missing element fails the step instead of passing silently.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  // The activity bar is filled once the extensions are known.
  await page.getByRole('tab', { name: /^Explorer/ }).waitFor({ timeout: 60_000 });
}

/**
 * Opens the workbench at `url` in `page` and waits until Countersign's container is in the activity bar: the
 * extension is known then, and its commands are in the palette. `sideBarWidth` widens the side bar first;
 * `showCountersign` shows the container.
 */
export async function openWorkbench(
  page: Page,
  url: string,
  options: { sideBarWidth?: number; showCountersign?: boolean; waitUntil?: 'load' | 'domcontentloaded' } = {},
): Promise<void> {
  await page.goto(url, { waitUntil: options.waitUntil ?? 'load', timeout: 90_000 });
  await waitForWorkbench(page);
  if (options.sideBarWidth !== undefined) await widenSideBar(page, options.sideBarWidth);
  await page.getByRole('tab', { name: /^Countersign/ }).waitFor({ timeout: 60_000 });
  if (options.showCountersign) await showContainer(page, 'Countersign');
}

/** "Countersign: Start Local Sandbox" from the palette, until its notification says where the sandbox runs. */
export async function startLocalSandbox(page: Page): Promise<void> {
  await runFromPalette(page, 'Countersign: Start Local Sandbox');
  await notification(page, /local sandbox runs at http:\/\/127\.0\.0\.1:\d+/i);
}

/** Drags the sash between the side bar and the editor so that the side bar is `width` pixels wide. */
export async function widenSideBar(page: Page, width: number): Promise<void> {
  const sidebar = page.locator('.part.sidebar');
  const box = await sidebar.boundingBox();
  if (!box) throw new Error('the side bar is not showing');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 8 });
  await page.mouse.up();
}

/**
 * Shows an activity-bar entry's side bar (Explorer, Countersign…). Clicking the entry of the container already
 * showing hides the side bar, and right after a reload the workbench may still be restoring it; so the title is
 * checked after each click, and a click that hid the side bar is followed by one that shows it again.
 */
export async function showContainer(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  await tab.waitFor();
  const title = page.locator('.part.sidebar .composite.title h2', { hasText: new RegExp(`^${name}$`, 'i') });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await title.isVisible()) return;
    await tab.click();
    try {
      await title.waitFor({ timeout: 5_000 });
      return;
    } catch {
      // The click hid a side bar that was (being) shown: the next round shows it.
    }
  }
  await title.waitFor();
}

/** The pane (view) of the side bar with this title. */
export function pane(page: Page, title: string): Locator {
  return page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header', { hasText: title }) });
}

export function treeItem(scope: Page | Locator, name: string | RegExp): Locator {
  return scope.getByRole('treeitem', { name });
}

/**
 * Opens or closes a tree row, clicked again when a redraw of the view undid the click. A row to close that has no
 * children (an empty group) is left as it is.
 */
export async function setExpanded(row: Locator, expanded: boolean): Promise<void> {
  await row.waitFor();
  if (!expanded && (await row.getAttribute('aria-expanded')) === null) return;
  for (let click = 0; click < 5; click++) {
    if ((await row.getAttribute('aria-expanded')) === String(expanded)) return;
    await row.click();
    for (let look = 0; look < 20; look++) {
      if ((await row.getAttribute('aria-expanded')) === String(expanded)) return;
      await row.page().waitForTimeout(50);
    }
  }
  assert.fail(`the row did not ${expanded ? 'open' : 'close'}`);
}

/** Where keyboard focus is now: the area of the workbench and the element, in a few words (for a step's log). */
export async function focusedElement(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing';
    const area = element.closest('.quick-input-widget, .monaco-dialog-box, .part, .notifications-center');
    const label = element.getAttribute('aria-label') ?? '';
    return (area ? area.className.split(' ').slice(0, 2).join('.') + ' › ' : '') + element.tagName.toLowerCase() +
      (label ? ' "' + label.slice(0, 60) + '"' : '');
  })()`);
}

/** Waits until keyboard focus is inside the quick input (its text box or its list); false if it is not by `timeout`. */
async function quickInputHasKeyboard(page: Page, timeout: number): Promise<boolean> {
  return page
    .waitForFunction(`!!document.activeElement?.closest('.quick-input-widget')`, undefined, { timeout })
    .then(() => true)
    .catch(() => false);
}

/**
 * F1, the command's title, Enter: as a user runs a command. The palette closes as soon as focus leaves it; a
 * focus handed back late to the workbench (by a dialog or an earlier quick input that just closed) can close it
 * between F1 and Enter, so it is opened again then, at most three times. Enter is pressed once the palette holds
 * the keyboard and shows the command.
 */
export async function runFromPalette(page: Page, title: string): Promise<void> {
  const input = page.locator('.quick-input-widget input[type="text"]');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    try {
      await input.fill(`>${title}`, { timeout: 5_000 });
      await row.waitFor({ timeout: 5_000 });
      if (await quickInputHasKeyboard(page, 5_000)) {
        await page.keyboard.press('Enter');
        return;
      }
      throw new Error(`the palette lost the keyboard to ${await focusedElement(page)}`);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`      (the palette closed or lost the keyboard before Enter; opened again: ${String(error)})`);
    }
  }
}

/** "Go to File...", the file's path in the project, Enter: until its editor is the active tab. */
export async function openFile(page: Page, file: string): Promise<void> {
  const name = file.split('/').at(-1) ?? file;
  await runFromPalette(page, 'Go to File...');
  await page.locator('.quick-input-widget input[type="text"]').fill(file);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.editor-group-container .tab.active', { hasText: name }).waitFor();
}

/**
 * Chooses the first row of the open quick pick that holds `text`. With the keyboard in the pick and that row
 * active, Enter chooses it, as a user does. A pick of the extension stays open when focus leaves it (another part
 * of the workbench took it as the pick opened), and Enter then goes elsewhere and does nothing the test can see:
 * there, or when another row is active, the row is clicked, as a user would. Either is tried again, at most three
 * times, until the row is gone; a click is logged with where the keyboard was.
 */
export async function pickFromQuickPick(page: Page, text: string | RegExp): Promise<void> {
  const list = page.locator('.quick-input-widget .quick-input-list');
  const row = list.locator('.monaco-list-row', { hasText: text }).first();
  const active = list.locator('.monaco-list-row.focused', { hasText: text }).first();
  await row.waitFor();
  for (let attempt = 1; ; attempt++) {
    const keyboard = await quickInputHasKeyboard(page, 5_000);
    if (keyboard && (await active.isVisible())) {
      await page.keyboard.press('Enter');
    } else {
      const why = keyboard ? 'not active' : `without the keyboard, which was on ${await focusedElement(page)}`;
      console.log(`      (the pick showed "${String(text)}" ${why}: clicked)`);
      await row.click();
    }
    try {
      await row.waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Waits for the input box titled `title`, types `value` (or keeps what is proposed), presses Enter, and
 * returns the value that was proposed.
 */
export async function answerInputBox(page: Page, title: string, value?: string): Promise<string> {
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: title }).waitFor();
  const input = widget.locator('input[type="text"]');
  const proposed = await input.inputValue();
  if (value !== undefined) await input.fill(value);
  await page.keyboard.press('Enter');
  // The next prompt reuses the widget; this one is answered once its title is hidden or replaced.
  await widget.locator('.quick-input-title', { hasText: title }).waitFor({ state: 'hidden' });
  return proposed;
}

/**
 * Right-clicks `target` and chooses `label` from its context menu. The item is chosen with Enter once the
 * pointer has focused it: a click that comes right after the menu opens can be taken for the right-click's
 * own release and ignored.
 */
export async function chooseFromContextMenu(page: Page, target: Locator, label: string): Promise<void> {
  await target.click({ button: 'right' });
  const item = page.locator('.monaco-menu .action-item', { hasText: label });
  await item.waitFor();
  await item.hover();
  await page.locator('.monaco-menu .action-item.focused', { hasText: label }).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.monaco-menu').waitFor({ state: 'detached' });
}

/** The notification toast whose text matches, once it shows. */
export async function notification(page: Page, text: string | RegExp): Promise<Locator> {
  const toast = page.locator('.notification-toast', { hasText: text }).first();
  await toast.waitFor();
  return toast;
}

/**
 * Waits until a notification whose text matches has been raised, whether its toast still shows or has already
 * hidden itself (a toast hides after some seconds, which a loaded machine can spend before the test looks): the
 * notification center keeps every notification of the window.
 */
export async function notified(page: Page, text: string | RegExp): Promise<void> {
  if (await page.locator('.notification-toast', { hasText: text }).first().isVisible()) return;
  await runFromPalette(page, 'Notifications: Show Notifications');
  await page.locator('.notifications-center .notification-list-item', { hasText: text }).first().waitFor();
  await runFromPalette(page, 'Notifications: Hide Notifications');
  await page.locator('.notifications-center.visible').waitFor({ state: 'hidden' });
}

/** Closes every notification toast, so that a screenshot shows the views. */
export async function clearNotifications(page: Page): Promise<void> {
  await runFromPalette(page, 'Notifications: Clear All Notifications');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await page.locator('.notification-toast').first().waitFor({ state: 'hidden' });
}

/** Runs "Countersign: Switch Profile" and picks the profile whose label this is. */
export async function switchProfile(page: Page, label: string): Promise<void> {
  await runFromPalette(page, 'Countersign: Switch Profile');
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor();
  await input.fill(label);
  await pickFromQuickPick(page, label);
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}
